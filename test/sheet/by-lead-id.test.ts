import { rowsByLeadId, writeByLeadId } from '../../src/sheet/by-lead-id';
import { openTable } from '../../src/sheet/table';
import { recordedTab } from '../unit-services';

const tab = recordedTab;

describe('rowsByLeadId', () => {
  it('should find every row of each Lead ID from one read of the Lead ID column', () => {
    const { sheet, ranges } = tab([
      ['First name', 'Lead ID'],
      ['Ann', ' ld_1 '],
      ['Bob', ''],
      ['Ann', 'ld_1'],
      ['Cy', 'ld_2'],
    ]);
    const table = openTable(sheet, {}, false);
    ranges.length = 0;
    expect(rowsByLeadId(table)).toEqual(
      new Map([
        ['ld_1', [2, 4]],
        ['ld_2', [5]],
      ]),
    );
    expect(ranges).toEqual([[2, 2, 4, 1]]);
  });
});

describe('writeByLeadId', () => {
  it('should make the missing output columns, as the writer it is, and write only the rows holding the ids', () => {
    const { sheet, shown } = tab([
      ['First name', 'Lead ID'],
      ['Ann', 'ld_1'],
      ['Bob', 'ld_2'],
    ]);
    expect(writeByLeadId(sheet, new Map([['ld_2', { status: 'complete' }]]))).toBe(1);
    const [head, ...rows] = shown();
    expect(head).toEqual(['First name', 'Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note']);
    expect(rows.map((r) => r[5])).toEqual(['', 'complete']);
  });

  it("should let each checked row's own cells decide what it gets", () => {
    const { sheet, shown } = tab([
      ['First name', 'Lead ID', 'Video Status'],
      ['Ann', 'ld_1', 'pending'],
      ['Bob', 'ld_1', 'pending'],
    ]);
    const decide = (_id: string, row: { cells: readonly string[] }) => (row.cells[0] === 'Ann' ? { status: 'complete' } : null);
    writeByLeadId(sheet, new Map([['ld_1', { status: 'complete' }]]), { ids: new Set(['ld_1']), decide });
    expect(shown().map((r) => r[2])).toEqual(['Video Status', 'complete', 'pending']);
  });
});
