// A person's spending of the UTC day: one running total, each booking counted once, open outcomes at their high, and
// what a colleague's run booked for this person's key picked up by them.
import { book, pickUpOwed, spendDay, spentTodayBy } from '../../src/records/spend-day';
import { storeSettings } from '../../src/records/settings';
import { DOC_KEYS, USER_KEYS } from '../../src/records/state-keys';
import { memoryProps } from '../fakes';

const DAY = Date.parse('2026-11-24T10:00:00Z');
const iso = (t: number) => new Date(t).toISOString();
const MINE = '••••1234';
const THEIRS = '••••9999';

/** A person with a saved key (hint MINE), sharing `doc`, on a clock they can move. */
function person(apiKey = 'sk_test_mine_1234', doc = memoryProps({})) {
  const user = memoryProps({});
  storeSettings(user, { baseUrl: 'https://api.example.com/api/v1', apiKey, canWrite: true });
  const clock = { now: () => DAY, sleep: () => undefined };
  return { user, doc, clock, at: (t: number) => void (clock.now = () => t) };
}

describe('spend-day', () => {
  describe('spendDay', () => {
    it('should start each UTC day at nothing, whatever the day before held', () => {
      const p = person();
      book(p, MINE, { id: 'a', when: iso(DAY), credits: 30 });
      expect(spendDay(p.user, p.clock)).toEqual({ d: '2026-11-24', t: 30, o: {}, s: ['a'] });
      p.at(DAY + 86_400_000);
      expect(spendDay(p.user, p.clock)).toEqual({ d: '2026-11-25', t: 0, o: {}, s: [] });
      expect(spentTodayBy(p)).toBe(0);
    });

    it("should read an earlier version's one entry per row as their sum", () => {
      const p = person();
      p.user.setProperty(USER_KEYS.spend, JSON.stringify({ d: '2026-11-24', e: { r1: 15, r2: 30 }, t: 5 }));
      expect(spendDay(p.user, p.clock)).toMatchObject({ t: 50 });
    });
  });

  describe('book', () => {
    it('should count a booking once, ignore one of another day or without a figure, and let a refund lower the day', () => {
      const p = person();
      book(p, MINE, { id: 'g', when: iso(DAY), credits: 45 });
      book(p, MINE, { id: 'g', when: iso(DAY), credits: 45 });
      book(p, MINE, { id: 'y', when: iso(DAY - 86_400_000), credits: 100 });
      book(p, MINE, { id: 'n', when: iso(DAY), credits: NaN });
      book(p, MINE, { id: 'r', when: iso(DAY), credits: -15 });
      expect(spentTodayBy(p)).toBe(30);
    });

    it('should count an open outcome at its high until it settles, then at what it settled at, once', () => {
      const p = person();
      book(p, MINE, { id: 'g', when: iso(DAY), credits: 66, open: true });
      expect(spentTodayBy(p)).toBe(66);
      book(p, MINE, { id: 'g', when: iso(DAY), credits: 44 });
      expect(spentTodayBy(p)).toBe(44);
      // Read again as open after it settled (another reader saw the old row): still once, at what it settled at.
      book(p, MINE, { id: 'g', when: iso(DAY), credits: 66, open: true });
      expect(spentTodayBy(p)).toBe(44);
    });

    it('should keep the figure whole when more outcomes are open than it keeps apart', () => {
      const p = person();
      for (let i = 0; i < 45; i++) book(p, MINE, { id: `o${i}`, when: iso(DAY), credits: 10, open: true });
      expect(spentTodayBy(p)).toBe(450);
      expect(Object.keys(spendDay(p.user, p.clock).o).length).toBeLessThanOrEqual(40);
    });

    it('should never say less than nothing was spent', () => {
      const p = person();
      book(p, MINE, { id: 'r', when: iso(DAY), credits: -20 });
      expect(spentTodayBy(p)).toBe(0);
    });
  });

  describe('pickUpOwed', () => {
    it("should keep a booking for a colleague's key in the document until that colleague takes it up, once", () => {
      const me = person();
      const them = person('sk_test_them_9999', me.doc);
      book(me, THEIRS, { id: 'r', when: iso(DAY), credits: -10 });
      book(me, THEIRS, { id: 'g', when: iso(DAY), credits: 40 });
      expect(spentTodayBy(me)).toBe(0);
      expect(me.doc.getProperty(DOC_KEYS.owed(THEIRS))).not.toBeNull();
      pickUpOwed(them);
      expect(spentTodayBy(them)).toBe(30);
      expect(me.doc.getProperty(DOC_KEYS.owed(THEIRS))).toBeNull();
      pickUpOwed(them);
      expect(spentTodayBy(them)).toBe(30);
    });

    it('should drop what was owed on an earlier day when the next booking comes', () => {
      const me = person();
      const them = person('sk_test_them_9999', me.doc);
      book(me, THEIRS, { id: 'old', when: iso(DAY), credits: 40 });
      me.at(DAY + 86_400_000);
      them.at(DAY + 86_400_000);
      book(me, THEIRS, { id: 'new', when: iso(DAY + 86_400_000), credits: 5 });
      pickUpOwed(them);
      expect(spentTodayBy(them)).toBe(5);
    });
  });
});
