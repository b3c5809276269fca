// The stand-in spreadsheet as the playground's grid sees it: a snapshot of the active sheet, and the
// person's actions on it (switch or add a tab, select, type into a cell, delete rows, filter rows, sort rows, move a column).
import type { FakeSheet, FakeSpreadsheet } from '../standin';
import { columnLetters } from '../standin/a1';
import type { SheetView, TabInfo } from './protocol';

/** Empty rows and columns shown past the data, so there is room to type. */
const SPARE_ROWS = 10;
const SPARE_COLS = 2;

export class Grid {
  /** The filters the playground set, per sheet (the stand-in keeps only which rows they hide). */
  private readonly filters = new WeakMap<FakeSheet, { col: number; text: string }>();

  constructor(private readonly spreadsheet: FakeSpreadsheet) {}

  /** The tab strip, as Sheets draws it: a hidden tab (the add-on's register) is not in it unless it is the active one. */
  tabs(): TabInfo[] {
    const active = this.spreadsheet.getActiveSheet();
    return this.spreadsheet
      .getSheets()
      .filter((s) => s === active || !s.isSheetHidden())
      .map((s) => ({ id: s.getSheetId(), name: s.getName() }));
  }

  view(): SheetView {
    const sheet = this.spreadsheet.getActiveSheet();
    const rows = Math.min(sheet.getMaxRows(), Math.max(sheet.getLastRow() + SPARE_ROWS, 30));
    const cols = Math.min(sheet.getMaxColumns(), Math.max(sheet.getLastColumn() + SPARE_COLS, 8));
    const shown = sheet.displayValues();
    const display: string[][] = [];
    const edit: Record<string, string> = {};
    const backgrounds: Record<string, string> = {};
    const bold: string[] = [];
    const hidden: number[] = [];
    for (let r = 1; r <= rows; r++) {
      if (sheet.isRowHiddenByFilter(r) || sheet.isRowHiddenByUser(r)) hidden.push(r);
      const line: string[] = [];
      for (let c = 1; c <= cols; c++) {
        const text = shown[r - 1]?.[c - 1] ?? '';
        line.push(text);
        const cell = sheet.cell(r, c);
        if (cell?.f !== undefined && cell.f !== text) edit[`${r},${c}`] = cell.f;
        if (cell?.bold) bold.push(`${r},${c}`);
        const bg = sheet.visibleBackground(r, c);
        if (bg) backgrounds[`${r},${c}`] = bg;
      }
      display.push(line);
    }
    const selection = this.spreadsheet
      .getActiveRangeList()
      .getRanges()
      .map((g) => ({ ...g.rect }));
    return {
      id: sheet.getSheetId(),
      name: sheet.getName(),
      rows,
      cols,
      maxRows: sheet.getMaxRows(),
      maxCols: sheet.getMaxColumns(),
      frozenRows: sheet.getFrozenRows(),
      frozenCols: sheet.getFrozenColumns(),
      display,
      edit,
      backgrounds,
      bold,
      hidden,
      filter: this.filters.get(sheet) ?? null,
      selection,
    };
  }

  activate(sheetId: number): void {
    this.spreadsheet.setActiveSheet(this.sheet(sheetId));
  }

  /** A person selects ranges (A1 notation, e.g. "2:51" for whole rows); the sheet becomes active. */
  select(sheetId: number, ranges: string[]): void {
    this.spreadsheet.select(this.sheet(sheetId), ranges);
  }

  /** A new tab after the others, named as Sheets names one ("Sheet3"), and made the active one. */
  addTab(): void {
    this.spreadsheet.insertSheet();
  }

