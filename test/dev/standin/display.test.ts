// Display values: numbers, dates, booleans and errors as a person sees them.
import { CellError } from '../../../dev/standin/cell';
import { dateToSerial, displayValue, formatNumber, generalNumber, serialToDate } from '../../../dev/standin/display';

const UTC = 'Etc/UTC';

describe('display', () => {
  it('should show numbers in the automatic format with at most 10 significant digits and no trailing zeros', () => {
    expect(generalNumber(0)).toBe('0');
    expect(generalNumber(1.5)).toBe('1.5');
    expect(generalNumber(-42)).toBe('-42');
    expect(generalNumber(1 / 3)).toBe('0.3333333333');
    expect(generalNumber(2.5)).toBe('2.5');
    expect(generalNumber(123456.789012345)).toBe('123456.789');
    expect(generalNumber(12345678901)).toBe('12345678901');
    expect(generalNumber(1.5e20)).toBe('1.5E+20');
  });

  it('should apply 0.00, #,##0, 0% and literal text formats', () => {
    expect(formatNumber(3.14159, '0.00')).toBe('3.14');
    expect(formatNumber(3, '0.00')).toBe('3.00');
    expect(formatNumber(1234567.891, '#,##0')).toBe('1,234,568');
    expect(formatNumber(-1234.5, '#,##0.00')).toBe('-1,234.50');
    expect(formatNumber(0.256, '0%')).toBe('26%');
    expect(formatNumber(0.2567, '0.0%')).toBe('25.7%');
    expect(formatNumber(5, '"$"#,##0.00')).toBe('$5.00');
    expect(formatNumber(0.5, '#.##')).toBe('.5');
    expect(formatNumber(-5, '0;(0)')).toBe('(5)');
  });

  it('should show booleans as TRUE/FALSE, errors as their text and strings as stored', () => {
    expect(displayValue(true, undefined, UTC)).toBe('TRUE');
    expect(displayValue(false, '0.00', UTC)).toBe('FALSE');
    for (const code of ['#N/A', '#REF!', '#VALUE!', '#DIV/0!', '#NAME?'] as const) expect(displayValue(new CellError(code), undefined, UTC)).toBe(code);
    expect(displayValue('  007 ', undefined, UTC)).toBe('  007 ');
  });

  it('should show dates as M/d/yyyy, with the time when it is not midnight, in the spreadsheet time zone', () => {
    expect(displayValue(new Date(Date.UTC(2025, 0, 2)), undefined, UTC)).toBe('1/2/2025');
    expect(displayValue(new Date(Date.UTC(2025, 0, 2, 13, 5, 9)), undefined, UTC)).toBe('1/2/2025 13:05:09');
    expect(displayValue(new Date(Date.UTC(2025, 0, 2)), undefined, 'America/New_York')).toBe('1/1/2025 19:00:00');
  });

  it('should apply date patterns, with m as minutes next to h or s', () => {
    const d = new Date(Date.UTC(2025, 6, 4, 15, 7, 30));
    expect(displayValue(d, 'yyyy-mm-dd', UTC)).toBe('2025-07-04');
    expect(displayValue(d, 'yyyy-mm-dd hh:mm:ss', UTC)).toBe('2025-07-04 15:07:30');
    expect(displayValue(d, 'mmm d, yyyy h:mm am/pm', UTC)).toBe('Jul 4, 2025 3:07 PM');
    expect(displayValue(d, 'dddd', UTC)).toBe('Friday');
  });

  it('should convert between dates and serial numbers like Sheets', () => {
    expect(dateToSerial(Date.UTC(2025, 0, 1), UTC)).toBe(45658);
    expect(serialToDate(45658.5, UTC)).toBe(Date.UTC(2025, 0, 1, 12));
    expect(displayValue(45658, 'yyyy-mm-dd', UTC)).toBe('2025-01-01');
    expect(displayValue(new Date(Date.UTC(2025, 0, 1)), '0.0', UTC)).toBe('45658.0');
  });
});
