import type { Sheet } from '../../src/sheet/table';
import { rowHidden, selectedRows, type RangeList } from '../../src/sheet/selection';

/** A range as [first row, number of rows]. */
function rangeList(...ranges: [number, number][]): RangeList {
  return { getRanges: () => ranges.map(([row, n]) => ({ getRow: () => row, getNumRows: () => n })) } as unknown as RangeList;
}

function fakeSheet(o: { lastRow?: number; filter?: boolean; byUser?: number[]; byFilter?: number[] } = {}) {
  const calls: string[] = [];
  const sheet = {
    getLastRow: () => o.lastRow ?? 100,
    getFilter: () => {
      calls.push('getFilter');
      return o.filter ? {} : null;
    },
    isRowHiddenByUser: (r: number) => {
      calls.push(`user ${r}`);
      return (o.byUser ?? []).includes(r);
    },
    isRowHiddenByFilter: (r: number) => {
      calls.push(`filter ${r}`);
      return (o.byFilter ?? []).includes(r);
    },
  };
  return { sheet: sheet as unknown as Sheet, calls };
}

describe('selectedRows', () => {
  it('should give no rows without a selection', () => {
    expect(selectedRows(fakeSheet().sheet, null)).toEqual([]);
  });

  it('should drop the header row and rows past the last used row', () => {
    expect(selectedRows(fakeSheet({ lastRow: 4 }).sheet, rangeList([1, 10]))).toEqual([2, 3, 4]);
  });

  it('should merge overlapping ranges and sort them', () => {
    expect(selectedRows(fakeSheet().sheet, rangeList([8, 2], [3, 3], [4, 3], [9, 1]))).toEqual([3, 4, 5, 6, 8, 9]);
  });

  it('should give no rows for a selection of only the header, or wholly below the data', () => {
    const { sheet } = fakeSheet({ lastRow: 5 });
    expect(selectedRows(sheet, rangeList([1, 1], [6, 20]))).toEqual([]);
    expect(selectedRows(fakeSheet({ lastRow: 1 }).sheet, rangeList([1, 50]))).toEqual([]);
  });
});

describe('rowHidden', () => {
  it('should ask only whether the person hid a row when there is no filter, and look for the filter once', () => {
    const { sheet, calls } = fakeSheet({ byUser: [3], byFilter: [4] });
    const hidden = rowHidden(sheet);
    expect([2, 3, 4].map(hidden)).toEqual([false, true, false]);
    expect(calls).toEqual(['getFilter', 'user 2', 'user 3', 'user 4']);
  });

  it('should count rows hidden by a filter or by the person when there is a filter', () => {
    const { sheet, calls } = fakeSheet({ filter: true, byUser: [3], byFilter: [4] });
    const hidden = rowHidden(sheet);
    expect([2, 3, 4].map(hidden)).toEqual([false, true, true]);
    expect(calls.filter((c) => c === 'getFilter')).toHaveLength(1);
    expect(calls).toContain('filter 2');
  });

  it('should not look for the filter before a row is asked about', () => {
    const { sheet, calls } = fakeSheet({ filter: true });
    rowHidden(sheet);
    expect(calls).toEqual([]);
  });
});
