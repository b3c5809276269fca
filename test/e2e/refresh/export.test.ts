// The send-ready export (docs/rules.md#export): finished videos of every part, each beside its own person.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, sheets-metered (readings of jest.config.cjs this file is not run under)
import { leadRow, startAddon, type Addon, HEADERS, renderAll } from '../harness';
import { mainLeads, rowOf, typeInputs, twoRowsSent, generateAll, ready } from '../steps';

jest.setTimeout(300_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('the export and who a row is', () => {
  it("should never export an email beside another person's page, after a finished row is typed over", async () => {
    a = await startAddon();
    const sheet = await twoRowsSent(a);
    generateAll(a);
    typeInputs(sheet, 2, leadRow(9, { first: 'Nadia', company: 'Newco', email: 'nadia@newco.example' }));
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true, count: 2 });
    const byUrl = new Map((await mainLeads(a)).map((l) => [l.url, l]));
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
});

describe('the send-ready export', () => {
  it('should export the finished videos to a new tab as literal text', async () => {
    a = await startAddon({ idPrefix: '=' });
    a.connect();
    a.sheet([leadRow(1, { first: '=HYPERLINK("x")' }), leadRow(2)]);
    a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    for (const id of a.column('Lead ID')) expect(String(id)).toMatch(/^=ld_/);
    for (const id of a.column('Campaign ID')) expect(String(id)).toMatch(/^=cmp_/);
    a.generate();
    a.runTimerUntilDone();
    const r = a.call('exportFinishedVideos');
    expect(r).toMatchObject({ ok: true, count: 2 });
    const out = a.gas.spreadsheet.getSheetByName(r.sheetName)!;
    const values = out.getDataRange().getValues();
    expect(values[0]).toEqual(['Lead ID', 'First name', 'Company', 'Email', 'Page URL', 'Video URL']);
    expect(values.flat()).toContain('=HYPERLINK("x")');
    expect(a.gas.spreadsheet.getActiveSheet().getName()).toBe(r.sheetName);
    // Links and addresses are not cut off at a new column's 100 px.
    for (const h of ['Email', 'Page URL', 'Video URL']) expect(out.getColumnWidth(values[0]!.indexOf(h) + 1)).toBeGreaterThanOrEqual(200);
    for (const s of a.gas.spreadsheet.getSheets()) {
      expect(s.getDataRange().getFormulas().flat().filter(Boolean)).toEqual([]);
    }
  });

  it("should export the finished videos of every part, in the sheet's row order, send-ready", async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(520, { concurrency: 100 }));
    expect(new Set(a.column('Campaign ID')).size).toBe(2);
    a.generate();
    a.runTimerUntilDone();
    a.gas.spreadsheet.getActiveSheet().sortBy(3, false);
    const order = a.rows().map((r) => r['Lead ID']);
    const r = a.call('exportFinishedVideos');
    expect(r).toMatchObject({ ok: true, count: 520 });
    const out = a.gas.spreadsheet.getSheetByName(r.sheetName)!;
    const values = out.getDataRange().getValues();
    expect(values.slice(1).map((v) => v[0])).toEqual(order);
    expect(values[1]![3]).toMatch(/@example\.com$/);
    expect(campaignId).toBeTruthy();
  });
});

describe('the export after a follow-up', () => {
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
    // The follow-up is a part of the same campaign: the export is named after it.
    expect(r).toMatchObject({ ok: true, count: 4, sheetName: 'Videos – Summer' });
  });

  it('should name an export holding the videos of two campaigns after the tab, not after the one bound now', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(
      Array.from({ length: 4 }, (_, i) => leadRow(i)),
      HEADERS,
    );
    for (const [name, first] of [
      ['Spring', 2],
      ['Summer', 4],
    ] as const) {
      const c = a.createCampaign(name);
      a.selectRows(first, first + 1);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
      a.generate();
      await renderAll(a, c.id);
      a.call('refreshNow');
    }
    const tab = a.gas.spreadsheet.getActiveSheet().getName();
    expect(a.call('exportFinishedVideos')).toMatchObject({ ok: true, count: 4, sheetName: `Videos – ${tab} (all its campaigns)` });
  });
});

describe('the export and the person’s own edits', () => {
  // docs/rules.md#export
  it('should leave an email the person cleared empty, never read it back from the register', async () => {
    a = await startAddon();
    const sheet = await twoRowsSent(a);
    generateAll(a);
    sheet.typeValues([['']], 2, HEADERS.indexOf('Email') + 1);
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true, count: 2 });
    const lines = a.gas.spreadsheet.getSheetByName(out.sheetName)!.getDataRange().getValues().slice(1);
    expect(lines.map((l) => l[3])).toEqual(['', 'p2@example.com']);
  });
});
