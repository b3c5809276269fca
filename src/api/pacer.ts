// Keeps a run's request rate under a ceiling (default 100 per rolling 60 s, below the API's 120) by sleeping first.
import type { Clock } from '../core/clock';
import type { HttpTransport } from '../core/http';

export interface PacerOptions {
  clock: Clock;
  maxRequests?: number;
  windowMs?: number;
}

export interface Pacer {
  /** Blocks until one more request fits in the window, then counts it. */
  take(): void;
  /** The same transport with every request paced by this pacer. */
  wrap(transport: HttpTransport): HttpTransport;
}

export const DEFAULT_MAX_REQUESTS = 100;
export const DEFAULT_WINDOW_MS = 60_000;

export function createPacer(opts: PacerOptions): Pacer {
  const { clock } = opts;
  const max = Math.max(1, opts.maxRequests ?? DEFAULT_MAX_REQUESTS);
  const windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
  // Start times of the requests still inside the window, oldest first.
  const sent: number[] = [];

  const forget = (now: number): void => {
    while (sent.length > 0 && sent[0]! <= now - windowMs) sent.shift();
  };

  const take = (): void => {
    let now = clock.now();
    forget(now);
    while (sent.length >= max) {
      clock.sleep(sent[0]! + windowMs - now);
      now = clock.now();
      forget(now);
    }
    sent.push(now);
  };

  return {
    take,
    wrap: (transport) => {
      const paced: HttpTransport = {
        request(req) {
          take();
          return transport.request(req);
        },
      };
      const all = transport.requestAll;
      if (all) {
        paced.requestAll = (reqs) => {
          for (let i = 0; i < reqs.length; i++) take();
          return all.call(transport, reqs);
        };
      }
      return paced;
    },
  };
}
