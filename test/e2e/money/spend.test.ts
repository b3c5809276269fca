// The money record and the daily limit against the service (docs/rules.md#money-record): per key, the
// record's spend is never below the simulator's ledger, and equal to it wherever the service or the
// balance proves the figure.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { SIM_KEYS } from '../../../dev/sim/types';
import { AppsScriptStandin } from '../../../dev/standin';
import { USER_KEYS } from '../../../src/records/state-keys';
import { keyHint } from '../../../src/records/settings';
import { BUNDLE, HEADERS, leadRow, startAddon, type Addon } from '../harness';
import { creditsRows, lookupTab, netCharged, untilQuiet } from '../steps';

jest.setTimeout(240_000);

/** A record cell's figure as [low, high]: a number, "lo to hi", or unknown (0 up to its quote). */
function cellRange(charged: unknown, quoted: unknown): [number, number] {
  if (typeof charged === 'number') return [charged, charged];
  const m = /^(-?\d+) to (-?\d+)$/.exec(String(charged));
  if (m) return [Number(m[1]), Number(m[2])];
  return [0, Number(quoted) || 0];
}

/** What the record says a key spent, net: its low and high ends. */
function recordSpend(a: Addon, key: string): [number, number] {
  return creditsRows(a)
    .filter((r) => r.Key === keyHint(key))
    .map((r) => cellRange(r['Credits charged'], r['Credits quoted']))
    .reduce(([lo, hi], [l, h]) => [lo + l, hi + h], [0, 0]);
}

let a: Addon;
let second: AppsScriptStandin | null = null;
afterEach(async () => {
  await second?.close();
  second = null;
  await a?.close();
});

