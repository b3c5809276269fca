// Batched sheet access: the header row, output columns, blocks of display text, and a writer that
// touches each output column once per commit however many rows change.
import { literal } from './cells';
import { detectColumns, OUTPUT_COLUMNS, OUTPUT_HEADERS, type ColumnLayout, type OutputColumn } from './headers';
import type { PersonField } from '../api/types';

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

/** Display text of rows [first, first+count) across all columns: what a person sees. */
export function readRows(sheet: Sheet, first: number, count: number, width: number): string[][] {
  if (count < 1 || width < 1) return [];
  return sheet.getRange(first, 1, count, width).getDisplayValues();
}

export interface Table {
  sheet: Sheet;
  headers: string[];
  layout: ColumnLayout;
  /** 1-based column of each output header (all present). */
  out: Record<OutputColumn, number>;
}

/**
 * The header row and the columns found in it. Making the missing output columns is an explicit
 * step (`create`) of a writer, never of a read; without it a missing column is 0 and not written.
 */
export function openTable(sheet: Sheet, overrides: Partial<Record<PersonField, string>> = {}, create = true): Table {
  const read = readHeaders(sheet);
  const headers = create ? ensureOutputColumns(sheet, read) : read;
  const layout = detectColumns(headers, overrides);
  const out = {} as Record<OutputColumn, number>;
  for (const c of OUTPUT_COLUMNS) out[c] = (layout.outputs[c] ?? -1) + 1;
  return { sheet, headers, layout, out };
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
          last && last[last.length - 1] === r - 1 && (current?.(r) && current(last[0]!) ? true : columnsOf(last[0]!).join() === columnsOf(r).join());
        if (joins) last.push(r);
        else runs.push([r]);
      }
    }
    for (const run of runs) {
      const cols = OUTPUT_COLUMNS.filter((c) => table.out[c] > 0 && run.some((r) => this.pending.get(r)![c] !== undefined)).sort(
        (a, b) => table.out[a] - table.out[b],
      );
      for (const block of adjacentColumns(cols, table)) {
        const values = run.map((r) =>
          block.map((c) => {
            const v = this.pending.get(r)![c];
            return literal(v !== undefined ? v : (current!(r)![table.out[c] - 1] ?? ''));
          }),
        );
        table.sheet.getRange(run[0]!, table.out[block[0]!], run.length, block.length).setValues(values);
      }
    }
    this.pending.clear();
  }
}

/** Output columns (sorted by position) split where they stop being side by side in the sheet. */
function adjacentColumns(cols: OutputColumn[], table: Table): OutputColumn[][] {
  const blocks: OutputColumn[][] = [];
  for (const c of cols) {
    const last = blocks[blocks.length - 1];
    if (last && table.out[c] === table.out[last[last.length - 1]!] + 1) last.push(c);
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

/** The rows holding each Lead ID right now (read at write time: rows may have moved since). */
export function rowsByLeadId(table: Table): Map<string, number[]> {
  const last = table.sheet.getLastRow();
  const map = new Map<string, number[]>();
  if (last < 2) return map;
  const ids = table.sheet.getRange(2, table.out.leadId, last - 1, 1).getDisplayValues();
  ids.forEach(([id], i) => {
    const key = String(id ?? '').trim();
    if (key) map.set(key, [...(map.get(key) ?? []), i + 2]);
  });
  return map;
}

/** What to write on one row holding a Lead ID, from the row's own cells (null: leave it). */
export type RowDecision = (leadId: string, cells: readonly string[], table: Table) => Partial<Record<OutputColumn, string>> | null;

/**
 * Writes output cells for leads, finding their rows by Lead ID at the moment of writing. For the
 * Lead IDs of `check`, each row's own cells say what it gets (a row that is not the lead's person
 * gets no link); only the span of those rows is read whole.
 */
export function writeByLeadId(
  sheet: Sheet,
  updates: Map<string, Partial<Record<OutputColumn, string>>>,
  check?: { ids: ReadonlySet<string>; decide: RowDecision },
  overrides: Partial<Record<PersonField, string>> = {},
): number {
  if (updates.size === 0) return 0;
  // The writer's explicit step: output columns a person deleted come back, so links still land (docs/rules.md#columns).
  const table = openTable(sheet, overrides, true);
  const where = rowsByLeadId(table);
  const writer = new RowWriter();
  const checked: [string, number][] = [];
  for (const [id, values] of updates) {
    for (const row of where.get(id) ?? []) {
      if (check?.ids.has(id)) checked.push([id, row]);
      else writer.set(row, values);
    }
  }
  let span: string[][] = [];
  let spanFirst = 0;
  if (checked.length > 0) {
    spanFirst = checked.reduce((m, [, r]) => Math.min(m, r), Infinity);
    span = readRows(sheet, spanFirst, checked.reduce((m, [, r]) => Math.max(m, r), 0) - spanFirst + 1, table.headers.length);
    for (const [id, row] of checked) {
      const values = check!.decide(id, span[row - spanFirst]!, table);
      if (values) writer.set(row, values);
    }
  }
  const n = writer.size;
  writer.commit(table, (row) => (spanFirst > 0 ? span[row - spanFirst] : undefined));
  return n;
}
