// Time as a service: Date.now/Utilities.sleep in Apps Script, a virtual clock in tests.
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Blocks (Apps Script has no timers). */
  sleep(ms: number): void;
}

/** Now as an ISO timestamp, in UTC. */
export const isoNow = (clock: Clock): string => new Date(clock.now()).toISOString();
/** Today in UTC, as YYYY-MM-DD. */
export const utcDay = (clock: Clock): string => isoNow(clock).slice(0, 10);
