// One person, one row, one video — across presses, parts and copies (docs/rules.md#row-identity), end to end: the
// built bundle in the stand-in against the simulator.
import { SIM_KEYS, SIM_TEMPLATES, SIM_WORKSPACES } from '../../dev/sim/types';
import { leadRow, startAddon, type Addon } from './harness';

jest.setTimeout(300_000);

type Sheet = ReturnType<Addon['sheet']>;

/** Every lead of the main workspace, all campaigns. */
async function allLeads(a: Addon) {
  return (await a.state()).campaigns.filter((c) => c.workspaceId === SIM_WORKSPACES.main).flatMap((c) => c.leads);
}

async function charged(a: Addon): Promise<number> {
  return (await a.state()).ledger.filter((e) => e.kind === 'charge').reduce((n, e) => n + e.credits, 0);
}

/** Types these input cells (First name, Last name, Company, Email, …) into a row, as a person would. */
function typeInputs(sheet: Sheet, row: number, values: string[]): void {
  sheet.typeValues([values], row, 1);
}

/** Copies a whole row (output cells included) onto another, as a person's copy and paste would. */
function copyRow(sheet: Sheet, from: number, to: number): void {
  const values = sheet.getRange(from, 1, 1, sheet.getLastColumn()).getValues();
  sheet.typeValues(values, to, 1);
}

function rowOf(a: Addon, n: number): Record<string, unknown> {
  return a.rows()[n - 2]!;
}

/** Two people in a tab bound to a new campaign, both sent. */
async function twoRowsSent(a: Addon): Promise<Sheet> {
  a.connect();
  const sheet = a.sheet([leadRow(1), leadRow(2)]);
  a.createCampaign();
  a.selectRows(2, 3);
  a.call('addSelectedRows');
  return sheet;
}

/** Generates the bound campaign and runs the timer until every link is in. */
function generateAll(a: Addon): void {
  expect(a.generate()).toMatchObject({ ok: true });
  a.runTimerUntilDone();
}

