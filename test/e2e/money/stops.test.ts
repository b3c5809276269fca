// Stops and unread parts against the service's ledger (docs/rules.md#refunds, docs/rules.md#unknown-outcomes): what
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
// came back is booked, per key the record's net equals or brackets the ledger and is never below it, and
// the day's figure and auto mode's limit count at least what the service took.
import { SIM_KEYS } from '../../../dev/sim/types';
import { inProcessHttp } from '../../../dev/sim/in-process';
import { keyHint } from '../../../src/records/settings';
import { leadRow, startAddon, type Addon } from '../harness';
import { addRows, colleagueCampaigns, creditsRows, lookupTab, netCharged, simParts, untilQuiet } from '../steps';
import { rangeOf } from './figures';

/** The harness's simulator runs in this thread: a fault switched on from inside a fetch is a direct call to it. */
const simHttp = inProcessHttp(() => {
  throw new Error('the simulator runs in this thread');
});

jest.setTimeout(240_000);

/** What the record says a key spent, net: its low and high ends. */
function recordSpend(a: Addon, key: string = SIM_KEYS.write): [number, number] {
  return creditsRows(a)
    .filter((r) => r.Key === keyHint(key))
    .map((r) => rangeOf(r['Credits charged'], r['Credits quoted']))
    .reduce(([lo, hi], [l, h]) => [lo + l, hi + h], [0, 0]);
}

/** Credits the service gave back to a key. */
async function ledgerRefunds(a: Addon, key: string = SIM_KEYS.write): Promise<number> {
  return (await a.state()).ledger.filter((e) => e.key === key && e.kind === 'refund').reduce((n, e) => n + e.credits, 0);
}

/**
 * The record against the ledger, as a person checks the bill: the record's net brackets the ledger with its low end
 * never below it (equal where every figure is exact), something came back and the record books it, and Charged
 * today and the limit's figure are never below what the service took.
 */
