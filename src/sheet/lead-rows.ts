// The lead tab read one way (docs/architecture.md#one-home-per-rule): its data rows as typed rows, one Range call per block.
import { cellText } from '../shared/cells';
import type { ColumnIndex, ColumnLayout, OutputColumn } from '../shared/headers';
import type { Table } from './table';

/** A row of the sheet as Sheets numbers it: 1-based, row 1 the header row. */
export type SheetRow = number;

/** The first data row: row 1 is the header row (docs/rules.md#sheet). */
export const FIRST_DATA_ROW: SheetRow = 2;

type Outputs = ColumnLayout['outputs'];

/**
 * A data row's output cells. Each reads as clean text (cellText: trimmed, error values empty), and as
 * '' when the tab has no such column or the read left it out: a read never makes a column.
 */
export class OutputRow {
  constructor(
    /** Where the row is in the sheet (1-based). */
    readonly row: SheetRow,
    /** Display text of the columns read, the first of them at `first`. */
    protected readonly read: readonly string[],
    protected readonly outputs: Outputs,
    protected readonly first: ColumnIndex = 0,
  ) {}

  /** The clean text of an output cell; '' when the tab has no such column. */
  text(c: OutputColumn): string {
    const i = this.outputs[c];
    return i === undefined ? '' : cellText(this.read[i - this.first]);
  }

  get leadId(): string {
    return this.text('leadId');
  }
  get campaignId(): string {
    return this.text('campaignId');
  }
  get pageUrl(): string {
    return this.text('pageUrl');
  }
  get videoUrl(): string {
    return this.text('videoUrl');
  }
  /** As the cell shows it (not lower-cased). */
  get status(): string {
    return this.text('status');
  }
  get note(): string {
    return this.text('note');
  }
}

/** A whole data row: its output cells, and every column's display text. */
export class LeadRow extends OutputRow {
  constructor(row: SheetRow, cells: readonly string[], outputs: Outputs) {
    super(row, cells, outputs, 0);
  }

  /** Display text of every column as Sheets shows it (not trimmed), indexed by ColumnIndex. */
  get cells(): readonly string[] {
    return this.read;
  }
}

/** Every data row, whole, in one Range call; none when the tab has no data row or no header. */
export function readLeadRows(table: Table): LeadRow[] {
  return readRowSpan(table, FIRST_DATA_ROW, table.sheet.getLastRow());
}

/** Rows first..last (inclusive), whole, in one Range call. */
export function readRowSpan(table: Table, first: SheetRow, last: SheetRow): LeadRow[] {
  const width = table.headers.length;
  if (last < first || width < 1) return [];
  const block = table.sheet.getRange(first, 1, last - first + 1, width).getDisplayValues();
  return block.map((cells, i) => new LeadRow(first + i, cells, table.layout.outputs));
}

/** The given rows (data rows of the tab, any order), whole, from one Range call over their span. */
export function readRowsAt(table: Table, rows: readonly SheetRow[]): Map<SheetRow, LeadRow> {
  if (rows.length === 0) return new Map();
  const first = rows.reduce((m, r) => Math.min(m, r), Infinity);
  const span = readRowSpan(
    table,
    first,
    rows.reduce((m, r) => Math.max(m, r), 0),
  );
  return new Map(rows.filter((r) => span[r - first]).map((r) => [r, span[r - first]!]));
}

/**
 * Output columns of every data row, in one Range call over the columns between them: a narrow read.
 * A column the tab lacks is not read and reads as ''; none are read when it lacks them all.
 */
export function readOutputs(table: Table, columns: readonly OutputColumn[]): OutputRow[] {
  const outputs: Outputs = {};
  const at: ColumnIndex[] = [];
  for (const c of columns) {
    const i = table.layout.outputs[c];
    if (i !== undefined) at.push((outputs[c] = i));
  }
  const last = table.sheet.getLastRow();
  if (at.length === 0 || last < FIRST_DATA_ROW) return [];
  const lo = Math.min(...at);
  const block = table.sheet.getRange(FIRST_DATA_ROW, lo + 1, last - FIRST_DATA_ROW + 1, Math.max(...at) - lo + 1).getDisplayValues();
  return block.map((cells, i) => new OutputRow(FIRST_DATA_ROW + i, cells, outputs, lo));
}
