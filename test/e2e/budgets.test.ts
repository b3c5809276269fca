// Campaigns of any size within Apps Script's daily quotas, end to end: parts, one request per idle
// pass, a stop that answers at once, visibility asked only of rows to send, an idle sidebar that
// costs nothing, and the deployments' uncertain cases ending in a sentence. The stand-in throws
// Apps Script's own errors when a quota given here is spent, so breaking a budget fails a test.
import { SIM_WORKSPACES } from '../../dev/sim/types';
import { HEADERS, leadRow, startAddon, type Addon } from './harness';

jest.setTimeout(240_000);

const FIVE_MINUTES = 5 * 60_000;

function tick(a: Addon): void {
  a.gas.clock.advance(FIVE_MINUTES);
  a.gas.fireTimeTriggers({ tolerateErrors: true });
}

async function pushed(a: Addon, n: number, name = 'Leads', first = 0) {
  a.sheet(
    Array.from({ length: n }, (_, i) => leadRow(first + i)),
    HEADERS,
    name,
  );
  const c = a.createCampaign(`${name} campaign`);
  a.selectRows(2, n + 1);
  const r = a.call('addSelectedRows');
  if (!r.ok || r.remaining) throw new Error(`push failed: ${JSON.stringify(r)}`);
  return c;
}

