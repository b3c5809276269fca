// A copy of the spreadsheet (docs/rules.md#copies), under both readings of whether File › Make a copy carries the
// add-on's DocumentProperties: rows keep their links, nobody the original sent is sent again from the copy, and the
// original's standing order (auto mode) and timer do not act in the copy until a person confirms them there.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { leadRow, renderAll, startAddon, type Addon } from '../harness';
import { chargedCredits, netCharged, typeInputs } from '../steps';
import type { AppsScriptStandin } from '../../../dev/standin';
import { SIM_TEMPLATES } from '../../../dev/sim/types';

jest.setTimeout(120_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

/** The add-on on a tab of n people bound to a new campaign (not sent yet); the campaign's id. */
async function listOf(n: number, copyProperties: 'copied' | 'not-copied', sim: Parameters<typeof startAddon>[0] = {}): Promise<string> {
  a = await startAddon(sim, { readings: { copyProperties } });
  a.connect();
  a.sheet(Array.from({ length: n }, (_, i) => leadRow(i + 1)));
  return a.createCampaign().id;
}

/** Three people sent, generated and finished; a limit; auto mode switched on for the tab. */
async function finishedWithAutoMode(copyProperties: 'copied' | 'not-copied'): Promise<{ id: string; spent: number }> {
  const id = await listOf(3, copyProperties);
  a.selectRows(2, 4);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
  expect(a.generate()).toMatchObject({ ok: true });
  a.runTimerUntilDone();
  expect(a.column('Video Status')).toEqual(['complete', 'complete', 'complete']);
  expect(a.call('setSpendingLimit', { creditsPerDay: 100 })).toMatchObject({ ok: true });
  expect(a.call('setAutoMode', { campaignId: id, on: true })).toMatchObject({ ok: true, on: true });
  return { id, spent: await chargedCredits(a) };
}

describe.each(['not-copied', 'copied'] as const)('a copy of the spreadsheet (DocumentProperties %s)', (copyProperties) => {
  it('should keep the links, send nobody again, and leave the original’s auto mode and timer out of the copy', async () => {
    const { id, spent } = await finishedWithAutoMode(copyProperties);
    const copy: AppsScriptStandin = a.gas.makeCopy();
    const leads = copy.spreadsheet.getSheetByName('Leads')!;
    copy.spreadsheet.setActiveSheet(leads);
    const state = copy.call<any>('getSidebarState');
    expect(state).toMatchObject({ ok: true, autoMode: { on: false } });
    expect(copy.triggers).toEqual([]);
    // The rows kept their links; the copy's tab may need its campaign picked again (nothing else was copied).
    expect(
      leads
        .getRange(2, 1, 3, leads.getLastColumn())
        .getValues()
        .every((r) => r.some((c) => /\/video$/.test(String(c)))),
    ).toBe(true);
    if (!state.campaign) expect(copy.call('selectCampaign', { campaignId: id })).toMatchObject({ ok: true });
    await a.sim.control({ action: 'clearRequests' });
    copy.spreadsheet.select(leads, [`A2:G4`]);
    expect(copy.call('addSelectedRows')).toMatchObject({ ok: true, added: 0 });
    expect((await a.requests()).filter((q) => q.method === 'POST')).toEqual([]);
    // Time passes in the copy: nothing of the original's acts there.
    copy.clock.advance(60 * 60_000);
    copy.fireTimeTriggers();
    expect(copy.triggers).toEqual([]);
    expect(await chargedCredits(a)).toBe(spent);
    // The original's standing order is untouched.
    expect(a.call('getSidebarState')).toMatchObject({ ok: true, autoMode: { on: true } });
  });
});

/** The net of a document's record of spending: every known figure, charges less refunds. */
function recorded(doc: AppsScriptStandin): number {
  const values = (doc.spreadsheet.getSheetByName('Video credits')?.getDataRange().getValues() ?? []) as unknown[][];
  const col = (values[0] ?? []).indexOf('Credits charged');
  return values.slice(1).reduce((n, r) => n + (typeof r[col] === 'number' ? r[col] : 0), 0);
}

/** The copy's Leads tab active, bound to the original's campaign (picked again where the copy forgot it). */
function openCopy(copy: AppsScriptStandin, id: string): void {
  copy.spreadsheet.setActiveSheet(copy.spreadsheet.getSheetByName('Leads')!);
  if (!copy.call<any>('getSidebarState').campaign) expect(copy.call('selectCampaign', { campaignId: id })).toMatchObject({ ok: true });
}

describe.each(['not-copied', 'copied'] as const)('a copy and its original on one campaign (DocumentProperties %s)', (copyProperties) => {
  // docs/rules.md#refunds: each document books only the failures its own charges must account for.
  it('should book a failed person’s refund once across both documents when both charged people of the part', async () => {
    const id = await listOf(3, copyProperties, { failRate: 0, faults: { failPeople: ['p1@example.com'] } });
    // The copy sends and generates the three; its timer sees them finish, p1 failed.
    const copy = a.gas.makeCopy();
    openCopy(copy, id);
    copy.spreadsheet.select(copy.spreadsheet.getActiveSheet(), ['A2:G4']);
    expect(copy.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    expect(copy.call('startGenerate', { campaignId: id, high: copy.call<any>('getEstimate').high })).toMatchObject({ ok: true });
    for (let i = 0; i < 12; i++) {
      copy.clock.advance(5 * 60_000);
      copy.call('getProgress');
    }
    // The original sends the same three and one more to the same part, and generates the newcomer.
    a.gas.clock.catchUp(copy.clock.now());
    a.gas.spreadsheet.getSheetByName('Leads')!.appendRow(leadRow(4));
    a.selectRows(2, 5);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true });
    expect(a.generate()).toMatchObject({ ok: true });
    a.runTimerUntilDone();
    a.call('getProgress');
    copy.call('getProgress');
    const ledger = (await a.state()).ledger;
    expect(ledger.filter((e) => e.kind === 'refund')).toHaveLength(1);
    // Neither document's record books the other's failure: together they never fall below what the service took.
    expect(recorded(a.gas) + recorded(copy)).toBeGreaterThanOrEqual(await netCharged(a));
    expect(recorded(copy)).toBe(9 - 3);
  });

  it('should leave a failure of a person the original charged to the original, the copy booking nothing', async () => {
    const id = await listOf(3, copyProperties, { failRate: 0, faults: { failPeople: ['p1@example.com'] } });
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    expect(a.generate()).toMatchObject({ ok: true });
    // Copied while the renders run: the charge's evidence may come along with the records.
    const copy = a.gas.makeCopy();
    openCopy(copy, id);
    // The copy's record tab came along with the original's charge in it.
    const inherited = recorded(copy);
    a.runTimerUntilDone();
    copy.clock.catchUp(a.gas.clock.now());
    copy.call('getProgress');
    expect(recorded(copy)).toBe(inherited);
    expect(recorded(a.gas)).toBe(await netCharged(a));
  });
});

