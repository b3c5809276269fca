// The rows a person selected: every range of the selection, data rows only, hidden rows left out.
import type { Sheet } from './table';

export type RangeList = Pick<GoogleAppsScript.Spreadsheet.RangeList, 'getRanges'>;

/** Sorted, distinct, visible 1-based data rows (below the header, within the used rows) of the selection. */
export function selectedRows(sheet: Sheet, selection: RangeList | null, opts: { checkHidden?: boolean } = {}): number[] {
  if (!selection) return [];
  const lastRow = sheet.getLastRow();
  const rows = new Set<number>();
  for (const range of selection.getRanges()) {
    const first = Math.max(2, range.getRow());
    const last = Math.min(lastRow, range.getRow() + range.getNumRows() - 1);
    for (let r = first; r <= last; r++) rows.add(r);
  }
  const sorted = [...rows].sort((a, b) => a - b);
  if (opts.checkHidden === false) return sorted;
  // Sheets has no batch call for row visibility; the filter check is skipped when there is no filter.
  const filtered = sheet.getFilter() !== null;
  return sorted.filter((r) => !(filtered && sheet.isRowHiddenByFilter(r)) && !sheet.isRowHiddenByUser(r));
}
