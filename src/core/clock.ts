// Time as a service: Date.now/Utilities.sleep in Apps Script, a virtual clock in tests.
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Blocks (Apps Script has no timers). */
  sleep(ms: number): void;
}
