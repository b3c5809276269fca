// Sheet: an in-memory grid with Sheets' bounds, hidden rows (by filter and by user), frozen rows,
// conditional format rules that move with rows and columns, plus test helpers that act like a person.
import { parseA1, splitSheetName, toA1, type Rect } from './a1';
import { isEmpty, outputValue, rawContent, type Cell, type StoredValue } from './cell';
import { FakeConditionalFormatRule, ruleMatches, type StoredRule } from './conditional-format';
import { cellDisplay } from './display';
import { GasException, GasObject, badArguments, gasApi, requireInt } from './gas-object';
import { FakeRange, FakeRangeList } from './range';
import type { Book } from './grid';

interface Row {
  cells: (Cell | undefined)[];
  hiddenByUser: boolean;
  hiddenByFilter: boolean;
}

type Axis = 'row' | 'col';

const newRow = (): Row => ({ cells: [], hiddenByUser: false, hiddenByFilter: false });

/** Formats a new row or column takes from its neighbour, as Sheets does on insert. */
function inherit(cell: Cell | undefined): Cell | undefined {
  if (!cell) return undefined;
  const { fmt, bold, background, fontColor } = cell;
  if (fmt === undefined && bold === undefined && background === undefined && fontColor === undefined) return undefined;
  return {
    v: '',
    ...(fmt !== undefined && { fmt }),
    ...(bold !== undefined && { bold }),
    ...(background !== undefined && { background }),
    ...(fontColor !== undefined && { fontColor }),
  };
}

/** A rectangle after rows or columns moved: pos gives each old index its new one (null: deleted). */
function remap(rect: Rect, axis: Axis, pos: (i: number) => number | null): Rect | null {
  const start = axis === 'row' ? rect.row : rect.col;
  const len = axis === 'row' ? rect.numRows : rect.numCols;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = start; i < start + len; i++) {
    const p = pos(i);
    if (p === null) continue;
    lo = Math.min(lo, p);
    hi = Math.max(hi, p);
  }
  if (lo === Infinity) return null;
  return axis === 'row' ? { ...rect, row: lo, numRows: hi - lo + 1 } : { ...rect, col: lo, numCols: hi - lo + 1 };
}

/** Sheets' sort order: numbers and dates, then text, then booleans, then errors; empty cells last. */
function sortKey(cell: Cell | undefined): [number, number | string] {
  const v = cell?.v ?? '';
  if (v === '') return [9, 0];
  if (typeof v === 'number') return [0, v];
  if (v instanceof Date) return [0, v.getTime()];
  if (typeof v === 'string') return [1, v.toLowerCase()];
  if (typeof v === 'boolean') return [2, v ? 1 : 0];
  return [3, v.code];
}

/** A sheet's protection; only the warning-only kind is implemented (it never refuses a write). */
export class FakeProtection extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.Protection>()('Protection', [
    'setWarningOnly',
    'isWarningOnly',
    'setDescription',
    'getDescription',
  ]);

  warningOnly = false;
  description = '';
  setWarningOnly(on: unknown): this {
    this.warningOnly = on === true;
    return this;
  }
  isWarningOnly(): boolean {
    return this.warningOnly;
  }
  setDescription(d: unknown): this {
    this.description = String(d);
    return this;
  }
  getDescription(): string {
    return this.description;
  }
}

