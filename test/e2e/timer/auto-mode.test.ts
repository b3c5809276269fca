// Auto mode (docs/rules.md#auto-mode) end to end: the owner's timer sends and generates the rows that arrive.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling (readings of jest.config.cjs this file is not run under)
import { SIM_KEYS, SIM_PRICES, SIM_WORKSPACES } from '../../../dev/sim/types';
import { columnLetter, leadRow, startAddon, type Addon } from '../harness';
import { FULL, chargedCredits, colleagueCampaigns, copyRow, fillSpreadsheet, mainLeads, netCharged, rowOf, simParts } from '../steps';

jest.setTimeout(240_000);

const HIGH = SIM_PRICES.video + SIM_PRICES.lookup;

async function paths(a: Addon, re: RegExp): Promise<string[]> {
  return (await a.requests()).map((r) => `${r.method} ${r.path}`).filter((l) => re.test(l));
}

const GENERATE = /^POST \/campaigns\/[^/]+\/generate$/;

const LEADS = /^POST \/campaigns\/[^/]+\/leads$/;

/** One timer run, 5 virtual minutes on. */
function tick(a: Addon, times = 1): void {
  for (let i = 0; i < times; i++) {
    a.gas.clock.advance(5 * 60_000);
    a.gas.fireTimeTriggers();
  }
}

/** A tab of n leads bound to a new campaign (nothing sent), a limit, and auto mode switched on. */
async function autoTab(n: number, limit = 500, config: Parameters<typeof startAddon>[0] = {}): Promise<{ a: Addon; id: string }> {
  const a = await startAddon(config);
  a.connect();
  a.sheet(Array.from({ length: n }, (_, i) => leadRow(i)));
  const c = a.createCampaign('Inbound');
  expect(a.call('setSpendingLimit', { creditsPerDay: limit })).toMatchObject({ ok: true });
  expect(a.call('setAutoMode', { campaignId: c.id, on: true })).toMatchObject({ ok: true, on: true, owner: { you: true }, creditsPerDay: limit, unsent: n });
  return { a, id: c.id };
}

function append(a: Addon, from: number, n: number): void {
  const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
  for (let i = 0; i < n; i++) sheet.appendRow(leadRow(from + i));
}

/** The people of the test's own campaign (the simulator's other workspace has some of its own). */
async function people(a: Addon) {
  return (await a.state()).campaigns.filter((c) => c.name.startsWith('Inbound')).flatMap((c) => c.leads);
}

