// Spreadsheet: sheets, the person's selection (several ranges, hidden rows included), toasts, openById.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppsScriptStandin } from '../../../dev/standin';
import { FIXTURE_BUNDLE, run, standin } from './fixture';

describe('FakeSpreadsheet', () => {
  // docs/rules.md#cells
  it('should count every cell of every tab against 10 million, as Sheets does', () => {
    const s = standin();
    const out = run<[number[], unknown]>(
      s,
      `var ss = SpreadsheetApp.getActiveSpreadsheet();
      var t = ss.insertSheet('Big');
      var size = [t.getMaxRows(), t.getMaxColumns()];
      t.insertRowsAfter(t.getMaxRows(), 382000);
      var made = false;
      try { ss.insertSheet('One more'); made = true; } catch (e) { made = String(e.message); }
      return [size, made];`,
    );
    expect(out[0]).toEqual([1000, 26]);
    expect(out[1]).toMatch(/above the limit of 10000000 cells/);
    expect(() => run(s, `SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Big').insertColumnsAfter(26, 1);`)).toThrow(/above the limit/);
  });

  // docs/rules.md#copies
  it('should make a copy with the tabs (ids, values, hidden ones hidden), its own id, and DocumentProperties only under the copied reading', () => {
    for (const copyProperties of ['not-copied', 'copied'] as const) {
      const s = standin({ readings: { copyProperties } });
      const leads = s.spreadsheet.addSheet('Leads', [['First name'], ['Ann']]);
      s.spreadsheet.addSheet('Video register', [['Lead ID']]).hideSheet();
      s.properties.document.setProperty('k', 'v');
      const c = s.makeCopy();
      expect(c.spreadsheet.getId()).not.toBe(s.spreadsheet.getId());
      expect(c.spreadsheet.getSheetByName('Leads')!.getSheetId()).toBe(leads.getSheetId());
      expect(c.spreadsheet.getSheetByName('Leads')!.getRange('A2').getValue()).toBe('Ann');
      expect(c.spreadsheet.getSheetByName('Video register')!.isSheetHidden()).toBe(true);
      expect(c.properties.document.getProperty('k')).toBe(copyProperties === 'copied' ? 'v' : null);
      c.spreadsheet.getSheetByName('Leads')!.getRange('A2').setValue('Bob');
      expect(leads.getRange('A2').getValue()).toBe('Ann');
    }
  });

  it('should keep a cell’s note through the bundle’s calls, move it with a sort, and carry it into a copy', () => {
    const s = standin();
    const t = s.spreadsheet.addSheet('Notes', [['Head'], ['b'], ['a']]);
    expect(
      run(
        s,
        `var t = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Notes');
      t.getRange(1, 1).setNote('3:abc');
      t.getRange(2, 1).setNote('on b');
      return [t.getRange(1, 1).getNote(), t.getRange(3, 1).getNote(), t.getRange(1, 1, 2, 1).getNotes()];`,
      ),
    ).toEqual(['3:abc', '', [['3:abc'], ['on b']]]);
    t.sortBy(0);
    expect(t.getRange(3, 1).getNote()).toBe('on b');
    expect(s.makeCopy().spreadsheet.getSheetByName('Notes')!.getRange(1, 1).getNote()).toBe('3:abc');
    t.getRange(1, 1).setNote('');
    expect(t.getRange(1, 1).getNote()).toBe('');
  });

  it('should list, find, insert and activate sheets', () => {
    const s = standin({ spreadsheetId: 'ss_1' });
    const leads = s.spreadsheet.addSheet('Leads', [['a']]);
    expect(
      run(
        s,
        `var ss = SpreadsheetApp.getActiveSpreadsheet();
      var made = ss.insertSheet('Finished videos');
      return [ss.getId(), ss.getSheets().map(function (x) { return x.getName(); }), ss.getActiveSheet().getName(),
              ss.getSheetByName('Leads').getSheetId(), ss.getSheetByName('nope'), ss.getSheetById(${leads.getSheetId()}).getName(),
              made.getIndex()];`,
      ),
    ).toEqual(['ss_1', ['Sheet1', 'Leads', 'Finished videos'], 'Finished videos', leads.getSheetId(), null, 'Leads', 3]);
    expect(() => run(s, `SpreadsheetApp.getActiveSpreadsheet().insertSheet('leads');`)).toThrow(/already exists/);
  });

  it('should return the selection as selected: every range, hidden rows included', () => {
    const s = standin();
    const sheet = s.spreadsheet.addSheet(
      'Leads',
      Array.from({ length: 40 }, (_, i) => [`r${i + 1}`]),
    );
    sheet.hideRows(5, 3);
    s.spreadsheet.select(sheet, ['A2:F20', 'A30:F31']);
    expect(
      run(
        s,
        `var list = SpreadsheetApp.getActiveRangeList();
      return [list.getRanges().map(function (r) { return r.getA1Notation(); }), SpreadsheetApp.getActiveSheet().getName(),
              SpreadsheetApp.getActiveRange().getA1Notation(), SpreadsheetApp.getActiveSpreadsheet().getActiveRangeList().getRanges().length];`,
      ),
    ).toEqual([['A2:F20', 'A30:F31'], 'Leads', 'A30:F31', 2]);
  });

  it('should select A1 when nothing was selected, and follow Range.activate', () => {
    const s = standin();
    expect(run(s, `return SpreadsheetApp.getActiveRange().getA1Notation();`)).toBe('A1');
    run(s, `SpreadsheetApp.getActiveSheet().getRange('B2:C3').activate();`);
    expect(s.spreadsheet.getActiveRange().getA1Notation()).toBe('B2:C3');
  });

  it('should record toasts and report the time zone and locale', () => {
    const s = standin({ timeZone: 'Europe/Paris' });
    expect(
      run(
        s,
        `var ss = SpreadsheetApp.getActiveSpreadsheet(); ss.toast('Sent 5 rows', 'Videos');
      return [ss.getSpreadsheetTimeZone(), ss.getSpreadsheetLocale()];`,
      ),
    ).toEqual(['Europe/Paris', 'en_US']);
    expect(s.ui.toasts).toEqual([{ message: 'Sent 5 rows', title: 'Videos', timeoutSeconds: 5 }]);
  });

  it('should count flushes', () => {
    const s = standin();
    run(s, `SpreadsheetApp.flush(); SpreadsheetApp.flush();`);
    expect(s.counters.flushes).toBe(2);
  });

  it('should open its own spreadsheet by id and refuse any other id as Apps Script does', () => {
    const s = standin({ spreadsheetId: '1abcSheetId' });
    expect(run(s, `var ss = SpreadsheetApp.openById('1abcSheetId'); return [ss.getId(), ss.getName(), ss.getSheets().length];`)).toEqual([
      '1abcSheetId',
      'Leads',
      1,
    ]);
    expect(run(s, `try { SpreadsheetApp.openById('1nope'); } catch (e) { return String(e); }`)).toBe(
      'Exception: Unexpected error while getting the method or property openById on object SpreadsheetApp.',
    );
  });

  it('should refuse openById when the manifest beside the bundle lacks the spreadsheets scope', () => {
    const dir = mkdtempSync(join(tmpdir(), 'standin-'));
    try {
      writeFileSync(join(dir, 'Code.js'), FIXTURE_BUNDLE);
      const manifest = (scopes: string[]) => writeFileSync(join(dir, 'appsscript.json'), JSON.stringify({ oauthScopes: scopes }));
      manifest(['https://www.googleapis.com/auth/spreadsheets.currentonly']);
      const narrow = new AppsScriptStandin({ bundlePath: join(dir, 'Code.js'), spreadsheetId: 'ss1' });
      expect(() => run(narrow, `SpreadsheetApp.openById('ss1');`)).toThrow(
        'You do not have permission to call SpreadsheetApp.openById. Required permissions: https://www.googleapis.com/auth/spreadsheets',
      );
      manifest(['https://www.googleapis.com/auth/spreadsheets']);
      const wide = new AppsScriptStandin({ bundlePath: join(dir, 'Code.js'), spreadsheetId: 'ss1' });
      expect(run(wide, `return SpreadsheetApp.openById('ss1').getId();`)).toBe('ss1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
