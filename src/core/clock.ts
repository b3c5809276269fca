// Time as a service: Date.now/Utilities.sleep in Apps Script, a virtual clock in tests.
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Blocks (Apps Script has no timers). */
  sleep(ms: number): void;
}

/** Now as an ISO timestamp, in UTC. */
/** Now, in epoch ms, on the clock of whatever carries one (the services, a refresh's input). */
export const nowOf = (x: { clock: Clock }): number => x.clock.now();

export const isoNow = (clock: Clock): string => new Date(clock.now()).toISOString();
/** Today in UTC, as YYYY-MM-DD. */
export const utcDay = (clock: Clock): string => isoNow(clock).slice(0, 10);
