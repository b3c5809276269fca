// The record of spending (docs/rules.md#money-record): charges and refunds, once, under the key that paid.
// @not-under published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered (readings of jest.config.cjs this file is not run under)
import { holds, rangeOf } from './figures';
import { leadRow, renderAll, startAddon, type Addon } from '../harness';
import { FULL, UNKNOWN_CHARGE, addRows, creditsRows, fillSpreadsheet, netCharged, unprotect } from '../steps';

jest.setTimeout(180_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

/** Four people sent, then a Generate whose answer, and the read right after it, are lost: its row left open. */
async function lostGenerate(ms = 0): Promise<{ id: string }> {
  a = await startAddon();
  a.connect();
  const c = a.pushedCampaign(4);
  a.gas.clock.advance(ms);
  await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 2, dropMatch: '^(POST /campaigns/[^/]+/generate|GET /campaigns/[^/]+)$' } } });
  expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
  return c;
}

describe('the spending record', () => {
  it('should append one row per charge, equal to the ledger, and complete an unknown outcome from the campaign', async () => {
    a = await startAddon({ concurrency: 2 });
    a.connect();
    a.sheet(Array.from({ length: 12 }, (_, i) => leadRow(i)));
    const c = a.createCampaign('Spring push');
    a.selectRows(2, 7);
    a.call('addSelectedRows');
    expect(a.gas.spreadsheet.getSheetByName('Video credits')).toBeNull();

    const quote = a.call('getEstimate');
    expect(a.preview()).toMatchObject({ ok: true, made: 3 });
    // Made on the first charge, beside the person's tab, which stays active.
    expect(a.gas.spreadsheet.getActiveSheet().getName()).toBe('Leads');
    await renderAll(a, c.id);
    const gen = a.generate();
    expect(gen).toMatchObject({ ok: true, started: 3 });
    // Added while the first part renders, so they go to a second part (docs/rules.md#parts).
    a.selectRows(8, 13);
    a.call('addSelectedRows');
    await renderAll(a, c.id);
    const before = a.call('getEstimate');
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
    expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
    const stop = a.stop();
    expect(stop).toMatchObject({ ok: true });

    // The record names the part charged.
    const { ledger, campaigns } = await a.state();
    const part2 = campaigns.find((x) => x.name === 'Spring push · part 2')!.id;
    const charges = ledger.filter((e) => [c.id, part2].includes(e.campaignId) && e.kind === 'charge');
    const refunds = ledger.filter((e) => e.campaignId === part2 && e.kind === 'refund' && /stopped/.test(e.reason));
    expect(charges.map((e) => e.campaignId)).toEqual([c.id, c.id, part2]);
    const rows = creditsRows(a);
    expect(rows.map((r) => r['Action'])).toEqual(['preview', 'generate', 'generate (outcome unknown)', 'stop']);
    expect(rows.map((r) => r['Part'])).toEqual([c.id, c.id, part2, part2]);
    for (const r of rows) expect(r).toMatchObject({ Campaign: 'Spring push', Key: '••••1a2b' });
    // Its columns, one each: the part names what was charged (a Campaign ID column repeated it).
    expect(Object.keys(rows[0]!)).toEqual(['When', 'Campaign', 'Part', 'Action', 'People', 'Credits quoted', 'Credits charged', 'Key', 'Note']);
    expect(rows[0]).toMatchObject({ People: 3, 'Credits quoted': quote.high, 'Credits charged': charges[0]!.credits });
    expect(rows[1]).toMatchObject({ People: 3, 'Credits charged': charges[1]!.credits });
    // The unknown outcome: its charge happened (people left waiting), completed from its own quote for the people started, never the balance.
    expect(rows[2]).toMatchObject({ People: 6, 'Credits quoted': before.high });
    expect(holds(rangeOf(rows[2]!['Credits charged']), charges[2]!.credits)).toBe(true);
    expect(String(rows[2]!['Note'])).toMatch(/6 of 6 people were started/);
    expect(charges[2]!.credits).toBeLessThanOrEqual(before.high);
    // A stop's refund is recorded (docs/rules.md#money-record), at the balance's move around it: the ledger's figure.
    const back = refunds.reduce((n, e) => n + e.credits, 0);
    expect(rows[3]).toMatchObject({ People: stop.stopped, 'Credits quoted': '', 'Credits charged': -back });
    expect(stop.stopped).toBe(refunds.length);
    // ISO in UTC to the second: a person reads it; the exact time is the add-on's own to keep.
    for (const r of rows) expect(String(r['When'])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const tab = a.gas.spreadsheet.getSheetByName('Video credits')!;
    expect(tab.getRange(1, 1).getFontWeight()).toBe('bold');
    // Today's total next to the balance: the known charges; the unknown one counted apart.
    const third = rangeOf(rows[2]!['Credits charged'])[1];
    expect(a.call('getEstimate')).toMatchObject({ chargedToday: charges[0]!.credits + charges[1]!.credits + third - back, unknownToday: 0 });
    expect(a.call('showCreditsRecord')).toEqual({ ok: true, sheetName: 'Video credits' });
    const shown = a.gas.spreadsheet.getActiveSheet();
    expect(shown.getName()).toBe('Video credits');
    // Opened on its newest entry, with columns wide enough for a time and a sentence (a new column is 100 px).
    expect(a.gas.spreadsheet.getActiveRange()!.getRow()).toBe(shown.getLastRow());
    const width = (h: string) => shown.getColumnWidth(shown.getRange(1, 1, 1, shown.getLastColumn()).getValues()[0]!.indexOf(h) + 1);
    expect(width('When')).toBeGreaterThanOrEqual(180);
    expect(width('Note')).toBeGreaterThanOrEqual(400);
    // Someone cleared the whole tab, header too: it still opens.
    shown.clear();
    expect(a.call('showCreditsRecord')).toEqual({ ok: true, sheetName: 'Video credits' });
  });

  it('should leave an unknown row open until the campaign is read, then complete it', async () => {
    const c = await lostGenerate();
    expect(creditsRows(a)[0]).toMatchObject({ Action: 'generate (outcome unknown)', 'Credits charged': UNKNOWN_CHARGE });
    expect(a.call('getProgress')).toMatchObject({ ok: true, campaignId: c.id });
    const charges = (await a.state()).ledger.filter((e) => e.kind === 'charge');
    expect(charges).toHaveLength(1);
    expect(holds(rangeOf(creditsRows(a)[0]!['Credits charged']), charges[0]!.credits)).toBe(true);
    expect(creditsRows(a)).toHaveLength(1);
  });

  it('should complete an unknown row at a Refresh now on a tab that now shows another campaign, where no timer runs', async () => {
    await lostGenerate();
    a.createCampaign('Q4 outreach');
    a.call('getProgress');
    expect(creditsRows(a)[0]).toMatchObject({ 'Credits charged': UNKNOWN_CHARGE });
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    const charges = (await a.state()).ledger.filter((e) => e.kind === 'charge');
    expect(creditsRows(a)[0]).toMatchObject({ People: 4 });
    expect(holds(rangeOf(creditsRows(a)[0]!['Credits charged']), charges[0]!.credits)).toBe(true);
  });

  it.each([
    ['shows it to the second', false],
    ['is as an earlier version wrote it, to the millisecond', true],
  ])('should complete an open row whose When %s, and count it once in the day', async (_, legacy) => {
    await lostGenerate(123);
    const [open] = JSON.parse(a.gas.properties.document.getProperty('credits.open')!) as { at: string }[];
    expect(open!.at).toMatch(/\.\d{2}[1-9]Z$/);
    const second = open!.at.replace(/\.\d+Z$/, 'Z');
    expect(creditsRows(a)[0]).toMatchObject({ When: second, 'Credits charged': UNKNOWN_CHARGE });
    // The tab as the version before wrote it: the exact time the outcome was opened with.
    if (legacy) a.gas.spreadsheet.getSheetByName('Video credits')!.getRange(2, 1).setValue(`'${open!.at}`);
    expect(a.call('getProgress')).toMatchObject({ ok: true });
    const charges = (await a.state()).ledger.filter((e) => e.kind === 'charge');
    const [row] = creditsRows(a);
    expect(row).toMatchObject({ When: legacy ? open!.at : second, People: 4 });
    expect(holds(rangeOf(row!['Credits charged']), charges[0]!.credits)).toBe(true);
    expect(a.call('getEstimate')).toMatchObject({ chargedToday: rangeOf(row!['Credits charged'])[1], unknownToday: 0 });
  });

  it('should complete an unknown outcome as nothing charged only two minutes later, everyone still waiting and the balance unmoved', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(Array.from({ length: 3 }, (_, i) => leadRow(i)));
    a.createCampaign();
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    const quote = a.call('getEstimate');
    // The service refuses (too few credits) but a gateway's 502 page is all that comes back: unknown, nothing charged.
    await a.sim.control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 1 });
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
    expect(a.call('startGenerate', { campaignId: a.boundCampaignId(), high: quote.high })).toMatchObject({ ok: false, error: { code: 'network' } });
    // A charge can commit seconds after the gateway gave up: the read right after proves nothing yet (docs/rules.md#unknown-outcomes).
    expect(creditsRows(a)[0]).toMatchObject({ Action: 'generate (outcome unknown)', People: 3, 'Credits charged': UNKNOWN_CHARGE });
    a.gas.clock.advance(2 * 60_000);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 3, chargedToday: 0, unknownToday: 0 });
    expect(creditsRows(a)[0]).toMatchObject({ 'Credits charged': 0, Note: expect.stringMatching(/nothing was charged/) });
    expect((await a.state()).ledger).toEqual([]);
  });
});

