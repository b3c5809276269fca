// Estimate, preview and generate (docs/rules.md#spending): money goes only where the person looked, and only once.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { holds, rangeOf } from './figures';
import { SIM_KEYS, SIM_PRICES, SIM_WORKSPACES } from '../../../dev/sim/types';
import { HEADERS, leadRow, startAddon, type Addon } from '../harness';
import { chargedCredits, leadsOf, rowOf, ready, expectSheetMatchesSimulator, pushed, UNKNOWN_CHARGE, creditsRows, simParts, failedAndWaiting } from '../steps';
import { NO_SUCH_CAMPAIGN } from '../../../src/server/calls/connection';

jest.setTimeout(300_000);

const TWO_MINUTES = 2 * 60_000;

/** The add-on's record of the campaign's parts, as kept in the document. */
function recordedParts(a: Addon, firstPartId: string): string[] {
  const raw = a.gas.properties.document.getProperty(`campaign.${firstPartId}`);
  return raw ? (JSON.parse(raw) as { parts: { id: string }[] }).parts.map((p) => p.id) : [firstPartId];
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('money at the edges', () => {
  describe('money goes only where the person looked', () => {
    it("should refuse a generate or stop confirmed on another tab's campaign, charging nothing", async () => {
      a = await startAddon();
      a.connect();
      a.sheet([leadRow(1)], HEADERS, 'Small');
      const small = a.createCampaign('Small');
      a.selectRows(2, 2);
      a.call('addSelectedRows');
      const shown = a.call('getEstimate');
      expect(shown).toMatchObject({ ok: true, leads: 1 });

      a.sheet(
        Array.from({ length: 30 }, (_, i) => leadRow(100 + i)),
        HEADERS,
        'Big',
      );
      const big = a.createCampaign('Big');
      a.selectRows(2, 31);
      a.call('addSelectedRows');

      const gen = a.call('startGenerate', { campaignId: small.id, high: shown.high });
      expect(gen).toMatchObject({ ok: false, error: { code: 'campaign_changed' }, campaign: { id: big.id } });
      expect(a.call('stopCampaign', { campaignId: small.id })).toMatchObject({ ok: false, error: { code: 'campaign_changed' } });
      expect(a.call('startPreview', { campaignId: small.id })).toMatchObject({ ok: false, error: { code: 'campaign_changed' } });
      const writes = (await a.requests()).filter((r) => /\/(generate|preview|stop)$/.test(r.path) && !r.path.includes(NO_SUCH_CAMPAIGN));
      expect(writes).toEqual([]);
      expect(await chargedCredits(a, big.id)).toBe(0);
      expect(await chargedCredits(a, small.id)).toBe(0);
    });

    it('should refuse a generate whose fresh estimate is above the confirmed figure, with the new figures', async () => {
      a = await startAddon();
      a.connect();
      a.sheet(Array.from({ length: 6 }, (_, i) => leadRow(i)));
      const c = a.createCampaign();
      a.selectRows(2, 2);
      a.call('addSelectedRows');
      const confirmed = a.call('getEstimate').high;
      // Someone adds people while the confirmation is open.
      a.selectRows(3, 7);
      a.call('addSelectedRows');
      const r = a.generate(confirmed);
      expect(r).toMatchObject({ ok: false, error: { code: 'quote_changed' }, estimate: { leads: 6, high: 6 * (SIM_PRICES.video + SIM_PRICES.lookup) } });
      expect(await chargedCredits(a, c.id)).toBe(0);
      expect(a.generate(r.estimate.high)).toMatchObject({ ok: true, started: 6 });
    });
  });

  it('should see people added to one part of several after the estimate, and ask again', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(Array.from({ length: 610 }, (_, i) => leadRow(i)));
    a.createCampaign();
    a.selectRows(2, 601);
    a.call('addSelectedRows');
    const confirmed = a.call('getEstimate').high;
    a.selectRows(602, 611);
    a.call('addSelectedRows');
    const r = a.generate(confirmed);
    expect(r).toMatchObject({ ok: false, error: { code: 'quote_changed' }, estimate: { leads: 610 } });
    expect((await a.requests()).filter((q) => q.path.endsWith('/generate'))).toEqual([]);
  });

  describe('no "try again" after a charge that happened', () => {
    it('should report a preview answered by a 502 after it charged as an unknown outcome, sent once', async () => {
      a = await startAddon();
      a.connect();
      const c = a.pushedCampaign(5);
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/preview$' } } });
      const r = a.preview();
      expect(r).toMatchObject({ ok: false, error: { code: 'network' } });
      expect(r.error.message).toMatch(/may have started and charged/);
      expect(r.error.message).not.toMatch(/try again/i);
      expect(r.progress).toMatchObject({ campaignId: c.id });
      expect((await a.requests()).filter((q) => q.path.endsWith('/preview'))).toHaveLength(1);
      expect(await chargedCredits(a, c.id)).toBeGreaterThan(0);
    });

    it('should find a campaign whose create was answered by a 502, and make only one', async () => {
      a = await startAddon();
      a.connect();
      a.sheet([leadRow(1)]);
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns$' } } });
      const r = a.call('createCampaign', { templateId: 'tpl_ready', name: 'Gateway' });
      expect(r).toMatchObject({ ok: true, campaign: { name: 'Gateway' } });
      expect((await a.state()).campaigns.filter((c) => c.name === 'Gateway')).toHaveLength(1);
    });

    it('should never send stop twice when its answer is a 502, and show the state instead of "0 cancelled"', async () => {
      a = await startAddon({ concurrency: 2, stageMs: 20_000 });
      a.connect();
      const c = a.pushedCampaign(10);
      a.generate();
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/stop$' } } });
      const r = a.stop();
      expect(r).toMatchObject({ ok: false, error: { code: 'network' } });
      expect(r.error.message).toMatch(/may have stopped/);
      expect(r.error.message).not.toMatch(/0 cancelled|try again/i);
      // The key's write check on saving (a stop of no campaign) is not a stop of this one.
      expect((await a.requests()).filter((q) => q.path.endsWith('/stop') && !q.path.includes(NO_SUCH_CAMPAIGN))).toHaveLength(1);
      expect((await leadsOf(a, c.id)).filter((l) => l.status === 'cancelled').length).toBeGreaterThan(0);
    });

    it('should answer a generate whose reply is an HTML 502 as unknown, sent once, with the state read after', async () => {
      a = await startAddon();
      a.connect();
      const c = a.pushedCampaign(4);
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      const r = a.generate();
      expect(r).toMatchObject({ ok: false, error: { code: 'network' }, progress: { campaignId: c.id } });
      expect((await a.requests()).filter((q) => q.path.endsWith('/generate'))).toHaveLength(1);
      expect(await chargedCredits(a, c.id)).toBe(4 * (SIM_PRICES.video + SIM_PRICES.lookup));
    });
  });
});

