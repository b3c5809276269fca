// What a range asks of its sheet, and a sheet of its spreadsheet, as interfaces: range, sheet and spreadsheet then
// import one way only (spreadsheet → sheet → range), with no cycle even among type imports.
import type { Rect } from './a1';
import type { Cell } from './cell';

/** A callback property whose parameters are checked like a method's, so a spreadsheet may declare its own sheet type. */
type Method<A extends unknown[]> = { method(...args: A): void }['method'];

/** The spreadsheet as its sheets and their ranges see it; `R` and `L` are its range and range list. */
export interface Book<R = unknown, L = unknown> {
  readonly backgroundWrites: { sheet: string; a1: string; color: string | null }[];
  writeGuard: Method<[sheet: GridSheet, rect: Rect]> | null;
  looseDates: () => boolean;
  getSpreadsheetTimeZone(): string;
  getSheets(): GridSheet[];
  checkNewName(name: string, except?: GridSheet): void;
  checkCells(more: number): void;
  selectRects(sheet: GridSheet, rects: Rect[]): void;
  remapSelection(sheet: GridSheet, fn: (r: Rect) => Rect | null): void;
  setActiveSheet(sheet: unknown): unknown;
  getActiveRange(): R;
  getActiveRangeList(): L | null;
}

/** A sheet as its ranges see it. */
export interface GridSheet {
  readonly timeZone: string;
  readonly looseDates: boolean;
  cellAt(row: number, col: number): Cell | undefined;
  writeCell(row: number, col: number): Cell;
  recordBackground(rect: Rect, color: string | null): void;
  getRange(row: unknown, column: unknown, numRows?: unknown, numColumns?: unknown): unknown;
  getParent(): Book;
  getName(): string;
}
