// The money record is never wrong, whoever watches: refunds only of what was charged, once, under
// the key that paid; unknown outcomes kept under the lock; stored text bounded before anything is
// made; progress after a Stop over parts. The built bundle in the stand-in against the simulator.
import { SIM_KEYS } from '../../dev/sim/types';
import { keyHint } from '../../src/server/settings';
import { HEADERS, leadRow, startAddon, type Addon } from './harness';

jest.setTimeout(180_000);

const COLLEAGUE = 'colleague@example.com';

function record(a: Addon): Record<string, unknown>[] {
  const tab = a.gas.spreadsheet.getSheetByName('Video credits');
  return tab ? a.rows(tab) : [];
}

function refundRows(a: Addon) {
  return record(a).filter((r) => r.Action === 'refund');
}

async function simRefunds(a: Addon, reason: RegExp): Promise<number> {
  return (await a.state()).ledger.filter((e) => e.kind === 'refund' && reason.test(e.reason)).reduce((n, e) => n + e.credits, 0);
}

/** Appends rows [from, from+n) to the active tab and sends them (to a new part once the first was generated). */
function addRows(a: Addon, from: number, n: number) {
  const sheet = a.gas.spreadsheet.getActiveSheet();
  const first = sheet.getLastRow() + 1;
  for (let i = 0; i < n; i++) sheet.appendRow(leadRow(from + i));
  a.selectRows(first, first + n - 1);
  const r = a.call('addSelectedRows');
  expect(r).toMatchObject({ ok: true, added: n });
}

/** Runs the timer until the simulator's failures have all come back, then once more. */
async function untilRefunded(a: Addon, refunds: number) {
  for (let i = 0; i < 12 && (await a.state()).ledger.filter((e) => e.kind === 'refund').length < refunds; i++) {
    a.gas.clock.advance(60_000);
  }
}

/** Lets the simulator's renders finish (no timer fires). */
async function untilQuiet(a: Addon) {
  for (let i = 0; i < 60 && (await a.state()).campaigns.some((c) => c.leads.some((l) => l.status === 'rendering')); i++) a.gas.clock.advance(60_000);
}