describe('a protected spending record', () => {
  it('should charge nothing while the Video credits tab is protected from this person, say so, and charge and record once it is not', async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(2);
    const credits = a.gas.spreadsheet.addSheet('Video credits', [
      ['When', 'Campaign', 'Campaign ID', 'Part', 'Action', 'People', 'Credits quoted', 'Credits charged', 'Key', 'Note'],
    ]);
    a.gas.spreadsheet.protectRange(credits, 'A1:J', ['owner@example.com']);
    for (const press of [() => a.call('startPreview', { campaignId: a.boundCampaignId() }), () => a.generate()]) {
      expect(press()).toMatchObject({ ok: false, error: { code: 'protected', message: expect.stringMatching(/Video credits/) } });
    }
    expect((await a.state()).ledger).toEqual([]);
    unprotect(a);
    const gen = a.generate();
    expect(gen).toMatchObject({ ok: true, started: 2 });
    expect(creditsRows(a).map((r) => [r.Action, r['Credits charged']])).toEqual([['generate', gen.creditsCharged]]);
  });
});

describe('a spending record protected from the person who settles an outcome', () => {
  it('should write the settled row once someone who may write the record reads again, and count the charge once', async () => {
    await lostGenerate();
    // The owner protects the record; this person's next poll settles the charge from the counts but may not write its row.
    const record = a.gas.spreadsheet.getSheetByName('Video credits')!;
    a.gas.spreadsheet.protectRange(record, `A1:${String.fromCharCode(64 + record.getMaxColumns())}`, ['owner@example.com']);
    expect(a.call('getProgress')).toMatchObject({ ok: true });
    expect(creditsRows(a)[0]).toMatchObject({ 'Credits charged': UNKNOWN_CHARGE });
    const today = a.call('getEstimate').chargedToday;
    unprotect(a);
    expect(a.call('getProgress')).toMatchObject({ ok: true });
    const charges = (await a.state()).ledger.filter((e) => e.kind === 'charge');
    const [row] = creditsRows(a);
    expect(row).toMatchObject({ People: 4, Note: expect.not.stringMatching(/completed once/) });
    expect(holds(rangeOf(row!['Credits charged']), charges[0]!.credits)).toBe(true);
    expect(a.call('getEstimate')).toMatchObject({ chargedToday: today, unknownToday: 0 });
    expect(a.gas.properties.document.getProperty('credits.unwritten')).toBeNull();
  });
});

