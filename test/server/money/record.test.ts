// The money record (charges, stops, refunds) and its unknown outcomes, on the stand-in's in-memory spreadsheet.
import { CREDITS_TAB, UNKNOWN_CHARGE } from '../../../src/server/money/ledger';
import { hasOpen, openStopParts, settleStops, settleUnknown, unsettledOf, type Evidence } from '../../../src/server/money/outcomes';
import { recordCharge, recordStop } from '../../../src/server/money/record';
import { recordRefunds } from '../../../src/server/money/refunds';
import { storeSettings } from '../../../src/records/settings';
import { limitFigures, spentToday } from '../../../src/server/money/today';
import { pickUpOwed } from '../../../src/records/spend-day';
import { loadParts } from '../../../src/records/parts-record';
import { chargesOf } from '../../../src/records/part-charges';
import { PROTECTED_MESSAGE } from '../../../dev/standin/readings';
import { GasException } from '../../../dev/standin/gas-object';
import { BASE, KEY, world, type UnitWorld } from '../../unit-services';

const CAMPAIGN = { id: 'c_1', name: 'Q3', parts: [] };
const QUOTE = { leads: 10, low: 20, high: 30, balance: 500, affordable: true };

function rows(w: UnitWorld): Record<string, unknown>[] {
  const tab = w.ss.getSheetByName(CREDITS_TAB);
  if (!tab) return [];
  const [head, ...rest] = tab.getDataRange().getValues();
  return rest.map((r) => Object.fromEntries(head!.map((h, i) => [String(h), r[i]])));
}

function evidence(waiting: Record<string, number>, balance: number | null): Evidence & { reads: number } {
  const ev = {
    waiting: new Map(Object.entries(waiting)),
    reads: 0,
    balance: () => {
      ev.reads++;
      return balance;
    },
  };
  return ev;
}

/** A generate of part c_1 with a clear answer: that many people for that many credits, at the quote. */
const charge = (w: UnitWorld, people: number, charged: number, quote = QUOTE) =>
  recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'generate', quote, done: { people, charged } });

/** A read made after everything charged so far. */
const after = (w: UnitWorld) => w.clock.t + 1;

/** A part's counts as a read gives them: its failed videos, of how many people, none waiting. */
const part = (failed: number, total: number) => ({ counts: { failed, total, pending: 0 } });

const switchKey = (w: UnitWorld, apiKey: string) => storeSettings(w.user, { baseUrl: BASE, apiKey, canWrite: true });

describe('record › the record of spending', () => {
  // docs/rules.md#money-record
  it('should record a charge with no clear answer as unknown, never as 0, and keep its outcome open', () => {
    const w = world();
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'generate', quote: QUOTE });
    const [r] = rows(w);
    expect(r!['Action']).toBe('generate (outcome unknown)');
    expect(r!['Credits charged']).toBe(UNKNOWN_CHARGE);
    expect(r!['Credits quoted']).toBe(30);
    expect(hasOpen(w.svc)).toBe(true);
    expect(unsettledOf(w.svc, new Set(['c_1']))).toMatchObject({ action: 'generate' });
    expect(spentToday(w.svc)).toEqual({ chargedToday: 0, unknownToday: 1 });
  });

  // docs/rules.md#cells
  it('should make the record tab as narrow as its columns, growing a row per entry', () => {
    const w = world();
    charge(w, 10, 25);
    const tab = w.ss.getSheetByName(CREDITS_TAB)!;
    expect([tab.getMaxRows(), tab.getMaxColumns()]).toEqual([2, tab.getLastColumn()]);
  });

  it('should record a clear answer with its figures and open nothing', () => {
    const w = world();
    charge(w, 10, 25);
    expect(rows(w)).toEqual([expect.objectContaining({ Action: 'generate', People: 10, 'Credits charged': 25, 'Credits quoted': 30 })]);
    expect(hasOpen(w.svc)).toBe(false);
    expect(spentToday(w.svc)).toEqual({ chargedToday: 25, unknownToday: 0 });
    expect(chargesOf(w.svc, 'c_1').map((c) => c.p)).toEqual([10]);
  });

  it("should count what this person spent today, never another key's refund seen in their document", () => {
    const w = world();
    charge(w, 10, 25);
    switchKey(w, 'sk_other_9999');
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_2', action: 'generate', quote: QUOTE, done: { people: 4, charged: 8 } });
    recordRefunds(w.svc, new Map([['c_1', part(2, 10)]]), CAMPAIGN, after(w));
    expect(spentToday(w.svc)).toEqual({ chargedToday: 33, unknownToday: 0 });
  });
});

