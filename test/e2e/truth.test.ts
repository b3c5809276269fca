// What the sidebar is told, end to end on the built bundle: whether a key can write, found
// without changing anything; the add-on's own tabs; refunds in the spending record and charged today
// per key; the previewed people's pages; the export of a tab bound to a follow-up campaign.
import { HEADERS, leadRow, renderAll, startAddon, type Addon } from './harness';
import { SIM_KEYS } from '../../dev/sim/types';

jest.setTimeout(180_000);

describe('what the sidebar is told', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should find out on saving whether the key can write, changing nothing in the service', async () => {
    a = await startAddon();
    a.sheet([leadRow(1)]);
    const before = await a.state();
    const readOnly = a.call('saveSettings', { baseUrl: a.sim.baseUrl, apiKey: SIM_KEYS.readOnly });
    expect(readOnly).toMatchObject({ ok: true, settings: { connected: true, canWrite: false } });
    expect(a.call('getSidebarState').settings).toMatchObject({ connected: true, canWrite: false });
    const write = a.call('saveSettings', { baseUrl: a.sim.baseUrl, apiKey: SIM_KEYS.write });
    expect(write).toMatchObject({ ok: true, settings: { connected: true, canWrite: true } });
    const stops = (await a.requests()).filter((r) => /\/stop$/.test(r.path));
    expect(stops.map((r) => r.status)).toEqual([403, 404]);
    const st = await a.state();
    expect(st.campaigns).toEqual(before.campaigns);
    expect(st.ledger).toEqual(before.ledger);
  });

  it("should recognise the spending record and an export as the add-on's own tabs, and show the leads again", async () => {
    a = await startAddon();
    a.connect();
    const c = a.pushedCampaign(3);
    a.generate();
    await renderAll(a, c.id);
    a.call('refreshNow');
    const leads = a.gas.spreadsheet.getActiveSheet();
    expect(a.call('getSidebarState').sheet.ownTab).toBeNull();
    const exported = a.call('exportFinishedVideos');
    expect(exported).toMatchObject({ ok: true, count: 3 });
    expect(a.call('getSidebarState').sheet).toMatchObject({ name: exported.sheetName, ownTab: 'export' });
    a.call('showCreditsRecord');
    expect(a.call('getSidebarState').sheet).toMatchObject({ name: 'Video credits', ownTab: 'credits' });
    expect(a.call('showSheet', { sheetId: leads.getSheetId() })).toMatchObject({ ok: true, name: 'Leads' });
    expect(a.gas.spreadsheet.getActiveSheet().getName()).toBe('Leads');
  });

  it("should record failed videos' credits coming back and a stop's refund, and count charged today net of them, per key", async () => {
    a = await startAddon({ concurrency: 2 });
    a.connect();
    a.sheet(
      Array.from({ length: 5 }, (_, i) => leadRow(i)),
      HEADERS,
    );
    const c = a.createCampaign('Refunds');
    a.selectRows(2, 6);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p1@example.com', 'p3@example.com'] } } });
    expect(a.generate()).toMatchObject({ ok: true, started: 5 });
    await renderAll(a, c.id);
    expect(a.call('getProgress')).toMatchObject({ ok: true, counts: { failed: 2 } });
    // A second read sees nothing new: one refund row for the two failures, never two.
    a.call('getProgress');
    const { ledger } = await a.state();
    const charged = ledger.filter((e) => e.kind === 'charge').reduce((n, e) => n + e.credits, 0);
    const refunded = ledger.filter((e) => e.kind === 'refund').reduce((n, e) => n + e.credits, 0);
    expect(refunded).toBeGreaterThan(0);
    const rows = a.rows(a.gas.spreadsheet.getSheetByName('Video credits')!);
    expect(rows.map((r) => r['Action'])).toEqual(['generate', 'refund']);
    expect(rows[1]).toMatchObject({ People: 2, 'Credits charged': -refunded, Key: '••••1a2b' });
    expect(a.call('getEstimate')).toMatchObject({ chargedToday: charged - refunded, unknownToday: 0 });
    // Another person with their own key (same workspace) has their own figure.
    a.gas.setUser('bob@example.com');
    a.call('saveSettings', { baseUrl: a.sim.baseUrl, apiKey: SIM_KEYS.lowCap });
    expect(a.call('getEstimate')).toMatchObject({ chargedToday: 0, unknownToday: 0 });
  });

  it("should record failed videos' credits coming back from the timer alone, with no sidebar open", async () => {
    a = await startAddon({ concurrency: 2 });
    a.connect();
    a.sheet(
      Array.from({ length: 5 }, (_, i) => leadRow(i)),
      HEADERS,
    );
    const c = a.createCampaign('Timer refunds');
    a.selectRows(2, 6);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p2@example.com'] } } });
    expect(a.generate()).toMatchObject({ ok: true, started: 5 });
    await renderAll(a, c.id);
    a.runTimerUntilDone();
    const refunded = (await a.state()).ledger.filter((e) => e.kind === 'refund').reduce((n, e) => n + e.credits, 0);
    expect(refunded).toBeGreaterThan(0);
    const rows = a.rows(a.gas.spreadsheet.getSheetByName('Video credits')!);
    expect(rows.map((r) => r['Action'])).toEqual(['generate', 'refund']);
    expect(rows[1]).toMatchObject({ People: 1, 'Credits charged': -refunded, Part: c.id });
  });

  it("should return the previewed people's pages with their rows", async () => {
    a = await startAddon();
    a.connect();
    const c = a.pushedCampaign(6);
    const r = a.preview();
    expect(r).toMatchObject({ ok: true });
    const leads = new Map((await a.state()).campaigns.find((x) => x.id === c.id)!.leads.map((l) => [l.id, l]));
    expect(r.pages.length).toBe(r.made);
    const sheetRows = a.rows();
    for (const p of r.pages) {
      const row = sheetRows[p.row - 2]!;
      const lead = leads.get(String(row['Lead ID']))!;
      expect(p).toEqual({ row: p.row, firstName: lead.firstName, company: lead.company, url: lead.url });
      expect(lead.status).not.toBe('pending');
    }
  });

  it("should export the tab's finished rows of every campaign after the failed rows went to a follow-up", async () => {
    a = await startAddon();
    a.connect();
    a.sheet(
      Array.from({ length: 5 }, (_, i) => leadRow(i)),
      HEADERS,
    );
    const c = a.createCampaign('Summer');
    a.selectRows(2, 6);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p1@example.com'] } } });
    a.generate();
    await renderAll(a, c.id);
    a.call('refreshNow');
    expect(a.call('resendFailedRows', { name: 'Summer – follow-up' })).toMatchObject({ ok: true, failedRows: 1 });
    const r = a.call('exportFinishedVideos');
    expect(r).toMatchObject({ ok: true, count: 4 });
  });
});
