// Who a row is (docs/rules.md#row-identity): one person, one row, one video, across presses, parts and copies.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered (readings of jest.config.cjs this file is not run under)
import { SIM_KEYS, SIM_TEMPLATES, SIM_WORKSPACES } from '../../../dev/sim/types';
import { leadRow, startAddon, type Addon } from '../harness';
import { chargedCredits, leadsOf, mainLeads, rowOf, Sheet, typeInputs, copyRow, twoRowsSent, generateAll } from '../steps';

jest.setTimeout(300_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('two rows, one person', () => {
  describe('two rows, one person', () => {
    it('should flag the later of two selected rows with the same email, naming the row it repeats', async () => {
      a = await startAddon();
      a.connect();
      a.sheet([leadRow(1), leadRow(2, { email: 'p1@example.com', first: 'Other' }), leadRow(3)]);
      const c = a.createCampaign();
      a.selectRows(2, 4);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2, invalid: 1 });
      const dup = a.rows()[1]!;
      expect(dup['Video Status']).toBe('invalid');
      expect(String(dup['Video Note'])).toMatch(/Same person as row 2 \(same email\)/);
      expect(a.rows().filter((r) => r['Video Status'] === 'sending')).toEqual([]);
      expect(await leadsOf(a, c.id)).toHaveLength(2);
    });
  });
});

describe('one person, one row, one video', () => {
  it('should not add or charge again a person pasted back in after the campaign was generated', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
    a.createCampaign();
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    generateAll(a);
    const spent = await chargedCredits(a);
    // A re-import: row 2's person again, without the output cells.
    typeInputs(sheet, 5, leadRow(2));
    a.selectRows(5, 5);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 1 });
    expect(rowOf(a, 5)).toMatchObject({ 'Lead ID': '', 'Video Status': 'invalid' });
    expect(String(rowOf(a, 5)['Video Note'])).toMatch(/^Same person as row 3 \(same email\)/);
    expect(await mainLeads(a)).toHaveLength(3);
    expect((await a.state()).campaigns.filter((c) => c.workspaceId === SIM_WORKSPACES.main)).toHaveLength(1);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 0, orphans: 0 });
    expect(a.generate()).toMatchObject({ ok: false, error: { code: 'not_ready' } });
    expect(await chargedCredits(a)).toBe(spent);
  });

  it("should give a second Sarah at Google her own video in a part of her own, never Sarah Adams's", async () => {
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
    const leads = await mainLeads(a);
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
    expect((await mainLeads(a)).map((l) => l.email).sort()).toEqual(['p4@example.com', 'sarah.adams@google.example']);
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
    const leads = await mainLeads(a);
    expect(leads.map((l) => [l.email, l.status]).sort()).toEqual([
      ['sarah.adams@google.example', 'complete'],
      ['sarah.baker@google.example', 'complete'],
    ]);
    for (const r of a.rows()) expect(r['Page URL']).toBe(leads.find((l) => l.email === r['Email'])!.url);
  });

  it("should send a copied row typed over as the person it now names, and leave the original's links alone", async () => {
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
    expect((await mainLeads(a)).find((l) => l.id === copy['Lead ID'])).toMatchObject({ email: 'nadia@newco.example', firstName: 'Nadia' });
    expect(rowOf(a, 2)).toEqual(original);
    generateAll(a);
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'complete' });
    expect(rowOf(a, 4)['Page URL']).toBe((await mainLeads(a)).find((l) => l.id === copy['Lead ID'])!.url);
    expect(rowOf(a, 2)).toEqual(original);
  });

  it('should clear a copied row typed over on the next refresh, so no refresh writes the old person on it', async () => {
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
    expect((await mainLeads(a)).filter((l) => l.email === 'nadia@newco.example')).toHaveLength(1);

    // A finished row copied with its links and typed over: Refresh now takes them off the copy.
    const finished = rowOf(a, 3);
    copyRow(sheet, 3, 5);
    typeInputs(sheet, 5, leadRow(8, { first: 'Omar', company: 'Oldco', email: 'omar@oldco.example' }));
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect(rowOf(a, 5)).toMatchObject({ 'Lead ID': '', 'Page URL': '', 'Video URL': '', 'Video Status': '' });
    expect(rowOf(a, 3)).toEqual(finished);
  });

  it('should flag Bob at a shared info@ address as the person already sent, on every press, never leaving him sending', async () => {
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
    expect(await mainLeads(a)).toHaveLength(1);
  });

  it('should mark invalid a row the service matched to someone on no row of the tab, naming them, never sending it forever', async () => {
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
    expect(await mainLeads(a)).toHaveLength(2);
  });

  it('should keep a flagged duplicate flagged when it is pressed again on its own', async () => {
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
    expect(await mainLeads(a)).toHaveLength(1);
    expect(first['Video Status']).toBe('invalid');
  });

  it('should flag a row copied and left unchanged as a duplicate, without a second video', async () => {
    a = await startAddon();
    const sheet = await twoRowsSent(a);
    generateAll(a);
    const spent = await chargedCredits(a);
    typeInputs(sheet, 4, sheet.getRange(3, 1, 1, 7).getValues()[0] as string[]);
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, alreadySent: 2, invalid: 1 });
    expect(String(rowOf(a, 4)['Video Note'])).toMatch(/^Same person as row 3 \(same email\)/);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 0 });
    expect(await mainLeads(a)).toHaveLength(2);
    expect(await chargedCredits(a)).toBe(spent);
  });
});

describe('a second person of the same first name and company', () => {
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
    const all = await mainLeads(a);
    const lead = all.find((l) => l.id === baker['Lead ID'])!;
    expect(lead).toMatchObject({ email: 'sarah.baker@google.example', campaignId: baker['Campaign ID'] });
    expect(all.filter((l) => l.campaignId === lead.campaignId && l.firstName === 'Sarah')).toHaveLength(1);
    expect(a.generate()).toMatchObject({ ok: true });
    a.runTimerUntilDone();
    a.call('refreshNow');
    expect(rowOf(a, row)).toMatchObject({ 'Video Status': 'complete', 'Page URL': (await mainLeads(a)).find((l) => l.id === lead.id)!.url });
  }

  /** The send-ready export: every email beside its own person's page, whatever the tab shows now. */
  async function exportPairsEachEmailWithItsOwnPage(): Promise<void> {
    const active = a.gas.spreadsheet.getActiveSheet();
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true });
    const byUrl = new Map((await mainLeads(a)).map((l) => [l.url, l]));
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
    const spent = await chargedCredits(a);
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
    expect(await chargedCredits(a)).toBe(spent);
    expect(await mainLeads(a)).toHaveLength(2);
  });
});
