// The rows a person selected: every range of the selection, data rows only, hidden rows left out.
import { FIRST_DATA_ROW } from './lead-rows';
import type { Sheet } from './table';

export type RangeList = Pick<GoogleAppsScript.Spreadsheet.RangeList, 'getRanges'>;

/**
 * Sorted, distinct 1-based data rows (below the header, within the used rows) of the selection,
 * hidden rows included: visibility costs a call per row, so it is asked only of rows to be sent.
 */
export function selectedRows(sheet: Sheet, selection: RangeList | null): number[] {
  if (!selection) return [];
  const lastRow = sheet.getLastRow();
  const rows = new Set<number>();
  for (const range of selection.getRanges()) {
    const first = Math.max(FIRST_DATA_ROW, range.getRow());
    const last = Math.min(lastRow, range.getRow() + range.getNumRows() - 1);
    for (let r = first; r <= last; r++) rows.add(r);
  }
  return [...rows].sort((a, b) => a - b);
}

/** Whether a row is hidden (by the person or a filter). Sheets has no batch call for it; the filter check is skipped when there is no filter. */
export function rowHidden(sheet: Sheet): (row: number) => boolean {
  let filtered: boolean | undefined;
  return (r) => {
    filtered ??= sheet.getFilter() !== null;
    return (filtered && sheet.isRowHiddenByFilter(r)) || sheet.isRowHiddenByUser(r);
  };
}
