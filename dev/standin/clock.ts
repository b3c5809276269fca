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
  /** Time passed here (metered service calls) not yet told to the peer: told with the next advance or settle. */
  private owed = 0;

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
    const owed = this.owed;
    this.owed = 0;
    const peerNow = this.peer?.advance(ms + owed);
    if (peerNow !== undefined) this.catchUp(peerNow);
  }

  /** Time passes here only for now (a metered service call: one round trip to the peer per call would be slow). */
  charge(ms: number): void {
    this.t += ms;
    this.owed += ms;
  }

  /** Tells the peer the time charged here since it last heard (before a request reaches it). */
  settle(): void {
    if (this.owed > 0) this.advance(0);
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
