// The virtual clock that Date, Utilities.sleep and cache expiry read, optionally kept in step with the
// simulator's manual clock (one time on both sides).
import type { SyncHttp } from '../sync-http';

/** The other side of a linked clock: told when time moves here, answers with its own now. */
export interface ClockPeer {
  advance(ms: number): number | undefined;
}

export class VirtualClock {
  private t: number;
  private peer: ClockPeer | null = null;

  constructor(start: number) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  /** Time passes (a sleep, a lock wait): here and on the linked peer. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`stand-in: cannot advance the clock by ${ms} ms`);
    this.t += ms;
    const peerNow = this.peer?.advance(ms);
    if (peerNow !== undefined) this.catchUp(peerNow);
  }

  /** Follows a clock that is ahead (the simulator's, read from a reply); never goes back. */
  catchUp(ms: number): void {
    if (ms > this.t) this.t = ms;
  }

  link(peer: ClockPeer | null): void {
    this.peer = peer;
  }
}

/** The simulator as a clock peer: POST {action:'advance', ms} to its control endpoint. */
export class SimClockPeer implements ClockPeer {
  constructor(
    private readonly http: Pick<SyncHttp, 'request'>,
    private readonly origin: string,
  ) {}

  advance(ms: number): number | undefined {
    const res = this.http.request({
      method: 'POST',
      url: `${this.origin.replace(/\/+$/, '')}/__sim/control`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'advance', ms }),
    });
    if (res.status < 200 || res.status >= 300) throw new Error(`stand-in: the simulator refused to advance its clock (${res.status}): ${res.body}`);
    const now = (JSON.parse(res.body) as { now?: unknown }).now;
    return typeof now === 'number' ? now : undefined;
  }
}