describe('one person, one row, one video', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should not add or charge again a person pasted back in after the campaign was generated (case 1)', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
    a.createCampaign();
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    generateAll(a);
    const spent = await charged(a);
    // A re-import: row 2's person again, without the output cells.
    typeInputs(sheet, 5, leadRow(2));
    a.selectRows(5, 5);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 1 });
    expect(rowOf(a, 5)).toMatchObject({ 'Lead ID': '', 'Video Status': 'invalid' });
    expect(String(rowOf(a, 5)['Video Note'])).toMatch(/^Same person as row 3 \(same email\)/);
    expect(await allLeads(a)).toHaveLength(3);
    expect((await a.state()).campaigns.filter((c) => c.workspaceId === SIM_WORKSPACES.main)).toHaveLength(1);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 0, orphans: 0 });
    expect(a.generate()).toMatchObject({ ok: false, error: { code: 'not_ready' } });
    expect(await charged(a)).toBe(spent);
  });

  it("should give a second Sarah at Google her own video in a part of her own, never Sarah Adams's (case 2)", async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1, { first: 'Sarah', company: 'Google', email: 'sarah.adams@google.example' }), leadRow(2)]);
    const campaign = a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    typeInputs(sheet, 4, leadRow(4, { first: 'Sarah', company: 'Google', email: 'sarah.baker@google.example' }));
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
    const [adams, baker] = [rowOf(a, 2), rowOf(a, 4)];
    expect(baker['Lead ID']).not.toBe(adams['Lead ID']);
    expect(baker['Campaign ID']).not.toBe(campaign.id);
    expect(String(baker['Video Note'])).toMatch(/another person with the same first name and company.*its own video/);
    const leads = await allLeads(a);
    expect(leads.find((l) => l.id === baker['Lead ID'])).toMatchObject({ email: 'sarah.baker@google.example', campaignId: baker['Campaign ID'] });

    generateAll(a);
    const byEmail = new Map(leads.map((l) => [l.email, l]));
    for (const row of [rowOf(a, 2), rowOf(a, 4)]) {
      expect(row).toMatchObject({ 'Video Status': 'complete', 'Page URL': byEmail.get(String(row['Email']))!.url });
    }
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true, count: 3 });
    const lines = a.gas.spreadsheet.getSheetByName(out.sheetName)!.getDataRange().getValues().slice(1);
    for (const line of lines) expect(line[4]).toBe(byEmail.get(String(line[3]))!.url);
  });

  it("should never export an email beside another person's page, after a finished row is typed over", async () => {
    a = await startAddon();
    const sheet = await twoRowsSent(a);
    generateAll(a);
    typeInputs(sheet, 2, leadRow(9, { first: 'Nadia', company: 'Newco', email: 'nadia@newco.example' }));
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true, count: 2 });
    const byUrl = new Map((await allLeads(a)).map((l) => [l.url, l]));
    const lines = a.gas.spreadsheet.getSheetByName(out.sheetName)!.getDataRange().getValues().slice(1);
    expect(lines.map((l) => l[3])).toEqual(['p2@example.com', '']);
    for (const l of lines) expect([l[1], l[2]]).toEqual([byUrl.get(String(l[4]))!.firstName, byUrl.get(String(l[4]))!.company]);
  });

  it("should export a row with its own video when its Page URL cell holds another person's page", async () => {
    a = await startAddon();
    const sheet = await twoRowsSent(a);
    generateAll(a);
    const page = (n: number) => String(rowOf(a, n)['Page URL']);
    const [own, other] = [page(2), page(3)];
    const col = sheet.getRange(1, 1, 1, sheet.getLastColumn()).getValues()[0]!.indexOf('Page URL') + 1;
    sheet.typeValues([[other]], 2, col);
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true, count: 2 });
    const lines = a.gas.spreadsheet.getSheetByName(out.sheetName)!.getDataRange().getValues().slice(1);
    expect(lines.map((l) => [l[3], l[4]])).toEqual([
      ['p1@example.com', own],
      ['p2@example.com', other],
    ]);
  });

  it('should refuse, not merge, a second Sarah at Google in a campaign picked from the list, and still send the others', async () => {
    a = await startAddon();
    a.connect();
    const made = (await fetch(`${a.sim.baseUrl}/campaigns`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SIM_KEYS.write}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ templateId: SIM_TEMPLATES.ready, name: 'Made elsewhere' }),
    }).then((r) => r.json())) as { id: string };
    const sheet = a.sheet([leadRow(1, { first: 'Sarah', company: 'Google', email: 'sarah.adams@google.example' })]);
    expect(a.call('selectCampaign', { campaignId: made.id })).toMatchObject({ ok: true });
    a.selectRows(2, 2);
    a.call('addSelectedRows');
    typeInputs(sheet, 3, leadRow(3, { first: 'Sarah', company: 'Google', email: 'sarah.baker@google.example' }));
    typeInputs(sheet, 4, leadRow(4));
    a.selectRows(3, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1, invalid: 1 });
    expect(rowOf(a, 3)).toMatchObject({ 'Lead ID': '', 'Video Status': 'invalid' });
    expect(String(rowOf(a, 3)['Video Note'])).toMatch(/Sarah at Google of row 2 is another person.*cannot take a second one/);
    expect(rowOf(a, 4)).toMatchObject({ 'Campaign ID': made.id, 'Video Status': 'pending' });
    expect((await allLeads(a)).map((l) => l.email).sort()).toEqual(['p4@example.com', 'sarah.adams@google.example']);
  });

  it('should give two selected rows of one first name and company but different emails two videos', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([
      leadRow(1, { first: 'Sarah', company: 'Google', email: 'sarah.adams@google.example' }),
      leadRow(2, { first: 'sarah', company: 'google', email: 'sarah.baker@google.example' }),
    ]);
    a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2, invalid: 0 });
    const rows = a.rows();
    expect(new Set(rows.map((r) => r['Lead ID'])).size).toBe(2);
    expect(new Set(rows.map((r) => r['Campaign ID'])).size).toBe(2);
    generateAll(a);
    const leads = await allLeads(a);
    expect(leads.map((l) => [l.email, l.status]).sort()).toEqual([
      ['sarah.adams@google.example', 'complete'],
      ['sarah.baker@google.example', 'complete'],
    ]);
    for (const r of a.rows()) expect(r['Page URL']).toBe(leads.find((l) => l.email === r['Email'])!.url);
  });

  it("should send a copied row typed over as the person it now names, and leave the original's links alone (case 3)", async () => {
    a = await startAddon();
    const sheet = await twoRowsSent(a);
    generateAll(a);
    const original = rowOf(a, 2);
    copyRow(sheet, 2, 4);
    typeInputs(sheet, 4, leadRow(9, { first: 'Nadia', company: 'Newco', email: 'nadia@newco.example' }));
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1, alreadySent: 0 });
    const copy = rowOf(a, 4);
    expect(copy['Lead ID']).not.toBe(original['Lead ID']);
    expect(copy).toMatchObject({ 'Video Status': 'pending', 'Page URL': '', 'Video URL': '' });
    expect(String(copy['Video Note'])).toMatch(/Person1 at Company 1 stays in the campaign/);
    expect((await allLeads(a)).find((l) => l.id === copy['Lead ID'])).toMatchObject({ email: 'nadia@newco.example', firstName: 'Nadia' });
    expect(rowOf(a, 2)).toEqual(original);
    generateAll(a);
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'complete' });
    expect(rowOf(a, 4)['Page URL']).toBe((await allLeads(a)).find((l) => l.id === copy['Lead ID'])!.url);
    expect(rowOf(a, 2)).toEqual(original);
  });

  it('should clear a copied row typed over on the next refresh, so no refresh writes the old person on it (case 3)', async () => {
    a = await startAddon();
    const sheet = await twoRowsSent(a);
    copyRow(sheet, 2, 4);
    typeInputs(sheet, 4, leadRow(9, { first: 'Nadia', company: 'Newco', email: 'nadia@newco.example' }));
    generateAll(a);
    expect(rowOf(a, 4)).toMatchObject({ 'Lead ID': '', 'Campaign ID': '', 'Page URL': '', 'Video URL': '', 'Video Status': '' });
    expect(String(rowOf(a, 4)['Video Note'])).toMatch(/was Person1 at Company 1’s.*stays in the campaign.*Add selected rows sends this row/);
    expect(rowOf(a, 2)).toMatchObject({ 'Video Status': 'complete' });
    expect(String(rowOf(a, 2)['Page URL'])).toMatch(/\/p\//);
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
    expect((await allLeads(a)).filter((l) => l.email === 'nadia@newco.example')).toHaveLength(1);

    // A finished row copied with its links and typed over: Refresh now takes them off the copy.
    const finished = rowOf(a, 3);
    copyRow(sheet, 3, 5);
    typeInputs(sheet, 5, leadRow(8, { first: 'Omar', company: 'Oldco', email: 'omar@oldco.example' }));
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect(rowOf(a, 5)).toMatchObject({ 'Lead ID': '', 'Page URL': '', 'Video URL': '', 'Video Status': '' });
    expect(rowOf(a, 3)).toEqual(finished);
  });

  it('should flag Bob at a shared info@ address as the person already sent, on every press, never leaving him sending (case 4)', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1, { first: 'Ann', company: 'Acme', email: 'info@acme.example' })]);
    a.createCampaign();
    a.selectRows(2, 2);
    a.call('addSelectedRows');
    typeInputs(sheet, 3, leadRow(2, { first: 'Bob', company: 'Acme', email: 'info@acme.example' }));
    for (let press = 0; press < 2; press++) {
      a.selectRows(3, 3);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 1 });
      expect(rowOf(a, 3)).toMatchObject({ 'Lead ID': '', 'Video Status': 'invalid' });
      expect(String(rowOf(a, 3)['Video Note'])).toMatch(/^Same person as row 2 \(same email\)/);
    }
    expect(await allLeads(a)).toHaveLength(1);
  });

  it('should mark invalid a row the service matched to someone on no row of the tab, naming them, never sending it forever (case 4)', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1, { first: 'Ann', company: 'Acme', email: 'info@acme.example' }), leadRow(2)]);
    a.createCampaign();
    a.selectRows(2, 3);
    a.call('addSelectedRows');
    sheet.deleteRows(2, 1);
    typeInputs(sheet, 3, leadRow(3, { first: 'Bob', company: 'Acme', email: 'info@acme.example' }));
    for (let press = 0; press < 2; press++) {
      a.selectRows(3, 3);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0 });
      expect(rowOf(a, 3)).toMatchObject({ 'Lead ID': '', 'Video Status': 'invalid' });
      expect(String(rowOf(a, 3)['Video Note'])).toMatch(/matched this row to Ann at Acme already in the campaign but on no row of this tab/);
    }
    expect(await allLeads(a)).toHaveLength(2);
  });

  it('should keep a flagged duplicate flagged when it is pressed again on its own (case 5)', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([leadRow(1), leadRow(2, { first: 'Other', company: 'Elsewhere', email: 'p1@example.com' })]);
    a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1, invalid: 1 });
    const first = rowOf(a, 3);
    a.selectRows(3, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 1 });
    expect(rowOf(a, 3)).toMatchObject({ 'Lead ID': '', 'Video Status': 'invalid' });
    expect(String(rowOf(a, 3)['Video Note'])).toMatch(/^Same person as row 2 \(same email\)/);
    expect(new Set(a.column('Lead ID').filter(Boolean)).size).toBe(1);
    expect(a.column('Lead ID').filter(Boolean)).toHaveLength(1);
    expect(await allLeads(a)).toHaveLength(1);
    expect(first['Video Status']).toBe('invalid');
  });

  it('should flag a row copied and left unchanged as a duplicate, without a second video', async () => {
    a = await startAddon();
    const sheet = await twoRowsSent(a);
    generateAll(a);
    const spent = await charged(a);
    typeInputs(sheet, 4, sheet.getRange(3, 1, 1, 7).getValues()[0] as string[]);
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, alreadySent: 2, invalid: 1 });
    expect(String(rowOf(a, 4)['Video Note'])).toMatch(/^Same person as row 3 \(same email\)/);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 0 });
    expect(await allLeads(a)).toHaveLength(2);
    expect(await charged(a)).toBe(spent);
  });

  it('should write no Page URL or Video URL before a video is ready, and none on failed or cancelled rows', async () => {
    a = await startAddon({ concurrency: 2, faults: { failPeople: ['p1@example.com'] } });
    a.connect();
    a.sheet(Array.from({ length: 8 }, (_, i) => leadRow(i)));
    a.createCampaign();
    a.selectRows(2, 9);
    a.call('addSelectedRows');
    const links = () => a.rows().filter((r) => r['Page URL'] || r['Video URL']);
    expect(links()).toEqual([]);
    expect(a.generate()).toMatchObject({ ok: true });
    let sawRendering = false;
    for (let run = 0; run < 40 && a.gas.triggers.length > 0; run++) {
      a.gas.clock.advance(20_000);
      expect(a.call('refreshNow')).toMatchObject({ ok: true });
      const leads = new Map((await allLeads(a)).map((l) => [l.id, l]));
      for (const r of a.rows()) {
        const lead = leads.get(String(r['Lead ID']))!;
        if (r['Video Status'] === 'rendering') sawRendering = true;
        if (r['Page URL'] || r['Video URL']) expect([lead.videoReady, r['Video Status']]).toEqual([true, 'complete']);
      }
      if (a.rows().filter((r) => r['Video Status'] === 'complete').length >= 2) break;
    }
    expect(sawRendering).toBe(true);
    a.stop();
    a.runTimerUntilDone();
    const rows = a.rows();
    expect(rows.find((r) => r['Email'] === 'p1@example.com')).toMatchObject({ 'Video Status': 'failed', 'Page URL': '', 'Video URL': '' });
    expect(rows.filter((r) => r['Video Status'] === 'cancelled').length).toBeGreaterThan(0);
    for (const r of rows) {
      if (r['Video Status'] === 'complete') expect(String(r['Page URL'])).toMatch(/\/p\//);
      else expect([r['Page URL'], r['Video URL']]).toEqual(['', '']);
    }
  });

  it('should count apart the waiting people no row names any more, a deleted row and a copy typed over', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
    a.createCampaign();
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    copyRow(sheet, 2, 5);
    typeInputs(sheet, 5, leadRow(9, { first: 'Nadia', company: 'Newco', email: 'nadia@newco.example' }));
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 3, orphans: 0 });
    sheet.deleteRows(3, 1);
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
    // Person2's row was deleted: Person1, Person3 and Nadia have rows; Person2 waits with none.
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 4, orphans: 1 });
  });
});