describe('the money record against the service', () => {
  describe('a Stop', () => {
    it('should book what a Stop gave back at what the balance proves, so the record and the limit equal the ledger where prices differ', async () => {
      a = await startAddon({ concurrency: 2, stageMs: 60_000 });
      a.connect();
      a.call('setSpendingLimit', { creditsPerDay: 1000 });
      lookupTab(a, 8, { from: 4, n: 4 });
      expect(a.generate()).toMatchObject({ ok: true, started: 8 });
      expect(a.stop()).toMatchObject({ ok: true, stopped: 6 });
      const ledger = await netCharged(a, SIM_KEYS.write);
      expect(recordSpend(a, SIM_KEYS.write)).toEqual([ledger, ledger]);
      expect(a.call('getSidebarState').limit.spentToday).toBe(ledger);
      expect(a.call('getEstimate').chargedToday).toBe(ledger);
    });

    it('should book what came back under the key that paid for those people, when a colleague generated with their own key', async () => {
      a = await startAddon({ concurrency: 3, stageMs: 60_000 });
      a.connect();
      const owner = a.gas.user;
      lookupTab(a, 9);
      expect(a.preview()).toMatchObject({ ok: true, made: 3 });
      await untilQuiet(a);
      // A colleague with their own key generates the rest, then stops it before most started.
      await a.sim.control({ action: 'setKey', key: SIM_KEYS.lowCap, dailyCap: 10_000 });
      a.gas.setUser('colleague@example.com');
      a.connect(SIM_KEYS.lowCap);
      expect(a.generate()).toMatchObject({ ok: true, started: 6 });
      expect(a.stop()).toMatchObject({ ok: true, stopped: 3 });
      for (const key of [SIM_KEYS.write, SIM_KEYS.lowCap]) {
        const ledger = await netCharged(a, key);
        expect(recordSpend(a, key)).toEqual([ledger, ledger]);
      }
      a.gas.setUser(owner);
      expect(a.call('getEstimate').chargedToday).toBe(await netCharged(a, SIM_KEYS.write));
    });
  });

  describe('failed videos', () => {
    it("should never book a failed video's refund above what the service gave back when prices differ", async () => {
      a = await startAddon({ faults: { failPeople: ['p1@example.com'] } });
      a.connect();
      lookupTab(a, 2, { from: 0, n: 2 });
      expect(a.generate()).toMatchObject({ ok: true, started: 2 });
      await untilQuiet(a);
      a.call('getProgress');
      expect(creditsRows(a).filter((r) => r.Action === 'refund')).toHaveLength(1);
      const ledger = await netCharged(a, SIM_KEYS.write);
      const [lo, hi] = recordSpend(a, SIM_KEYS.write);
      expect(lo).toBeLessThanOrEqual(ledger);
      expect(hi).toBeGreaterThanOrEqual(ledger);
      expect(a.call('getEstimate').chargedToday).toBeGreaterThanOrEqual(ledger);
    });
  });

  describe('an unknown outcome', () => {
    it('should settle a lost Generate from the counts and its own evidence, though refunds of failed videos moved the balance first', async () => {
      a = await startAddon({ stageMs: 20_000, faults: { failPeople: ['p1@example.com', 'p2@example.com'] } });
      a.connect();
      a.pushedCampaign(4);
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
      // The failures come back before anyone can settle it: another run holds the document meanwhile.
      a.gas.holdDocumentLock();
      for (let i = 0; i < 10; i++) {
        a.gas.clock.advance(60_000);
        a.call('getProgress');
      }
      expect((await a.state()).ledger.filter((e) => e.kind === 'refund')).toHaveLength(2);
      expect(a.call('getSidebarState').unsettled).toMatchObject({ action: 'generate' });
      a.gas.releaseDocumentLock();
      a.call('getProgress');
      a.gas.clock.advance(3 * 60_000);
      a.call('getProgress');
      expect(a.call('getSidebarState').unsettled ?? null).toBeNull();
      const ledger = await netCharged(a, SIM_KEYS.write);
      const [lo, hi] = recordSpend(a, SIM_KEYS.write);
      expect(lo).toBeLessThanOrEqual(ledger);
      expect(hi).toBeGreaterThanOrEqual(ledger);
      expect(a.call('getEstimate').chargedToday).toBeGreaterThanOrEqual(ledger);
    });
  });

  describe('literal text', () => {
    it('should write a campaign called "March 2026" as that text where Sheets reads typed text as dates', async () => {
      a = await startAddon({}, { readings: { typedText: 'loose-dates' } });
      a.connect();
      a.pushedCampaign(2, 'March 2026');
      expect(a.generate()).toMatchObject({ ok: true });
      const [row] = creditsRows(a);
      expect(row!.Campaign).toBe('March 2026');
      expect(creditsRows(a).every((r) => Object.values(r).every((v) => !(v instanceof Date)))).toBe(true);
    });
  });

  describe("the day's figure", () => {
    it('should keep the day at what was spent from the 301st row of a day on, however often it is read', async () => {
      a = await startAddon();
      a.connect();
      a.pushedCampaign(2);
      a.call('setSpendingLimit', { creditsPerDay: 5000 });
      // A busy day so far: 320 rows of 3 credits each, booked as they came.
      const now = a.gas.clock.now();
      const tab = a.gas.spreadsheet.addSheet('Video credits', [
        ['When', 'Campaign', 'Campaign ID', 'Part', 'Action', 'People', 'Credits quoted', 'Credits charged', 'Key', 'Note'],
        ...Array.from({ length: 320 }, (_, i) => [
          new Date(now - 320_000 + i * 1000).toISOString(),
          'Old',
          'cmp_old',
          `cmp_old${i}`,
          'generate',
          1,
          3,
          3,
          keyHint(SIM_KEYS.write),
          '',
        ]),
      ]);
      expect(tab.getLastRow()).toBe(321);
      const booked: Record<string, number> = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`r${i}`, 3]));
      a.gas.properties.user().setProperty(USER_KEYS.spend, JSON.stringify({ d: new Date(now).toISOString().slice(0, 10), e: { ...booked, _carried: 60 } }));
      for (let i = 0; i < 3; i++) expect(a.call('getEstimate').chargedToday).toBe(960);
      const gen = a.generate();
      expect(gen).toMatchObject({ ok: true, started: 2 });
      for (let i = 0; i < 3; i++) expect(a.call('getSidebarState').limit.spentToday).toBe(960 + gen.creditsCharged);
    });
  });

  describe('two documents of one person', () => {
    it('should never let two documents with auto mode pass the limit together when their timers overlap', async () => {
      a = await startAddon();
      a.connect();
      const limit = 10;
      second = new AppsScriptStandin({
        bundlePath: BUNDLE,
        simOrigin: a.sim.origin,
        startTime: a.gas.clock.now(),
        sameUserAs: a.gas,
        spreadsheetId: '1SecondDocument00000000000000000000000000000',
      });
      for (const gas of [a.gas, second]) {
        const tab = gas.spreadsheet.addSheet('Inbound', [HEADERS, ...[0, 1, 2].map((i) => leadRow(i + (gas === a.gas ? 0 : 10)))]);
        gas.spreadsheet.setActiveSheet(tab);
        const c = gas.call<any>('createCampaign', { templateId: 'tpl_ready', name: gas === a.gas ? 'First' : 'Second' });
        expect(gas.call('setSpendingLimit', { creditsPerDay: limit })).toMatchObject({ ok: true });
        expect(gas.call('setAutoMode', { campaignId: c.campaign.id, on: true })).toMatchObject({ ok: true, on: true });
      }
      // The first document's timer is charging when the second's fires.
      a.gas.duringFetch(/^POST .*\/generate$/, () => {
        second!.clock.advance(Math.max(0, a.gas.clock.now() - second!.clock.now()));
        second!.fireTimeTriggers();
      });
      for (let i = 0; i < 4; i++) {
        a.gas.clock.advance(5 * 60_000);
        a.gas.fireTimeTriggers();
        second.clock.advance(Math.max(0, a.gas.clock.now() - second.clock.now()));
        second.fireTimeTriggers();
      }
      const spent = await netCharged(a, SIM_KEYS.write);
      expect(spent).toBeGreaterThan(0);
      expect(spent).toBeLessThanOrEqual(limit);
      expect(a.call('getSidebarState').limit.spentToday).toBeGreaterThanOrEqual(spent);
    });
  });
});