async function expectRecordHoldsLedger(a: Addon) {
  const ledger = await netCharged(a, SIM_KEYS.write);
  const [lo, hi] = recordSpend(a);
  expect({ ledger, lo: lo <= ledger, hi: hi >= ledger }).toEqual({ ledger, lo: true, hi: true });
  const back = await ledgerRefunds(a);
  expect(back).toBeGreaterThan(0);
  // What came back is booked (negative rows), bracketing what the service gave back.
  const booked = creditsRows(a).filter((r) => r.Action === 'refund' || r.Action === 'stop');
  const [bLo, bHi] = booked.map((r) => rangeOf(r['Credits charged'], r['Credits quoted'])).reduce(([l, h], [x, y]) => [l + x, h + y], [0, 0]);
  expect({ back, booked: [bLo, bHi], holds: bHi < 0 && -bHi <= back && back <= -bLo }).toEqual({ back, booked: [bLo, bHi], holds: true });
  expect(a.call('getEstimate').chargedToday).toBeGreaterThanOrEqual(ledger);
  expect(a.call('getSidebarState').limit.spentToday).toBeGreaterThanOrEqual(ledger);
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('stops against the ledger', () => {
  describe('a Preview, then Stop', () => {
    it('should book what came back when Stop is pressed before the previewed people started', async () => {
      a = await startAddon({ concurrency: 2, stageMs: 60_000 });
      a.connect();
      a.call('setSpendingLimit', { creditsPerDay: 1000 });
      // The three previewed: person 0 (3, own website), 1 (3, acme's lookup), 2 (2, acme again, queued): below their average.
      lookupTab(a, 6, { from: 1, n: 5 });
      expect(a.preview()).toMatchObject({ ok: true, made: 3 });
      const stop = a.stop();
      expect(stop).toMatchObject({ ok: true });
      expect(await ledgerRefunds(a)).toBe(2);
      await expectRecordHoldsLedger(a);
      a.call('getProgress');
      await untilQuiet(a);
      a.call('getProgress');
      await expectRecordHoldsLedger(a);
    });
  });

  describe('a Preview, a Generate and a Stop on one campaign', () => {
    it('should book what the Stop gave back of the Generate, not of the Preview, at prices that differ', async () => {
      a = await startAddon({ concurrency: 1, stageMs: 60_000 });
      a.connect();
      a.call('setSpendingLimit', { creditsPerDay: 1000 });
      // Three previewed, then six generated: the last four share one website, so only the first of them pays a lookup.
      lookupTab(a, 9, { from: 5, n: 4 });
      expect(a.preview()).toMatchObject({ ok: true, made: 3 });
      await untilQuiet(a);
      a.call('getProgress');
      expect(a.generate()).toMatchObject({ ok: true, started: 6 });
      expect(a.stop()).toMatchObject({ ok: true, stopped: 5 });
      // The five queued: person 4 (3) and 5 (3, acme's lookup), 6 to 8 (2 each).
      expect(await ledgerRefunds(a)).toBe(12);
      await expectRecordHoldsLedger(a);
      await untilQuiet(a);
      a.call('getProgress');
      await expectRecordHoldsLedger(a);
    });
  });

  describe('a Stop after Generate with lookups, then auto mode', () => {
    it('should never let auto mode pass the limit as the ledger measures it, over the following timer runs', async () => {
      a = await startAddon({ concurrency: 2, stageMs: 60_000 });
      a.connect();
      a.call('setSpendingLimit', { creditsPerDay: 1000 });
      const c = lookupTab(a, 10, { from: 5, n: 5 });
      expect(a.generate()).toMatchObject({ ok: true, started: 10 });
      expect(a.stop()).toMatchObject({ ok: true, stopped: 8 });
      await expectRecordHoldsLedger(a);
      // A limit a little above what was spent: room for some newcomers at 3 credits each, and 2 over.
      const spent = await netCharged(a, SIM_KEYS.write);
      const limit = spent + 3 * 3 + 2;
      expect(a.call('setSpendingLimit', { creditsPerDay: limit })).toMatchObject({ ok: true });
      expect(a.call('setAutoMode', { campaignId: c.id, on: true })).toMatchObject({ ok: true, on: true });
      const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
      for (let run = 0; run < 12; run++) {
        // Newcomers at every other run, each with a company of their own (a lookup: 3 credits).
        if (run % 2 === 0) sheet.appendRow(leadRow(100 + run));
        a.gas.clock.advance(5 * 60_000);
        a.gas.fireTimeTriggers();
        const ledger = await netCharged(a, SIM_KEYS.write);
        expect({ run, passed: ledger > limit }).toEqual({ run, passed: false });
        expect(a.call('getSidebarState').limit.spentToday).toBeGreaterThanOrEqual(ledger);
      }
      // Auto mode did generate: the three newcomers that fit were charged, the rest wait.
      expect(await netCharged(a, SIM_KEYS.write)).toBe(limit - 2);
    });
  });

  describe('a part outside the newest 100 campaigns', () => {
    it('should record a Generate that got a 500 and was never applied as not charged, and count only what the service took', async () => {
      await lostGenerateOfUnlistedPart();
      // The open sidebar polls every 30 seconds for a while: one part's detail a poll. With no poll run yet the turn
      // follows the clock (30 s a part): the first poll reads the first part, so the second is one it has not read yet.
      if (a.gas.clock.now() % 60_000 >= 30_000) a.gas.clock.advance(60_000 - (a.gas.clock.now() % 60_000));
      for (let i = 0; i < 12; i++) {
        if (i > 0) a.gas.clock.advance(30_000);
        a.call('getProgress');
        // Both parts were read within the two minutes the outcome may take to show: not settled yet.
        if (i === 1) expect(a.call('getSidebarState').unsettled).toMatchObject({ action: 'generate' });
        await expectNeverBelowLedger(a);
      }
      await expectSettledAtLedger(a);
    });

    it('should settle that Generate by the timer alone, with no sidebar open', async () => {
      await lostGenerateOfUnlistedPart();
      for (let i = 0; i < 3; i++) {
        a.gas.clock.advance(5 * 60_000);
        a.gas.fireTimeTriggers();
        await expectNeverBelowLedger(a);
      }
      await expectSettledAtLedger(a);
    });
  });
});

/**
 * A campaign of two parts, both pushed out of the list of 100 by a colleague's newer campaigns, whose second part's
 * Generate was answered 500 before anything was applied (so was every call until the press ended).
 */
async function lostGenerateOfUnlistedPart() {
  a = await startAddon({ concurrency: 1, stageMs: 60_000 });
  a.connect();
  a.call('setSpendingLimit', { creditsPerDay: 1000 });
  a.pushedCampaign(3);
  expect(a.generate()).toMatchObject({ ok: true, started: 3 });
  // People added while the first part renders go to a second part.
  addRows(a, 10, 3);
  const parts = await simParts(a, 'Q3 outreach');
  expect(parts).toHaveLength(2);
  await colleagueCampaigns(a, 100);
  a.gas.clock.advance(60_000);
  const faults = (error500Rate: number) =>
    simHttp.request({
      method: 'POST',
      url: `${a.sim.origin}/__sim/control`,
      body: JSON.stringify({ action: 'configure', config: { faults: { error500Rate } } }),
    });
  a.gas.duringFetch(new RegExp(`^POST .*/campaigns/${parts[1]!.id}/generate`), () => faults(1));
  expect(a.generate()).toMatchObject({ ok: false });
  faults(0);
  const st = await a.state();
  expect(st.ledger.filter((e) => e.kind === 'charge')).toHaveLength(1);
  expect(st.campaigns.find((x) => x.id === parts[1]!.id)!.leads.every((l) => l.status === 'pending')).toBe(true);
}

/** While it is open: the record's spending end and the day's figure are never below what the service took. */
async function expectNeverBelowLedger(a: Addon) {
  const ledger = await netCharged(a, SIM_KEYS.write);
  expect(recordSpend(a)[1]).toBeGreaterThanOrEqual(ledger);
  expect(a.call('getSidebarState').limit.spentToday).toBeGreaterThanOrEqual(ledger);
}

/** Settled: nothing of the second part was charged, and the record and the day say what the service took. */
async function expectSettledAtLedger(a: Addon) {
  expect(a.call('getSidebarState').unsettled ?? null).toBeNull();
  const ledger = await netCharged(a, SIM_KEYS.write);
  expect(recordSpend(a)).toEqual([ledger, ledger]);
  expect(a.call('getSidebarState').limit.spentToday).toBe(ledger);
  expect(a.call('getEstimate').chargedToday).toBe(ledger);
}

describe('a Stop whose answer was lost', () => {
  /** The next Stop is answered by a 500 before the service applies it: its outcome stays unknown for two minutes. */
  const lostStop = (a: Addon) => {
    const faults = (error500Rate: number) =>
      simHttp.request({
        method: 'POST',
        url: `${a.sim.origin}/__sim/control`,
        body: JSON.stringify({ action: 'configure', config: { faults: { error500Rate } } }),
      });
    a.gas.duringFetch(/^POST .*\/stop$/, () => faults(1));
    a.stop();
    faults(0);
  };

  it('should hold Preview and Generate until the campaign shows whether it stopped, so no charge is counted into its refund', async () => {
    const a = await startAddon();
    try {
      a.connect();
      a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
      a.createCampaign();
      a.selectRows(2, 4);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
      lostStop(a);
      expect(a.preview()).toMatchObject({ ok: false, error: { code: 'unsettled', message: expect.stringMatching(/last Stop/) } });
      expect(a.generate()).toMatchObject({ ok: false, error: { code: 'unsettled' } });
      expect((await a.state()).ledger.filter((e) => e.kind === 'charge')).toHaveLength(0);
      // Two minutes on, the campaign shows no stop: it is settled, and Preview goes through.
      a.gas.clock.advance(3 * 60_000);
      expect(a.preview()).toMatchObject({ ok: true });
      await untilQuiet(a);
      expect(recordSpend(a)[0]).toBeGreaterThanOrEqual(await netCharged(a, SIM_KEYS.write));
    } finally {
      await a.close();
    }
  });

  it('should complete the row of a part outside the list whose Stop lost its answer once the part shows it stopped, never booking back more than came back', async () => {
    const a = await startAddon({ concurrency: 1, stageMs: 60_000 });
    try {
      a.connect();
      a.pushedCampaign(3);
      expect(a.generate()).toMatchObject({ ok: true, started: 3 });
      // People added while the first part renders go to a second part, generated in turn: both have people queued.
      addRows(a, 10, 3);
      expect(a.generate()).toMatchObject({ ok: true, started: 3 });
      const parts = await simParts(a, 'Q3 outreach');
      expect(parts).toHaveLength(2);
      await colleagueCampaigns(a, 100);
      // The second part's stop is applied in full, then its connection drops with no reply.
      await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 1, dropMatch: `^POST /campaigns/${parts[1]!.id}/stop$` } } });
      const stop = a.stop();
      const applied = (await a.state()).campaigns.filter((c) => parts.some((p) => p.id === c.id) && c.status === 'stopped');
      expect(applied).toHaveLength(2);
      expect(stop).toMatchObject({
        ok: true,
        status: 'partly_stopped',
        parts: [
          { id: parts[0]!.id, outcome: 'stopped' },
          { id: parts[1]!.id, outcome: 'unknown' },
        ],
      });
      expect(await ledgerRefunds(a)).toBeGreaterThan(0);
      // The lost part's row waits for the campaign to show what happened; meanwhile the record is never below the ledger.
      const lostRow = () => creditsRows(a).find((r) => r.Part === parts[1]!.id && String(r.Action).startsWith('stop'))!;
      expect(lostRow()).toMatchObject({ Action: 'stop (outcome unknown)', Note: expect.stringMatching(/^No clear answer came back/) });
      await expectNeverBelowLedger(a);
      for (let i = 0; i < 6; i++) {
        a.gas.clock.advance(60_000);
        a.call('getProgress');
        await expectNeverBelowLedger(a);
      }
      a.gas.clock.advance(5 * 60_000);
      a.gas.fireTimeTriggers();
      await untilQuiet(a);
      expect(a.call('getSidebarState').unsettled ?? null).toBeNull();
      // A part the list does not show books back only what it can prove (docs/rules.md#refunds): never more than came
      // back, so the day errs high, never below what the service took.
      await expectNeverBelowLedger(a);
      const booked = creditsRows(a)
        .filter((r) => r.Action === 'refund' || String(r.Action).startsWith('stop'))
        .reduce((n, r) => n + rangeOf(r['Credits charged'], r['Credits quoted'])[1], 0);
      expect(-booked).toBeLessThanOrEqual(await ledgerRefunds(a));
      // Its row is completed from the campaign as read, once.
      expect(lostRow()).toMatchObject({ People: 2, Note: expect.stringMatching(/shows it stopped: 2 cancelled/) });
      expect(creditsRows(a).filter((r) => r.Part === parts[1]!.id && String(r.Action).startsWith('stop'))).toHaveLength(1);
    } finally {
      await a.close();
    }
  });

  it('should close a lost Stop with nothing counted back when another Stop is pressed before it is known', async () => {
    const a = await startAddon({ concurrency: 1 });
    try {
      a.connect();
      a.sheet([leadRow(1), leadRow(2), leadRow(3), leadRow(4)]);
      a.createCampaign();
      a.selectRows(2, 5);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 4 });
      expect(a.generate()).toMatchObject({ ok: true });
      lostStop(a);
      expect(a.stop()).toMatchObject({ ok: true });
      const lost = creditsRows(a).find((r) => String(r.Action).startsWith('stop (outcome unknown)'))!;
      expect(lost).toMatchObject({ 'Credits charged': 0, Note: expect.stringMatching(/later Stop came first/) });
      await untilQuiet(a);
      expect(recordSpend(a)[0]).toBeGreaterThanOrEqual(await netCharged(a, SIM_KEYS.write));
    } finally {
      await a.close();
    }
  });
});
