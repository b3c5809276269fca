// The document remembers whom it sent (docs/rules.md#register, #row-identity), end to end: the
// built bundle in the stand-in against the simulator, with the edits a sales team makes mid-render.
import { SIM_KEYS, SIM_WORKSPACES } from '../../dev/sim/types';
import { leadRow, renderAll, startAddon, type Addon } from './harness';

jest.setTimeout(300_000);

type Sheet = ReturnType<Addon['sheet']>;

async function leads(a: Addon) {
  return (await a.state()).campaigns.filter((c) => c.workspaceId === SIM_WORKSPACES.main).flatMap((c) => c.leads);
}

async function charges(a: Addon): Promise<number> {
  return (await a.state()).ledger.filter((e) => e.kind === 'charge').reduce((n, e) => n + e.credits, 0);
}

function rowOf(a: Addon, n: number): Record<string, unknown> {
  return a.rows()[n - 2]!;
}

/** Every row carries its own lead's id, status complete and that lead's page. */
async function everyLinkArrived(a: Addon, ids: unknown[]): Promise<void> {
  const byId = new Map((await leads(a)).map((l) => [l.id, l]));
  expect(a.column('Lead ID')).toEqual(ids);
  for (const r of a.rows()) expect([r['Video Status'], r['Page URL']]).toEqual(['complete', byId.get(String(r['Lead ID']))!.url]);
}

/** Three people sent and generated; the edit is made while they render. */
async function editMidRender(a: Addon, edit: (sheet: Sheet) => void, rows = [leadRow(1), leadRow(2), leadRow(3)], setup = () => {}): Promise<void> {
  a.connect();
  const sheet = a.sheet(rows);
  const c = a.createCampaign();
  setup();
  a.selectRows(2, rows.length + 1);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: rows.length });
  const ids = a.column('Lead ID');
  expect(a.generate()).toMatchObject({ ok: true });
  const spent = await charges(a);
  edit(sheet);
  await renderAll(a, c.id);
  a.runTimerUntilDone();
  expect(a.call('refreshNow')).toMatchObject({ ok: true });
  await everyLinkArrived(a, ids);
  expect(a.rows().every((r) => !String(r['Video Note']).includes('Lead ID'))).toBe(true);
  expect(await leads(a)).toHaveLength(rows.length);
  expect(await charges(a)).toBe(spent);
}

describe('a row keeps its person through edits that are no evidence', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

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

  it('should keep every row and bring every link when the Company header is renamed mid-render', async () => {
    a = await startAddon();
    await editMidRender(a, (sheet) => {
      sheet.typeValues([['Employer']], 1, 3);
    });
  });

  it('should keep every row and bring every link when the Company column is deleted mid-render', async () => {
    a = await startAddon();
    await editMidRender(a, (sheet) => {
      sheet.deleteColumn(3);
    });
  });

  it('should keep every row and bring every link when a name cell shows an error value mid-render', async () => {
    a = await startAddon();
    await editMidRender(a, (sheet) => {
      sheet.typeValues([['#N/A']], 2, 3);
      sheet.typeValues([['#REF!']], 3, 1);
    });
  });

  it('should keep every row and bring every link when the company column mapping changes mid-render', async () => {
    a = await startAddon();
    await editMidRender(a, () => {
      expect(a.call('saveColumnMapping', { mapping: { company: 'Website', firstName: 'Last name' } })).toMatchObject({ ok: true });
    });
  });

  it('should keep every row and bring every link when the company fallback changes mid-render', async () => {
    a = await startAddon();
    const fallback = (company: string) => () => {
      expect(a.call('saveColumnMapping', { mapping: {}, fallbacks: { company } })).toMatchObject({ ok: true });
    };
    await editMidRender(a, fallback('your company'), [leadRow(1, { company: '' }), leadRow(2, { company: '' }), leadRow(3)], fallback('your team'));
  });
});