const statuses = (a: Addon) => a.rows(a.gas.spreadsheet.getSheetByName('Leads')!).map((r) => r['Video Status']);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('auto mode', () => {
  it('should give rows appended between runs their videos with no click', async () => {
    ({ a } = await autoTab(2));
    tick(a);
    expect(statuses(a).every((s) => s === 'pending' || s === 'rendering')).toBe(true);
    expect(await paths(a, GENERATE)).toHaveLength(1);
    append(a, 10, 3);
    tick(a, 12);
    expect(statuses(a)).toEqual(Array(5).fill('complete'));
    expect(a.rows().every((r) => String(r['Video URL']).startsWith('http'))).toBe(true);
    expect(await paths(a, GENERATE)).toHaveLength(2);
    const record = a.rows(a.gas.spreadsheet.getSheetByName('Video credits')!);
    expect(record.map((r) => r.Action)).toEqual(['generate (auto)', 'generate (auto)']);
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: true, creditsPerDay: 500, spentToday: await netCharged(a), waiting: null });
    // The timer stays while auto mode is on, with nothing left to render.
    expect(a.gas.triggers).toHaveLength(1);
  });

  it("should send a row on the run after its first reading, though the add-on's columns were added in between", async () => {
    ({ a } = await autoTab(1));
    append(a, 50, 1);
    // Run 1 reads the new row, then sends the first one (which adds Lead ID, Status and the rest).
    tick(a);
    expect(await paths(a, LEADS)).toHaveLength(1);
    tick(a);
    expect(await paths(a, LEADS)).toHaveLength(2);
    expect((await people(a)).map((l) => l.email).sort()).toEqual(['p0@example.com', 'p50@example.com']);
  });

  it('should send a row typed over two runs once, as completed', async () => {
    ({ a } = await autoTab(0));
    const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
    sheet.appendRow(['Ada', '', '', '', '', '', '']);
    tick(a);
    sheet.getRange(2, 1, 1, 7).setValues([leadRow(7, { first: 'Ada' })]);
    tick(a);
    expect(await paths(a, LEADS)).toEqual([]);
    tick(a);
    const sent = await people(a);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ firstName: 'Ada', email: 'p7@example.com', company: 'Company 7' });
    expect(await paths(a, LEADS)).toHaveLength(1);
    tick(a, 3);
    expect(await paths(a, LEADS)).toHaveLength(1);
  });

  it('should add nobody when the same people are imported again', async () => {
    ({ a } = await autoTab(3));
    tick(a, 8);
    expect(statuses(a)).toEqual(Array(3).fill('complete'));
    const before = (await paths(a, LEADS)).length;
    append(a, 0, 3);
    tick(a, 3);
    expect(await people(a)).toHaveLength(3);
    expect(await paths(a, LEADS)).toHaveLength(before);
    expect(await paths(a, GENERATE)).toHaveLength(1);
    expect(statuses(a).slice(3)).toEqual(Array(3).fill('invalid'));
  });

  it("should stop charging at the day's limit and send the rest the next day", async () => {
    let id: string;
    ({ a, id } = await autoTab(3, 4 * HIGH));
    tick(a);
    const first = await netCharged(a);
    expect(first).toBeLessThanOrEqual(3 * HIGH);
    append(a, 20, 2);
    tick(a, 3);
    // Two more people quote up to 2 × HIGH, more than the room left: nothing charged, the rows say why.
    expect(await paths(a, GENERATE)).toHaveLength(1);
    expect(await netCharged(a)).toBe(first);
    const waiting = a.rows().slice(3);
    expect(waiting.map((r) => r['Video Status'])).toEqual(['pending', 'pending']);
    expect(waiting.every((r) => r['Video Note'] === `Waiting: today’s limit of ${4 * HIGH} credits is reached; continues tomorrow.`)).toBe(true);
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: true, spentToday: first, waiting: expect.stringContaining('continues tomorrow') });
    // Switched off and on again: the notes that said why go with it, and come back on the next run.
    expect(a.call('setAutoMode', { campaignId: id, on: false })).toMatchObject({ ok: true, on: false });
    expect(
      a
        .rows()
        .slice(3)
        .map((r) => r['Video Note']),
    ).toEqual(['', '']);
    expect(a.call('setAutoMode', { campaignId: id, on: true })).toMatchObject({ ok: true, on: true });
    const midnight = Date.parse(new Date(a.gas.clock.now() + 86_400_000).toISOString().slice(0, 10));
    a.gas.clock.advance(midnight - a.gas.clock.now() + 60_000);
    tick(a, 8);
    expect(await paths(a, GENERATE)).toHaveLength(2);
    expect(statuses(a)).toEqual(Array(5).fill('complete'));
    expect(
      a
        .rows()
        .slice(3)
        .every((r) => r['Video Note'] === ''),
    ).toBe(true);
  });

  it("should generate the next day a part held at the limit, though a colleague's newer campaigns pushed it out of the list", async () => {
    ({ a } = await autoTab(3, 4 * HIGH));
    tick(a);
    append(a, 20, 2);
    tick(a, 3);
    expect(
      a
        .rows()
        .slice(3)
        .map((r) => r['Video Note']),
    ).toEqual(Array(2).fill(`Waiting: today’s limit of ${4 * HIGH} credits is reached; continues tomorrow.`));
    await colleagueCampaigns(a, 100);
    const midnight = Date.parse(new Date(a.gas.clock.now() + 86_400_000).toISOString().slice(0, 10));
    a.gas.clock.advance(midnight - a.gas.clock.now() + 60_000);
    tick(a, 8);
    expect(await paths(a, GENERATE)).toHaveLength(2);
    expect(statuses(a)).toEqual(Array(5).fill('complete'));
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: true, waiting: null });
  });

  it('should send again, on a later run, rows whose answer was lost, matched and not added twice', async () => {
    ({ a } = await autoTab(2));
    // Every send of the first run (the call and its re-sends) is applied, its answer lost.
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 4, dropMatch: '^POST /campaigns/[^/]+/leads$' } } });
    tick(a);
    expect(statuses(a)).toEqual(['sending', 'sending']);
    const sends = (await paths(a, LEADS)).length;
    tick(a, 8);
    expect((await paths(a, LEADS)).length).toBeGreaterThan(sends);
    expect(await people(a)).toHaveLength(2);
    expect(statuses(a)).toEqual(['complete', 'complete']);
    expect(a.rows().every((r) => String(r['Lead ID']).startsWith('ld_'))).toBe(true);
    expect(await paths(a, GENERATE)).toHaveLength(1);
    expect((await a.state()).ledger.filter((e) => e.kind === 'charge')).toHaveLength(1);
  });

  it('should leave people waiting, charged nothing, while the balance does not cover them, and go on once it does', async () => {
    ({ a } = await autoTab(2));
    await a.sim.control({ action: 'setWorkspace', workspaceId: SIM_WORKSPACES.main, balance: HIGH });
    tick(a, 2);
    expect(await paths(a, GENERATE)).toEqual([]);
    expect(a.rows().map((r) => r['Video Note'])).toEqual(Array(2).fill('Waiting: not enough credits; continues once the balance covers it.'));
    expect(a.call('getSidebarState').autoMode.waiting).toContain('not enough credits');
    await a.sim.control({ action: 'setWorkspace', workspaceId: SIM_WORKSPACES.main, balance: 1000 });
    tick(a, 8);
    expect(await paths(a, GENERATE)).toHaveLength(1);
    expect(statuses(a)).toEqual(['complete', 'complete']);
    expect(a.call('getSidebarState').autoMode.waiting).toBeNull();
  });

  it('should never charge twice for an unknown outcome', async () => {
    ({ a } = await autoTab(2));
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
    tick(a);
    expect(await paths(a, GENERATE)).toHaveLength(1);
    expect(a.call('getSidebarState').unsettled).toMatchObject({ action: 'generate' });
    append(a, 30, 1);
    tick(a, 10);
    const gens = await paths(a, GENERATE);
    // One for the first part (its answer lost, charged once), one for the new row — in that part once its
    // generate settled, or in a new one — charging only the newcomer.
    expect(gens).toHaveLength(2);
    expect((await a.state()).ledger.filter((e) => e.kind === 'charge')).toHaveLength(2);
    expect(await chargedCredits(a)).toBeLessThanOrEqual(3 * HIGH);
    expect(statuses(a)).toEqual(Array(3).fill('complete'));
    const record = a.rows(a.gas.spreadsheet.getSheetByName('Video credits')!);
    // Settled from the counts and its own quote, never the balance: the range two people may cost (docs/rules.md#unknown-outcomes).
    expect(record[0]).toMatchObject({ Action: 'generate (auto) (outcome unknown)', 'Credits charged': `${2 * SIM_PRICES.video} to ${2 * HIGH}` });
    expect(a.call('getSidebarState').unsettled).toBeNull();
  });

  it("should let only the owner's timer act, and refuse anyone else's switch while it is on", async () => {
    a = await startAddon();
    a.gas.setUser('alice@example.com');
    a.connect();
    a.sheet([leadRow(1)]);
    const c = a.createCampaign('Inbound');
    a.call('setSpendingLimit', { creditsPerDay: 100 });
    expect(a.call('setAutoMode', { campaignId: c.id, on: true })).toMatchObject({ ok: true, on: true });

    a.gas.setUser('bob@example.com');
    a.connect();
    a.call('setSpendingLimit', { creditsPerDay: 50 });
    // Both work with the team's one key: its hint is Bob's own too, so it is not shown as a stranger's.
    const refusal = 'Auto mode on this tab is run by someone else (on the same API key as yours). Only they can change it while it is on.';
    expect(a.call('setAutoMode', { campaignId: c.id, on: false })).toMatchObject({ ok: false, error: { code: 'not_owner', message: refusal } });
    expect(a.call('setAutoMode', { campaignId: c.id, on: true })).toMatchObject({ ok: false, error: { code: 'not_owner', message: refusal } });
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: true, owner: { you: false, keyHint: expect.stringContaining('1a2b') }, creditsPerDay: 100 });
    // Bob's own timer (his auto-refresh on this tab), with Alice's trigger gone: his runs send nothing.
    expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true, on: true });
    a.gas.loseTrigger(a.gas.triggers.find((t) => t.user === 'alice@example.com')!.id);
    tick(a, 3);
    expect(await paths(a, LEADS)).toEqual([]);
    expect(await paths(a, GENERATE)).toEqual([]);

    a.gas.setUser('alice@example.com');
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: true, owner: { you: true } });
    tick(a, 2);
    expect(await paths(a, GENERATE)).toHaveLength(1);
    expect(a.call('setAutoMode', { campaignId: c.id, on: false })).toMatchObject({ ok: true, on: false });
    // Once off, Bob may switch it on and becomes its owner.
    a.gas.setUser('bob@example.com');
    expect(a.call('setAutoMode', { campaignId: c.id, on: true })).toMatchObject({ ok: true, on: true, owner: { you: true }, creditsPerDay: 50 });
  });

  it('should send and charge nothing once switched off', async () => {
    let id: string;
    ({ a, id } = await autoTab(2));
    expect(a.call('setAutoMode', { campaignId: id, on: false })).toMatchObject({ ok: true, on: false });
    append(a, 40, 2);
    tick(a, 4);
    expect(await paths(a, LEADS)).toEqual([]);
    expect(await paths(a, GENERATE)).toEqual([]);
    expect(statuses(a).every((s) => s === '' || s === undefined)).toBe(true);
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: false, owner: null });
  });

  it('should refuse to switch on without a limit, with a read-only key, or for a campaign the tab no longer shows', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([leadRow(1)]);
    const c = a.createCampaign('Inbound');
    expect(a.call('setAutoMode', { campaignId: c.id, on: true })).toMatchObject({ ok: false, error: { code: 'no_limit' } });
    a.call('setSpendingLimit', { creditsPerDay: 30 });
    expect(a.call('setAutoMode', { campaignId: 'cmp_other', on: true })).toMatchObject({ ok: false, error: { code: 'campaign_changed' } });
    // The confirmation's figures, with nothing switched on.
    expect(a.call('setAutoMode', { campaignId: c.id, on: true, check: true })).toEqual({
      ok: true,
      on: false,
      owner: null,
      creditsPerDay: 30,
      spentToday: 0,
      unsent: 1,
      waiting: 0,
      orphans: 0,
      credits: null,
    });
    expect(a.gas.triggers).toHaveLength(0);
    a.connect(SIM_KEYS.readOnly);
    expect(a.call('setAutoMode', { campaignId: c.id, on: true })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('read-only') },
    });
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: false });
  });
  it('should hold a switch-off made while an automatic Generate is on the wire', async () => {
    let id: string;
    ({ a, id } = await autoTab(2));
    let off: unknown;
    a.gas.duringFetch(/^POST .*\/generate$/, () => {
      off = a.call('setAutoMode', { campaignId: id, on: false });
    });
    tick(a);
    expect(off).toMatchObject({ ok: true, on: false });
    expect(await paths(a, GENERATE)).toHaveLength(1);
    // The run that was generating ends without writing back the order it read before the switch-off.
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: false, owner: null });
    append(a, 40, 2);
    tick(a, 6);
    expect(await paths(a, LEADS)).toHaveLength(1);
    expect(await paths(a, GENERATE)).toHaveLength(1);
    expect(statuses(a).slice(2)).toEqual(['', '']);
  });

  it('should name in its confirmation everyone the first run charges, people no row names any more included', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(0), leadRow(1), leadRow(2)]);
    const c = a.createCampaign('Inbound');
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
    // Row 4's person stays waiting in the part though no row names them.
    sheet.deleteRows(4, 1);
    append(a, 10, 2);
    a.call('setSpendingLimit', { creditsPerDay: 500 });
    const check = a.call('setAutoMode', { campaignId: c.id, on: true, check: true });
    expect(check).toMatchObject({ ok: true, on: false, unsent: 2, waiting: 3, orphans: 1 });
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: false });
    const on = a.call('setAutoMode', { campaignId: c.id, on: true });
    expect(on).toMatchObject({ ok: true, on: true, unsent: 2, waiting: 3, orphans: 1, credits: check.credits });
    tick(a);
    // The first run charges exactly those people, within the credits the confirmation named.
    expect((await people(a)).filter((l) => l.status !== 'pending')).toHaveLength(on.unsent + on.waiting);
    expect(await people(a)).toHaveLength(5);
    expect(await chargedCredits(a)).toBeLessThanOrEqual(on.credits);
    expect(await chargedCredits(a)).toBeGreaterThan(0);
  });

  it("should give a finished row copied and typed over as a second Sarah at Google her own video, not the first Sarah's", async () => {
    ({ a } = await autoTab(0));
    const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
    sheet.appendRow(leadRow(1, { first: 'Sarah', company: 'Google', email: 'sarah.adams@google.example' }));
    sheet.appendRow(leadRow(2));
    tick(a, 12);
    expect(statuses(a)).toEqual(['complete', 'complete']);
    const adams = rowOf(a, 2);
    copyRow(sheet, 2, 4);
    sheet.typeValues([['sarah.baker@google.example']], 4, 4);
    tick(a, 14);
    const baker = rowOf(a, 4);
    expect(baker['Lead ID']).not.toBe(adams['Lead ID']);
    const all = await mainLeads(a);
    const lead = all.find((l) => l.id === baker['Lead ID'])!;
    expect(lead).toMatchObject({ email: 'sarah.baker@google.example', campaignId: baker['Campaign ID'] });
    expect(all.filter((l) => l.campaignId === lead.campaignId && l.firstName === 'Sarah')).toHaveLength(1);
    expect(baker).toMatchObject({ 'Video Status': 'complete', 'Page URL': lead.url });
    expect(rowOf(a, 2)).toEqual(adams);
  });

  it('should give a finished person re-imported under auto mode their Lead ID and links back, charging nobody again', async () => {
    ({ a } = await autoTab(3));
    tick(a, 12);
    expect(statuses(a)).toEqual(Array(3).fill('complete'));
    const first = rowOf(a, 2);
    const spent = await chargedCredits(a);
    const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
    sheet.deleteRows(2, 1);
    append(a, 0, 1);
    tick(a, 4);
    expect(rowOf(a, 4)).toMatchObject({
      'Lead ID': first['Lead ID'],
      'Video Status': 'complete',
      'Video URL': first['Video URL'],
      'Page URL': first['Page URL'],
    });
    expect(await people(a)).toHaveLength(3);
    expect(await chargedCredits(a)).toBe(spent);
  });

  it('should move a backlog longer than one reading keeps by that many rows every run, not every other run', async () => {
    ({ a } = await autoTab(0, 100_000));
    append(a, 0, 2500);
    // The first run reads them; each later run sends the 1,000 read the run before and reads the next 1,000.
    tick(a, 3);
    expect(await people(a)).toHaveLength(2000);
    tick(a);
    expect(await people(a)).toHaveLength(2500);
  });

  it('should send nobody while a full spreadsheet leaves the register no room, say why, and send each row once room is made', async () => {
    ({ a } = await autoTab(2));
    tick(a);
    expect(await people(a)).toHaveLength(2);
    const archive = fillSpreadsheet(a, 0);
    // Rows the CRM sync writes into the tab's empty rows: the tab does not grow, the register would.
    append(a, 10, 3);
    await a.sim.control({ action: 'clearRequests' });
    tick(a, 3);
    expect(await paths(a, LEADS)).toEqual([]);
    expect(await people(a)).toHaveLength(2);
    // The auto-mode line says why the rows wait (the refresh itself went well).
    expect(a.call('getSidebarState').autoMode.waiting).toMatch(FULL);
    a.gas.spreadsheet.deleteSheet(archive);
    tick(a, 2);
    expect((await people(a)).map((p) => p.email).sort()).toEqual([0, 1, 10, 11, 12].map((i) => leadRow(i)[3]).sort());
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: true, waiting: null });
  });

  it('should warn on its line once the spreadsheet passes 8 million cells, keep sending, and stop warning once room is made', async () => {
    ({ a } = await autoTab(2));
    tick(a);
    const archive = fillSpreadsheet(a, 1_500_000);
    // Runs that send nobody count no cells: the warning comes with the list's growth.
    tick(a);
    expect(a.call('getSidebarState').autoMode.waiting).toBeNull();
    append(a, 10, 2);
    tick(a, 2);
    expect(await people(a)).toHaveLength(4);
    expect(a.call('getSidebarState').autoMode.waiting).toBe(
      'This spreadsheet holds 8.5 of the 10 million cells Sheets allows: delete tabs, rows or columns you do not need, or new rows will wait.',
    );
    // Counted at each run while past the mark, so room made with no new row clears it.
    a.gas.spreadsheet.deleteSheet(archive);
    tick(a);
    expect(a.call('getSidebarState').autoMode.waiting).toBeNull();
  });

  it('should send rows as usual when a tab cannot be sized (a chart sheet), and warn of nothing', async () => {
    ({ a } = await autoTab(2));
    tick(a);
    const chart = a.gas.spreadsheet.addSheet('Chart', [['x']]);
    chart.getMaxRows = () => {
      throw new Error('This operation is not supported on a chart sheet.');
    };
    append(a, 10, 2);
    tick(a);
    const before = a.gas.clock.now();
    tick(a);
    expect(await people(a)).toHaveLength(4);
    // The run that sent them went on: it generated and refreshed them, and told the open sidebar.
    expect(statuses(a)).toEqual(['complete', 'complete', 'rendering', 'rendering']);
    expect(Date.parse(a.call('getActiveContext').timerActed)).toBeGreaterThan(before);
    expect(a.call('getSidebarState').autoMode).toMatchObject({ on: true, waiting: null });
  });

  it('should say on the tab that it could not write its waiting notes in a protected column, and still refresh the tab', async () => {
    ({ a } = await autoTab(2, 1));
    tick(a);
    expect(a.rows().map((r) => r['Video Note'])).toEqual(Array(2).fill(expect.stringMatching(/^Waiting: today’s limit/)));
    const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
    const note = a.rows()[0]!;
    const col = Object.keys(note).indexOf('Video Note') + 1;
    sheet.getRange(2, col, 2, 1).setValues([[''], ['']]);
    a.gas.spreadsheet.protectRange(sheet, `${columnLetter(col)}1:${columnLetter(col)}`, ['owner@example.com']);
    const before = a.gas.clock.now();
    tick(a);
    // Auto mode's run could not write its notes: said where the sidebar shows the tab's last refresh, which still ran.
    const last = a.call('getSidebarState').lastRefresh;
    expect(Date.parse(last.at)).toBeGreaterThan(before);
    expect(last.error).toMatch(/protected/);
  });

  it('should generate nobody while a full spreadsheet leaves the spending record no row, say why, and go on once room is made', async () => {
    ({ a } = await autoTab(2));
    tick(a, 2);
    const before = await netCharged(a);
    expect(before).toBeGreaterThan(0);
    append(a, 10, 2);
    // Room for the two register rows of the newcomers (11 cells each), none for a row of the record.
    const archive = fillSpreadsheet(a, 22);
    tick(a, 3);
    expect(await people(a)).toHaveLength(4);
    expect(await netCharged(a)).toBe(before);
    expect(a.call('getSidebarState').autoMode.waiting).toMatch(/^Waiting: This spreadsheet is full: /);
    a.gas.spreadsheet.deleteSheet(archive);
    tick(a);
    expect(await paths(a, GENERATE)).toHaveLength(2);
    const record = a.rows(a.gas.spreadsheet.getSheetByName('Video credits')!);
    expect(record.map((r) => r.Action)).toEqual(['generate (auto)', 'generate (auto)']);
    expect(record.reduce((n, r) => n + Number(r['Credits charged']), 0)).toBe(await netCharged(a));
  });

  it("should say a refused key once, on the last refresh's line, and not again on auto mode's", async () => {
    ({ a } = await autoTab(2));
    tick(a);
    await a.sim.control({ action: 'setKey', key: SIM_KEYS.write, revoked: true });
    append(a, 10, 2);
    for (let i = 0; i < 3; i++) {
      a.gas.clock.advance(5 * 60_000);
      a.gas.fireTimeTriggers({ tolerateErrors: true });
    }
    const st = a.call('getSidebarState');
    expect(st.lastRefresh.error).toMatch(/The API key was refused/);
    expect(st.autoMode).toMatchObject({ on: true, waiting: null });
  });

  it('should fill one part across bursts whose renders finished between them, generating only the newcomers', async () => {
    ({ a } = await autoTab(3));
    for (let burst = 1; burst <= 3; burst++) {
      tick(a, 12);
      expect(statuses(a)).toEqual(Array(3 * burst).fill('complete'));
      if (burst < 3) append(a, 10 * burst, 3);
    }
    expect(await simParts(a, 'Inbound')).toHaveLength(1);
    expect(await people(a)).toHaveLength(9);
    expect(await paths(a, GENERATE)).toHaveLength(3);
    expect((await a.state()).ledger.filter((e) => e.kind === 'charge')).toHaveLength(3);
    expect(await chargedCredits(a)).toBeLessThanOrEqual(9 * HIGH);
  });

  it('should keep its timer through runs that get no document, and send rows added meanwhile once the document is back', async () => {
    ({ a } = await autoTab(2));
    tick(a, 12);
    expect(statuses(a)).toEqual(['complete', 'complete']);
    // Nothing renders and nothing waits: a run without its document must not take the standing order's timer away.
    a.gas.readings.documentInTimeTriggers = 'absent';
    tick(a, 6);
    expect(a.gas.triggers).toHaveLength(1);
    append(a, 10, 1);
    a.gas.readings.documentInTimeTriggers = 'present';
    tick(a, 12);
    expect(statuses(a)).toEqual(['complete', 'complete', 'complete']);
    expect(await paths(a, GENERATE)).toHaveLength(2);
  });
});