describe('a spending record with no room', () => {
  it('should charge nothing while a full spreadsheet leaves the record no row, and charge and record once room is made', async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(2);
    expect(a.generate()).toMatchObject({ ok: true, started: 2 });
    a.runTimerUntilDone();
    // Two more people sent to a new part; then another list takes the last cells.
    addRows(a, 10, 2);
    const archive = fillSpreadsheet(a, 0);
    const ledger = (await a.state()).ledger.length;
    for (const press of [() => a.call('startPreview', { campaignId: a.boundCampaignId() }), () => a.generate()]) {
      const r = press();
      expect(r).toMatchObject({ ok: false, error: { code: 'spreadsheet_full' } });
      expect(r.error.message).toMatch(FULL);
    }
    expect((await a.state()).ledger).toHaveLength(ledger);
    expect(creditsRows(a)).toHaveLength(1);
    a.gas.spreadsheet.deleteSheet(archive);
    const gen = a.generate();
    expect(gen).toMatchObject({ ok: true, started: 2 });
    expect(creditsRows(a).map((r) => [r.Action, r['Credits charged']])).toEqual([
      ['generate', expect.any(Number)],
      ['generate', gen.creditsCharged],
    ]);
    expect(await netCharged(a)).toBe(creditsRows(a).reduce((n, r) => n + Number(r['Credits charged']), 0));
  });

  it('should never refuse a Stop for want of room, and say in a toast that its row was not recorded', async () => {
    a = await startAddon({ stageMs: 600_000 });
    a.connect();
    a.pushedCampaign(4);
    const gen = a.generate();
    expect(gen).toMatchObject({ ok: true, started: 4 });
    fillSpreadsheet(a, 0);
    expect(a.stop()).toMatchObject({ ok: true, status: 'stopped' });
    expect(a.gas.ui.toasts.at(-1)!.message).toMatch(/^This entry \(stop, Q3 outreach\) was not recorded in the Video credits tab\. This spreadsheet is full: /);
    // What was spent stays counted: a missing stop row never lowers the day below what the service took.
    expect(a.call('getSidebarState').limit.spentToday).toBeGreaterThanOrEqual(await netCharged(a));
  });
});
