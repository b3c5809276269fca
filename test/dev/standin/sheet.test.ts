// Sheet: getRange forms and bounds, used range, hidden rows, inserts and deletes, and the person-like helpers.
import { run, standin } from './fixture';

function leads() {
  const s = standin();
  const sheet = s.spreadsheet.addSheet('Leads', [
    ['First name', 'Company', 'Video Status'],
    ['Cy', 'Acme', 'pending'],
    ['Al', 'Beta', 'complete'],
    ['Bo', 'Corp', 'failed'],
  ]);
  s.spreadsheet.setActiveSheet(sheet);
  return { s, sheet };
}

describe('FakeSheet', () => {
  it('should accept every getRange form', () => {
    const { s } = leads();
    expect(
      run(
        s,
        `var sh = SpreadsheetApp.getActiveSheet();
      return [sh.getRange('B2').getValue(), sh.getRange(2, 2).getValue(), sh.getRange(2, 1, 2).getValues(),
              sh.getRange(3, 1, 2, 2).getValues(), sh.getRange('Leads!A4:B4').getValues(), sh.getRange('C:C').getNumRows()];`,
      ),
    ).toEqual([
      'Acme',
      'Acme',
      [['Cy'], ['Al']],
      [
        ['Al', 'Beta'],
        ['Bo', 'Corp'],
      ],
      [['Bo', 'Corp']],
      1000,
    ]);
  });

  it("should refuse ranges outside the grid with Sheets' messages", () => {
    const { s } = leads();
    const at = (expr: string) => () => run(s, `SpreadsheetApp.getActiveSheet().${expr};`);
    expect(at('getRange(0, 1)')).toThrow('The starting row of the range is too small.');
    expect(at('getRange(1, 0)')).toThrow('The starting column of the range is too small.');
    expect(at('getRange(1, 1, 0, 1)')).toThrow('The number of rows in the range must be at least 1.');
    expect(at('getRange(1001, 1)')).toThrow('The coordinates of the range are outside the dimensions of the sheet.');
    expect(at('getRange(1, 1, 1, 27)')).toThrow('The coordinates of the range are outside the dimensions of the sheet.');
    expect(at("getRange('A1:A1001')")).toThrow('The coordinates of the range are outside the dimensions of the sheet.');
    expect(at("getRange('nonsense')")).toThrow('Range not found');
    expect(at("getRange('Other!A1')")).toThrow('Range not found');
  });

  it('should report the used range, the grid size and the data range', () => {
    const { s, sheet } = leads();
    sheet.setValuesRaw([['', '', '', '', 'far']], 2, 1);
    expect(
      run(
        s,
        `var sh = SpreadsheetApp.getActiveSheet();
      return [sh.getLastRow(), sh.getLastColumn(), sh.getMaxRows(), sh.getMaxColumns(), sh.getDataRange().getA1Notation()];`,
      ),
    ).toEqual([4, 5, 1000, 26, 'A1:E4']);
    expect(
      run(s, `var sh = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1'); return [sh.getLastRow(), sh.getDataRange().getA1Notation()];`),
    ).toEqual([0, 'A1']);
  });

  it('should keep rows hidden by a filter and by the user apart', () => {
    const { s, sheet } = leads();
    sheet.hideRows(2, 1);
    sheet.setFilterHidden([4]);
    expect(
      run(
        s,
        `var sh = SpreadsheetApp.getActiveSheet();
      return [2, 3, 4].map(function (r) { return [sh.isRowHiddenByUser(r), sh.isRowHiddenByFilter(r)]; }).concat([sh.getFilter() !== null]);`,
      ),
    ).toEqual([[true, false], [false, false], [false, true], true]);
    run(s, `SpreadsheetApp.getActiveSheet().getFilter().remove(); SpreadsheetApp.getActiveSheet().showRows(2);`);
    expect([sheet.isRowHiddenByUser(2), sheet.isRowHiddenByFilter(4), sheet.getFilter()]).toEqual([false, false, null]);
  });

  it("should insert columns at the right end, inheriting the neighbour's format, and append rows", () => {
    const { s, sheet } = leads();
    sheet.getRange('C1').setFontWeight('bold');
    run(
      s,
      `var sh = SpreadsheetApp.getActiveSheet();
      sh.insertColumnsAfter(sh.getLastColumn(), 2);
      sh.getRange(1, 4, 1, 2).setValues([['Lead ID', 'Page URL']]);
      sh.appendRow(['Di', 'Delta']);`,
    );
    expect(sheet.getMaxColumns()).toBe(28);
    expect(sheet.values()[0]).toEqual(['First name', 'Company', 'Video Status', 'Lead ID', 'Page URL']);
    expect(sheet.values()[4]).toEqual(['Di', 'Delta', '', '', '']);
    expect(sheet.cell(1, 4)?.bold).toBe(true);
  });

  it('should move rows with their hidden state when a person sorts, inserts or deletes', () => {
    const { sheet } = leads();
    sheet.hideRows(3, 1);
    sheet.sortBy(0);
    expect(sheet.values().map((r) => r[0])).toEqual(['First name', 'Al', 'Bo', 'Cy']);
    expect(sheet.isRowHiddenByUser(2)).toBe(true);
    sheet.insertRowsBefore(2, 2);
    expect(sheet.values().map((r) => r[0])).toEqual(['First name', '', '', 'Al', 'Bo', 'Cy']);
    expect(sheet.isRowHiddenByUser(4)).toBe(true);
    sheet.deleteRow(5);
    expect(sheet.values().map((r) => r[0])).toEqual(['First name', '', '', 'Al', 'Cy']);
    expect(sheet.getMaxRows()).toBe(1001);
    sheet.sortBy(0, false);
    expect(sheet.values().map((r) => r[0])).toEqual(['First name', 'Cy', 'Al']);
    expect(sheet.getLastRow()).toBe(3);
  });

  it('should move a column like a person dragging it', () => {
    const { sheet } = leads();
    sheet.moveColumn(2, 0);
    expect(sheet.values()[0]).toEqual(['Video Status', 'First name', 'Company']);
    sheet.moveColumn(0, 2);
    expect(sheet.values()[0]).toEqual(['First name', 'Company', 'Video Status']);
    expect(() => sheet.moveColumn(-1, 0)).toThrow(/out of bounds/);
  });

  it('should keep frozen rows and refuse to delete every non-frozen row', () => {
    const { s, sheet } = leads();
    run(s, `SpreadsheetApp.getActiveSheet().setFrozenRows(1);`);
    expect(sheet.getFrozenRows()).toBe(1);
    expect(() => sheet.deleteRows(2, 999)).toThrow('Sorry, it is not possible to delete all non-frozen rows.');
  });

  it('should give the data a person typed the same parsing as setValues', () => {
    const { sheet } = leads();
    sheet.typeValues([['42', '=A1']], 5, 1);
    expect([sheet.storedValue(5, 1), sheet.getRange('B5').getFormula()]).toEqual([42, '=A1']);
  });
});
