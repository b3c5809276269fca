// The simulator's clock: real (wall time scaled by speed, plus offsets) or manual (moves only when told).

export const MANUAL_START = Date.parse('2026-01-05T09:00:00Z');

export type ClockMode = 'real' | 'manual';

export class SimClock {
  private base: number;
  private anchorWall = Date.now();

  constructor(
    private mode: ClockMode,
    private speed: number,
    start?: number,
  ) {
    this.base = start ?? (mode === 'manual' ? MANUAL_START : Date.now());
  }

  /** Sim time, epoch ms. */
  now(): number {
    if (this.mode === 'manual') return this.base;
    return Math.floor(this.base + (Date.now() - this.anchorWall) * this.speed);
  }

  /** Moves sim time forward; on the real clock this is an offset on top of the running time. */
  advance(ms: number): number {
    this.base += ms;
    return this.now();
  }

  /** Switches mode or speed without a jump in sim time. */
  reconfigure(mode: ClockMode, speed: number): void {
    this.base = this.now();
    this.anchorWall = Date.now();
    this.mode = mode;
    this.speed = speed;
  }
}

/** The UTC day of an instant, e.g. 2026-01-05: the daily credit allowance resets when it changes. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
