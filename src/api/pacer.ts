// Keeps a key's request rate under a ceiling (default 100 per rolling 60 s, below the API's 120) by sleeping
// first; with a shared count (CacheService) the ceiling holds across executions of the same key (docs/rules.md#parts).
import type { Clock } from '../core/clock';
import type { HttpTransport } from '../core/http';
import { runTimeUp } from './errors';

/** Where executions of one key keep their request count for the last minute (CacheService). */
export interface SharedCount {
  store: { get(key: string): string | null; put(key: string, value: string, seconds: number): void };
  key: string;
  /**
   * Where the count also goes once the cache is seen forgetting it at once (UserProperties, read once an execution):
   * executions still see each other's requests when CacheService keeps nothing (docs/rules.md#pacing).
   */
  durable?: { get(key: string): string | null; put(key: string, value: string): void };
}

export interface PacerOptions {
  clock: Clock;
  maxRequests?: number;
  windowMs?: number;
  shared?: SharedCount;
}

export interface Pacer {
  /**
   * Blocks until `n` more requests (default 1) fit in the window, then counts them. A wait that would
   * start them after `latestStart` is not waited: they are not sent (the run's time is up).
   */
  take(n?: number, latestStart?: number): void;
  /** The same transport with every request paced by this pacer, none started after `latestStart`. */
  wrap(transport: HttpTransport, latestStart?: number): HttpTransport;
}

export const DEFAULT_MAX_REQUESTS = 100;
export const DEFAULT_WINDOW_MS = 60_000;

/** Requests started in a window: [start time, count], oldest first. */
type Sent = [number, number][];

/** fn's result, or null when it throws (a store that refuses is a store that forgot). */
function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

function parseSent(raw: string | null | undefined): Sent | null {
  if (!raw) return null;
  const v = attempt(() => JSON.parse(raw) as unknown);
  return Array.isArray(v) ? (v as Sent) : null;
}

const total = (sent: Sent) => sent.reduce((n, e) => n + (Array.isArray(e) ? Number(e[1]) || 0 : 0), 0);

/** The window's requests: this execution's own, or the key's shared count when there is one. */
function sentLog(shared: SharedCount | undefined, windowMs: number): { read(): Sent; write(sent: Sent): void } {
  let own: Sent = [];
  return {
    read() {
      if (!shared) return own;
      // The cache is best effort (docs/rules.md#pacing): an entry gone is not a quiet minute, so this execution's own count stands.
      const v = parseSent(attempt(() => shared.store.get(shared.key))) || parseSent(attempt(() => (shared.durable && shared.durable.get(shared.key)) ?? null));
      return v && total(v) >= total(own) ? v : own;
    },
    write(sent) {
      own = sent;
      if (!shared) return;
      const text = JSON.stringify(sent);
      attempt(() => shared.store.put(shared.key, text, Math.ceil(windowMs / 1000) + 60));
      // Without the cache this execution still paces itself; the durable copy lets the next one see it.
      if (shared.durable && attempt(() => shared.store.get(shared.key)) !== text) attempt(() => shared.durable!.put(shared.key, text));
    },
  };
}

export function createPacer(opts: PacerOptions): Pacer {
  const { clock } = opts;
  const max = Math.max(1, opts.maxRequests ?? DEFAULT_MAX_REQUESTS);
  const windowMs = opts.windowMs ?? DEFAULT_WINDOW_MS;
  const { read, write } = sentLog(opts.shared, windowMs);

  const take = (n = 1, latestStart?: number): void => {
    for (;;) {
      const now = clock.now();
      const sent = read().filter(([t]) => t > now - windowMs);
      const total = sent.reduce((s, [, k]) => s + k, 0);
      if (total === 0 || total + n <= max) {
        const last = sent[sent.length - 1];
        // Requests close together share an entry, dated by the latest: never counted as leaving early.
        if (last && now - last[0] < 100) {
          last[0] = now;
          last[1] += n;
        } else sent.push([now, n]);
        write(sent);
        return;
      }
      // Until enough of the oldest requests have left the window.
      let over = total + n - max;
      let until = now;
      for (const [t, k] of sent) {
        over -= k;
        until = t + windowMs;
        if (over <= 0) break;
      }
      const wait = Math.max(1, until - now);
      // Sleeping past the run's deadline would send the request too late (Apps Script ends an execution at 6 minutes).
      if (latestStart !== undefined && now + wait > latestStart) throw runTimeUp(n === 1 ? 'the next request' : `${n} requests`);
      clock.sleep(wait);
    }
  };

  return {
    take,
    wrap: (transport, latestStart) => {
      const paced: HttpTransport = {
        request(req) {
          take(1, latestStart);
          return transport.request(req);
        },
      };
      const all = transport.requestAll;
      if (all) {
        paced.requestAll = (reqs) => {
          take(reqs.length, latestStart);
          return all.call(transport, reqs);
        };
      }
      return paced;
    },
  };
}
