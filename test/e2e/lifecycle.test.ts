// Estimate, preview, generate, stop and the refresh timer end to end, on one virtual clock.
import { SIM_KEYS } from '../../dev/sim/types';
import { leadRow, startAddon, type Addon } from './harness';

/** src/refresh/refresh.ts HUNT_LIMIT: rows polled a pass, at most, while renders run. */
const HUNT_LIMIT = 50;

jest.setTimeout(180_000);

const FIVE_MINUTES = 5 * 60_000;

/**
 * n leads pushed to a new campaign (parts of 500), or with `onePart` to an existing API campaign
 * chosen from the list, which stays one part however big.
 */
async function ready(n: number, config: Parameters<typeof startAddon>[0] = {}, onePart = false): Promise<{ a: Addon; campaignId: string }> {
  const a = await startAddon(config);
  a.connect();
  a.sheet(Array.from({ length: n }, (_, i) => leadRow(i)));
  let campaign = a.createCampaign();
  if (onePart) {
    a.sheet([], undefined, 'Other');
    a.gas.spreadsheet.setActiveSheet(a.gas.spreadsheet.getSheetByName('Leads')!);
    const picked = a.call('selectCampaign', { campaignId: campaign.id });
    a.gas.properties.document.deleteProperty(`campaign.${campaign.id}`);
    campaign = picked.campaign;
  }
  a.selectRows(2, n + 1);
  const pushed = a.call('addSelectedRows');
  if (!pushed.ok || pushed.remaining) throw new Error(`push failed: ${JSON.stringify(pushed)}`);
  return { a, campaignId: campaign.id };
}

async function expectSheetMatchesSimulator(a: Addon, campaignId: string) {
  // The campaign and its later parts (docs/rules.md#parts).
  const st = await a.state();
  const first = st.campaigns.find((c) => c.id === campaignId)!;
  const parts = st.campaigns.filter((c) => c.id === campaignId || c.name.startsWith(`${first.name} · part `));
  const byId = new Map(parts.flatMap((c) => c.leads).map((l) => [l.id, l]));
  for (const r of a.rows().filter((row) => row['Lead ID'])) {
    const lead = byId.get(String(r['Lead ID']))!;
    expect(r['Campaign ID']).toBe(lead.campaignId);
    expect([r['First name'], r['Company']]).toEqual([lead.firstName, lead.company]);
    expect(r['Video Status']).toBe(lead.status);
    expect(r['Video URL']).toBe(lead.videoReady ? lead.videoUrl : '');
  }
}