describe('the money record', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  describe('refunds of a Stop', () => {
    it('should refund only the charged people a Stop cancelled before they started, never people never generated', async () => {
      a = await startAddon({ concurrency: 1, stageMs: 60_000 });
      a.connect();
      a.pushedCampaign(10);
      const preview = a.preview();
      expect(preview).toMatchObject({ ok: true, made: 3 });
      const stop = a.stop();
      expect(stop).toMatchObject({ ok: true, stopped: 9 });
      const back = await simRefunds(a, /stopped before it started/);
      expect(back).toBe(2 * (preview.creditsCharged / 3));
      const row = record(a).find((r) => r.Action === 'stop')!;
      expect(row['Credits charged']).toBe(-back);
      const est = a.call('getEstimate');
      expect(est.chargedToday).toBe(preview.creditsCharged - back);
      expect(est.chargedToday).toBeGreaterThan(0);
    });
  });

  describe('refunds of failed videos', () => {
    it('should book a failure once under the paying key, though a colleague with their own key saw it first and a poll overlapped the timer', async () => {
      a = await startAddon({ faults: { failPeople: ['p1@example.com', 'p2@example.com'] } });
      a.connect();
      const owner = a.gas.user;
      a.pushedCampaign(4);
      const gen = a.generate();
      expect(gen).toMatchObject({ ok: true, started: 4 });
      const payer = a.call('getSidebarState').settings.keyHint as string;
      await untilRefunded(a, 2);
      // A colleague watching with their own (read-only) key sees the failures first.
      a.gas.setUser(COLLEAGUE);
      a.connect(SIM_KEYS.readOnly);
      expect(a.call('getSidebarState').settings.keyHint).not.toBe(payer);
      expect(a.call('getProgress')).toMatchObject({ ok: true });
      expect(refundRows(a)).toHaveLength(1);
      expect(refundRows(a)[0]).toMatchObject({ Key: payer, People: 2 });
      // The payer's timer runs while their sidebar polls, and both read the same failures.
      a.gas.setUser(owner);
      a.gas.duringFetch(/^GET .*\/campaigns\b/, () => {
        a.call('getProgress');
      });
      a.gas.clock.advance(5 * 60_000);
      a.gas.fireTimeTriggers();
      a.call('getProgress');
      expect(refundRows(a)).toHaveLength(1);
      const back = await simRefunds(a, /./);
      expect(refundRows(a)[0]!['Credits charged']).toBe(-back);
      // The payer's figure is what the service took; the colleague's is nothing.
      expect(a.call('getEstimate').chargedToday).toBe(gen.creditsCharged - back);
      a.gas.setUser(COLLEAGUE);
      expect(a.call('getEstimate').chargedToday).toBe(0);
    });
  });

  describe('a poll overlapping the timer', () => {
    it('should book the failures both read in one refund row', async () => {
      a = await startAddon({ faults: { failPeople: ['p1@example.com'] } });
      a.connect();
      a.pushedCampaign(3);
      expect(a.generate()).toMatchObject({ ok: true, started: 3 });
      await untilRefunded(a, 1);
      // The timer's run reads the campaign list; the sidebar's poll lands meanwhile and reads the same failure.
      a.gas.duringFetch(/^GET .*\/campaigns\b/, () => {
        expect(a.call('getProgress')).toMatchObject({ ok: true });
      });
      a.gas.clock.advance(5 * 60_000);
      a.gas.fireTimeTriggers();
      a.call('getProgress');
      expect(refundRows(a)).toHaveLength(1);
      expect(refundRows(a)[0]!['Credits charged']).toBe(-(await simRefunds(a, /./)));
    });
  });

  describe('unknown outcomes', () => {
    it("should never drop an unknown Generate while a poll on another tab settles that tab's outcome", async () => {
      a = await startAddon();
      a.connect();
      const mine = a.pushedCampaign(3);
      const here = a.gas.spreadsheet.getActiveSheet();
      a.sheet([leadRow(50), leadRow(51)], HEADERS, 'Other');
      a.createCampaign('Other');
      a.selectRows(2, 3);
      a.call('addSelectedRows');
      // The other tab's Generate gets a gateway timeout and commits 5 seconds later: its outcome is open.
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
      expect(a.call('getSidebarState').unsettled).toMatchObject({ action: 'generate' });
      // Its poll settles it (reading the balance); meanwhile Generate is pressed on the first tab, and would be answered late.
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      const other = a.gas.spreadsheet.getActiveSheet();
      let here502: any;
      a.gas.duringFetch(/^GET .*\/estimate/, () => {
        a.gas.spreadsheet.setActiveSheet(here);
        here502 = a.generate();
        a.gas.spreadsheet.setActiveSheet(other);
      });
      a.gas.clock.advance(10_000);
      await a.sim.control({ action: 'clearRequests' });
      expect(a.call('getProgress').unsettled ?? null).toBeNull();
      // The first tab's Generate waited for the poll's lock and charged nothing: nothing to hold, nothing lost.
      expect(here502).toMatchObject({ ok: false, error: { code: 'locked' } });
      expect((await a.requests()).filter((r) => r.path === `/campaigns/${mine.id}/generate`)).toEqual([]);
      a.gas.spreadsheet.setActiveSheet(here);
      expect(a.call('getSidebarState').unsettled ?? null).toBeNull();
      // Pressed again and answered late, its unknown outcome is held while the other tab polls.
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
      a.call('getProgress');
      a.gas.spreadsheet.setActiveSheet(other);
      a.call('getProgress');
      a.gas.spreadsheet.setActiveSheet(here);
      expect(a.call('getSidebarState').unsettled).toMatchObject({ action: 'generate' });
    });
  });

  describe('stored text', () => {
    it('should refuse a goal of more than 500 characters with a sentence, and make no campaign', async () => {
      a = await startAddon();
      a.connect();
      a.sheet([leadRow(1)]);
      const before = (await a.state()).campaigns.length;
      const r = a.call('createCampaign', {
        templateId: (await a.state()).workspaces[0]!.templates.find((t) => t.usable)!.id,
        name: 'Long goal',
        goal: 'x'.repeat(9000),
      });
      expect(r).toMatchObject({ ok: false, error: { code: 'bad_input' } });
      expect(r.error.message).toMatch(/goal is 9000 characters; the limit is 500/);
      expect((await a.state()).campaigns).toHaveLength(before);
      expect((await a.requests()).filter((x) => x.method === 'POST' && x.path === '/campaigns')).toEqual([]);
    });
  });

  describe('progress after a Stop over parts', () => {
    it('should count none of the cancelled people of any part as rendering, and name no stopped part for Stop again', async () => {
      a = await startAddon({ concurrency: 1, stageMs: 60_000 });
      a.connect();
      a.pushedCampaign(5);
      expect(a.generate()).toMatchObject({ ok: true, parts: 1 });
      addRows(a, 100, 5);
      expect(a.generate()).toMatchObject({ ok: true, parts: 1 });
      a.call('getProgress');
      const stop = a.stop();
      expect(stop).toMatchObject({ ok: true });
      expect(stop.parts).toHaveLength(2);
      const p = a.call('getProgress');
      expect(p.counts.rendering).toBe(stop.stillRendering);
      expect(p.counts.cancelled).toBe(stop.stopped);
      expect(stop.parts.every((x: any) => x.outcome === 'stopped' && x.stopped > 0)).toBe(true);
      // What still renders cannot be recalled: Stop is offered for no part.
      expect(p.parts.rendering).toEqual([]);
    });
  });
  describe('the record against the service', () => {
    it("should hold, per key and per part, what the service's ledger holds after a whole session", async () => {
      a = await startAddon({ concurrency: 2, stageMs: 40_000, faults: { failPeople: ['p4@example.com', 'p103@example.com'] } });
      a.connect();
      const owner = a.gas.user;
      a.call('setSpendingLimit', { creditsPerDay: 10_000 });
      a.pushedCampaign(8);
      expect(a.preview()).toMatchObject({ ok: true, made: 3 });
      await untilQuiet(a);
      a.call('getProgress');
      expect(a.generate()).toMatchObject({ ok: true, parts: 1 });
      // A second part whose Generate is answered by a gateway timeout and commits 5 seconds later.
      addRows(a, 100, 6);
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
      a.gas.clock.advance(10_000);
      expect(a.call('getProgress').unsettled ?? null).toBeNull();
      // A colleague watches with their own key while things fail.
      a.gas.clock.advance(4 * 60_000);
      a.gas.setUser(COLLEAGUE);
      a.connect(SIM_KEYS.readOnly);
      a.call('getProgress');
      a.gas.setUser(owner);
      a.call('getProgress');
      // A stop over both parts, with renders queued in each.
      expect(a.stop()).toMatchObject({ ok: true });
      a.gas.setUser(COLLEAGUE);
      a.call('getProgress');
      a.gas.setUser(owner);
      for (let i = 0; i < 20 && a.gas.triggers.length > 0; i++) {
        a.gas.clock.advance(5 * 60_000);
        a.gas.fireTimeTriggers();
        a.call('getProgress');
      }
      const sim = await a.state();
      expect(sim.ledger.filter((e) => e.kind === 'refund').length).toBeGreaterThan(0);
      const rows = record(a);
      expect(rows.every((r) => typeof r['Credits charged'] === 'number')).toBe(true);
      const net = (pairs: [string, number][]) => pairs.reduce<Record<string, number>>((m, [k, n]) => ({ ...m, [k]: (m[k] ?? 0) + n }), {});
      const service = sim.ledger.map((e) => [e.campaignId, e.kind === 'charge' ? e.credits : -e.credits] as [string, number]);
      const book = rows.map((r) => [String(r.Part), r['Credits charged'] as number] as [string, number]);
      expect(net(book)).toEqual(net(service));
      const byKey = (pairs: [string, number][]) => Object.fromEntries(Object.entries(net(pairs)).filter(([, n]) => n !== 0));
      expect(byKey(rows.map((r) => [String(r.Key), r['Credits charged'] as number]))).toEqual(
        byKey(sim.ledger.map((e) => [keyHint(e.key ?? ''), e.kind === 'charge' ? e.credits : -e.credits])),
      );
      const total = Object.values(net(service)).reduce((x, y) => x + y, 0);
      expect(a.call('getEstimate')).toMatchObject({ chargedToday: total, limit: { creditsPerDay: 10_000, spentToday: total } });
      a.gas.setUser(COLLEAGUE);
      expect(a.call('getEstimate').chargedToday).toBe(0);
    });
  });
});
