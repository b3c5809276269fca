// A1 notation parsing and formatting.
import { columnLetters, columnNumber, parseA1, splitSheetName, toA1 } from '../../../dev/standin/a1';

describe('a1', () => {
  it('should convert column numbers and letters both ways', () => {
    expect([1, 26, 27, 52, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
    expect(['A', 'z', 'AA', 'AZ', 'AAA'].map(columnNumber)).toEqual([1, 26, 27, 52, 703]);
  });

  it('should parse cells, blocks, reversed blocks and absolute references', () => {
    expect(parseA1('B3', 1000, 26)).toEqual({ row: 3, col: 2, numRows: 1, numCols: 1 });
    expect(parseA1('A2:F20', 1000, 26)).toEqual({ row: 2, col: 1, numRows: 19, numCols: 6 });
    expect(parseA1('F20:A2', 1000, 26)).toEqual({ row: 2, col: 1, numRows: 19, numCols: 6 });
    expect(parseA1('$B$2:$C$3', 1000, 26)).toEqual({ row: 2, col: 2, numRows: 2, numCols: 2 });
  });

  it('should run open references to the edge of the sheet', () => {
    expect(parseA1('C:C', 500, 26)).toEqual({ row: 1, col: 3, numRows: 500, numCols: 1 });
    expect(parseA1('2:5', 500, 10)).toEqual({ row: 2, col: 1, numRows: 4, numCols: 10 });
    expect(parseA1('A2:B', 500, 10)).toEqual({ row: 2, col: 1, numRows: 499, numCols: 2 });
  });

  it('should refuse what is not A1 notation', () => {
    for (const bad of ['', 'A', '1A', 'A0', 'A1:B2:C3', 'hello world', 'A1:']) expect(parseA1(bad, 1000, 26)).toBeNull();
  });

  it('should split quoted sheet names', () => {
    expect(splitSheetName("'Bob''s leads'!A1:B2")).toEqual({ sheetName: "Bob's leads", cells: 'A1:B2' });
    expect(splitSheetName('Leads!C3')).toEqual({ sheetName: 'Leads', cells: 'C3' });
    expect(splitSheetName('C3')).toEqual({ cells: 'C3' });
  });

  it('should format a rectangle as A1', () => {
    expect(toA1({ row: 2, col: 1, numRows: 1, numCols: 1 })).toBe('A2');
    expect(toA1({ row: 2, col: 1, numRows: 19, numCols: 28 })).toBe('A2:AB20');
  });
});
