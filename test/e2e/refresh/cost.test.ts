// What watching costs (docs/rules.md#budgets): one request for a pass where nothing moved, Range calls that do not grow.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360 (readings of jest.config.cjs this file is not run under)
import { SIM_KEYS } from '../../../dev/sim/types';
import { leadRow, startAddon, type Addon } from '../harness';
import { addRows, colleagueCampaigns, ready, pushed, tick, simParts } from '../steps';

jest.setTimeout(240_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('refresh passes that cost little', () => {
  it('should make exactly one request for a pass over a campaign whose counts did not change', async () => {
    ({ a } = await ready(30));
    a.generate();
    a.gas.clock.advance(20_000);
    expect(a.call('refreshNow').ok).toBe(true);
    await a.sim.control({ action: 'configure', config: { faults: { stall: true } } });
    expect(a.call('refreshNow').ok).toBe(true);
    await a.sim.control({ action: 'clearRequests' });
    a.gas.counters.reset();
    expect(a.call('refreshNow')).toMatchObject({ ok: true, updated: 0 });
    expect(await a.requests()).toHaveLength(1);
    expect(a.gas.counters.fetches).toBe(1);
  });
});

describe('refresh passes that cost little', () => {
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
});

describe('watching many parts', () => {
  describe('watching costs little', () => {
    it('should read at most 3 requests a progress poll however many parts, each part in turn', async () => {
      a = await startAddon({ concurrency: 5, stageMs: 20_000 });
      a.connect();
      a.pushedCampaign(2001);
      expect(a.generate()).toMatchObject({ ok: true, parts: 5 });
      const parts = (await simParts(a, 'Q3 outreach')).map((p) => p.id);
      const detailed = new Set<string>();
      for (let poll = 0; poll < 6; poll++) {
        a.gas.clock.advance(30_000);
        await a.sim.control({ action: 'clearRequests' });
        const p = a.call('getProgress');
        expect(p).toMatchObject({ ok: true, counts: { total: 2001 } });
        const log = await a.requests();
        expect(log.length).toBeLessThanOrEqual(3);
        for (const r of log) if (/^\/campaigns\/[^/]+$/.test(r.path)) detailed.add(r.path.split('/')[2]!);
      }
      // Taken in turn: every part's detail was read within a few polls.
      expect([...detailed].sort()).toEqual([...parts].sort());
    });
  });
});

describe('parts outside the list, queued behind others', () => {
  it('should read each pass only the parts that can have moved: those rendering and the next two in line', async () => {
    // Two renders at a time across the workspace, the earliest started first: one part renders, the rest wait their turn.
    a = await startAddon({ concurrency: 100, workspaceConcurrency: 2, stageMs: 60_000 });
    a.connect();
    a.pushedCampaign(2);
    expect(a.generate()).toMatchObject({ ok: true, started: 2 });
    // People added while the parts before render go to a new part each time (docs/rules.md#parts).
    for (let p = 1; p < 8; p++) {
      addRows(a, 2 * p, 2);
      expect(a.generate()).toMatchObject({ ok: true, started: 2 });
    }
    const parts = await simParts(a, 'Q3 outreach');
    expect(parts).toHaveLength(8);
    // A minute for the service's rate limit: the colleague's hundred requests are theirs.
    a.gas.clock.advance(60_000);
    await colleagueCampaigns(a, 100);
    const perPass: number[] = [];
    for (let i = 0; i < 30 && a.gas.triggers.length > 0; i++) {
      await a.sim.control({ action: 'clearRequests' });
      tick(a);
      perPass.push((await a.requests()).filter((r) => r.method === 'GET' && /^\/campaigns\/[^/]+$/.test(r.path)).length);
    }
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
    // The first pass reads every part (none read yet since its Generate); after it, at most the part rendering, one
    // starting beside it and the two in line: never the eight.
    expect(perPass[0]).toBe(8);
    expect(Math.max(...perPass.slice(1))).toBeLessThanOrEqual(4);
    expect(perPass.length).toBeGreaterThan(5);
  });
});

/** Appends a row pasted from another sheet: its inputs, a Lead ID and a page this key never made. */
function pastedRow(a: Addon, leadId: string) {
  const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
  const heads = sheet.getRange(1, 1, 1, sheet.getLastColumn()).getValues()[0]!.map(String);
  const row = Array.from({ length: heads.length }, () => '');
  leadRow(77).forEach((v, i) => (row[i] = v));
  row[heads.indexOf('Lead ID')] = leadId;
  row[heads.indexOf('Page URL')] = 'https://elsewhere.example/p/1';
  sheet.appendRow(row);
  return { sheet, heads };
}

describe('a Lead ID the service does not know', () => {
  it('should ask about it once and note the row, not at every pass of the timer', async () => {
    a = await startAddon({ concurrency: 10, stageMs: 60_000 });
    a.connect();
    await pushed(a, 30);
    expect(a.generate()).toMatchObject({ ok: true });
    // A row pasted from another workspace's sheet: its Lead ID and page were never this key's.
    const { sheet, heads } = pastedRow(a, 'lead_pasted_from_elsewhere');
    await a.sim.control({ action: 'configure', config: { faults: { stall: true } } });
    await a.sim.control({ action: 'clearRequests' });
    for (let i = 0; i < 4; i++) tick(a);
    const asked = (await a.requests()).filter((r) => r.path === '/leads/lead_pasted_from_elsewhere');
    expect(asked).toHaveLength(1);
    expect(a.rows(sheet).at(-1)!['Video Note']).toBe(
      'The video service has no lead lead_pasted_from_elsewhere for this key (another workspace’s, or deleted).',
    );
    // The note names the Lead ID it was written for: another one typed over it is asked about afresh.
    sheet.getRange(sheet.getLastRow(), heads.indexOf('Lead ID') + 1).setValue('lead_typed_over');
    for (let i = 0; i < 3; i++) tick(a);
    expect((await a.requests()).filter((r) => r.path === '/leads/lead_typed_over')).toHaveLength(1);
    expect(a.gas.triggerErrors).toEqual([]);
  });

  it('should ask once about a lead the add-on sent and the service deleted, not at every pass', async () => {
    a = await startAddon({ concurrency: 2, stageMs: 60_000 });
    a.connect();
    await pushed(a, 10);
    expect(a.generate()).toMatchObject({ ok: true });
    const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
    const gone = String(a.rows(sheet)[0]!['Lead ID']);
    await a.sim.control({ action: 'deleteLead', leadId: gone });
    await a.sim.control({ action: 'clearRequests' });
    for (let i = 0; i < 30; i++) tick(a);
    expect((await a.requests()).filter((r) => r.path === `/leads/${gone}`).length).toBeLessThanOrEqual(1);
    expect(a.rows(sheet)[0]!['Video Note']).toBe(`The video service has no lead ${gone} for this key (another workspace’s, or deleted).`);
    expect(a.gas.triggerErrors).toEqual([]);
  });

  it("should not take another workspace's 404 as the answer: under a key that does not see the tab's campaign nothing is noted", async () => {
    a = await startAddon();
    a.connect();
    await pushed(a, 5);
    const { sheet } = pastedRow(a, 'lead_of_a_copied_row');
    a.connect(SIM_KEYS.other);
    a.call('refreshNow');
    expect(String(a.rows(sheet).at(-1)!['Video Note'])).not.toMatch(/has no lead/);
    a.connect();
    await a.sim.control({ action: 'clearRequests' });
    expect(a.call('refreshNow').ok).toBe(true);
    expect((await a.requests()).filter((r) => r.path === '/leads/lead_of_a_copied_row')).toHaveLength(1);
    expect(String(a.rows(sheet).at(-1)!['Video Note'])).toMatch(/has no lead lead_of_a_copied_row/);
  });
});