describe('generate after a follow-up', () => {
  it('should keep the tab on its campaign and generate everyone waiting in any part with the next Generate', async () => {
    const c = await failedAndWaiting((x) => (a = x));
    const r = a.call('resendFailedRows', {});
    expect(r).toMatchObject({ ok: true, campaign: { id: c.id }, failedRows: 1, result: { added: 1 } });
    expect(a.boundCampaignId()).toBe(c.id);
    expect(rowOf(a, 3)).toMatchObject({ 'Campaign ID': r.part.id, 'Video Status': 'pending' });
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2 });
    expect(a.generate()).toMatchObject({ ok: true, started: 2 });
    a.runTimerUntilDone();
    a.call('refreshNow');
    expect(a.column('Video Status')).toEqual(['complete', 'complete', 'complete', 'complete']);
  });
});

describe('preview and generate', () => {
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

  it('should never send generate twice when its reply is lost, and say it may have started and charged, in plain words', async () => {
    ({ a } = await ready(10));
    await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
    await a.sim.control({ action: 'clearRequests' });
    const r = a.generate();
    expect(r).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(r.error.message).toMatch(/^No clear answer came back after asking to generate: it may have started and charged\./);
    expect(r.error.message).not.toMatch(/outcome is unknown/);
    const log = await a.requests();
    expect(log.filter((q) => q.path.endsWith('/generate'))).toHaveLength(1);
    expect(log.some((q) => q.method === 'GET' && /^\/campaigns\/[^/]+$/.test(q.path))).toBe(true);
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
});

describe('generate within its budget', () => {
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
});

describe('generate over many parts', () => {
  describe('a charge that commits after the gateway gave up', () => {
    it('should never record it as nothing charged, refuse Generate until settled, and complete the record with the real figure', async () => {
      a = await startAddon();
      a.connect();
      const c = a.pushedCampaign(10);
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      const quote = a.call('getEstimate');
      const first = a.call('startGenerate', { campaignId: c.id, high: quote.high });
      expect(first).toMatchObject({ ok: false, error: { code: 'network' } });
      expect(first.error.message).not.toMatch(/nothing was charged/i);
      expect(creditsRows(a)[0]!['Credits charged']).not.toBe(0);
      expect(creditsRows(a)[0]!['Credits charged']).toBe(UNKNOWN_CHARGE);
      const progress = a.call('getProgress');
      expect(progress.unsettled).toMatchObject({ action: 'generate' });
      expect(Date.parse(progress.unsettled.knownBy) - Date.parse(progress.unsettled.since)).toBeLessThanOrEqual(TWO_MINUTES);
      expect(a.call('getSidebarState').unsettled).toMatchObject({ action: 'generate' });
      // Refused server-side while unsettled: nothing is sent.
      await a.sim.control({ action: 'clearRequests' });
      expect(a.call('startGenerate', { campaignId: c.id, high: quote.high })).toMatchObject({ ok: false, error: { code: 'unsettled' } });
      expect(a.call('startPreview', { campaignId: c.id })).toMatchObject({ ok: false, error: { code: 'unsettled' } });
      expect((await a.requests()).filter((r) => r.method === 'POST')).toEqual([]);
      // The charge commits; the timer's next run sees the counts move and completes the record.
      a.gas.clock.advance(5 * 60_000);
      a.gas.fireTimeTriggers();
      const charged = (await a.state()).ledger.filter((e) => e.kind === 'charge').reduce((n, e) => n + e.credits, 0);
      expect(charged).toBeGreaterThan(0);
      // Its figure is what its own quote bounds for the people who started (docs/rules.md#unknown-outcomes).
      expect(holds(rangeOf(creditsRows(a)[0]!['Credits charged']), charged)).toBe(true);
      expect(a.call('getProgress').unsettled ?? null).toBeNull();
    });

    it('should settle as nothing charged only once two minutes passed with neither counts nor balance moving', async () => {
      a = await startAddon();
      a.connect();
      const c = a.pushedCampaign(3);
      const quote = a.call('getEstimate');
      // The service refuses (too few credits) behind a gateway's page: unknown, and in truth nothing charged.
      await a.sim.control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 1 });
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      expect(a.call('startGenerate', { campaignId: c.id, high: quote.high })).toMatchObject({ ok: false, error: { code: 'network' } });
      expect(creditsRows(a)[0]!['Credits charged']).toBe(UNKNOWN_CHARGE);
      a.gas.clock.advance(60_000);
      expect(a.call('getProgress').unsettled).toMatchObject({ action: 'generate' });
      a.gas.clock.advance(61_000);
      expect(a.call('getProgress').unsettled ?? null).toBeNull();
      expect(creditsRows(a)[0]).toMatchObject({ 'Credits charged': 0 });
      expect((await a.state()).ledger).toEqual([]);
    });
  });

  describe('no part lost to a push in the middle of a Generate', () => {
    it('should keep every part the campaign has when a push lands while Generate is reading its estimates', async () => {
      a = await startAddon();
      a.connect();
      a.sheet(Array.from({ length: 510 }, (_, i) => leadRow(i)));
      const c = a.createCampaign();
      a.selectRows(2, 501);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 500 });
      const quote = a.call('getEstimate');
      let nested: any;
      a.gas.duringFetch(/^GET .*\/estimate$/, () => {
        a.selectRows(502, 511);
        nested = a.call('addSelectedRows');
      });
      expect(a.call('startGenerate', { campaignId: c.id, high: quote.high })).toMatchObject({ ok: true, started: 500 });
      // The Generate holds the document lock: the push waits its turn and says so, as on Apps Script.
      expect(nested).toMatchObject({ ok: false, error: { code: 'locked' } });
      const made = (await simParts(a, 'Q3 outreach')).map((p) => p.id);
      expect(recordedParts(a, c.id).sort()).toEqual(made.sort());
      // Whatever the nested push did, a row's part is a part of the campaign.
      const known = new Set(recordedParts(a, c.id));
      for (const r of a.rows()) if (r['Campaign ID']) expect(known.has(String(r['Campaign ID']))).toBe(true);
    });
  });
});

