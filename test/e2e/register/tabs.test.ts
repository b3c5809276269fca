// Several tabs on one campaign (docs/rules.md#moved-between-tabs): a person cut from one tab and pasted into another, and the estimate of each.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered (readings of jest.config.cjs this file is not run under)
import { leadRow, startAddon, type Addon } from '../harness';
import { chargedCredits, mainLeads, rowOf, typeInputs, type Sheet } from '../steps';

jest.setTimeout(300_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

/** Tab "Leads" of Person1 and Person2 bound to a new campaign, both sent and finished; then a tab "Moved" bound to it too, active. */
async function finishedThenSecondTab(): Promise<{ leads: Sheet; moved: Sheet; id: string }> {
  a.connect();
  const leads = a.sheet([leadRow(1), leadRow(2)]);
  const c = a.createCampaign();
  a.selectRows(2, 3);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
  expect(a.generate()).toMatchObject({ ok: true });
  a.runTimerUntilDone();
  expect(rowOf(a, 3)).toMatchObject({ 'Video Status': 'complete' });
  const moved = a.sheet([], undefined, 'Moved');
  expect(a.call('selectCampaign', { campaignId: c.id })).toMatchObject({ ok: true });
  return { leads, moved, id: c.id };
}

describe('a person moved to another tab of the campaign', () => {
  it('should take back a person cut from one tab and pasted into another, with their links, sending and charging nothing', async () => {
    a = await startAddon();
    const { leads, moved } = await finishedThenSecondTab();
    const gone = a.rows(leads)[1]!;
    const spent = await chargedCredits(a);
    // Cut from "Leads", pasted (inputs only) into "Moved".
    leads.deleteRows(3, 1);
    typeInputs(moved, 2, leadRow(2));
    await a.sim.control({ action: 'clearRequests' });
    a.selectRows(2, 2);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 0, takenBack: 1 });
    expect(rowOf(a, 2)).toMatchObject({ 'Lead ID': gone['Lead ID'], 'Campaign ID': gone['Campaign ID'], 'Video Status': 'pending', 'Page URL': '' });
    expect(String(rowOf(a, 2)['Video Note'])).toMatch(/takes them back: nothing was sent or charged/);
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect(rowOf(a, 2)).toMatchObject({ 'Video Status': 'complete', 'Page URL': gone['Page URL'], 'Video URL': gone['Video URL'] });
    // Pressing again changes nothing.
    a.selectRows(2, 2);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, alreadySent: 1, invalid: 0 });
    expect((await a.requests()).filter((q) => q.method !== 'GET')).toEqual([]);
    expect(await chargedCredits(a)).toBe(spent);
    expect(await mainLeads(a)).toHaveLength(2);
  });

  it("should let the new tab's refresh know the person it took back as its own, clearing the row once it is typed over as someone else", async () => {
    a = await startAddon();
    const { leads, moved } = await finishedThenSecondTab();
    const gone = a.rows(leads)[1]!;
    leads.deleteRows(3, 1);
    typeInputs(moved, 2, leadRow(2));
    a.selectRows(2, 2);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, takenBack: 1 });
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect(rowOf(a, 2)).toMatchObject({ 'Video Status': 'complete', 'Page URL': gone['Page URL'] });
    // Same first name and company, another email: someone else, whom only the register can tell apart.
    typeInputs(moved, 2, leadRow(2, { email: 'someone.else@example.com' }));
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect(rowOf(a, 2)).toMatchObject({ 'Lead ID': '', 'Campaign ID': '', 'Page URL': '', 'Video URL': '', 'Video Status': '' });
    expect(String(rowOf(a, 2)['Video Note'])).toMatch(/stays in the campaign/);
  });

  it('should let the new tab take a row moved with its Lead ID and links as its own, asking the service nothing, and clear it once typed over', async () => {
    a = await startAddon();
    const { leads, moved } = await finishedThenSecondTab();
    // The whole row, outputs and all, cut from "Leads" and pasted into "Moved"; nobody presses Add there.
    const width = leads.getLastColumn();
    moved.getRange(1, 1, 1, width).setValues(leads.getRange(1, 1, 1, width).getValues());
    moved.getRange(2, 1, 1, width).setValues(leads.getRange(3, 1, 1, width).getValues());
    leads.deleteRows(3, 1);
    await a.sim.control({ action: 'clearRequests' });
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect((await a.requests()).filter((q) => /\/leads\//.test(q.path))).toEqual([]);
    // Same first name and company, another email: someone else, whom only the register can tell apart.
    typeInputs(moved, 2, leadRow(2, { email: 'someone.else@example.com' }));
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect(rowOf(a, 2)).toMatchObject({ 'Lead ID': '', 'Page URL': '', 'Video URL': '' });
  });

  it('should refuse the pasted row, naming the row of the other tab, while that tab still carries the person; and take them back once it does not', async () => {
    a = await startAddon();
    const { leads, moved } = await finishedThenSecondTab();
    const kept = a.rows(leads)[1]!;
    typeInputs(moved, 2, leadRow(2));
    await a.sim.control({ action: 'clearRequests' });
    for (let press = 0; press < 2; press++) {
      a.selectRows(2, 2);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 1 });
      expect(rowOf(a, 2)).toMatchObject({ 'Lead ID': '', 'Video Status': 'invalid' });
      expect(String(rowOf(a, 2)['Video Note'])).toMatch(/^Same person as row 3 of the tab “Leads” \(lead [^)]+\), sent from another tab/);
    }
    expect((await a.requests()).filter((q) => q.method !== 'GET')).toEqual([]);
    // The row in "Leads" is cut now: the pasted row takes the person back.
    leads.deleteRows(3, 1);
    a.selectRows(2, 2);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 0, takenBack: 1 });
    expect(rowOf(a, 2)).toMatchObject({ 'Lead ID': kept['Lead ID'], 'Campaign ID': kept['Campaign ID'] });
    // Pasted back into "Leads" now, the person is the "Moved" tab's: refused there, naming that row.
    a.gas.spreadsheet.setActiveSheet(leads);
    typeInputs(leads, 3, leadRow(2));
    a.selectRows(3, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, invalid: 1 });
    expect(String(rowOf(a, 3)['Video Note'])).toMatch(/^Same person as row 2 of the tab “Moved”/);
    expect(await mainLeads(a)).toHaveLength(2);
  });
});

