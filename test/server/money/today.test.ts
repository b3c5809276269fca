// The person's day of spending, kept in their UserProperties: a bounded running total, each row booked once.
import { limitFigures, roomToday, spentToday } from '../../../src/server/money/today';
import { book } from '../../../src/records/spend-day';
import { storeSettings } from '../../../src/records/settings';
import { USER_KEYS } from '../../../src/records/state-keys';
import { memoryProps } from '../../fakes';

const DAY = Date.parse('2026-11-24T10:00:00Z');
const KEY = 'sk_test_mine_1234';
const MINE = '••••1234';

function person(limit: number | null, now = DAY) {
  const user = memoryProps(limit === null ? {} : { [USER_KEYS.limit]: String(limit) });
  storeSettings(user, { baseUrl: 'https://api.example.com/api/v1', apiKey: KEY, canWrite: true });
  const clock = { now: () => now, sleep: () => undefined };
  return {
    user,
    doc: memoryProps({}),
    clock,
    at: (t: number) => {
      clock.now = () => t;
    },
  };
}

const iso = (t: number) => new Date(t).toISOString();

describe("today › the person's day", () => {
  it('should book a row once however often it is read, and replace an open figure when it settles', () => {
    const p = person(500);
    book(p, MINE, { id: 'g1', when: iso(DAY), credits: 45, open: true });
    book(p, MINE, { id: 'g1', when: iso(DAY), credits: 45, open: true });
    expect(limitFigures(p)).toEqual({ creditsPerDay: 500, spentToday: 45 });
    expect(spentToday(p)).toEqual({ chargedToday: 0, unknownToday: 1 });
    book(p, MINE, { id: 'g1', when: iso(DAY), credits: 30 });
    book(p, MINE, { id: 'g1', when: iso(DAY), credits: 30 });
    book(p, MINE, { id: 'r1', when: iso(DAY + 1000), credits: -6 });
    expect(roomToday(p)).toBe(500 - 24);
  });

  it('should count only rows of today (UTC), and start afresh the next day', () => {
    const p = person(100);
    book(p, MINE, { id: 'a', when: iso(DAY - 24 * 3600_000), credits: 80 });
    expect(limitFigures(p).spentToday).toBe(0);
    book(p, MINE, { id: 'b', when: iso(DAY), credits: 80 });
    expect(roomToday(p)).toBe(20);
    p.at(DAY + 24 * 3600_000);
    expect(roomToday(p)).toBe(100);
  });

  it("should keep the day's total over hundreds of rows in a value that stays small", () => {
    const p = person(null);
    for (let i = 0; i < 400; i++) book(p, MINE, { id: `row${i}`, when: iso(DAY + i * 1000), credits: 3 });
    for (let i = 0; i < 60; i++) book(p, MINE, { id: `open${i}`, when: iso(DAY), credits: 5, open: true });
    expect(limitFigures(p)).toEqual({ creditsPerDay: null, spentToday: 1200 + 300 });
    expect(roomToday(p)).toBeNull();
    expect(p.user.getProperty(USER_KEYS.spend)!.length).toBeLessThan(9000);
  });

  it("should keep another key's booking in the document, not in this person's day", () => {
    const p = person(100);
    book(p, '••••9999', { id: 'x', when: iso(DAY), credits: -9 });
    expect(limitFigures(p).spentToday).toBe(0);
    expect(p.doc.getProperty('credits.owed.••••9999')).toContain('"credits":-9');
  });
});