describe('budgets', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should take a 1,200-lead campaign from generate to its last link in three parts within 60 requests', async () => {
    a = await startAddon({ concurrency: 100 }, { quotas: { urlFetch: 80 } });
    a.connect();
    const c = await pushed(a, 1200);
    expect(new Set(a.column('Campaign ID')).size).toBe(3);
    await a.sim.control({ action: 'clearRequests' });
    const before = a.gas.quota.today().urlFetch;
    const gen = a.generate();
    expect(gen).toMatchObject({ ok: true, started: 1200, parts: 3 });
    for (let i = 0; i < 40 && a.gas.triggers.length > 0; i++) tick(a);
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.gas.triggerErrors).toEqual([]);
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
    const reqs = await a.requests();
    expect(reqs.filter((r) => r.path.startsWith('/leads/'))).toHaveLength(0);
    expect(a.gas.quota.today().urlFetch - before).toBeLessThanOrEqual(60);
    expect(c.id).toBeTruthy();
  });

  it('should cost one request for a pass where nothing moved, however many parts and tabs', async () => {
    a = await startAddon({ concurrency: 10, stageMs: 60_000 });
    a.connect();
    await pushed(a, 700, 'One');
    expect(a.generate()).toMatchObject({ ok: true, parts: 2 });
    await pushed(a, 30, 'Two', 1000);
    expect(a.generate()).toMatchObject({ ok: true, parts: 1 });
    tick(a);
    await a.sim.control({ action: 'configure', config: { faults: { stall: true } } });
    tick(a);
    await a.sim.control({ action: 'clearRequests' });
    tick(a);
    expect((await a.requests()).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /campaigns']);
  });

  it('should stop a one-part campaign with one request, and settle its rows within two passes after the last render', async () => {
    a = await startAddon({ concurrency: 5, stageMs: 20_000 });
    a.connect();
    const c = await pushed(a, 100);
    a.generate();
    a.gas.clock.advance(30_000);
    await a.sim.control({ action: 'clearRequests' });
    const t0 = a.gas.clock.now();
    expect(a.stop()).toMatchObject({ ok: true, stopped: 95, stillRendering: 5 });
    expect(await a.requests()).toHaveLength(1);
    expect(a.gas.clock.now() - t0).toBeLessThan(5_000);
    // The last renders end within one interval; two passes settle everything.
    a.gas.clock.advance(FIVE_MINUTES);
    tick(a);
    tick(a);
    const statuses = a.column('Video Status');
    expect(statuses.filter((s) => s === 'cancelled')).toHaveLength(95);
    expect(statuses.filter((s) => s === 'complete')).toHaveLength(5);
    expect(c.id).toBeTruthy();
  });

  it('should settle a stop pressed after a timer run showed the rows rendering (queued leads are cancelled too)', async () => {
    a = await startAddon({ concurrency: 5, stageMs: 20_000 });
    a.connect();
    await pushed(a, 100);
    a.generate();
    tick(a);
    expect(a.column('Video Status').filter((s) => s === 'rendering').length).toBeGreaterThan(50);
    const stop = a.stop();
    expect(stop).toMatchObject({ ok: true });
    a.gas.clock.advance(FIVE_MINUTES);
    tick(a);
    tick(a);
    const statuses = a.column('Video Status');
    expect(statuses.filter((s) => s === 'cancelled')).toHaveLength(stop.stopped);
    expect(statuses.filter((s) => s === 'complete')).toHaveLength(100 - stop.stopped);
    expect(a.gas.triggers).toHaveLength(0);
  });

  it('should generate several parts right after the estimate without reading every estimate again', async () => {
    a = await startAddon();
    a.connect();
    await pushed(a, 1200);
    const est = a.call('getEstimate');
    await a.sim.control({ action: 'clearRequests' });
    expect(a.call('startGenerate', { campaignId: a.boundCampaignId(), high: est.high })).toMatchObject({ ok: true, parts: 3, started: 1200 });
    const kinds = (await a.requests()).map((r) => `${r.method} ${r.path.replace(/\/campaigns\/[^/]+/, '/campaigns/{id}')}`);
    expect(kinds).toEqual(['GET /campaigns', 'POST /campaigns/{id}/generate', 'POST /campaigns/{id}/generate', 'POST /campaigns/{id}/generate']);
  });

  it('should stop at the first part that fails to generate and say which parts started and what was charged', async () => {
    a = await startAddon();
    a.connect();
    await pushed(a, 600);
    const est = a.call('getEstimate');
    // Enough for the first part of 500, not for the second.
    await a.sim.control({ action: 'setWorkspace', workspaceId: SIM_WORKSPACES.main, balance: 1600 });
    const r = a.generate(est.high);
    expect(r).toMatchObject({ ok: false, error: { code: 'insufficient_credits' } });
    expect(r.error.message).toMatch(/1 of 2 parts had started \(500 videos, 1500 credits charged\)/);
    const generates = (await a.requests()).filter((q) => q.path.endsWith('/generate'));
    expect(generates).toHaveLength(2);
  });

  it('should ask for row visibility only of rows that would be sent', async () => {
    a = await startAddon();
    a.connect();
    await pushed(a, 300);
    a.sheet([], HEADERS, 'Scratch');
    a.gas.spreadsheet.setActiveSheet(a.gas.spreadsheet.getSheetByName('Leads')!);
    a.selectRows(2, 301);
    a.gas.counters.reset();
    expect(a.call('getActiveContext')).toMatchObject({ ok: true, selection: { rows: 300 }, sampleRow: null });
    expect(a.call('getSidebarState')).toMatchObject({ ok: true });
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, alreadySent: 300 });
    expect(a.gas.counters.byMember['Sheet.isRowHiddenByUser'] ?? 0).toBe(0);
  });

  it('should keep an idle open sidebar under 300 property operations and no UrlFetch an hour', async () => {
    a = await startAddon({}, { quotas: { propertyOps: 300, urlFetch: 10 } });
    a.connect();
    await pushed(a, 5);
    const start = a.gas.quota.today();
    // What the sidebar calls at load, then its once-a-second poll for an hour.
    expect(a.call('getSidebarState').ok).toBe(true);
    for (let s = 0; s < 3600; s++) {
      a.gas.clock.advance(1000);
      expect(a.call('getActiveContext').ok).toBe(true);
    }
    const end = a.gas.quota.today();
    expect(end.propertyOps - start.propertyOps).toBeLessThanOrEqual(300);
    expect(end.urlFetch - start.urlFetch).toBe(0);
  });

  it('should record a spent UrlFetch quota for the sidebar instead of failing silently', async () => {
    a = await startAddon({ stageMs: 600_000 }, { quotas: { urlFetch: 9 } });
    a.connect();
    await pushed(a, 5);
    a.generate();
    for (let i = 0; i < 5; i++) tick(a);
    expect(a.gas.quota.today().urlFetch).toBe(9);
    const last = a.call('getSidebarState').lastRefresh;
    expect(last.error).toMatch(/daily limit .*too many times for one day: urlfetch/);
  });

  it('should say so in the sidebar when a timer ran without its spreadsheet while videos still render', async () => {
    a = await startAddon({ stageMs: 10 * 60_000 }, { nullSpreadsheetInTriggers: true });
    a.connect();
    await pushed(a, 5);
    a.generate();
    tick(a);
    const state = a.call('getSidebarState');
    expect(state.lastRefresh).toMatchObject({ error: expect.stringMatching(/did not give it the spreadsheet/) });
  });

  it('should put back a lost trigger when the sidebar opens on a tab still rendering, and say so', async () => {
    a = await startAddon({ stageMs: 60_000 });
    a.connect();
    await pushed(a, 5);
    a.generate();
    expect(a.gas.triggers).toHaveLength(1);
    a.gas.loseTrigger();
    expect(a.gas.triggers).toHaveLength(0);
    const state = a.call('getSidebarState');
    expect(state.autoRefresh).toMatchObject({ on: true, timerRestored: true, owner: { you: true } });
    expect(a.gas.triggers).toHaveLength(1);
    for (let i = 0; i < 10 && a.gas.triggers.length > 0; i++) tick(a);
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
  });
});
