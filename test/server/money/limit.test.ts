// The person's day of spending, kept in their UserProperties: one entry per record row, idempotent.
import { bookSpend, limitFigures, roomToday, spendId } from '../../../src/server/money/limit';
import { USER_KEYS } from '../../../src/core/state-keys';
import { memoryProps } from '../../fakes';

const DAY = Date.parse('2026-11-24T10:00:00Z');

function person(limit: number | null, now = DAY) {
  const userProps = memoryProps(limit === null ? {} : { [USER_KEYS.limit]: String(limit) });
  const clock = { now: () => now, sleep: () => undefined };
  return {
    userProps,
    clock,
    at: (t: number) => {
      clock.now = () => t;
    },
  };
}

const iso = (t: number) => new Date(t).toISOString();

describe("limit › the person's day", () => {
  it('should book a row once however often it is read, and replace its figure when it settles', () => {
    const p = person(500);
    const id = spendId(iso(DAY), 'cmp_1', 'generate (outcome unknown)');
    bookSpend(p, { id, when: iso(DAY), credits: 45 });
    bookSpend(p, { id, when: iso(DAY), credits: 45 });
    expect(limitFigures(p)).toEqual({ creditsPerDay: 500, spentToday: 45 });
    bookSpend(p, { id, when: iso(DAY), credits: 30 });
    bookSpend(p, { id: spendId(iso(DAY + 1000), 'cmp_1', 'refund'), when: iso(DAY + 1000), credits: -6 });
    expect(roomToday(p)).toBe(500 - 24);
  });

  it('should count only rows of today (UTC), and start afresh the next day', () => {
    const p = person(100);
    bookSpend(p, { id: 'a', when: iso(DAY - 24 * 3600_000), credits: 80 });
    expect(limitFigures(p).spentToday).toBe(0);
    bookSpend(p, { id: 'b', when: iso(DAY), credits: 80 });
    expect(roomToday(p)).toBe(20);
    p.at(DAY + 24 * 3600_000);
    expect(roomToday(p)).toBe(100);
  });

  it("should keep the day's total when old entries fold into one, and stay under 9 KB", () => {
    const p = person(null);
    for (let i = 0; i < 400; i++)
      bookSpend(p, { id: spendId(iso(DAY + i * 1000), `cmp_${'x'.repeat(30)}${i}`, 'generate'), when: iso(DAY + i * 1000), credits: 3 });
    expect(limitFigures(p)).toEqual({ creditsPerDay: null, spentToday: 1200 });
    expect(roomToday(p)).toBeNull();
    expect(p.userProps.getProperty(USER_KEYS.spend)!.length).toBeLessThan(9000);
  });
});