describe('a second person of the same first name and company', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  async function sarahSent(generated = true): Promise<Sheet> {
    a.connect();
    const sheet = a.sheet([leadRow(1, { first: 'Sarah', company: 'Google', email: 'sarah.adams@google.example' }), leadRow(2)]);
    a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    if (generated) {
      expect(a.generate()).toMatchObject({ ok: true });
      a.runTimerUntilDone();
    }
    return sheet;
  }

  /** Sarah Baker's row has her own lead, in a part where no other Sarah at Google is, and her own page. */
  async function bakerHasHerOwn(row: number): Promise<void> {
    const baker = rowOf(a, row);
    const all = await leads(a);
    const lead = all.find((l) => l.id === baker['Lead ID'])!;
    expect(lead).toMatchObject({ email: 'sarah.baker@google.example', campaignId: baker['Campaign ID'] });
    expect(all.filter((l) => l.campaignId === lead.campaignId && l.firstName === 'Sarah')).toHaveLength(1);
    expect(a.generate()).toMatchObject({ ok: true });
    a.runTimerUntilDone();
    a.call('refreshNow');
    expect(rowOf(a, row)).toMatchObject({ 'Video Status': 'complete', 'Page URL': (await leads(a)).find((l) => l.id === lead.id)!.url });
  }

  /** The send-ready export: every email beside its own person's page, whatever the tab shows now. */
  async function exportPairsEachEmailWithItsOwnPage(): Promise<void> {
    const active = a.gas.spreadsheet.getActiveSheet();
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true });
    const byUrl = new Map((await leads(a)).map((l) => [l.url, l]));
    const lines = a.gas.spreadsheet.getSheetByName(out.sheetName)!.getDataRange().getValues().slice(1);
    for (const l of lines) if (l[3]) expect(byUrl.get(String(l[4]))!.email).toBe(l[3]);
    expect(lines.filter((l) => l[3] === 'sarah.baker@google.example')).toEqual([]);
    a.gas.spreadsheet.setActiveSheet(active);
  }

  it("should send a finished row copied and typed over as a second Sarah as herself, not keep the first Sarah's id", async () => {
    a = await startAddon();
    const sheet = await sarahSent();
    const adams = rowOf(a, 2);
    sheet.typeValues(sheet.getRange(2, 1, 1, sheet.getLastColumn()).getValues(), 4, 1);
    sheet.typeValues([['sarah.baker@google.example']], 4, 4);
    await exportPairsEachEmailWithItsOwnPage();
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1, alreadySent: 0 });
    expect(rowOf(a, 4)['Lead ID']).not.toBe(adams['Lead ID']);
    await bakerHasHerOwn(4);
    expect(rowOf(a, 2)).toEqual(adams);
  });

  it("should give a second Sarah her own part and video after the first Sarah's row was deleted", async () => {
    a = await startAddon();
    // Her part still takes people: only the register knows a Sarah at Google is in it.
    const sheet = await sarahSent(false);
    sheet.deleteRows(2, 1);
    sheet.typeValues([leadRow(4, { first: 'Sarah', company: 'Google', email: 'sarah.baker@google.example' })], 3, 1);
    a.selectRows(3, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
    await bakerHasHerOwn(3);
  });
});