describe('record › refunds of failed videos and the day', () => {
  // docs/rules.md#refunds
  it('should take a failed video of today’s charge off today’s spend, but not one of a charge made an earlier day', () => {
    const w = world({}, { now: Date.parse('2026-11-24T23:50:00Z') });
    charge(w, 10, 20);
    recordRefunds(w.svc, new Map([['c_1', part(1, 10)]]), CAMPAIGN, after(w));
    expect(spentToday(w.svc)).toEqual({ chargedToday: 18, unknownToday: 0 });
    w.clock.t += 20 * 60_000;
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_2', action: 'generate', quote: QUOTE, done: { people: 10, charged: 20 } });
    // The second failure of yesterday's charge may have come back yesterday: today stays at what today's charge took.
    recordRefunds(w.svc, new Map([['c_1', part(2, 10)]]), CAMPAIGN, after(w));
    expect(spentToday(w.svc)).toEqual({ chargedToday: 20, unknownToday: 0 });
    expect(rows(w).at(-1)).toMatchObject({ Action: 'refund', 'Credits charged': -2, Note: expect.stringMatching(/earlier day/) });
  });
});

describe('record › refunds of failed videos and the day, one part charged on two days', () => {
  // docs/rules.md#refunds
  it('should not take a failure off today’s spend when yesterday’s charge of the same part may have paid for it', () => {
    const w = world({}, { now: Date.parse('2026-11-24T23:50:00Z') });
    charge(w, 1, 3);
    w.clock.t += 20 * 60_000;
    charge(w, 2, 6);
    // Yesterday's person failed (seen only now): nothing says whose, so today keeps what today's charge took.
    recordRefunds(w.svc, new Map([['c_1', part(1, 3)]]), CAMPAIGN, after(w));
    expect(spentToday(w.svc)).toEqual({ chargedToday: 6, unknownToday: 0 });
  });
});

describe('record › a record that cannot be written', () => {
  // docs/rules.md#money-record
  it("should still count a charge in the person's day and keep its unknown outcome open when the record tab is protected", () => {
    const w = world();
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_0', action: 'generate', quote: QUOTE, done: { people: 1, charged: 3 } });
    w.ss.writeGuard = (sheet) => {
      if (sheet.getName() === CREDITS_TAB) throw new GasException(PROTECTED_MESSAGE);
    };
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'generate', quote: QUOTE });
    expect(rows(w)).toHaveLength(1);
    expect(limitFigures(w.svc).spentToday).toBe(3 + 30);
    expect(hasOpen(w.svc)).toBe(true);
    expect(w.ui.toasts.map((x) => x.message)).toEqual([expect.stringContaining('protected')]);
  });
});