describe('auto mode on a long list', () => {
  it('should read whole rows only of the rows it may send: a quiet run reads the tab whole once, for the refresh', async () => {
    ({ a } = await autoTab(600, 2000));
    tick(a, 6);
    expect(statuses(a).every((s) => s === 'complete')).toBe(true);
    const tab = a.gas.spreadsheet.getSheetByName('Leads')!;
    const register = a.gas.spreadsheet.getSheetByName('Video register')!;
    const [rows, width] = [tab.getLastRow() - 1, tab.getLastColumn()];
    a.gas.counters.reset();
    tick(a);
    // The refresh reads the tab and the register whole; auto mode's look for new rows reads only Lead ID to Video Note.
    expect(a.gas.counters.cellsRead).toBeLessThan(2 * rows * width + register.getLastRow() * register.getLastColumn());
    expect(a.gas.counters.cellsRead).toBeGreaterThan(rows * width);
  });

  it('should read only the output columns to say why rows wait at the limit, however long the list', async () => {
    ({ a } = await autoTab(600, 2000));
    tick(a, 6);
    expect(statuses(a).every((s) => s === 'complete')).toBe(true);
    // Today's limit is what was spent: the next rows wait, and every run says why on them.
    expect(a.call('setSpendingLimit', { creditsPerDay: a.call('getSidebarState').autoMode.spentToday })).toMatchObject({ ok: true });
    append(a, 600, 2);
    tick(a, 2);
    expect(
      a
        .rows()
        .slice(600)
        .map((r) => r['Video Note']),
    ).toEqual(Array(2).fill(expect.stringMatching(/^Waiting: today’s limit/)));
    const tab = a.gas.spreadsheet.getSheetByName('Leads')!;
    const register = a.gas.spreadsheet.getSheetByName('Video register')!;
    const [rows, width] = [tab.getLastRow() - 1, tab.getLastColumn()];
    a.gas.counters.reset();
    tick(a);
    expect(
      a
        .rows()
        .slice(600)
        .map((r) => r['Video Status']),
    ).toEqual(['pending', 'pending']);
    // The refresh reads the tab and the register whole; the waiting notes are checked on Campaign ID to Video Note only.
    expect(a.gas.counters.cellsRead).toBeLessThan(2 * rows * width + register.getLastRow() * register.getLastColumn());
  });

  it("should tell an open sidebar's cheap poll when a run sent or generated, and not after a quiet run", async () => {
    ({ a } = await autoTab(2));
    const acted = () => a.call('getActiveContext').timerActed;
    expect(acted()).toBeNull();
    tick(a);
    const first = acted();
    expect(first).toEqual(expect.any(String));
    // Renders finish; the runs that only refresh change nothing the poll says.
    tick(a, 12);
    const settled = acted();
    tick(a, 2);
    expect(acted()).toBe(settled);
    append(a, 10, 1);
    tick(a, 2);
    expect(acted()).not.toBe(settled);
    expect(Date.parse(acted()!)).toBeGreaterThan(Date.parse(settled!));
    // Read with no property operation: the poll stays free of the daily quota.
    const before = a.gas.quota.today();
    acted();
    expect(a.gas.quota.today().propertyOps).toBe(before.propertyOps);
  });
});
