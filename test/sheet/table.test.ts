import { consecutiveRuns, RowWriter, type Table } from '../../src/sheet/table';
import { detectColumns } from '../../src/shared/headers';

describe('consecutiveRuns', () => {
  it('should split sorted rows where they stop being consecutive', () => {
    expect(consecutiveRuns([2, 3, 4, 7, 9, 10])).toEqual([[2, 3, 4], [7], [9, 10]]);
    expect(consecutiveRuns([])).toEqual([]);
  });
});

describe('RowWriter', () => {
  /** A table whose sheet records each setValues as [row, col, values]. */
  function recorder(headers = ['First name', 'Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note']) {
    const writes: [number, number, unknown[][]][] = [];
    const sheet = {
      getRange: (row: number, col: number) => ({
        setValues: (v: unknown[][]) => {
          writes.push([row, col, v]);
        },
      }),
    } as unknown as Table['sheet'];
    return { writes, table: { sheet, headers, layout: detectColumns(headers) } as Table };
  }

  /** Rows 2-5 alternate between a finished video (links, status, note) and a status alone. */
  function mixed(w: RowWriter): void {
    for (const r of [2, 3, 4, 5]) {
      w.set(r, r % 2 === 0 ? { pageUrl: `https://p/${r}`, videoUrl: `https://v/${r}`, status: 'complete', note: '' } : { status: 'rendering' });
    }
  }

  it('should write consecutive rows changing different columns in one call, keeping the cells they do not change', () => {
    const { writes, table } = recorder();
    const w = new RowWriter();
    mixed(w);
    const current = (r: number) => ['Ann', `ld_${r}`, 'cmp_1', '', `kept ${r}`, 'pending', `note ${r}`];
    w.commit(table, current);
    expect(writes).toEqual([
      [
        2,
        4,
        [
          ['https://p/2', 'https://v/2', 'complete', ''],
          ['', 'kept 3', 'rendering', 'note 3'],
          ['https://p/4', 'https://v/4', 'complete', ''],
          ['', 'kept 5', 'rendering', 'note 5'],
        ],
      ],
    ]);
  });

  it("should write only the cells each row changes when the rows' cells are not at hand", () => {
    const { writes, table } = recorder();
    const w = new RowWriter();
    mixed(w);
    w.commit(table);
    expect(writes.map(([r, c]) => [r, c])).toEqual([
      [2, 4],
      [3, 6],
      [4, 4],
      [5, 6],
    ]);
  });

  it('should clear links before it writes a Lead ID when the output columns are apart', () => {
    // Found by the explorer: a protected Video URL column stopped the write after the new Lead ID went in, beside the
    // link of the person the row named before.
    const { writes, table } = recorder(['Video URL', 'First name', 'Lead ID', 'Campaign ID', 'Video Status', 'Video Note', 'Notes', 'Page URL']);
    const w = new RowWriter();
    w.set(2, { leadId: 'ld_new', campaignId: 'c', pageUrl: '', videoUrl: '', status: 'pending', note: '' });
    w.commit(table);
    expect(writes.map(([, c]) => table.headers[c - 1])).toEqual(['Video URL', 'Page URL', 'Lead ID']);
    // Links that are set, not cleared, keep the sheet's order.
    writes.length = 0;
    w.set(2, { pageUrl: 'https://p/2', videoUrl: 'https://v/2', status: 'complete' });
    w.commit(table);
    expect(writes.map(([, c]) => table.headers[c - 1])).toEqual(['Video URL', 'Video Status', 'Page URL']);
  });
});
