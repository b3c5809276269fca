// Range: values in and out as Sheets stores them, shape errors, formats, and per-cell colour records.
import { run, standin } from './fixture';

describe('FakeRange', () => {
  it('should store a string starting with = as a formula whose value is an error and whose formula is kept', () => {
    const s = standin();
    const r = run<unknown[]>(
      s,
      `
      var r = SpreadsheetApp.getActiveSheet().getRange('A1:C1');
      r.setValues([['=SUM(A2:A3)', '=1+', "'=not a formula"]]);
      return [r.getValues(), r.getFormulas(), r.getDisplayValues()];`,
    );
    expect(r).toEqual([[['#NAME?', '#ERROR!', '=not a formula']], [['=SUM(A2:A3)', '=1+', '']], [['#NAME?', '#ERROR!', '=not a formula']]]);
  });

  it('should read a leading + or - in text as a formula, as Sheets does', () => {
    const s = standin();
    const r = run<unknown[]>(
      s,
      `
      var r = SpreadsheetApp.getActiveSheet().getRange('A1:D1');
      r.setValues([['+hello', '- item', '-5', "'+hello"]]);
      return [r.getValues(), r.getFormulas()];`,
    );
    expect(r).toEqual([[['#NAME?', '#ERROR!', -5, '+hello']], [['=+hello', '=- item', '', '']]]);
  });

  it('should turn numeric, percent, boolean and date-looking text into values unless the cell is plain text', () => {
    const s = standin();
    const r = run<unknown[]>(
      s,
      `
      var sh = SpreadsheetApp.getActiveSheet();
      var input = [['00123', '1,234.5', '50%', 'true', '2025-03-04', '3/4/2025', 'call me']];
      var a = sh.getRange('A1:G1'); a.setValues(input);
      var b = sh.getRange('A2:G2'); b.setNumberFormat('@'); b.setValues(input);
      var types = a.getValues()[0].map(function (v) { return v instanceof Date ? 'date:' + v.toISOString() : typeof v + ':' + v; });
      return [types, b.getValues()[0], a.getDisplayValues()[0], a.getNumberFormats()[0][2], b.getNumberFormat()];`,
    );
    expect(r).toEqual([
      ['number:123', 'number:1234.5', 'number:0.5', 'boolean:true', 'date:2025-03-04T00:00:00.000Z', 'date:2025-03-04T00:00:00.000Z', 'string:call me'],
      ['00123', '1,234.5', '50%', 'true', '2025-03-04', '3/4/2025', 'call me'],
      ['123', '1,235', '50%', 'TRUE', '2025-03-04', '3/4/2025', 'call me'],
      '0%',
      '@',
    ]);
  });

  it('should keep even = and apostrophes literally in plain-text cells', () => {
    const s = standin();
    expect(
      run(
        s,
        `
      var r = SpreadsheetApp.getActiveSheet().getRange('B2'); r.setNumberFormat('@');
      r.setValue('=SUM(1)'); var a = r.getValue(); var f = r.getFormula();
      r.setValue("'quoted"); return [a, f, r.getValue()];`,
      ),
    ).toEqual(['=SUM(1)', '', "'quoted"]);
  });

  it("should throw Sheets' messages when the data does not match the range", () => {
    const s = standin();
    expect(() => run(s, `SpreadsheetApp.getActiveSheet().getRange(1, 1, 2, 2).setValues([[1, 2]]);`)).toThrow(
      'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
    );
    expect(() => run(s, `SpreadsheetApp.getActiveSheet().getRange(1, 1, 2, 2).setValues([[1, 2], [3]]);`)).toThrow(
      'The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.',
    );
    expect(() => run(s, `SpreadsheetApp.getActiveSheet().getRange(1, 1).setValues('x');`)).toThrow(/don't match the method signature/);
  });

  it("should hand the script its own realm's arrays and Dates, and take them back", () => {
    const s = standin();
    s.spreadsheet.getActiveSheet().setValuesRaw([[new Date(Date.UTC(2025, 1, 3)), 'x']]);
    expect(
      run(
        s,
        `
      var r = SpreadsheetApp.getActiveSheet().getRange('A1:B1');
      var v = r.getValues();
      var ok = [Array.isArray(v), v instanceof Array, v[0] instanceof Array, v[0][0] instanceof Date, v[0][0].getTime()];
      r.offset(1, 0).setValues([[new Date(Date.UTC(2030, 0, 1)), 5]]);
      return ok;`,
      ),
    ).toEqual([true, true, true, true, Date.UTC(2025, 1, 3)]);
    const written = s.spreadsheet.getActiveSheet().storedValue(2, 1);
    expect(written).toBeInstanceOf(Date);
    expect((written as Date).getTime()).toBe(Date.UTC(2030, 0, 1));
  });

  it("should hand the script its own realm's arrays for a block of plain values too, a copy it may change", () => {
    const s = standin();
    s.spreadsheet.getActiveSheet().setValuesRaw([
      ['a', 1],
      ['b', 2],
    ]);
    expect(
      run(
        s,
        `
      var v = SpreadsheetApp.getActiveSheet().getRange('A1:B2').getDisplayValues();
      var ok = [v instanceof Array, v[0] instanceof Array, v[1] instanceof Array, Object.getPrototypeOf(v[1]) === Array.prototype, v[1].join()];
      v[1][0] = 'changed';
      return ok;`,
      ),
    ).toEqual([true, true, true, true, 'b,2']);
    expect(s.spreadsheet.getActiveSheet().storedValue(2, 1)).toBe('b');
  });

  it('should report its position, A1 notation and offsets', () => {
    const s = standin();
    expect(
      run(
        s,
        `
      var r = SpreadsheetApp.getActiveSheet().getRange(2, 3, 4, 5);
      var o = r.offset(1, -1, 1);
      return [r.getRow(), r.getColumn(), r.getLastRow(), r.getLastColumn(), r.getNumRows(), r.getNumColumns(), r.getA1Notation(),
              o.getA1Notation(), r.getCell(2, 2).getA1Notation(), r.getSheet().getName()];`,
      ),
    ).toEqual([2, 3, 5, 7, 4, 5, 'C2:G5', 'B3:F3', 'D3', 'Sheet1']);
  });

  it('should clear content but keep formats, and set weights and number formats', () => {
    const s = standin();
    run(
      s,
      `var r = SpreadsheetApp.getActiveSheet().getRange('A1:B1');
      r.setValues([[1.234, 'x']]).setNumberFormat('0.0').setFontWeight('bold').clearContent(); r.setValue(2);`,
    );
    const sheet = s.spreadsheet.getActiveSheet();
    expect(sheet.displayValues()).toEqual([['2.0', '2.0']]);
    expect(sheet.cell(1, 1)).toMatchObject({ v: 2, fmt: '0.0', bold: true });
  });

  it('should record every per-cell background write', () => {
    const s = standin();
    run(
      s,
      `var sh = SpreadsheetApp.getActiveSheet();
      sh.getRange('E2:E3').setBackground('#FF0000');
      sh.getRangeList(['A1', 'B2:B4']).setBackground(null);`,
    );
    expect(s.counters.setBackgroundCalls).toBe(2);
    expect(s.spreadsheet.backgroundWrites).toEqual([
      { sheet: 'Sheet1', a1: 'E2:E3', color: '#ff0000' },
      { sheet: 'Sheet1', a1: 'A1', color: null },
      { sheet: 'Sheet1', a1: 'B2:B4', color: null },
    ]);
    expect(s.spreadsheet.getActiveSheet().cell(2, 5)?.background).toBe('#ff0000');
  });

  it('should return error values as their text from getValues', () => {
    const s = standin();
    s.spreadsheet.getActiveSheet().setValuesRaw([[s.errorValue('#N/A'), s.errorValue('#DIV/0!'), s.formula('=A1&B1', 'ab')]]);
    expect(run(s, `var r = SpreadsheetApp.getActiveSheet().getRange('A1:C1'); return [r.getValues(), r.getDisplayValues(), r.getFormulas()];`)).toEqual([
      [['#N/A', '#DIV/0!', 'ab']],
      [['#N/A', '#DIV/0!', 'ab']],
      [['', '', '=A1&B1']],
    ]);
  });
});