describe('money and refresh', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should fill every row with its video after generate, on the timer, matching the simulator', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(50));
    const est = a.call('getEstimate');
    expect(est).toMatchObject({ ok: true, leads: 50, affordable: true });
    const gen = a.generate();
    expect(gen).toMatchObject({ ok: true, started: 50, autoRefresh: { on: true, intervalMinutes: 5 } });
    expect(a.gas.triggers).toHaveLength(1);
    a.runTimerUntilDone();
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
    await expectSheetMatchesSimulator(a, campaignId);
    const state = a.call('getSidebarState');
    expect(state.lastRefresh).toMatchObject({ error: null });
  });

  it('should put each video on its own row when rows are sorted, inserted and deleted while rendering', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(30, { concurrency: 5 }));
    a.generate();
    a.gas.clock.advance(FIVE_MINUTES);
    a.gas.fireTimeTriggers();
    const sheet = a.gas.spreadsheet.getActiveSheet();
    sheet.sortBy(2, false);
    sheet.insertRowsBefore(5, 2);
    sheet.deleteRow(12);
    a.runTimerUntilDone();
    expect(a.column('Video Status').filter((s) => s === 'complete')).toHaveLength(29);
    await expectSheetMatchesSimulator(a, campaignId);
  });

  it('should skip a timer run while another run holds the document, and catch up on the next', async () => {
    ({ a } = await ready(5));
    a.generate();
    a.gas.holdDocumentLock();
    await a.sim.control({ action: 'clearRequests' });
    a.gas.clock.advance(FIVE_MINUTES);
    a.gas.fireTimeTriggers();
    expect(await a.requests()).toHaveLength(0);
    expect(a.gas.triggers).toHaveLength(1);
    a.gas.releaseDocumentLock();
    a.runTimerUntilDone();
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
  });

  it('should keep the last timer error for the sidebar, and clear it on the next good run', async () => {
    ({ a } = await ready(5));
    a.generate();
    await a.sim.control({ action: 'configure', config: { faults: { apiOff: true } } });
    a.gas.clock.advance(FIVE_MINUTES);
    a.gas.fireTimeTriggers({ tolerateErrors: true });
    expect(a.call('getSidebarState').lastRefresh).toMatchObject({ error: expect.stringMatching(/switched off/) });
    expect(a.gas.triggers).toHaveLength(1);
    await a.sim.control({ action: 'configure', config: { faults: { apiOff: false } } });
    a.runTimerUntilDone();
    expect(a.call('getSidebarState').lastRefresh).toMatchObject({ error: null });
  });

  it('should say so on a row whose page expired, and leave no dead page link', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(4));
    a.generate();
    const leadId = String(a.column('Lead ID')[0]);
    await a.sim.control({ action: 'expirePage', leadId });
    a.runTimerUntilDone();
    const row = a.rows().find((r) => r['Lead ID'] === leadId)!;
    expect(row['Video Note']).toMatch(/page has expired/);
    expect(row['Page URL']).toBe('');
    await expectSheetMatchesSimulator(a, campaignId);
  });

  it('should charge a preview once, switch the timer on, and leave the rest to estimate', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(10));
    await a.sim.control({ action: 'clearRequests' });
    const p = a.preview();
    expect(p).toMatchObject({ ok: true, autoRefresh: { on: true } });
    expect(p.made).toBeGreaterThan(0);
    expect(p.creditsCharged).toBeGreaterThan(0);
    expect((await a.requests()).filter((q) => q.path.endsWith('/preview'))).toHaveLength(1);
    a.runTimerUntilDone();
    expect(a.column('Video Status').filter((s) => s === 'complete')).toHaveLength(p.made);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 10 - p.made });
    const st = await a.state();
    expect(st.ledger.filter((e) => e.kind === 'charge' && e.campaignId === campaignId)).toHaveLength(1);
  });

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

  it('should keep looking at a finished lead whose file comes late, although the counts no longer change', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(5, { videoReadyLagMs: 12 * 60_000 }));
    a.generate();
    a.gas.clock.advance(FIVE_MINUTES);
    a.gas.fireTimeTriggers();
    expect((await a.state()).campaigns.find((c) => c.id === campaignId)!.leads.every((l) => l.status === 'complete' && !l.videoReady)).toBe(true);
    expect(a.column('Video Status')).toEqual(Array(5).fill('rendering'));
    a.runTimerUntilDone();
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.column('Video URL').every((u) => String(u).endsWith('/video'))).toBe(true);
    await expectSheetMatchesSimulator(a, campaignId);
  });

  it('should complete every row of a 600-lead campaign although the videos list stops at 500', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(600, { concurrency: 600 }));
    a.generate();
    a.runTimerUntilDone();
    expect(a.column('Video Status').filter((s) => s === 'complete')).toHaveLength(600);
    expect(a.column('Video URL').every((u) => String(u).endsWith('/video'))).toBe(true);
    await expectSheetMatchesSimulator(a, campaignId);
  });

  describe('a 1,000-lead campaign past the 500 the videos list holds', () => {
    const WAVE_MS = 30_000;

    /** refreshNow after each 30 s render wave of 200 videos until nothing is left; each pass's requests by kind. */
    async function passesWhileRendering(a: Addon): Promise<{ total: number; leads: number }[]> {
      const passes: { total: number; leads: number }[] = [];
      for (let i = 0; i < 12 && a.column('Video Status').some((s) => s !== 'complete'); i++) {
        a.gas.clock.advance(WAVE_MS);
        await a.sim.control({ action: 'clearRequests' });
        expect(a.call('refreshNow').ok).toBe(true);
        const reqs = await a.requests();
        passes.push({ total: reqs.length, leads: reqs.filter((r) => r.path.startsWith('/leads/')).length });
      }
      return passes;
    }

    it.each(['newest', 'oldest'] as const)(
      'should split 1,000 leads into parts of 500 and fill every link from the lists, never polling leads (list keeps the %s)',
      async (videosOrder) => {
        let campaignId: string;
        ({ a, campaignId } = await ready(1000, { concurrency: 200, videosOrder }));
        expect(new Set(a.column('Campaign ID')).size).toBe(2);
        a.generate();
        const passes = await passesWhileRendering(a);
        expect(passes.length).toBeGreaterThanOrEqual(3);
        // One list, then per changed part a detail and a videos list.
        expect(passes.every((p) => p.leads === 0 && p.total <= 5)).toBe(true);
        expect(a.column('Video URL').every((u) => String(u).endsWith('/video'))).toBe(true);
        await expectSheetMatchesSimulator(a, campaignId);
        await a.sim.control({ action: 'clearRequests' });
        a.call('refreshNow');
        expect((await a.requests()).length).toBeLessThanOrEqual(1);
      },
    );

    it('should hunt the videos the list leaves out of a one-part campaign a few rows a pass, and cost one request when nothing changed', async () => {
      let campaignId: string;
      ({ a, campaignId } = await ready(1000, { concurrency: 100, videosOrder: 'oldest' }, true));
      expect(new Set(a.column('Campaign ID'))).toEqual(new Set([campaignId]));
      a.generate();
      a.gas.clock.advance(6 * WAVE_MS);
      await a.sim.control({ action: 'configure', config: { faults: { stall: true } } });
      await a.sim.control({ action: 'clearRequests' });
      a.call('refreshNow');
      const first = await a.requests();
      expect(first.filter((r) => r.path.startsWith('/leads/')).length).toBe(HUNT_LIMIT);
      await a.sim.control({ action: 'clearRequests' });
      a.call('refreshNow');
      expect(await a.requests()).toHaveLength(1);
      await a.sim.control({ action: 'configure', config: { faults: { stall: false } } });
      const passes = await passesWhileRendering(a);
      // Renders run through every pass but the last, which polls whatever the list still leaves out.
      const last = passes.pop()!;
      expect(passes.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(...passes.map((p) => p.total))).toBeLessThanOrEqual(3 + HUNT_LIMIT);
      expect(last.leads).toBeLessThan(500);
      a.runTimerUntilDone();
      expect(a.column('Video URL').every((u) => String(u).endsWith('/video'))).toBe(true);
      await expectSheetMatchesSimulator(a, campaignId);
    });
  });

  it('should end right with 20% of replies 500 and 20% 429, charging generate once and retrying only what may be retried', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(40, { failRate: 0.1 }));
    await a.sim.control({ action: 'configure', config: { faults: { error500Rate: 0.2, rate429Rate: 0.2 } } });
    await a.sim.control({ action: 'clearRequests' });
    // The person presses Generate until it is accepted; a refused press charged nothing.
    let gen = a.generate();
    for (let i = 0; i < 10 && !gen.ok; i++) {
      expect(['internal', 'rate_limited']).toContain(gen.error.code);
      gen = a.generate();
    }
    expect(gen.ok).toBe(true);
    a.runTimerUntilDone(80);
    await a.sim.control({ action: 'configure', config: { faults: { error500Rate: 0, rate429Rate: 0 } } });
    if (a.gas.triggers.length) a.runTimerUntilDone();
    await expectSheetMatchesSimulator(a, campaignId);
    const st = await a.state();
    expect(st.ledger.filter((e) => e.kind === 'charge' && e.campaignId === campaignId)).toHaveLength(1);
    const log = await a.requests();
    const generates = log.filter((q) => q.path.endsWith('/generate'));
    expect(generates.filter((q) => q.status === 200)).toHaveLength(1);
    // After a reply no retry may follow, the next request is never the same call again.
    log.forEach((q, i) => {
      const next = log[i + 1];
      if (q.code && !['internal', 'rate_limited', 'campaign_busy'].includes(q.code) && next) {
        expect(`${next.method} ${next.path}`).not.toBe(`${q.method} ${q.path}`);
      }
    });
    const failedRows = a.rows().filter((r) => r['Video Status'] === 'failed');
    for (const r of failedRows) expect(String(r['Video Note'])).toMatch(/refunded/);
  });

  it('should never send generate twice when its reply is lost, and say the outcome is unknown', async () => {
    ({ a } = await ready(10));
    await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
    await a.sim.control({ action: 'clearRequests' });
    const r = a.generate();
    expect(r).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(r.error.message).toMatch(/outcome is unknown/);
    const log = await a.requests();
    expect(log.filter((q) => q.path.endsWith('/generate'))).toHaveLength(1);
    expect(log.some((q) => q.method === 'GET' && /^\/campaigns\/[^/]+$/.test(q.path))).toBe(true);
  });

  it('should answer stop at once with one request, and settle every row on the next passes', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(60, { concurrency: 10, stageMs: 20_000 }));
    a.generate();
    a.gas.clock.advance(30_000);
    const campaign = a.boundCampaignId();
    await a.sim.control({ action: 'clearRequests' });
    const stop = a.call('stopCampaign', { campaignId: campaign });
    expect(stop).toMatchObject({ ok: true, status: 'stopped', stillRendering: 10, stopped: 50 });
    expect((await a.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([`POST /campaigns/${campaignId}/stop`]);
    const st = await a.state();
    const leads = st.campaigns.find((c) => c.id === campaignId)!.leads;
    expect(leads.filter((l) => l.status === 'cancelled' && l.charged === 0)).toHaveLength(50);
    expect(st.ledger.filter((e) => e.kind === 'refund' && e.campaignId === campaignId).reduce((n, e) => n + e.credits, 0)).toBeGreaterThan(0);
    // The timer is on: the next pass settles the cancelled rows from the counts.
    expect(a.gas.triggers).toHaveLength(1);
    a.gas.clock.advance(FIVE_MINUTES);
    a.gas.fireTimeTriggers();
    expect(a.column('Video Status').filter((s) => s === 'cancelled')).toHaveLength(50);
    a.runTimerUntilDone();
    expect(a.column('Video Status').filter((s) => s === 'complete')).toHaveLength(10);
    await expectSheetMatchesSimulator(a, campaignId);
  });

  it('should carry stalled in getProgress while the service is stalled', async () => {
    ({ a } = await ready(10));
    a.generate();
    await a.sim.control({ action: 'configure', config: { faults: { stall: true } } });
    a.gas.clock.advance(10 * 60_000);
    const p = a.call('getProgress');
    expect(p.ok).toBe(true);
    expect(p.stalled).toBeDefined();
    await a.sim.control({ action: 'configure', config: { faults: { stall: false } } });
    expect(a.call('getProgress').stalled).toBeUndefined();
  });

  it('should keep exactly one trigger, remove it when off, and remove it itself once all is done', async () => {
    ({ a } = await ready(5));
    expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true, on: true, intervalMinutes: 5 });
    expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true, on: true });
    expect(a.gas.triggers).toHaveLength(1);
    expect(a.call('setAutoRefresh', { on: false })).toMatchObject({ ok: true, on: false });
    expect(a.gas.triggers).toHaveLength(0);
    a.generate();
    expect(a.gas.triggers).toHaveLength(1);
    a.gas.clock.advance(60 * 60_000);
    a.gas.fireTimeTriggers();
    expect(a.gas.triggers).toHaveLength(0);
  });

  it('should fall back to an hourly trigger where Apps Script refuses minutes', async () => {
    a = await startAddon();
    a.gas.addonMode = true;
    a.connect();
    a.sheet([leadRow(1)]);
    expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true, intervalMinutes: 60 });
  });

  it('should tell the person what to do for each refusal of a charge', async () => {
    // 6 leads cost 12 credits or more: over the low-cap key's daily allowance of 10.
    ({ a } = await ready(6));
    await a.sim.control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 0 });
    expect(a.generate().error).toMatchObject({ code: 'insufficient_credits', message: expect.stringMatching(/Top up/) });
    await a.sim.control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 10000, pastDue: true });
    expect(a.generate().error).toMatchObject({ code: 'past_due', message: expect.stringMatching(/payment/) });
    await a.sim.control({ action: 'setWorkspace', workspaceId: 'ws_main', pastDue: false });
    a.connect(SIM_KEYS.lowCap);
    expect(a.generate().error).toMatchObject({ code: 'cap_reached', message: expect.stringMatching(/midnight UTC/) });
    a.connect(SIM_KEYS.write);
    expect(a.generate()).toMatchObject({ ok: true });
    a.gas.clock.advance(60 * 60_000);
    expect(a.generate().error).toMatchObject({ code: 'not_ready', message: expect.stringMatching(/Add people/) });
  });

  it('should export the finished videos to a new tab as literal text', async () => {
    a = await startAddon({ idPrefix: '=' });
    a.connect();
    a.sheet([leadRow(1, { first: '=HYPERLINK("x")' }), leadRow(2)]);
    a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    for (const id of a.column('Lead ID')) expect(String(id)).toMatch(/^=ld_/);
    for (const id of a.column('Campaign ID')) expect(String(id)).toMatch(/^=cmp_/);
    a.generate();
    a.runTimerUntilDone();
    const r = a.call('exportFinishedVideos');
    expect(r).toMatchObject({ ok: true, count: 2 });
    const out = a.gas.spreadsheet.getSheetByName(r.sheetName)!;
    const values = out.getDataRange().getValues();
    expect(values[0]).toEqual(['Lead ID', 'First name', 'Company', 'Email', 'Page URL', 'Video URL']);
    expect(values.flat()).toContain('=HYPERLINK("x")');
    expect(a.gas.spreadsheet.getActiveSheet().getName()).toBe(r.sheetName);
    for (const s of a.gas.spreadsheet.getSheets()) {
      expect(s.getDataRange().getFormulas().flat().filter(Boolean)).toEqual([]);
    }
  });

  it("should export the finished videos of every part, in the sheet's row order, send-ready", async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(520, { concurrency: 100 }));
    expect(new Set(a.column('Campaign ID')).size).toBe(2);
    a.generate();
    a.runTimerUntilDone();
    a.gas.spreadsheet.getActiveSheet().sortBy(3, false);
    const order = a.rows().map((r) => r['Lead ID']);
    const r = a.call('exportFinishedVideos');
    expect(r).toMatchObject({ ok: true, count: 520 });
    const out = a.gas.spreadsheet.getSheetByName(r.sheetName)!;
    const values = out.getDataRange().getValues();
    expect(values.slice(1).map((v) => v[0])).toEqual(order);
    expect(values[1]![3]).toMatch(/@example\.com$/);
    expect(campaignId).toBeTruthy();
  });
});