  /**
   * Deletes every row the tab's selection spans, as Edit › Delete rows does (the header too, when selected); a run of
   * rows at a time from the bottom up, so each deletion leaves the rows above it where the person selected them.
   */
  deleteRows(sheetId: number): number {
    const sheet = this.sheet(sheetId);
    if (this.spreadsheet.getActiveSheet() !== sheet) throw new Error('Select the rows to delete on this tab first.');
    const rows = new Set<number>();
    for (const { rect } of this.spreadsheet.getActiveRangeList().getRanges())
      for (let r = rect.row; r < rect.row + rect.numRows && r <= sheet.getMaxRows(); r++) rows.add(r);
    if (rows.size >= sheet.getMaxRows()) throw new Error('A tab keeps at least one row: select fewer rows to delete.');
    const down = [...rows].sort((a, b) => b - a);
    for (let i = 0; i < down.length;) {
      let n = 1;
      while (down[i + n] === down[i]! - n) n++;
      sheet.deleteRows(down[i + n - 1]!, n);
      i += n;
    }
    return rows.size;
  }

  /** A person types into a cell: parsed as Sheets parses typing (numbers, dates, formulas). */
  edit(sheetId: number, row: number, col: number, value: string): void {
    this.sheet(sheetId).typeValues([[value]], row, col);
  }

  /** Pasted text, rows by line and cells by tab (ragged rows padded), typed in from (row, col) on. */
  paste(sheetId: number, row: number, col: number, text: string): void {
    const lines = text
      .replace(/\r\n?/g, '\n')
      .replace(/\n$/, '')
      .split('\n')
      .map((l) => l.split('\t'));
    const width = Math.max(...lines.map((l) => l.length));
    this.sheet(sheetId).typeValues(
      lines.map((l) => [...l, ...Array<string>(width - l.length).fill('')]),
      row,
      col,
    );
  }

  /** Hides the data rows whose cell in `col` does not contain `text` (case-insensitive), as a filter does. */
  filter(sheetId: number, col: number, text: string): void {
    const sheet = this.sheet(sheetId);
    const needle = text.trim().toLowerCase();
    const values = sheet.displayValues();
    const hide: number[] = [];
    for (let r = 2; r <= values.length; r++) {
      if (!(values[r - 1]?.[col - 1] ?? '').toLowerCase().includes(needle)) hide.push(r);
    }
    sheet.setFilterHidden(hide);
    this.filters.set(sheet, { col, text });
  }

  clearFilter(sheetId: number): void {
    const sheet = this.sheet(sheetId);
    sheet.removeFilter();
    this.filters.delete(sheet);
  }

  /** Sorts the data rows (under the frozen header) by a column, as Data › Sort sheet does. */
  sort(sheetId: number, col: number, ascending: boolean): void {
    const sheet = this.sheet(sheetId);
    this.dataColumn(sheet, col);
    sheet.sortBy(col - 1, ascending);
  }

  /**
   * Moves a column one place left or right, as dragging its header does; the moved column stays
   * selected, so the next move carries it on.
   */
  moveColumn(sheetId: number, col: number, by: -1 | 1): void {
    const sheet = this.sheet(sheetId);
    this.dataColumn(sheet, col);
    const to = col + by;
    if (to < 1 || to > sheet.getLastColumn()) throw new Error(`Column ${columnLetters(col)} is already at the ${by < 0 ? 'left' : 'right'} end of the data.`);
    sheet.moveColumn(col - 1, to - 1);
    const letter = columnLetters(to);
    this.spreadsheet.select(sheet, [`${letter}:${letter}`]);
  }

  /** A column the data reaches; sorting or moving an empty one past it would do nothing a person could see. */
  private dataColumn(sheet: FakeSheet, col: number): void {
    if (col > sheet.getLastColumn())
      throw new Error(`Column ${columnLetters(col)} is past the last column with data (${columnLetters(sheet.getLastColumn())}).`);
  }

  private sheet(id: number): FakeSheet {
    const sheet = this.spreadsheet.getSheetById(id);
    if (!sheet) throw new Error(`There is no tab with id ${id}; reload the page.`);
    return sheet;
  }
}