describe.each(['not-copied', 'copied'] as const)('a copy whose original grew its campaign a part (DocumentProperties %s)', (copyProperties) => {
  // docs/rules.md#copies: the register says which parts are the campaign's, whether or not the record of parts came along.
  it('should send nobody again whom the original sent to a later part, though the copy may not know that part', async () => {
    const id = await listOf(3, copyProperties, { failRate: 0 });
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    expect(a.generate()).toMatchObject({ ok: true });
    expect(a.stop()).toMatchObject({ ok: true });
    // A stopped part takes nobody new: p3 goes to a second part.
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
    expect(new Set(a.column('Campaign ID')).size).toBe(2);
    const copy = a.gas.makeCopy();
    openCopy(copy, id);
    // In the copy, a second row of p3 (pasted without its outputs) is added.
    const leads = copy.spreadsheet.getSheetByName('Leads')!;
    leads.appendRow(leadRow(3));
    await a.sim.control({ action: 'clearRequests' });
    copy.spreadsheet.select(leads, ['A5:G5']);
    expect(copy.call('addSelectedRows')).toMatchObject({ ok: true, added: 0 });
    expect((await a.requests()).filter((q) => q.method === 'POST')).toEqual([]);
  });
});

describe.each(['not-copied', 'copied'] as const)('a copy’s refresh (DocumentProperties %s)', (copyProperties) => {
  // docs/rules.md#copies: a register without its records is read whole once, and each tab's rows learnt from it.
  it('should clear a row typed over with someone else in the original before the copy, as the original does', async () => {
    const id = await listOf(3, copyProperties, { failRate: 0 });
    const tab = a.gas.spreadsheet.getActiveSheet();
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    expect(a.generate()).toMatchObject({ ok: true });
    a.runTimerUntilDone();
    // Row 3 typed over with another person: it still shows Person2's Lead ID and links.
    tab.getRange(3, 1, 1, 7).setValues([leadRow(9)]);
    const copy = a.gas.makeCopy();
    openCopy(copy, id);
    expect(copy.call('refreshNow')).toMatchObject({ ok: true });
    const row3 = (h: string) => a.column(h, copy.spreadsheet.getSheetByName('Leads')!)[1];
    expect([row3('First name'), row3('Lead ID'), row3('Video URL')]).toEqual(['Person9', '', '']);
  });
});