describe('record › unknown outcomes', () => {
  // docs/rules.md#unknown-outcomes
  it("should settle an unknown generate as charged when people left waiting, at what its own quote bounds, never the balance's move", () => {
    const w = world();
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'generate', quote: QUOTE });
    // Refunds of failed videos moved the balance too: 476 says nothing about this charge.
    const ev = evidence({ c_1: 0 }, 476);
    settleUnknown(w.svc, ev);
    expect(ev.reads).toBe(0);
    expect(rows(w)[0]).toMatchObject({ 'Credits charged': '20 to 30', People: 10 });
    expect(hasOpen(w.svc)).toBe(false);
    // The day counts its spending end.
    expect(limitFigures(w.svc).spentToday).toBe(30);
  });

  it('should keep an unknown outcome open before two minutes when nothing moved, and never write 0 then', () => {
    const w = world();
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'generate', quote: QUOTE });
    w.clock.t += 60_000;
    settleUnknown(w.svc, evidence({ c_1: 10 }, 500));
    expect(rows(w)[0]!['Credits charged']).toBe(UNKNOWN_CHARGE);
    expect(hasOpen(w.svc)).toBe(true);
  });

  it('should settle as 0 only when two minutes on neither the waiting count nor the balance moved', () => {
    const w = world();
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'generate', quote: QUOTE });
    w.clock.t += 121_000;
    settleUnknown(w.svc, evidence({ c_1: 10 }, 500));
    expect(rows(w)[0]).toMatchObject({ 'Credits charged': 0, People: 0 });
    expect(hasOpen(w.svc)).toBe(false);
  });

  it('should stay unknown for good when the balance moved but nobody left waiting', () => {
    const w = world();
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'generate', quote: QUOTE });
    w.clock.t += 121_000;
    settleUnknown(w.svc, evidence({ c_1: 10 }, 470));
    expect(rows(w)[0]!['Credits charged']).toBe(UNKNOWN_CHARGE);
    expect(hasOpen(w.svc)).toBe(false);
  });

  it('should leave an outcome open when the evidence does not name its part, reading no balance', () => {
    const w = world();
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'generate', quote: QUOTE });
    const ev = evidence({ c_9: 0 }, 0);
    settleUnknown(w.svc, ev);
    expect(ev.reads).toBe(0);
    expect(hasOpen(w.svc)).toBe(true);
  });
});