describe('two tabs on one campaign', () => {
  it("should not count in either tab's estimate, nor in the auto-mode confirmation, the people the other tab names", async () => {
    a = await startAddon();
    a.connect();
    const leads = a.sheet([leadRow(1), leadRow(2)]);
    const c = a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    const more = a.sheet([leadRow(3), leadRow(4), leadRow(5)], undefined, 'More');
    expect(a.call('selectCampaign', { campaignId: c.id })).toMatchObject({ ok: true });
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    expect(a.call('setSpendingLimit', { creditsPerDay: 500 })).toMatchObject({ ok: true });
    for (const tab of [more, leads]) {
      a.gas.spreadsheet.setActiveSheet(tab);
      expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 5, orphans: 0 });
      expect(a.call('setAutoMode', { campaignId: c.id, on: true, check: true })).toMatchObject({ ok: true, on: false, waiting: 5, orphans: 0 });
    }
    // A row deleted from "More": that person is named by no row of either tab, and only they are counted apart.
    more.deleteRows(3, 1);
    for (const tab of [more, leads]) {
      a.gas.spreadsheet.setActiveSheet(tab);
      expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 5, orphans: 1 });
      expect(a.call('setAutoMode', { campaignId: c.id, on: true, check: true })).toMatchObject({ ok: true, on: false, waiting: 5, orphans: 1 });
    }
  });

  it('should forget what every tab last saw of a part when one tab stops it, so each reads it again at its next pass', async () => {
    a = await startAddon({ concurrency: 1 });
    a.connect();
    const leads = a.sheet([leadRow(1), leadRow(2)]);
    const c = a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    const more = a.sheet([leadRow(3), leadRow(4)], undefined, 'More');
    expect(a.call('selectCampaign', { campaignId: c.id })).toMatchObject({ ok: true });
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    expect(a.generate()).toMatchObject({ ok: true });
    // Each tab's refresh remembers the part (a part outside the campaign list is read again only when this memo says so).
    const memos = () => Object.keys(a.gas.properties.document.getProperties()).filter((k) => k.startsWith('refresh.'));
    for (const tab of [leads, more]) {
      a.gas.spreadsheet.setActiveSheet(tab);
      expect(a.call('refreshNow')).toMatchObject({ ok: true });
    }
    expect(memos()).toEqual(expect.arrayContaining([`refresh.${leads.getSheetId()}.${c.id}`, `refresh.${more.getSheetId()}.${c.id}`]));
    a.gas.spreadsheet.setActiveSheet(leads);
    expect(a.stop()).toMatchObject({ ok: true });
    expect(memos()).toEqual([]);
  });
});