/** Three people sent, generated and finished; the register deleted; then a copy made without the records, and its Leads tab. */
async function finishedThenCopied(): Promise<{ id: string; copy: AppsScriptStandin; leads: ReturnType<AppsScriptStandin['spreadsheet']['getActiveSheet']> }> {
  const id = await listOf(3, 'not-copied', { failRate: 0 });
  a.selectRows(2, 4);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
  expect(a.generate()).toMatchObject({ ok: true });
  a.runTimerUntilDone();
  a.gas.spreadsheet.deleteSheet(a.gas.spreadsheet.getSheetByName('Video register')!);
  const copy = a.gas.makeCopy();
  return { id, copy, leads: copy.spreadsheet.getSheetByName('Leads')! };
}

describe('a copy made without the records after its original’s register was deleted', () => {
  // docs/rules.md#copies: a linked row the register does not know is judged by its lead once, and then joins the register.
  it('should clear a row typed over in the copy, keep the others’ links and learn who each Lead ID is, once', async () => {
    const { id, copy, leads } = await finishedThenCopied();
    // Row 3 typed over in the copy: it still shows Person2's Lead ID and links.
    leads.getRange(3, 1, 1, 7).setValues([leadRow(9)]);
    openCopy(copy, id);
    const [, person2] = a.column('Lead ID', leads);
    await a.sim.control({ action: 'clearRequests' });
    expect(copy.call('refreshNow')).toMatchObject({ ok: true });
    expect((await a.requests()).filter((q) => /\/leads\//.test(q.path))).toHaveLength(3);
    expect(a.column('Lead ID', leads)[1]).toBe('');
    expect(a.column('Video URL', leads).map(Boolean)).toEqual([true, false, true]);
    // Each Lead ID is now the register's: a second pass asks the service about nobody, and the typed-over row is sent as Person9.
    const register = copy.spreadsheet.getSheetByName('Video register')!;
    expect(a.column('Lead ID', register)).toContain(person2);
    await a.sim.control({ action: 'clearRequests' });
    expect(copy.call('refreshNow')).toMatchObject({ ok: true });
    expect((await a.requests()).filter((q) => /\/leads\//.test(q.path))).toEqual([]);
    copy.spreadsheet.select(leads, ['A2:G4']);
    expect(copy.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
    expect(a.column('First name', leads)[1]).toBe('Person9');
  });

  it('should settle a waiting row whose part neither a register nor its Campaign ID cell can tell, by asking its lead once', async () => {
    const id = await listOf(2, 'not-copied', { failRate: 0 });
    const tab = a.gas.spreadsheet.getActiveSheet();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    a.gas.spreadsheet.deleteSheet(a.gas.spreadsheet.getSheetByName('Video register')!);
    // The Campaign ID header renamed: the rows no longer say which part they are in.
    const heads = tab.getRange(1, 1, 1, tab.getLastColumn()).getValues()[0]!;
    tab.getRange(1, heads.indexOf('Campaign ID') + 1).setValue('Campaign ID (old)');
    expect(a.generate()).toMatchObject({ ok: true });
    const copy = a.gas.makeCopy();
    const leads = copy.spreadsheet.getSheetByName('Leads')!;
    openCopy(copy, id);
    // The copy's tab is then bound to a campaign of its own.
    expect(copy.call('createCampaign', { name: 'Copy campaign', templateId: SIM_TEMPLATES.ready })).toMatchObject({ ok: true });
    await renderAll(a, id);
    expect(copy.call('refreshNow')).toMatchObject({ ok: true });
    expect(copy.call('refreshNow')).toMatchObject({ ok: true });
    expect(a.column('Video Status', leads)).toEqual(['complete', 'complete']);
  });

  it('should clear a waiting row typed over in the copy once its lead is done, instead of leaving it pending for ever', async () => {
    // Found by the explorer (sheets-metered, seed 309479): the row kept Person2's Lead ID and part, its new name found no
    // video, and nobody was left waiting in the part, so no status explained it and nothing asked its lead.
    const id = await listOf(3, 'not-copied', { failRate: 0 });
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    a.gas.spreadsheet.deleteSheet(a.gas.spreadsheet.getSheetByName('Video register')!);
    expect(a.generate()).toMatchObject({ ok: true });
    const copy = a.gas.makeCopy();
    const leads = copy.spreadsheet.getSheetByName('Leads')!;
    openCopy(copy, id);
    typeInputs(leads, 3, leadRow(9));
    // Person3's row gone from the copy: the tab no longer holds the whole part, so no status is settled by elimination.
    leads.deleteRows(4, 1);
    await renderAll(a, id);
    expect(copy.call('refreshNow')).toMatchObject({ ok: true });
    expect(copy.call('refreshNow')).toMatchObject({ ok: true });
    expect(a.rows(leads).map((r) => [r['First name'], r['Lead ID'] !== '', r['Video Status']])).toEqual([
      ['Person1', true, 'complete'],
      ['Person9', false, ''],
    ]);
  });

  it('should take no email from a row whose Lead ID another row carries too: either may be a namesake typed over the other', async () => {
    const { id, copy, leads } = await finishedThenCopied();
    // Row 2 becomes a copy of row 3 (Person2, outputs and all), typed over as another Person2 at the same company.
    const width = leads.getLastColumn();
    leads.getRange(2, 1, 1, width).setValues(leads.getRange(3, 1, 1, width).getValues());
    typeInputs(leads, 2, leadRow(2, { email: 'someone.else@example.com' }));
    openCopy(copy, id);
    const person2 = a.rows(leads)[1]!;
    expect(copy.call('refreshNow')).toMatchObject({ ok: true });
    expect(copy.call('refreshNow')).toMatchObject({ ok: true });
    // Had the register taken row 2's email for Person2, the real Person2 (row 3) would have lost their video.
    expect(a.rows(leads)[1]).toMatchObject({ 'Lead ID': person2['Lead ID'], 'Video URL': person2['Video URL'] });
  });
});

describe.each(['not-copied', 'copied'] as const)('a copy of a document whose register was edited by hand (DocumentProperties %s)', (copyProperties) => {
  // docs/rules.md#copies: the register carries its fingerprint in its first cell's note, so a copy knows an edit made before it.
  it('should not trust the edited register in the copy: nothing taken back from it until the repair, then the right Lead ID', async () => {
    const id = await listOf(2, copyProperties, { failRate: 0 });
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    const person1 = a.column('Lead ID')[0];
    // The first register row's Lead ID typed over by hand; then the copy.
    a.gas.spreadsheet.getSheetByName('Video register')!.getRange(2, 1).setValue('edited');
    const copy = a.gas.makeCopy();
    const leads = copy.spreadsheet.getSheetByName('Leads')!;
    openCopy(copy, id);
    expect(copy.call('getSidebarState')).toMatchObject({ ok: true, registerBroken: true });
    // Person1's row re-imported in the copy (its outputs gone): nothing is taken back from the edited register.
    leads.deleteRows(2, 1);
    leads.appendRow(leadRow(1));
    copy.spreadsheet.select(leads, ['A3:G3']);
    expect(copy.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'register_broken' } });
    expect(copy.call('repairRegister')).toMatchObject({ ok: true });
    copy.spreadsheet.select(leads, ['A3:G3']);
    expect(copy.call('addSelectedRows')).toMatchObject({ ok: true, added: 0 });
    expect(a.column('Lead ID', leads)[1]).toBe(person1);
  });

  it('should still ask for the repair once the copy’s register is deleted: its print is the copy’s own from the first look', async () => {
    const id = await listOf(2, copyProperties, { failRate: 0 });
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    a.gas.spreadsheet.getSheetByName('Video register')!.getRange(2, 1).setValue('edited');
    const copy = a.gas.makeCopy();
    openCopy(copy, id);
    expect(copy.call('getSidebarState')).toMatchObject({ ok: true, registerBroken: true });
    copy.spreadsheet.deleteSheet(copy.spreadsheet.getSheetByName('Video register')!);
    expect(copy.call('getSidebarState')).toMatchObject({ ok: true, registerBroken: true });
  });
});

describe.each(['not-copied', 'copied'] as const)('a Stop after a copy added people (DocumentProperties %s)', (copyProperties) => {
  // docs/rules.md#refunds: who was waiting before a Stop is read, never taken from a record another document may have outdated.
  it('should give back nothing for people a copy added, who were never charged', async () => {
    const id = await listOf(6, copyProperties, { failRate: 0, stageMs: 60_000 });
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    const copy = a.gas.makeCopy();
    openCopy(copy, id);
    copy.spreadsheet.select(copy.spreadsheet.getSheetByName('Leads')!, ['A5:G7']);
    expect(copy.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    // The original, which sent three, previews and stops: six were in the part, the copy's three never charged.
    a.gas.clock.catchUp(copy.clock.now());
    expect(a.preview()).toMatchObject({ ok: true });
    const inherited = recorded(copy);
    expect(a.stop()).toMatchObject({ ok: true });
    a.runTimerUntilDone();
    expect(recorded(a.gas) + recorded(copy) - inherited).toBeGreaterThanOrEqual(await netCharged(a));
  });
});
