// The send-ready export at any size (docs/rules.md#cells): one tab sized to what it holds, and none left
// behind when the spreadsheet has no room. Apart from export.test.ts so the readings' projects do not repeat it.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { fillSpreadsheet, ready } from '../steps';
import type { Addon } from '../harness';

jest.setTimeout(600_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('the export at any size', () => {
  /** n people sent, generated and finished; then the export. */
  async function exported(n: number): Promise<{ sheetName: string; count: number }> {
    ({ a } = await ready(n));
    expect(a.generate()).toMatchObject({ ok: true });
    a.runTimerUntilDone(200);
    expect(a.column('Video Status').filter((s) => s === 'complete')).toHaveLength(n);
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true, count: n });
    return out;
  }

  // docs/rules.md#cells
  it('should export 1,200 finished videos to one tab sized to them', async () => {
    const out = await exported(1200);
    const tab = a.gas.spreadsheet.getSheetByName(out.sheetName)!;
    expect([tab.getMaxRows(), tab.getMaxColumns()]).toEqual([1201, 6]);
    expect(tab.getRange(1201, 4).getValue()).toBe('p1199@example.com');
  });

  it('should export 20,000 finished videos to one tab sized to them, and leave no tab behind when the spreadsheet has no room', async () => {
    ({ a } = await ready(20_000));
    await a.sim.control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 100_000 });
    expect(a.generate()).toMatchObject({ ok: true });
    a.runTimerUntilDone(200);
    expect(a.column('Video Status').filter((s) => s === 'complete')).toHaveLength(20_000);
    // Another tab takes the spreadsheet to where a new tab fits (26,000 cells) but not 20,001 rows of it.
    const ss = a.gas.spreadsheet;
    ss.setActiveSheet(ss.getSheetByName('Leads')!);
    const filler = fillSpreadsheet(a, 80_000);
    const tabs = ss.getSheets().map((t) => t.getName());
    const refused = a.call('exportFinishedVideos');
    expect(refused).toMatchObject({ ok: false, error: { code: 'spreadsheet_full' } });
    expect(refused.error.message).toMatch(/^This spreadsheet is full: Google Sheets holds 10 million cells at most/);
    expect(ss.getSheets().map((t) => t.getName())).toEqual(tabs);
    expect(ss.getActiveSheet().getName()).toBe('Leads');
    ss.deleteSheet(filler);
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true, count: 20_000 });
    const tab = a.gas.spreadsheet.getSheetByName(out.sheetName)!;
    expect([tab.getMaxRows(), tab.getMaxColumns()]).toEqual([20_001, 6]);
    expect(tab.getRange(20_001, 4).getValue()).toBe('p19999@example.com');
  });
});