describe('generate and the money record', () => {
  describe('unknown outcomes', () => {
    it("should never drop an unknown Generate while a poll on another tab settles that tab's outcome", async () => {
      a = await startAddon();
      a.connect();
      a.pushedCampaign(3);
      const here = a.gas.spreadsheet.getActiveSheet();
      a.sheet([leadRow(50), leadRow(51)], HEADERS, 'Other');
      a.createCampaign('Other');
      a.selectRows(2, 3);
      a.call('addSelectedRows');
      // The other tab's Generate gets a gateway timeout and commits 5 seconds later: its outcome is open.
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
      expect(a.call('getSidebarState').unsettled).toMatchObject({ action: 'generate' });
      // Its poll settles it from the counts, reading nothing inside the document lock (no balance since docs/rules.md#unknown-outcomes).
      const other = a.gas.spreadsheet.getActiveSheet();
      a.gas.clock.advance(10_000);
      await a.sim.control({ action: 'clearRequests' });
      expect(a.call('getProgress').unsettled ?? null).toBeNull();
      expect((await a.requests()).filter((r) => r.path.endsWith('/estimate'))).toEqual([]);
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
});

describe('a Generate cut off by the end of its run', () => {
  it('should say which parts started and ask for another press, never that a run carries it on, and start the rest once on that press', async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(1001);
    const high = a.call('getEstimate').high;
    // Requests of 90 s each: the run's time runs out before the third part is asked.
    await a.sim.control({ action: 'configure', config: { faults: { latencyMs: 90_000 } } });
    const first = a.generate(high);
    expect(first).toMatchObject({ ok: false, error: { code: 'not_sent' } });
    expect(first.error.message).toMatch(
      /^Generate did not reach every part: this run’s time ran out, so the rest were not asked\. 2 of 3 parts had started \(1000 videos, \d+ credits charged\) before this one\. Press Generate again/,
    );
    expect(first.error.message).not.toMatch(/carries on|next run/);
    await a.sim.control({ action: 'configure', config: { faults: { latencyMs: 0 } } });
    expect(a.generate()).toMatchObject({ ok: true });
    const sim = await a.state();
    const parts = sim.campaigns.filter((c) => c.name.startsWith('Q3 outreach'));
    expect(parts).toHaveLength(3);
    expect(parts.flatMap((c) => c.leads).filter((l) => l.status === 'pending')).toEqual([]);
    const generates = (await a.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/generate') && r.status === 200);
    expect(generates.map((r) => r.path).sort()).toEqual(parts.map((c) => `/campaigns/${c.id}/generate`).sort());
  });
});
