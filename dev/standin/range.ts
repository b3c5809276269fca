// Range and RangeList over an in-memory sheet: values in and out as Sheets treats them, formats,
// and bounds and shape errors with Sheets' own messages.
import { toA1, type Rect } from './a1';
import { DEFAULT_NUMBER_FORMAT, outputValue, writtenContent, type Cell } from './cell';
import { normalizeColor } from './color';
import { cellDisplay } from './display';
import { GasException, GasObject, badArguments, gasApi, requireInt } from './gas-object';
import type { GridSheet } from './grid';

export class FakeRange extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.Range>()('Range', [
    'getValues',
    'getDisplayValues',
    'getValue',
    'getDisplayValue',
    'setValues',
    'setValue',
    'getFormulas',
    'getFormula',
    'setFormula',
    'setFormulas',
    'getRow',
    'getRowIndex',
    'getColumn',
    'getLastRow',
    'getLastColumn',
    'getNumRows',
    'getNumColumns',
    'getHeight',
    'getWidth',
    'getA1Notation',
    'getSheet',
    'getCell',
    'offset',
    'isBlank',
    'setNumberFormat',
    'setNumberFormats',
    'getNumberFormat',
    'getNumberFormats',
    'setFontWeight',
    'getFontWeight',
    'getNote',
    'getNotes',
    'setNote',
    'setNotes',
    'setFontColor',
    'setBackground',
    'getBackground',
    'getBackgrounds',
    'clearContent',
    'clearFormat',
    'clear',
    'activate',
  ]);

  constructor(
    private readonly sheet: GridSheet,
    readonly rect: Rect,
  ) {
    super();
  }

  private map<T>(fn: (cell: Cell | undefined, r: number, c: number) => T): T[][] {
    const { row, col, numRows, numCols } = this.rect;
    const out: T[][] = [];
    for (let r = 0; r < numRows; r++) {
      const line: T[] = [];
      for (let c = 0; c < numCols; c++) line.push(fn(this.sheet.cellAt(row + r, col + c), row + r, col + c));
      out.push(line);
    }
    return out;
  }

  private each(fn: (cell: Cell, r: number, c: number) => void): this {
    this.sheet.getParent().writeGuard?.(this.sheet, this.rect);
    const { row, col, numRows, numCols } = this.rect;
    for (let r = 0; r < numRows; r++) for (let c = 0; c < numCols; c++) fn(this.sheet.writeCell(row + r, col + c), r, c);
    return this;
  }

  /** Checks a 2D array against the range's shape, with Sheets' messages. */
  private checkShape(values: unknown, method: string): unknown[][] {
    if (!Array.isArray(values) || values.some((r) => !Array.isArray(r))) throw badArguments(`SpreadsheetApp.Range.${method}`, [values]);
    const { numRows, numCols } = this.rect;
    if (values.length !== numRows) {
      throw new GasException(
        `The number of rows in the data does not match the number of rows in the range. The data has ${values.length} but the range has ${numRows}.`,
      );
    }
    for (const row of values as unknown[][]) {
      if (row.length !== numCols) {
        throw new GasException(
          `The number of columns in the data does not match the number of columns in the range. The data has ${row.length} but the range has ${numCols}.`,
        );
      }
    }
    return values as unknown[][];
  }

  private write(cell: Cell, value: unknown): void {
    const content = writtenContent(value, cell.fmt, this.sheet.timeZone, this.sheet.looseDates);
    cell.v = content.v;
    if (content.f === undefined) delete cell.f;
    else cell.f = content.f;
    if (content.autoFormat && cell.fmt === undefined) cell.fmt = content.autoFormat;
  }

  getValues(): (string | number | boolean | Date)[][] {
    return this.map((cell) => (cell ? outputValue(cell.v) : ''));
  }
  getDisplayValues(): string[][] {
    return this.map((cell) => cellDisplay(cell, this.sheet.timeZone));
  }
  getValue(): string | number | boolean | Date {
    return this.getCellRaw((cell) => (cell ? outputValue(cell.v) : ''));
  }
  getDisplayValue(): string {
    return this.getCellRaw((cell) => cellDisplay(cell, this.sheet.timeZone));
  }
  getFormulas(): string[][] {
    return this.map((cell) => cell?.f ?? '');
  }
  getFormula(): string {
    return this.getCellRaw((cell) => cell?.f ?? '');
  }
  getNumberFormats(): string[][] {
    return this.map((cell) => cell?.fmt ?? DEFAULT_NUMBER_FORMAT);
  }
  getNumberFormat(): string {
    return this.getCellRaw((cell) => cell?.fmt ?? DEFAULT_NUMBER_FORMAT);
  }
  getNote(): string {
    return this.getCellRaw((cell) => cell?.note ?? '');
  }
  getNotes(): string[][] {
    return this.map((cell) => cell?.note ?? '');
  }
  setNote(note: unknown): this {
    return this.each((cell) => setNoteOf(cell, note));
  }
  setNotes(notes: unknown): this {
    const rows = this.checkShape(notes, 'setNotes');
    return this.each((cell, r, c) => setNoteOf(cell, rows[r]![c]));
  }
  getFontWeight(): string {
    return this.getCellRaw((cell) => (cell?.bold ? 'bold' : 'normal'));
  }
  getBackgrounds(): string[][] {
    return this.map((cell) => cell?.background ?? '#ffffff');
  }
  getBackground(): string {
    return this.getCellRaw((cell) => cell?.background ?? '#ffffff');
  }

  private getCellRaw<T>(fn: (cell: Cell | undefined) => T): T {
    return fn(this.sheet.cellAt(this.rect.row, this.rect.col));
  }

  setValues(values: unknown): this {
    const rows = this.checkShape(values, 'setValues');
    return this.each((cell, r, c) => this.write(cell, rows[r]![c]));
  }

  setValue(value: unknown): this {
    return this.each((cell) => this.write(cell, value));
  }

  setFormula(formula: unknown): this {
    if (typeof formula !== 'string') throw badArguments('SpreadsheetApp.Range.setFormula', [formula]);
    return this.each((cell) => this.write(cell, formula.startsWith('=') ? formula : `=${formula}`));
  }

  setFormulas(formulas: unknown): this {
    const rows = this.checkShape(formulas, 'setFormulas');
    return this.each((cell, r, c) => this.write(cell, rows[r]![c]));
  }

  setNumberFormat(format: unknown): this {
    if (typeof format !== 'string') throw badArguments('SpreadsheetApp.Range.setNumberFormat', [format]);
    return this.each((cell) => {
      cell.fmt = format;
    });
  }

  setNumberFormats(formats: unknown): this {
    const rows = this.checkShape(formats, 'setNumberFormats');
    return this.each((cell, r, c) => {
      cell.fmt = String(rows[r]![c]);
    });
  }

  setFontWeight(weight: unknown): this {
    if (weight !== null && weight !== 'bold' && weight !== 'normal') throw badArguments('SpreadsheetApp.Range.setFontWeight', [weight]);
    return this.each((cell) => {
      cell.bold = weight === 'bold';
    });
  }

  setFontColor(color: unknown): this {
    const c = normalizeColor(color);
    return this.each((cell) => {
      if (c === undefined) delete cell.fontColor;
      else cell.fontColor = c;
    });
  }

  /** Per-cell colour: recorded, so tests can prove status cells are coloured only by rules. */
  setBackground(color: unknown): this {
    const c = normalizeColor(color);
    this.sheet.recordBackground(this.rect, c ?? null);
    return this.each((cell) => {
      if (c === undefined) delete cell.background;
      else cell.background = c;
    });
  }

  clearContent(): this {
    return this.each((cell) => {
      cell.v = '';
      delete cell.f;
    });
  }

  clearFormat(): this {
    return this.each((cell) => {
      delete cell.fmt;
      delete cell.bold;
      delete cell.background;
      delete cell.fontColor;
    });
  }

  clear(): this {
    return this.clearContent().clearFormat();
  }

  isBlank(): boolean {
    return this.map((cell) => !cell || (cell.v === '' && cell.f === undefined)).every((r) => r.every(Boolean));
  }

  getRow(): number {
    return this.rect.row;
  }
  getRowIndex(): number {
    return this.rect.row;
  }
  getColumn(): number {
    return this.rect.col;
  }
  getLastRow(): number {
    return this.rect.row + this.rect.numRows - 1;
  }
  getLastColumn(): number {
    return this.rect.col + this.rect.numCols - 1;
  }
  getNumRows(): number {
    return this.rect.numRows;
  }
  getNumColumns(): number {
    return this.rect.numCols;
  }
  getHeight(): number {
    return this.rect.numRows;
  }
  getWidth(): number {
    return this.rect.numCols;
  }
  getA1Notation(): string {
    return toA1(this.rect);
  }
  getSheet(): GridSheet {
    return this.sheet;
  }

  getCell(row: unknown, column: unknown): FakeRange {
    const r = requireInt(row, 'SpreadsheetApp.Range.getCell', [row, column]);
    const c = requireInt(column, 'SpreadsheetApp.Range.getCell', [row, column]);
    if (r < 1 || c < 1 || r > this.rect.numRows || c > this.rect.numCols) throw new GasException('Cell reference out of range');
    return new FakeRange(this.sheet, { row: this.rect.row + r - 1, col: this.rect.col + c - 1, numRows: 1, numCols: 1 });
  }

  offset(rowOffset: unknown, columnOffset: unknown, numRows?: unknown, numColumns?: unknown): FakeRange {
    const args = [rowOffset, columnOffset, numRows, numColumns].filter((a) => a !== undefined);
    const m = 'SpreadsheetApp.Range.offset';
    // A sheet's ranges are FakeRanges; the interface leaves the type open so it need not import this file.
    return this.sheet.getRange(
      this.rect.row + requireInt(rowOffset, m, args),
      this.rect.col + requireInt(columnOffset, m, args),
      numRows === undefined ? this.rect.numRows : requireInt(numRows, m, args),
      numColumns === undefined ? this.rect.numCols : requireInt(numColumns, m, args),
    ) as FakeRange;
  }

  activate(): this {
    this.sheet.getParent().selectRects(this.sheet, [this.rect]);
    return this;
  }
}