describe('a person on no row', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should not take back into a second tab a person another tab of the campaign sent', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([leadRow(1)]);
    const c = a.createCampaign();
    a.selectRows(2, 2);
    a.call('addSelectedRows');
    a.sheet([leadRow(1)], undefined, 'Copy');
    expect(a.call('selectCampaign', { campaignId: c.id })).toMatchObject({ ok: true });
    await a.sim.control({ action: 'clearRequests' });
    a.selectRows(2, 2);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 1 });
    expect(rowOf(a, 2)).toMatchObject({ 'Lead ID': '', 'Video Status': 'invalid' });
    expect(String(rowOf(a, 2)['Video Note'])).toMatch(/sent from another tab/);
    expect((await a.requests()).filter((q) => q.method === 'POST')).toEqual([]);
  });

  it('should give a deleted row pasted back its id and links with no request that adds or charges', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2)]);
    a.createCampaign();
    a.selectRows(2, 3);
    a.call('addSelectedRows');
    expect(a.generate()).toMatchObject({ ok: true });
    a.runTimerUntilDone();
    const gone = rowOf(a, 3);
    const spent = await charges(a);
    sheet.deleteRows(3, 1);
    sheet.typeValues([leadRow(2)], 3, 1);
    await a.sim.control({ action: 'clearRequests' });
    a.selectRows(3, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 0, takenBack: 1 });
    expect(rowOf(a, 3)).toMatchObject({ 'Lead ID': gone['Lead ID'], 'Campaign ID': gone['Campaign ID'], 'Page URL': '' });
    expect(String(rowOf(a, 3)['Video Note'])).toMatch(/takes them back: nothing was sent or charged/);
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect(rowOf(a, 3)).toMatchObject({ 'Video Status': 'complete', 'Page URL': gone['Page URL'], 'Video URL': gone['Video URL'] });
    expect((await a.requests()).filter((q) => q.method !== 'GET')).toEqual([]);
    expect(await charges(a)).toBe(spent);
    expect(await leads(a)).toHaveLength(2);
  });
});

describe('the estimate', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should count apart a waiting person whose row was typed over as someone else, before any refresh', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2)]);
    a.createCampaign();
    a.selectRows(2, 3);
    a.call('addSelectedRows');
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2, orphans: 0 });
    sheet.typeValues([leadRow(9, { first: 'Nadia', company: 'Newco', email: 'nadia@newco.example' })], 2, 1);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2, orphans: 1 });
    // A renamed header is no evidence: nobody more is counted apart.
    sheet.typeValues([['Employer']], 1, 3);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2, orphans: 1 });
  });
});

describe('a cut-off send never forgets its part', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  /** Rows 2-3 sent and generated with row 4's send answered by gateway pages, so it stays sending in part 1. */
  async function cutOffWhileRendering(): Promise<{ id: string }> {
    a.connect();
    a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
    const c = a.createCampaign();
    a.selectRows(2, 3);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 4, dropMatch: '^POST /campaigns/[^/]+/leads$' } } });
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'network' } });
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 0 } } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id });
    expect(a.generate()).toMatchObject({ ok: true });
    return c;
  }

  async function finishesInItsPart(c: { id: string }, spent: number): Promise<void> {
    await renderAll(a, c.id);
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, skipped: 1 });
    expect(rowOf(a, 4)).toMatchObject({ 'Campaign ID': c.id });
    const st = await a.state();
    expect(st.campaigns.filter((x) => x.workspaceId === SIM_WORKSPACES.main)).toHaveLength(1);
    expect(st.campaigns.find((x) => x.id === c.id)!.leads).toHaveLength(3);
    a.runTimerUntilDone();
    a.call('refreshNow');
    expect(rowOf(a, 4)['Video Status']).toBe('complete');
    expect(await charges(a)).toBe(spent);
  }

  it('should leave rows sending in their part when a re-send is refused as campaign_busy, and finish them there', async () => {
    a = await startAddon({ stageMs: 60_000 });
    const c = await cutOffWhileRendering();
    const spent = await charges(a);
    a.selectRows(4, 4);
    const r = a.call('addSelectedRows');
    expect(r).toMatchObject({ ok: false, error: { code: 'campaign_busy' } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id, 'Lead ID': '' });
    expect(String(rowOf(a, 4)['Video Note'])).toMatch(/stays “sending” in the part it was sent to/);
    await finishesInItsPart(c, spent);
  });

  it('should leave rows sending in their part when a re-send is refused with a 404, and finish them there', async () => {
    a = await startAddon({ stageMs: 60_000 });
    const c = await cutOffWhileRendering();
    const spent = await charges(a);
    a.connect(SIM_KEYS.other);
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id, 'Lead ID': '' });
    a.connect();
    await finishesInItsPart(c, spent);
  });

  it('should leave rows sending in their part when a re-send is refused with a 400, and finish them there', async () => {
    a = await startAddon({ stageMs: 60_000 });
    const c = await cutOffWhileRendering();
    const spent = await charges(a);
    await a.sim.control({ action: 'configure', config: { faults: { badInputMatch: '^POST /campaigns/[^/]+/leads$' } } });
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id, 'Lead ID': '' });
    await a.sim.control({ action: 'configure', config: { faults: { badInputMatch: '$^' } } });
    await finishesInItsPart(c, spent);
  });

  it('should leave rows sending in their part when a re-send is refused with 429 after the retries, and finish them there', async () => {
    a = await startAddon({ stageMs: 60_000 });
    const c = await cutOffWhileRendering();
    const spent = await charges(a);
    await a.sim.control({ action: 'configure', config: { faults: { rate429Rate: 1 } } });
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id, 'Lead ID': '' });
    await a.sim.control({ action: 'configure', config: { faults: { rate429Rate: 0 } } });
    await finishesInItsPart(c, spent);
  });
});

