// Stop (docs/rules.md#parts): one press reaches every part, answers at once, and settles every row.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { startAddon, type Addon } from '../harness';
import { ready, expectSheetMatchesSimulator, FIVE_MINUTES, pushed, tick, simParts, addRows } from '../steps';

jest.setTimeout(240_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('stop', () => {
  it('should answer stop at once with the campaign list and the stop, and settle every row on the next passes', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(60, { concurrency: 10, stageMs: 20_000 }));
    a.generate();
    a.gas.clock.advance(30_000);
    const campaign = a.boundCampaignId();
    await a.sim.control({ action: 'clearRequests' });
    const stop = a.call('stopCampaign', { campaignId: campaign });
    expect(stop).toMatchObject({ ok: true, status: 'stopped', stillRendering: 10, stopped: 50 });
    // Who was waiting (never charged) is read, not taken from this document's record: another may have added people.
    expect((await a.requests()).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /campaigns', `POST /campaigns/${campaignId}/stop`]);
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
});

describe('stop within its budget', () => {
  it('should stop a one-part campaign with two requests, and settle its rows within two passes after the last render', async () => {
    a = await startAddon({ concurrency: 5, stageMs: 20_000 });
    a.connect();
    const c = await pushed(a, 100);
    a.generate();
    a.gas.clock.advance(30_000);
    await a.sim.control({ action: 'clearRequests' });
    const t0 = a.gas.clock.now();
    expect(a.stop()).toMatchObject({ ok: true, stopped: 95, stillRendering: 5 });
    expect(await a.requests()).toHaveLength(2);
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
});

describe('stop over many parts', () => {
  describe('stop reaches every part', () => {
    it('should send a stop to every part although one answers a gateway 502, and say part by part what it knows', async () => {
      a = await startAddon({ concurrency: 5, stageMs: 20_000 });
      a.connect();
      const c = a.pushedCampaign(1001);
      expect(a.generate()).toMatchObject({ ok: true, parts: 3 });
      const parts = (await simParts(a, 'Q3 outreach')).map((p) => p.id);
      expect(parts).toHaveLength(3);
      a.gas.clock.advance(30_000);
      // The first stop goes through; the second is applied but its answer is lost behind a gateway's page.
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, faultAfter: 1, dropMatch: '^POST /campaigns/[^/]+/stop$' } } });
      await a.sim.control({ action: 'clearRequests' });
      const stop = a.call('stopCampaign', { campaignId: c.id });
      expect(stop).toMatchObject({ ok: true, status: 'partly_stopped' });
      expect(stop.parts.map((p: any) => [p.id, p.outcome])).toEqual([
        [parts[0], 'stopped'],
        [parts[1], 'unknown'],
        [parts[2], 'stopped'],
      ]);
      expect(stop.parts[1].message).toMatch(/unknown|may have/);
      const log = await a.requests();
      expect(log.filter((r) => r.path.endsWith('/stop')).map((r) => r.path)).toEqual(parts.map((id) => `/campaigns/${id}/stop`));
      // At most one request per part plus one.
      expect(log.length).toBeLessThanOrEqual(parts.length + 1);
      expect((await a.state()).campaigns.filter((x) => parts.includes(x.id)).map((x) => x.status)).toEqual(['stopped', 'stopped', 'stopped']);
    });

    it('should say stopped only when every part was, and name the parts that may still render', async () => {
      a = await startAddon({ concurrency: 5, stageMs: 20_000 });
      a.connect();
      const c = a.pushedCampaign(1001);
      expect(a.generate()).toMatchObject({ ok: true, parts: 3 });
      const parts = (await simParts(a, 'Q3 outreach')).map((p) => p.id);
      await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 1, faultAfter: 2, dropMatch: '^POST /campaigns/[^/]+/stop$' } } });
      const stop = a.call('stopCampaign', { campaignId: c.id });
      expect(stop).toMatchObject({ ok: true, status: 'partly_stopped' });
      expect(stop.parts.map((p: any) => p.outcome)).toEqual(['stopped', 'stopped', 'unknown']);
      // The third part's stop was applied, its answer lost: the list shows it stopped, so nothing is left to stop.
      const progress = a.call('getProgress');
      expect(progress).toMatchObject({ ok: true, parts: { count: 3, rendering: [] } });
      const again = a.call('stopCampaign', { campaignId: c.id });
      expect(again).toMatchObject({ ok: true, status: 'stopped' });
      expect(again.parts.every((p: any) => p.outcome === 'stopped')).toBe(true);
      expect(parts).toHaveLength(3);
    });
  });
});

describe('stop and the money record', () => {
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
});
