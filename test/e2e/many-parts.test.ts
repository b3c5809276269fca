// A campaign of many parts behaves as one under every fault, and costs little to watch (docs/rules.md#unknown-outcomes):
// the built bundle in the stand-in against the simulator.
import { leadRow, startAddon, type Addon } from './harness';

jest.setTimeout(180_000);

const TWO_MINUTES = 2 * 60_000;
const UNKNOWN_CHARGE = 'unknown — see the service’s billing';

/** The parts the simulator holds for the campaign named `name` (its first part and "<name> · part N"). */
async function simParts(a: Addon, name: string) {
  return (await a.state()).campaigns.filter((c) => c.name === name || c.name.startsWith(`${name} · part `));
}

/** The add-on's record of the campaign's parts, as kept in the document. */
function recordedParts(a: Addon, firstPartId: string): string[] {
  const raw = a.gas.properties.document.getProperty(`campaign.${firstPartId}`);
  return raw ? (JSON.parse(raw) as { parts: { id: string }[] }).parts.map((p) => p.id) : [firstPartId];
}

function creditsRecord(a: Addon) {
  return a.rows(a.gas.spreadsheet.getSheetByName('Video credits')!);
}

describe('a campaign of many parts', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  describe('1. stop reaches every part', () => {
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

  describe('2. watching costs little', () => {
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

  describe('3. a row of a campaign the key cannot see', () => {
    it('should leave that row alone with a note, refresh the rest, and switch the timer off once the rest is done', async () => {
      a = await startAddon();
      a.connect();
      const c = a.pushedCampaign(4);
      // A row of another workspace's campaign, pasted into the tab.
      const foreign = a.gas.spreadsheet.getActiveSheet();
      const head = foreign.getDataRange().getValues()[0] as string[];
      const row = head.map(
        (h) =>
          (
            ({ 'First name': 'Ola', Company: 'Elsewhere', 'Lead ID': 'l_elsewhere', 'Campaign ID': 'c_elsewhere', 'Video Status': 'pending' }) as Record<
              string,
              string
            >
          )[h] ?? '',
      );
      foreign.appendRow(row);
      expect(a.generate()).toMatchObject({ ok: true });
      a.gas.clock.advance(5 * 60_000);
      const r = a.call('refreshNow');
      expect(r).toMatchObject({ ok: true });
      const rows = a.rows();
      const pasted = rows.find((x) => x['Lead ID'] === 'l_elsewhere')!;
      expect(pasted['Video Status']).toBe('pending');
      expect(String(pasted['Video Note'])).toMatch(/c_elsewhere was not found/);
      expect(rows.filter((x) => x['Campaign ID'] === c.id).every((x) => x['Video Status'] === 'complete')).toBe(true);
      a.runTimerUntilDone(5);
      expect(a.gas.triggers).toHaveLength(0);
    });
  });

  describe('4. a charge that commits after the gateway gave up', () => {
    it('should never record it as nothing charged, refuse Generate until settled, and complete the record with the real figure', async () => {
      a = await startAddon();
      a.connect();
      const c = a.pushedCampaign(10);
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      const quote = a.call('getEstimate');
      const first = a.call('startGenerate', { campaignId: c.id, high: quote.high });
      expect(first).toMatchObject({ ok: false, error: { code: 'network' } });
      expect(first.error.message).not.toMatch(/nothing was charged/i);
      expect(creditsRecord(a)[0]!['Credits charged']).not.toBe(0);
      expect(creditsRecord(a)[0]!['Credits charged']).toBe(UNKNOWN_CHARGE);
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
      expect(creditsRecord(a)[0]).toMatchObject({ 'Credits charged': charged });
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
      expect(creditsRecord(a)[0]!['Credits charged']).toBe(UNKNOWN_CHARGE);
      a.gas.clock.advance(60_000);
      expect(a.call('getProgress').unsettled).toMatchObject({ action: 'generate' });
      a.gas.clock.advance(61_000);
      expect(a.call('getProgress').unsettled ?? null).toBeNull();
      expect(creditsRecord(a)[0]).toMatchObject({ 'Credits charged': 0 });
      expect((await a.state()).ledger).toEqual([]);
    });
  });

  describe('5. no part lost to a push in the middle of a Generate', () => {
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

  describe('6. paced per key across executions', () => {
    it("should keep 130 estimates pressed in one minute, each its own execution, under the API's limit", async () => {
      a = await startAddon();
      a.connect();
      a.pushedCampaign(3);
      await a.sim.control({ action: 'clearRequests' });
      // The whole reply in a failure's diff: which call, and why.
      for (let i = 0; i < 130; i++) expect({ call: i, reply: a.call('getEstimate') }).toMatchObject({ reply: { ok: true } });
      const log = await a.requests();
      expect(log.filter((r) => r.status === 429)).toEqual([]);
      expect(log.length).toBeGreaterThanOrEqual(130);
    });
  });
});