describe('the follow-up is a new part of the same campaign', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  /** Row 3's video fails in part 1, row 5 was added after the Generate and waits in part 2. */
  async function failedAndWaiting(): Promise<{ id: string }> {
    a = await startAddon({ faults: { failPeople: ['p2@example.com'] } });
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
    const c = a.createCampaign('Summer');
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    expect(a.generate()).toMatchObject({ ok: true });
    sheet.typeValues([leadRow(4)], 5, 1);
    a.selectRows(5, 5);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
    await renderAll(a, c.id);
    a.runTimerUntilDone();
    a.call('refreshNow');
    expect(a.column('Video Status')).toEqual(['complete', 'failed', 'complete', 'pending']);
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: [] } } });
    return c;
  }

  it('should keep the tab on its campaign and generate everyone waiting in any part with the next Generate', async () => {
    const c = await failedAndWaiting();
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

  it('should add nobody when the people of a follow-up are imported again', async () => {
    await failedAndWaiting();
    expect(a.call('resendFailedRows', {})).toMatchObject({ ok: true });
    const sheet = a.gas.spreadsheet.getActiveSheet();
    const before = (await leads(a)).length;
    sheet.deleteRows(2, 4);
    sheet.typeValues([leadRow(1), leadRow(2), leadRow(3), leadRow(4)], 2, 1);
    a.selectRows(2, 5);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, takenBack: 4 });
    expect(await leads(a)).toHaveLength(before);
    expect(a.column('Video Status')).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2, orphans: 0 });
  });

  it('should send the rows a Stop cancelled to a new part of the campaign when asked, and only then', async () => {
    a = await startAddon({ concurrency: 2 });
    a.connect();
    a.sheet(Array.from({ length: 6 }, (_, i) => leadRow(i)));
    const c = a.createCampaign('Winter');
    a.selectRows(2, 7);
    a.call('addSelectedRows');
    expect(a.generate()).toMatchObject({ ok: true });
    expect(a.stop()).toMatchObject({ ok: true });
    a.runTimerUntilDone();
    a.call('refreshNow');
    const cancelled = a.rows().filter((r) => r['Video Status'] === 'cancelled').length;
    expect(cancelled).toBeGreaterThan(0);
    expect(a.call('resendFailedRows', {})).toMatchObject({ ok: false, error: { code: 'no_selection' } });
    const r = a.call('resendFailedRows', { cancelled: true });
    expect(r).toMatchObject({ ok: true, campaign: { id: c.id }, failedRows: cancelled, result: { added: cancelled } });
    expect(a.rows().filter((x) => x['Campaign ID'] === r.part.id && x['Video Status'] === 'pending')).toHaveLength(cancelled);
    expect(a.boundCampaignId()).toBe(c.id);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: cancelled });
  });
});
