// What the sidebar is told (docs/rules.md#sidebar-truth): its state, its progress, and what an open sidebar costs.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { renderAll, startAddon, type Addon, leadRow } from '../harness';
import { DEFAULT_TIMING } from '../../../sidebar/app';
import { own, OWN, ready, pushed, tick } from '../steps';

jest.setTimeout(300_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('campaigns of several parts', () => {
  it('should list a campaign of two parts once, under its own name, with the parts counted together', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(
      Array.from({ length: 5 }, (_, i) => own(i)),
      OWN,
    );
    const c = a.createCampaign('Q4 outreach');
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    expect(a.generate()).toMatchObject({ ok: true });
    // Added while the first part renders, so they go to a second part (docs/rules.md#parts).
    a.selectRows(5, 6);
    a.call('addSelectedRows');
    await renderAll(a, c.id);
    const names = (await a.state()).campaigns.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['Q4 outreach', 'Q4 outreach · part 2']));
    const list = a.call('listCampaigns', { limit: 50 }).campaigns;
    expect(list.map((x: any) => x.name)).toEqual(['Q4 outreach']);
    expect(list[0]).toMatchObject({ id: c.id, leadCount: 5, waiting: 2, complete: 3, parts: 2 });
    // Picking a part by its id (an old bookmark, another tab's Campaign ID) binds its whole campaign.
    const part2 = (await a.state()).campaigns.find((x) => x.name === 'Q4 outreach · part 2')!.id;
    a.sheet([own(9)], OWN, 'Other');
    expect(a.call('selectCampaign', { campaignId: part2 })).toMatchObject({ ok: true, campaign: { id: c.id, name: 'Q4 outreach' } });
  });
});

describe('the register in the sidebar', () => {
  it('should say which sent column it cannot find and how many people the document has sent, in a hidden warning-only tab', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
    a.createCampaign();
    expect(a.call('getSidebarState')).toMatchObject({ ok: true, sentPeople: 0, missingColumns: [] });
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    sheet.typeValues([['Employer']], 1, 3);
    expect(a.call('getSidebarState')).toMatchObject({ ok: true, sentPeople: 3, missingColumns: [{ field: 'company', header: 'Company' }] });
    const tab = a.gas.spreadsheet.getSheetByName('Video register')!;
    expect([tab.isSheetHidden(), tab.sheetProtections.map((p) => p.isWarningOnly())]).toEqual([true, [true]]);
    expect(a.gas.spreadsheet.getActiveSheet().getName()).toBe('Leads');
  });
});

describe('progress in the sidebar', () => {
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
});

describe('an open sidebar within its budget', () => {
  it('should keep an idle open sidebar under 300 property operations and no UrlFetch an hour', async () => {
    a = await startAddon({}, { quotas: { propertyOps: 300, urlFetch: 10 } });
    a.connect();
    await pushed(a, 5);
    const start = a.gas.quota.today();
    // What the sidebar calls at load, then its poll for an hour at the sidebar's own pace: quick for a minute, then slower.
    expect(a.call('getSidebarState').ok).toBe(true);
    const loaded = a.gas.quota.today();
    const t = DEFAULT_TIMING;
    for (let ms = 0; ms < 3_600_000;) {
      const step = ms < t.contextIdleMs ? t.contextPollMs : t.contextSlowMs;
      a.gas.clock.advance(step);
      ms += step;
      expect(a.call('getActiveContext').ok).toBe(true);
    }
    const end = a.gas.quota.today();
    // The poll reads one cache entry and no property (docs/rules.md#budgets), whatever the cache keeps.
    expect(end.propertyOps - loaded.propertyOps).toBe(0);
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
});

describe('what the sidebar is told', () => {
  it('should count the selected rows Add would take (no Lead ID, not empty), in the poll and the state, and none past what a poll reads', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([...Array.from({ length: 4 }, (_, i) => leadRow(i)), ['', '', '', '', ''], leadRow(5)]);
    a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    // Two sent, two new, one empty row, one new.
    a.selectRows(2, 7);
    const selection = { rows: 6, unsent: 3 };
    expect(a.call('getActiveContext').selection).toEqual(selection);
    expect(a.call('getSidebarState').selection).toEqual(selection);
    a.sheet(
      Array.from({ length: 201 }, (_, i) => leadRow(i)),
      undefined,
      'Big',
    );
    a.selectRows(2, 202);
    expect(a.call('getActiveContext').selection).toEqual({ rows: 201, unsent: null });
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
});
