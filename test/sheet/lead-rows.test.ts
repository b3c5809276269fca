import { FIRST_DATA_ROW, readLeadRows, readOutputs, readRowsAt, readRowSpan } from '../../src/sheet/lead-rows';
import { openTable } from '../../src/sheet/table';
import { recordedTab } from '../unit-services';

const HEADERS = ['First name', 'Company', 'Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note'];

/** The stand-in's tab holding these rows under the header row, with every Range it hands out recorded. */
function tab(rows: unknown[][], headers: string[] | null = HEADERS) {
  const { sheet, ranges } = recordedTab(headers ? [headers, ...rows] : rows);
  // The header row is read as a read reads it: no output column is made.
  const table = openTable(sheet, {}, false);
  ranges.length = 0;
  return { sheet, table, ranges };
}

describe('readLeadRows', () => {
  it('should give no rows and read nothing on an empty tab', () => {
    const { table, ranges } = tab([], null);
    expect(table.headers).toEqual([]);
    expect(readLeadRows(table)).toEqual([]);
    expect(ranges).toEqual([]);
  });

  it('should give no rows and read nothing below a header row alone', () => {
    const { table, ranges } = tab([]);
    expect(readLeadRows(table)).toEqual([]);
    expect(ranges).toEqual([]);
  });

  it('should read every data row, whole, in one Range call, numbered as the sheet numbers them', () => {
    const { table, ranges } = tab([
      ['Ann', 'Acme', 'ld_1', 'c_1', 'https://p/1', '', 'pending', ''],
      ['Bob', 'Bolt', '', '', '', '', '', ''],
    ]);
    const rows = readLeadRows(table);
    expect(ranges).toEqual([[2, 1, 2, HEADERS.length]]);
    expect(rows.map((r) => r.row)).toEqual([FIRST_DATA_ROW, 3]);
    expect(rows[0]).toMatchObject({ leadId: 'ld_1', campaignId: 'c_1', pageUrl: 'https://p/1', videoUrl: '', status: 'pending', note: '' });
    expect(rows[1]!.cells.slice(0, 2)).toEqual(['Bob', 'Bolt']);
  });

  it('should keep the display text of cells as shown, and give output cells as clean text', () => {
    const { table } = tab([['  Ann  ', 'Acme', '  ld_1 ', '#N/A', '', '', 'Pending', 'two\nlines']]);
    const [row] = readLeadRows(table);
    expect(row!.cells[0]).toBe('  Ann  ');
    expect(row!.cells[2]).toBe('  ld_1 ');
    expect(row!.leadId).toBe('ld_1');
    // An error value is no Campaign ID; a status reads as the cell shows it, not lower-cased.
    expect(row!.campaignId).toBe('');
    expect(row!.status).toBe('Pending');
    expect(row!.note).toBe('two lines');
  });

  it('should give no value, not fail, for an output column the tab lacks, and make no column', () => {
    const headers = ['First name', 'Lead ID', 'Video Status'];
    const { sheet, table } = tab([['Ann', 'ld_1', 'complete']], headers);
    const [row] = readLeadRows(table);
    expect(row).toMatchObject({ leadId: 'ld_1', status: 'complete', note: '', pageUrl: '', videoUrl: '', campaignId: '' });
    expect(row!.cells).toEqual(['Ann', 'ld_1', 'complete']);
    expect(sheet.getLastColumn()).toBe(headers.length);
  });
});

describe('readRowSpan', () => {
  it('should read a span of rows in one Range call', () => {
    const { table, ranges } = tab([['Ann'], ['Bob'], ['Cy'], ['Di'], ['Ed']].map((r) => [...r, '', `ld_${r[0]}`]));
    const rows = readRowSpan(table, 3, 5);
    expect(ranges).toEqual([[3, 1, 3, HEADERS.length]]);
    expect(rows.map((r) => [r.row, r.leadId])).toEqual([
      [3, 'ld_Bob'],
      [4, 'ld_Cy'],
      [5, 'ld_Di'],
    ]);
  });

  it('should read nothing for an empty span', () => {
    const { table, ranges } = tab([['Ann']]);
    expect(readRowSpan(table, 4, 3)).toEqual([]);
    expect(ranges).toEqual([]);
  });
});

describe('readRowsAt', () => {
  it('should read the rows asked for, in the order asked, from one Range call over their span', () => {
    const { table, ranges } = tab([['Ann'], ['Bob'], ['Cy'], ['Di']]);
    const rows = readRowsAt(table, [5, 2, 4]);
    expect(ranges).toEqual([[2, 1, 4, HEADERS.length]]);
    expect([...rows].map(([r, row]) => [r, row.row, row.cells[0]])).toEqual([
      [5, 5, 'Di'],
      [2, 2, 'Ann'],
      [4, 4, 'Cy'],
    ]);
  });

  it('should read nothing for no rows', () => {
    const { table, ranges } = tab([['Ann']]);
    expect(readRowsAt(table, []).size).toBe(0);
    expect(ranges).toEqual([]);
  });
});

describe('readOutputs', () => {
  it('should read only the columns between the output columns asked for, in one Range call', () => {
    const { table, ranges } = tab([
      ['Ann', 'Acme', 'ld_1', 'c_1', 'https://p/1', '', 'failed', 'why'],
      ['Bob', 'Bolt', '', '', '', '', 'sending', ''],
    ]);
    const rows = readOutputs(table, ['status', 'leadId', 'note']);
    // Lead ID (C) to Video Note (H): 1-based only at the Range call.
    expect(ranges).toEqual([[2, 3, 2, 6]]);
    expect(rows.map((r) => [r.row, r.leadId, r.status, r.note])).toEqual([
      [2, 'ld_1', 'failed', 'why'],
      [3, '', 'sending', ''],
    ]);
    // A column not asked for is not read: it gives no value rather than a neighbour's.
    expect(rows[0]!.pageUrl).toBe('');
  });

  it('should read nothing when the tab has none of the columns asked for', () => {
    const { table, ranges } = tab([['Ann', 'ld_1']], ['First name', 'Lead ID']);
    expect(readOutputs(table, ['note', 'status'])).toEqual([]);
    expect(ranges).toEqual([]);
  });
});