export class FakeRangeList extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.RangeList>()('RangeList', [
    'getRanges',
    'setValue',
    'clearContent',
    'clearFormat',
    'clear',
    'setNumberFormat',
    'setFontWeight',
    'setFontColor',
    'setBackground',
    'activate',
  ]);

  constructor(private readonly ranges: FakeRange[]) {
    super();
  }

  getRanges(): FakeRange[] {
    return [...this.ranges];
  }

  private all(fn: (r: FakeRange) => unknown): this {
    for (const r of this.ranges) fn(r);
    return this;
  }

  setValue(value: unknown): this {
    return this.all((r) => r.setValue(value));
  }
  clearContent(): this {
    return this.all((r) => r.clearContent());
  }
  clearFormat(): this {
    return this.all((r) => r.clearFormat());
  }
  clear(): this {
    return this.all((r) => r.clear());
  }
  setNumberFormat(format: unknown): this {
    return this.all((r) => r.setNumberFormat(format));
  }
  setFontWeight(weight: unknown): this {
    return this.all((r) => r.setFontWeight(weight));
  }
  setFontColor(color: unknown): this {
    return this.all((r) => r.setFontColor(color));
  }
  setBackground(color: unknown): this {
    return this.all((r) => r.setBackground(color));
  }

  activate(): this {
    const first = this.ranges[0];
    if (first)
      first
        .getSheet()
        .getParent()
        .selectRects(
          first.getSheet(),
          this.ranges.map((r) => r.rect),
        );
    return this;
  }
}

/** Apps Script takes null or an empty string as no note. */
function setNoteOf(cell: Cell, note: unknown): void {
  if (note === null || note === '') delete cell.note;
  else cell.note = String(note);
}