export class FakeSheet extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.Sheet>()('Sheet', [
    'getSheetId',
    'getName',
    'setName',
    'getIndex',
    'getParent',
    'getLastRow',
    'getLastColumn',
    'getMaxRows',
    'getMaxColumns',
    'getRange',
    'getRangeList',
    'getDataRange',
    'getActiveRange',
    'getActiveRangeList',
    'insertColumnAfter',
    'insertColumnsAfter',
    'insertColumnBefore',
    'insertColumnsBefore',
    'insertRowAfter',
    'insertRowsAfter',
    'insertRowBefore',
    'insertRowsBefore',
    'appendRow',
    'deleteRow',
    'deleteRows',
    'deleteColumn',
    'deleteColumns',
    'isRowHiddenByFilter',
    'isRowHiddenByUser',
    'hideRows',
    'showRows',
    'getFilter',
    'getConditionalFormatRules',
    'setConditionalFormatRules',
    'clearConditionalFormatRules',
    'setFrozenRows',
    'getFrozenRows',
    'setFrozenColumns',
    'getFrozenColumns',
    'autoResizeColumns',
    'autoResizeColumn',
    'setColumnWidth',
    'getColumnWidth',
    'activate',
    'clear',
    'clearContents',
    'clearFormats',
    'sort',
    'hideSheet',
    'showSheet',
    'isSheetHidden',
    'protect',
  ]);

  /** Hidden from the tab bar (the add-on's own register); a person can show it again. */
  hidden = false;
  /** Warning-only protections: they warn a person and never stop a script (nor the add-on). */
  readonly sheetProtections: FakeProtection[] = [];

  hideSheet(): this {
    this.hidden = true;
    return this;
  }
  showSheet(): this {
    this.hidden = false;
    return this;
  }
  isSheetHidden(): boolean {
    return this.hidden;
  }
  protect(): FakeProtection {
    const p = new FakeProtection();
    this.sheetProtections.push(p);
    return p;
  }

  private rows: (Row | undefined)[] = [];
  private maxRows: number;
  private maxCols: number;
  private frozenRows = 0;
  private frozenCols = 0;
  private widths: (number | undefined)[] = [];
  private rules: StoredRule[] = [];
  private filterRect: Rect | null = null;

  constructor(
    private readonly parent: Book<FakeRange, FakeRangeList>,
    private readonly id: number,
    private name: string,
    size: { maxRows: number; maxCols: number },
  ) {
    super();
    this.maxRows = size.maxRows;
    this.maxCols = size.maxCols;
  }

  get timeZone(): string {
    return this.parent.getSpreadsheetTimeZone();
  }

  get looseDates(): boolean {
    return this.parent.looseDates();
  }

  // ---- cell access for Range ----

  cellAt(row: number, col: number): Cell | undefined {
    return this.rows[row - 1]?.cells[col - 1];
  }

  writeCell(row: number, col: number): Cell {
    const r = (this.rows[row - 1] ??= newRow());
    return (r.cells[col - 1] ??= { v: '' });
  }

  recordBackground(rect: Rect, color: string | null): void {
    this.parent.backgroundWrites.push({ sheet: this.name, a1: toA1(rect), color });
  }

  /** Throws as Sheets does when a range does not fit the grid. */
  checkRect(rect: Rect): Rect {
    if (rect.row < 1) throw new GasException('The starting row of the range is too small.');
    if (rect.col < 1) throw new GasException('The starting column of the range is too small.');
    if (rect.numRows < 1) throw new GasException('The number of rows in the range must be at least 1.');
    if (rect.numCols < 1) throw new GasException('The number of columns in the range must be at least 1.');
    if (rect.row + rect.numRows - 1 > this.maxRows || rect.col + rect.numCols - 1 > this.maxCols) {
      throw new GasException('The coordinates of the range are outside the dimensions of the sheet.');
    }
    return rect;
  }

  /** A1 notation on this sheet ("Name!" prefix allowed when it names this sheet). */
  rectFromA1(a1: string): Rect {
    const { sheetName, cells } = splitSheetName(a1);
    const rect = sheetName !== undefined && sheetName !== this.name ? null : parseA1(cells, this.maxRows, this.maxCols);
    if (!rect) throw new GasException('Range not found');
    return this.checkRect(rect);
  }

  // ---- Apps Script members ----

  getSheetId(): number {
    return this.id;
  }
  getName(): string {
    return this.name;
  }
  getParent(): Book<FakeRange, FakeRangeList> {
    return this.parent;
  }
  getIndex(): number {
    return this.parent.getSheets().indexOf(this) + 1;
  }
  getMaxRows(): number {
    return this.maxRows;
  }
  getMaxColumns(): number {
    return this.maxCols;
  }

  setName(name: unknown): this {
    if (typeof name !== 'string' || name.trim() === '') throw badArguments('SpreadsheetApp.Sheet.setName', [name]);
    this.parent.checkNewName(name, this);
    this.name = name;
    return this;
  }

  getLastRow(): number {
    for (let r = this.rows.length; r >= 1; r--) if (this.rows[r - 1]?.cells.some((c) => !isEmpty(c))) return r;
    return 0;
  }

  getLastColumn(): number {
    let last = 0;
    for (const row of this.rows) {
      if (!row) continue;
      for (let c = row.cells.length; c > last; c--)
        if (!isEmpty(row.cells[c - 1])) {
          last = c;
          break;
        }
    }
    return last;
  }

  /** getRange(a1) | getRange(row, column) | getRange(row, column, numRows) | getRange(row, column, numRows, numColumns) */
  getRange(...args: unknown[]): FakeRange {
    const m = 'SpreadsheetApp.Sheet.getRange';
    if (args.length === 1 && typeof args[0] === 'string') return new FakeRange(this, this.rectFromA1(args[0]));
    if (args.length < 2 || args.length > 4) throw badArguments(m, args);
    const [row, col, numRows = 1, numCols = 1] = args.map((a) => requireInt(a, m, args));
    return new FakeRange(this, this.checkRect({ row: row!, col: col!, numRows, numCols }));
  }

  getRangeList(a1s: unknown): FakeRangeList {
    if (!Array.isArray(a1s) || a1s.some((a) => typeof a !== 'string')) throw badArguments('SpreadsheetApp.Sheet.getRangeList', [a1s]);
    return new FakeRangeList((a1s as string[]).map((a) => new FakeRange(this, this.rectFromA1(a))));
  }

  getDataRange(): FakeRange {
    return this.getRange(1, 1, Math.max(1, this.getLastRow()), Math.max(1, this.getLastColumn()));
  }

  getActiveRange(): FakeRange | null {
    return this.parent.getActiveRange();
  }
  getActiveRangeList(): FakeRangeList | null {
    return this.parent.getActiveRangeList();
  }

  insertColumnAfter(col: unknown): this {
    return this.insertColumnsAfter(col, 1);
  }
  insertColumnBefore(col: unknown): this {
    return this.insertColumnsBefore(col, 1);
  }
  insertRowAfter(row: unknown): this {
    return this.insertRowsAfter(row, 1);
  }
  insertRowBefore(row: unknown): this {
    return this.insertRowsBefore(row, 1);
  }

  insertColumnsAfter(col: unknown, howMany: unknown): this {
    const [c, n] = this.positionArgs('insertColumnsAfter', col, howMany, 'col');
    this.insert('col', c + 1, n, c);
    return this;
  }

  insertColumnsBefore(col: unknown, howMany: unknown): this {
    const [c, n] = this.positionArgs('insertColumnsBefore', col, howMany, 'col');
    this.insert('col', c, n, c);
    return this;
  }

  insertRowsAfter(row: unknown, howMany: unknown): this {
    const [r, n] = this.positionArgs('insertRowsAfter', row, howMany, 'row');
    this.insert('row', r + 1, n, r);
    return this;
  }

  insertRowsBefore(row: unknown, howMany: unknown): this {
    const [r, n] = this.positionArgs('insertRowsBefore', row, howMany, 'row');
    this.insert('row', r, n, r);
    return this;
  }

  appendRow(values: unknown): this {
    if (!Array.isArray(values) || values.length === 0) throw badArguments('SpreadsheetApp.Sheet.appendRow', [values]);
    const row = this.getLastRow() + 1;
    const rows = Math.max(this.maxRows, row);
    const cols = Math.max(this.maxCols, values.length);
    this.parent.checkCells(rows * cols - this.cellCount());
    this.maxRows = rows;
    this.maxCols = cols;
    new FakeRange(this, { row, col: 1, numRows: 1, numCols: values.length }).setValues([values]);
    return this;
  }

  deleteRow(row: unknown): this {
    return this.deleteRows(row, 1);
  }
  deleteColumn(col: unknown): this {
    return this.deleteColumns(col, 1);
  }

  deleteRows(row: unknown, howMany: unknown): this {
    const [r, n] = this.positionArgs('deleteRows', row, howMany, 'row');
    if (r + n - 1 > this.maxRows) throw new GasException('Those rows are out of bounds.');
    if (n >= this.maxRows - this.frozenRows) throw new GasException('Sorry, it is not possible to delete all non-frozen rows.');
    this.remove('row', r, n);
    return this;
  }

  deleteColumns(col: unknown, howMany: unknown): this {
    const [c, n] = this.positionArgs('deleteColumns', col, howMany, 'col');
    if (c + n - 1 > this.maxCols) throw new GasException('Those columns are out of bounds.');
    if (n >= this.maxCols - this.frozenCols) throw new GasException('Sorry, it is not possible to delete all non-frozen columns.');
    this.remove('col', c, n);
    return this;
  }

  isRowHiddenByFilter(row: unknown): boolean {
    return this.rows[this.rowArg('isRowHiddenByFilter', row) - 1]?.hiddenByFilter ?? false;
  }

  isRowHiddenByUser(row: unknown): boolean {
    return this.rows[this.rowArg('isRowHiddenByUser', row) - 1]?.hiddenByUser ?? false;
  }

  hideRows(row: unknown, howMany: unknown = 1): this {
    return this.setHidden('hideRows', row, howMany, true);
  }
  showRows(row: unknown, howMany: unknown = 1): this {
    return this.setHidden('showRows', row, howMany, false);
  }

  getFilter(): FakeFilter | null {
    return this.filterRect ? new FakeFilter(this, this.filterRect) : null;
  }

  getConditionalFormatRules(): FakeConditionalFormatRule[] {
    return this.rules.map(
      (r) =>
        new FakeConditionalFormatRule(
          { ...r.spec },
          r.rects.map((rect) => new FakeRange(this, { ...rect })),
        ),
    );
  }

  setConditionalFormatRules(rules: unknown): void {
    if (!Array.isArray(rules) || rules.some((r) => !(r instanceof FakeConditionalFormatRule))) {
      throw badArguments('SpreadsheetApp.Sheet.setConditionalFormatRules', [rules]);
    }
    this.rules = (rules as FakeConditionalFormatRule[]).map((rule) => {
      const ranges = rule.getRanges();
      if (ranges.some((r) => r.getSheet() !== this)) throw new GasException('Conditional format rule cannot reference a different sheet.');
      return { spec: { ...rule.spec }, rects: ranges.map((r) => ({ ...r.rect })) };
    });
  }

  clearConditionalFormatRules(): void {
    this.rules = [];
  }

  setFrozenRows(n: unknown): this {
    this.frozenRows = this.countArg('setFrozenRows', n, 'row');
    return this;
  }
  getFrozenRows(): number {
    return this.frozenRows;
  }
  setFrozenColumns(n: unknown): this {
    this.frozenCols = this.countArg('setFrozenColumns', n, 'col');
    return this;
  }
  getFrozenColumns(): number {
    return this.frozenCols;
  }

  autoResizeColumns(start: unknown, howMany: unknown): this {
    this.positionArgs('autoResizeColumns', start, howMany, 'col');
    return this;
  }
  autoResizeColumn(col: unknown): this {
    this.positionArgs('autoResizeColumn', col, 1, 'col');
    return this;
  }

  setColumnWidth(col: unknown, width: unknown): this {
    const [c] = this.positionArgs('setColumnWidth', col, 1, 'col');
    this.widths[c - 1] = requireInt(width, 'SpreadsheetApp.Sheet.setColumnWidth', [col, width]);
    return this;
  }

  getColumnWidth(col: unknown): number {
    const [c] = this.positionArgs('getColumnWidth', col, 1, 'col');
    return this.widths[c - 1] ?? 100;
  }

  activate(): this {
    this.parent.setActiveSheet(this);
    return this;
  }

  clear(): this {
    return this.clearWith((cell) => {
      cell.v = '';
      delete cell.f;
      delete cell.fmt;
      delete cell.bold;
      delete cell.background;
      delete cell.fontColor;
    });
  }
  clearContents(): this {
    return this.clearWith((cell) => {
      cell.v = '';
      delete cell.f;
    });
  }
  clearFormats(): this {
    return this.clearWith((cell) => {
      delete cell.fmt;
      delete cell.bold;
      delete cell.background;
      delete cell.fontColor;
    });
  }

  /** Sorts the rows below the frozen ones by a column, as Sheet.sort does. */
  sort(col: unknown, ascending: unknown = true): this {
    const [c] = this.positionArgs('sort', col, 1, 'col');
    this.sortRows(this.frozenRows + 1, c, ascending !== false);
    return this;
  }

  // ---- internals ----

  private positionArgs(method: string, pos: unknown, howMany: unknown, axis: Axis): [number, number] {
    const m = `SpreadsheetApp.Sheet.${method}`;
    const p = requireInt(pos, m, [pos, howMany]);
    const n = requireInt(howMany, m, [pos, howMany]);
    const what = axis === 'row' ? 'rows' : 'columns';
    if (p < 1 || p > (axis === 'row' ? this.maxRows : this.maxCols)) throw new GasException(`Those ${what} are out of bounds.`);
    if (n < 1) throw new GasException(`The number of ${what} must be at least 1.`);
    return [p, n];
  }

  private rowArg(method: string, row: unknown): number {
    const r = requireInt(row, `SpreadsheetApp.Sheet.${method}`, [row]);
    if (r < 1 || r > this.maxRows) throw new GasException('Those rows are out of bounds.');
    return r;
  }

  private countArg(method: string, n: unknown, axis: Axis): number {
    const v = requireInt(n, `SpreadsheetApp.Sheet.${method}`, [n]);
    if (v < 0 || v > (axis === 'row' ? this.maxRows : this.maxCols)) throw new GasException(`Those ${axis === 'row' ? 'rows' : 'columns'} are out of bounds.`);
    return v;
  }

  private setHidden(method: string, row: unknown, howMany: unknown, hidden: boolean): this {
    const [r, n] = this.positionArgs(method, row, howMany, 'row');
    if (r + n - 1 > this.maxRows) throw new GasException('Those rows are out of bounds.');
    for (let i = r; i < r + n; i++) (this.rows[i - 1] ??= newRow()).hiddenByUser = hidden;
    return this;
  }

  private clearWith(fn: (cell: Cell) => void): this {
    for (const row of this.rows) for (const cell of row?.cells ?? []) if (cell) fn(cell);
    return this;
  }

  /** Moves everything that tracks positions (rules, the filter) along an axis. */
  private remapAll(axis: Axis, pos: (i: number) => number | null): void {
    this.rules = this.rules
      .map((r) => ({ spec: r.spec, rects: r.rects.map((rect) => remap(rect, axis, pos)).filter((x): x is Rect => x !== null) }))
      .filter((r) => r.rects.length > 0);
    if (this.filterRect) this.filterRect = remap(this.filterRect, axis, pos);
    this.parent.remapSelection(this, (rect) => remap(rect, axis, pos));
  }

  /** Every cell of the grid, empty or not: what Sheets counts against a spreadsheet's limit. */
  cellCount(): number {
    return this.maxRows * this.maxCols;
  }

  private insert(axis: Axis, at: number, n: number, formatFrom: number): void {
    this.parent.checkCells(n * (axis === 'row' ? this.maxCols : this.maxRows));
    if (axis === 'row') {
      const source = this.rows[formatFrom - 1];
      // Rows past the last one held stay implicit: a tab grown by millions of rows holds nothing for them.
      if (this.rows.length >= at - 1)
        this.rows.splice(at - 1, 0, ...Array.from({ length: n }, (): Row => ({ ...newRow(), cells: (source?.cells ?? []).map(inherit) })));
      this.maxRows += n;
    } else {
      for (const row of this.rows) {
        if (!row || row.cells.length < at - 1) continue;
        row.cells.splice(at - 1, 0, ...Array.from({ length: n }, () => inherit(row.cells[formatFrom - 1])));
      }
      if (this.widths.length >= at - 1) this.widths.splice(at - 1, 0, ...Array<undefined>(n));
      this.maxCols += n;
    }
    this.remapAll(axis, (i) => (i >= at ? i + n : i));
  }

  private remove(axis: Axis, at: number, n: number): void {
    if (axis === 'row') {
      this.rows.splice(at - 1, n);
      this.maxRows -= n;
    } else {
      for (const row of this.rows) row?.cells.splice(at - 1, n);
      this.widths.splice(at - 1, n);
      this.maxCols -= n;
    }
    this.remapAll(axis, (i) => (i < at ? i : i >= at + n ? i - n : null));
  }

  private sortRows(from: number, col: number, ascending: boolean): void {
    const last = this.getLastRow();
    if (last <= from) return;
    for (let r = from; r <= last; r++) this.rows[r - 1] ??= newRow();
    const block = this.rows.slice(from - 1, last) as Row[];
    block.sort((a, b) => {
      const [ka, va] = sortKey(a.cells[col - 1]);
      const [kb, vb] = sortKey(b.cells[col - 1]);
      if (ka === 9 || kb === 9) return ka - kb;
      const order = ka !== kb ? ka - kb : va < vb ? -1 : va > vb ? 1 : 0;
      return ascending ? order : -order;
    });
    this.rows.splice(from - 1, block.length, ...block);
  }

  // ---- test helpers: not Apps Script members, so the add-on cannot reach them ----

  /** Plain 2D snapshot of stored values (errors as their text), rows 1..last, columns 1..last. */
  values(): (string | number | boolean | Date)[][] {
    const rows = this.getLastRow();
    const cols = this.getLastColumn();
    return Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => {
        const cell = this.cellAt(r + 1, c + 1);
        return cell ? outputValue(cell.v) : '';
      }),
    );
  }

  /** What a person sees, rows 1..last, columns 1..last. */
  displayValues(): string[][] {
    const rows = this.getLastRow();
    const cols = this.getLastColumn();
    return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => cellDisplay(this.cellAt(r + 1, c + 1), this.timeZone)));
  }

  /** Stores values exactly as given (no parsing; FormulaCell / CellError for formulas and errors); grows the grid. */
  setValuesRaw(values: unknown[][], row = 1, col = 1): this {
    this.maxRows = Math.max(this.maxRows, row + values.length - 1);
    values.forEach((line, r) => {
      this.maxCols = Math.max(this.maxCols, col + line.length - 1);
      line.forEach((v, c) => {
        const cell = this.writeCell(row + r, col + c);
        const content = rawContent(v);
        cell.v = content.v;
        if (content.f === undefined) delete cell.f;
        else cell.f = content.f;
      });
    });
    return this;
  }

  /** Values typed by a person: parsed as setValues parses them. */
  typeValues(values: unknown[][], row = 1, col = 1): this {
    new FakeRange(this, this.checkRect({ row, col, numRows: values.length, numCols: values[0]?.length ?? 0 })).setValues(values);
    return this;
  }

  /** A filter over the data whose criteria hide exactly these rows. */
  setFilterHidden(rows: number[]): this {
    this.filterRect ??= { row: 1, col: 1, numRows: Math.max(1, this.getLastRow()), numCols: Math.max(1, this.getLastColumn()) };
    this.rows.forEach((r) => {
      if (r) r.hiddenByFilter = false;
    });
    for (const r of rows) (this.rows[this.rowArg('setFilterHidden', r) - 1] ??= newRow()).hiddenByFilter = true;
    return this;
  }

  /** Drops the filter (and what it hid). */
  removeFilter(): void {
    this.filterRect = null;
    this.rows.forEach((r) => {
      if (r) r.hiddenByFilter = false;
    });
  }

  /** A person sorts the data below the header row by a column, given as a 0-based index into values()' rows. */
  sortBy(colIndex: number, ascending = true): this {
    if (!Number.isInteger(colIndex) || colIndex < 0 || colIndex >= this.maxCols) throw new Error(`stand-in: sortBy column index ${colIndex} out of bounds`);
    this.sortRows(Math.max(2, this.frozenRows + 1), colIndex + 1, ascending);
    return this;
  }

  /** A person drags the column at 0-based index `fromIndex` so that it ends up at 0-based index `toIndex`. */
  moveColumn(fromIndex: number, toIndex: number): this {
    const from = fromIndex + 1;
    const to = toIndex + 1;
    if (![from, to].every((c) => Number.isInteger(c) && c >= 1 && c <= this.maxCols))
      throw new Error(`stand-in: moveColumn(${fromIndex}, ${toIndex}) out of bounds`);
    for (const row of this.rows) {
      if (!row) continue;
      if (row.cells.length < Math.max(from, to)) row.cells.length = Math.max(from, to);
      const [cell] = row.cells.splice(from - 1, 1);
      row.cells.splice(to - 1, 0, cell);
    }
    if (this.widths.length < Math.max(from, to)) this.widths.length = Math.max(from, to);
    const [w] = this.widths.splice(from - 1, 1);
    this.widths.splice(to - 1, 0, w);
    this.remapAll('col', (c) => {
      if (c === from) return to;
      if (from < to && c > from && c <= to) return c - 1;
      if (from > to && c >= to && c < from) return c + 1;
      return c;
    });
    return this;
  }

  /** The stored cell (value, formula, number format, weight, colours), for inspection. */
  cell(row: number, col: number): Readonly<Cell> | undefined {
    return this.cellAt(row, col);
  }

  /** The stored value of one cell (errors as CellError). */
  storedValue(row: number, col: number): StoredValue {
    return this.cellAt(row, col)?.v ?? '';
  }

  /** The background a person sees: the first matching conditional rule's, else the cell's own, else null. */
  visibleBackground(row: number, col: number): string | null {
    const cell = this.cellAt(row, col);
    const display = cellDisplay(cell, this.timeZone);
    for (const rule of this.rules) {
      const inside = rule.rects.some((r) => row >= r.row && row < r.row + r.numRows && col >= r.col && col < r.col + r.numCols);
      if (inside && rule.spec.background !== undefined && ruleMatches(rule.spec, display)) return rule.spec.background;
    }
    return cell?.background ?? null;
  }
}

export class FakeFilter extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.Filter>()('Filter', ['getRange', 'remove']);
  constructor(
    private readonly sheet: FakeSheet,
    private readonly rect: Rect,
  ) {
    super();
  }
  getRange(): FakeRange {
    return new FakeRange(this.sheet, { ...this.rect });
  }
  remove(): void {
    this.sheet.removeFilter();
  }
}