describe('record › refunds', () => {
  // docs/rules.md#refunds
  it('should book a failure refund once, whoever reads the same count again', () => {
    const w = world();
    charge(w, 10, 30);
    const failed = new Map([['c_1', part(2, 10)]]);
    recordRefunds(w.svc, failed, CAMPAIGN, after(w));
    recordRefunds(w.svc, failed, CAMPAIGN, after(w));
    const refunds = rows(w).filter((r) => r['Action'] === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ People: 2, 'Credits charged': -6 })]);
    recordRefunds(w.svc, new Map([['c_1', part(3, 10)]]), CAMPAIGN, after(w));
    expect(
      rows(w)
        .filter((r) => r['Action'] === 'refund')
        .map((r) => r['People']),
    ).toEqual([2, 1]);
  });

  it('should book a refund under the key that paid, not the key of whoever saw it', () => {
    const w = world();
    charge(w, 10, 30);
    const payer = rows(w)[0]!['Key'];
    switchKey(w, 'sk_colleague_7777');
    recordRefunds(w.svc, new Map([['c_1', part(1, 10)]]), CAMPAIGN, after(w));
    const refund = rows(w).find((r) => r['Action'] === 'refund')!;
    expect(refund['Key']).toBe(payer);
    expect(refund['Key']).not.toBe('');
    // Not this key's: kept in the document for the payer, who takes it up at their next look.
    expect(spentToday(w.svc).chargedToday).toBe(30);
    switchKey(w, KEY);
    pickUpOwed(w.svc);
    expect(spentToday(w.svc).chargedToday).toBe(30 - 3);
  });

  it('should book a failed video of a part charged twice at what the cheapest person of either charge may have cost', () => {
    // Found by the explorer (seed 180456): 4 people for 11 credits (2 to 3 each), then 3 for 9 (3 each); the failed person
    // was of the first charge and 2 came back, but the newest charge's price (3) was booked: the record fell below the ledger.
    const w = world();
    charge(w, 4, 11, { ...QUOTE, leads: 4, low: 8, high: 12 });
    w.clock.t += 15 * 60_000;
    charge(w, 3, 9, { ...QUOTE, leads: 3, low: 9, high: 9 });
    recordRefunds(w.svc, new Map([['c_1', part(1, 7)]]), CAMPAIGN, after(w));
    expect(rows(w).find((r) => r['Action'] === 'refund')).toMatchObject({ People: 1, 'Credits charged': '-3 to -2' });
    // Today's spend goes down by the least that may have come back.
    expect(spentToday(w.svc).chargedToday).toBe(20 - 2);
  });

  it('should book no failure that people another document charged in the same part may account for', () => {
    // Found by the explorer (a copy of the spreadsheet): the copy charged 3 people of a part, the original 1 more; one of
    // the copy's people failed, and each document booked the refund: the key's record fell 3 credits below the service.
    const w = world();
    charge(w, 1, 3);
    recordRefunds(w.svc, new Map([['c_1', part(1, 4)]]), CAMPAIGN, after(w));
    expect(rows(w).filter((r) => r['Action'] === 'refund')).toEqual([]);
    // Three of four are this record's and two failed: one at least was its own, and the other is asked again at the next read.
    charge(w, 2, 6);
    recordRefunds(w.svc, new Map([['c_1', part(2, 4)]]), CAMPAIGN, after(w));
    recordRefunds(w.svc, new Map([['c_1', part(2, 4)]]), CAMPAIGN, after(w));
    expect(rows(w).filter((r) => r['Action'] === 'refund')).toEqual([expect.objectContaining({ People: 1 })]);
  });

  it('should book nothing from counts read before a charge of the part, and book at the next read', () => {
    // Found by the explorer: the timer read the campaign list, then auto mode pushed and generated two more; the list's
    // counts (two still waiting) beside the new charge made another document's failed person look like this record's.
    const w = world();
    const read = w.clock.t;
    w.clock.t += 1000;
    charge(w, 2, 6);
    recordRefunds(w.svc, new Map([['c_1', { counts: { failed: 1, total: 3, pending: 2 } }]]), CAMPAIGN, read);
    expect(rows(w).filter((r) => r['Action'] === 'refund')).toEqual([]);
    // Read again after the charge: the failed person is one of the two this record charged.
    recordRefunds(w.svc, new Map([['c_1', part(1, 2)]]), CAMPAIGN, after(w));
    expect(rows(w).filter((r) => r['Action'] === 'refund')).toEqual([expect.objectContaining({ People: 1 })]);
  });

  it('should not book failures of a part the add-on never charged', () => {
    const w = world();
    recordRefunds(w.svc, new Map([['c_1', part(4, 10)]]), CAMPAIGN, after(w));
    expect(rows(w)).toEqual([]);
  });

  it("should give back a stop's credits only for charged people it cancelled, not for people still waiting", () => {
    const w = world();
    charge(w, 10, 30);
    recordStop(w.svc, { campaign: CAMPAIGN, part: 'c_1', stopped: 7 }, { waitingBefore: 3, balanceBefore: null });
    expect(rows(w)[1]).toMatchObject({ Action: 'stop', People: 7, 'Credits charged': -12 });
  });

  it("should book a stop's credits at the balance's move when it lies in what the charge allows, else as a range at its low end", () => {
    const w = world();
    // 10 people for 25 credits: between 2 and 3 each, so 4 of them cost 8 to 12 — the service does not say which.
    charge(w, 10, 25);
    recordStop(w.svc, { campaign: CAMPAIGN, part: 'c_1', stopped: 4 }, { waitingBefore: 0, balanceBefore: 100, balanceAfter: 109 });
    expect(rows(w)[1]).toMatchObject({ 'Credits charged': -9 });
    expect(spentToday(w.svc).chargedToday).toBe(16);
    const v = world();
    recordCharge(v.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'generate', quote: QUOTE, done: { people: 10, charged: 25 } });
    // Something else moved the balance meanwhile (40 is more than 4 people can cost): a range, counted at its low end.
    recordStop(v.svc, { campaign: CAMPAIGN, part: 'c_1', stopped: 4 }, { waitingBefore: 0, balanceBefore: 100, balanceAfter: 140 });
    expect(rows(v)[1]).toMatchObject({ 'Credits charged': '-12 to -8', Note: expect.stringContaining('8–12 credits back; the service does not say which') });
    expect(spentToday(v.svc).chargedToday).toBe(17);
  });

  it('should book what came back under the key that paid for those people, newest charge first', () => {
    const w = world();
    recordCharge(w.svc, { campaign: CAMPAIGN, part: 'c_1', action: 'preview', quote: QUOTE, done: { people: 3, charged: 9 } });
    const first = rows(w)[0]!['Key'];
    switchKey(w, 'sk_colleague_7777');
    charge(w, 7, 21, { ...QUOTE, leads: 7, low: 14, high: 21 });
    const second = rows(w)[1]!['Key'];
    recordStop(w.svc, { campaign: CAMPAIGN, part: 'c_1', stopped: 9 }, { waitingBefore: 0, balanceBefore: null });
    expect(rows(w).slice(2)).toEqual([
      expect.objectContaining({ Action: 'stop', People: 9, Key: second, 'Credits charged': -21 }),
      expect.objectContaining({ Action: 'refund', People: 2, Key: first, 'Credits charged': -6 }),
    ]);
    // This person's day: the preview (9) and the generate (21) less what came back of it (21); the 6 are the first key's.
    expect(spentToday(w.svc).chargedToday).toBe(9);
    expect(w.doc.getProperty(`credits.owed.${first}`)).toContain('"credits":-6');
  });

  it('should write a stop without an answer as unknown, never as 0, and count no charge of unknown size', () => {
    const w = world();
    recordStop(w.svc, { campaign: CAMPAIGN, part: 'c_1' }, { waitingBefore: null, balanceBefore: null });
    expect(rows(w)[0]).toMatchObject({ Action: 'stop (outcome unknown)', 'Credits charged': UNKNOWN_CHARGE });
    expect(openStopParts(w.svc)).toEqual(['c_1']);
    expect(spentToday(w.svc)).toEqual({ chargedToday: 0, unknownToday: 0 });
  });

  /** Ten people charged 30 credits, then a Stop with no answer while 3 more people waited. */
  function lostStop(cancelledBefore: number | null = 0): UnitWorld {
    const w = world();
    charge(w, 10, 30);
    recordStop(w.svc, { campaign: CAMPAIGN, part: 'c_1' }, { waitingBefore: 3, balanceBefore: null, cancelledBefore });
    return w;
  }
  const detail = (status: string, cancelled: number) =>
    new Map([['c_1', { status, counts: { total: 13, pending: 0, rendering: 0, complete: 0, failed: 0, cancelled, skipped: 0 } }]]);

  it("should complete a lost stop from its part's counts, giving back only the charged people it cancelled", () => {
    const w = lostStop();
    settleStops(w.svc, detail('stopped', 7));
    expect(rows(w)[0]).toMatchObject({ Action: 'generate', 'Credits charged': 30 });
    expect(rows(w)[1]).toMatchObject({ Action: 'stop (outcome unknown)', People: 7, 'Credits charged': -12 });
    expect(openStopParts(w.svc)).toEqual([]);
    // A later stop of the part counts its cancelled people from these.
    expect(loadParts(w.doc, CAMPAIGN).parts[0]).toMatchObject({ id: 'c_1', cancelled: 7 });
  });

  it('should keep a lost stop open while its part shows nothing, and complete it as giving nothing back two minutes on', () => {
    const w = lostStop();
    settleStops(w.svc, detail('rendering', 0));
    expect(openStopParts(w.svc)).toEqual(['c_1']);
    w.clock.t += 2 * 60_000;
    settleStops(w.svc, detail('rendering', 0));
    expect(rows(w)[1]).toMatchObject({ People: 0, 'Credits charged': 0, Note: expect.stringMatching(/did not stop/) });
    expect(openStopParts(w.svc)).toEqual([]);
  });

  it('should leave the figure unknown when how many were cancelled before it is not known', () => {
    const w = lostStop(null);
    settleStops(w.svc, detail('stopped', 7));
    expect(rows(w)[1]).toMatchObject({ 'Credits charged': UNKNOWN_CHARGE });
  });
});
