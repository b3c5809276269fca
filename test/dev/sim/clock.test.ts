// The sim clock: manual moves only by advance; real runs at speed; the UTC day.
import { MANUAL_START, SimClock, utcDay } from '../../../dev/sim/clock';

describe('SimClock', () => {
  it('should start a manual clock at 2026-01-05T09:00Z and move it only by advance', () => {
    const c = new SimClock('manual', 1);
    expect(new Date(c.now()).toISOString()).toBe('2026-01-05T09:00:00.000Z');
    expect(c.advance(1500)).toBe(MANUAL_START + 1500);
    expect(c.now()).toBe(MANUAL_START + 1500);
  });

  it('should switch modes without a jump', () => {
    const c = new SimClock('real', 1, 1000);
    const before = c.now();
    c.reconfigure('manual', 1);
    const after = c.now();
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after - before).toBeLessThan(50);
  });
});

describe('utcDay', () => {
  it('should give the UTC date', () => {
    expect(utcDay(Date.parse('2026-01-05T23:59:59Z'))).toBe('2026-01-05');
    expect(utcDay(Date.parse('2026-01-06T00:00:00Z'))).toBe('2026-01-06');
  });
});
