// The lead tab's header row and output columns, and the one writer, which touches each output column
// once per commit however many rows change. Rows are read through ./lead-rows.
import { literal } from '../shared/cells';
import { detectColumns, OUTPUT_COLUMNS, OUTPUT_HEADERS, type ColumnIndex, type ColumnLayout, type OutputColumn } from '../shared/headers';
import type { PersonField } from '../shared/person';

export type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export function readHeaders(sheet: Sheet): string[] {
  const cols = sheet.getLastColumn();
  if (cols < 1) return [];
  return sheet
    .getRange(1, 1, 1, cols)
    .getDisplayValues()[0]!
    .map((h) => String(h).trim());
}

/** Output columns missing from the header row are added at its right end; returns the new header row. */
export function ensureOutputColumns(sheet: Sheet, headers: string[]): string[] {
  const layout = detectColumns(headers);
  const missing = OUTPUT_COLUMNS.filter((c) => layout.outputs[c] === undefined).map((c) => OUTPUT_HEADERS[c]);
  if (missing.length === 0) return headers;
  const start = headers.length + 1;
  const need = start + missing.length - 1 - sheet.getMaxColumns();
  if (need > 0) sheet.insertColumnsAfter(sheet.getMaxColumns(), need);
  sheet.getRange(1, start, 1, missing.length).setValues([missing]).setFontWeight('bold');
  return headers.concat(missing);
}

export interface Table {
  sheet: Sheet;
  headers: string[];
  /** Columns found by header, each a ColumnIndex (0-based): only a Range call adds 1. */
  layout: ColumnLayout;
}

/** The table of a header row already read (no Range call). */
export function tableFrom(sheet: Sheet, headers: string[], overrides: Partial<Record<PersonField, string>> = {}): Table {
  return { sheet, headers, layout: detectColumns(headers, overrides) };
}

/**
 * The header row and the columns found in it. Making the missing output columns is an explicit
 * step (`create`) of a writer, never of a read; without it a missing column has no index and is not written.
 */
export function openTable(sheet: Sheet, overrides: Partial<Record<PersonField, string>> = {}, create = true): Table {
  const read = readHeaders(sheet);
  return tableFrom(sheet, create ? ensureOutputColumns(sheet, read) : read, overrides);
}

/**
 * Output cells to write, by row. A commit writes only those cells (docs/rules.md#sheet): rows in a run of
 * consecutive rows that change the same columns are written together, one setValues per block of
 * adjacent columns, so Range calls do not grow with the rows of a block and other cells survive.
 */
export class RowWriter {
  private readonly pending = new Map<number, Partial<Record<OutputColumn, string>>>();

  set(row: number, values: Partial<Record<OutputColumn, string>>): void {
    this.pending.set(row, { ...this.pending.get(row), ...values });
  }

  get size(): number {
    return this.pending.size;
  }

  /**
   * Writes what was set. With `current` (the rows' cells as just read), consecutive rows go as one
   * block whatever columns each changes: a cell a row does not change is written back as it was, so
   * Range calls follow the runs of rows, not the mix of what changed (docs/rules.md#budgets).
   */
  commit(table: Table, current?: (row: number) => readonly string[] | undefined): void {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.keys()].sort((a, b) => a - b);
    const columnsOf = (r: number) => OUTPUT_COLUMNS.filter((c) => this.pending.get(r)![c] !== undefined);
    const runs: number[][] = [];
    for (const run of consecutiveRuns(rows)) {
      for (const r of run) {
        const last = runs[runs.length - 1];
        const joins =
          last && last[last.length - 1] === r - 1 && (current && current(r) && current(last[0]!) ? true : columnsOf(last[0]!).join() === columnsOf(r).join());
        if (joins) last.push(r);
        else runs.push([r]);
      }
    }
    const at = table.layout.outputs;
    for (const run of runs) {
      const cols = OUTPUT_COLUMNS.filter((c) => at[c] !== undefined && run.some((r) => this.pending.get(r)![c] !== undefined)).sort((a, b) => at[a]! - at[b]!);
      // Links are cleared before a Lead ID changes: a write Sheets stops halfway (a protected column) never leaves a link
      // beside another lead's id (docs/rules.md#row-identity).
      const clears = (block: OutputColumn[]) => block.some((c) => (c === 'pageUrl' || c === 'videoUrl') && run.every((r) => !this.pending.get(r)![c]));
      for (const block of adjacentColumns(cols, at).sort((x, y) => +clears(y) - +clears(x))) {
        const values = run.map((r) =>
          block.map((c) => {
            const v = this.pending.get(r)![c];
            return literal(v !== undefined ? v : current!(r)![at[c]!] || '');
          }),
        );
        table.sheet.getRange(run[0]!, at[block[0]!]! + 1, run.length, block.length).setValues(values);
      }
    }
    this.pending.clear();
  }
}

/** Output columns (sorted by position) split where they stop being side by side in the sheet. */
function adjacentColumns(cols: OutputColumn[], at: Partial<Record<OutputColumn, ColumnIndex>>): OutputColumn[][] {
  const blocks: OutputColumn[][] = [];
  for (const c of cols) {
    const last = blocks[blocks.length - 1];
    if (last && at[c] === at[last[last.length - 1]!]! + 1) last.push(c);
    else blocks.push([c]);
  }
  return blocks;
}

/** Sorted row numbers split where they stop being consecutive. */
export function consecutiveRuns(sorted: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const r of sorted) {
    const last = runs[runs.length - 1];
    if (last && r === last[last.length - 1]! + 1) last.push(r);
    else runs.push([r]);
  }
  return runs;
}

/** A tab the add-on makes is sized to what it holds (`cols` at most 26): Sheets counts every cell of every tab (docs/rules.md#cells). */
export function trimTo(tab: Sheet, rows: number, cols: number): void {
  const [r, c] = [tab.getMaxRows(), tab.getMaxColumns()];
  if (c > cols) tab.deleteColumns(cols + 1, c - cols);
  if (r > rows) tab.deleteRows(rows + 1, r - rows);
  if (r < rows) tab.insertRowsAfter(r, rows - r);
}

/** A made tab's columns wide enough for what they hold (a new column is 100 px: a time, a link or a sentence is cut off). */
export function widen(tab: Sheet, widths: readonly number[]): void {
  widths.forEach((w, i) => tab.setColumnWidth(i + 1, w));
}

/** A tab's id, as records key it (one name for the 34 places that ask, which also keeps the bundle small). */
export const idOf = (s: Pick<Sheet, 'getSheetId'>): number => s.getSheetId();
