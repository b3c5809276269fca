// Spreadsheet and SpreadsheetApp: the active in-memory spreadsheet, its sheets and the person's
// selection, plus helpers tests use to set up tabs and select ranges.
import type { Rect } from './a1';
import { FakeConditionalFormatRuleBuilder } from './conditional-format';
import { BooleanCriteriaEnum } from './enums';
import { GasException, GasObject, badArguments, gasApi, requireInt } from './gas-object';
import { FakeRange, FakeRangeList } from './range';
import { FakeSheet } from './sheet';
import type { FakeUi, UiLog } from './ui';

const DEFAULT_SIZE = { maxRows: 1000, maxCols: 26 };
/** Sheets counts every cell of every tab against this (docs/rules.md#cells). */
export const MAX_CELLS = 10_000_000;

export interface SpreadsheetOptions {
  id: string;
  name: string;
  timeZone: string;
  locale: string;
  ui: UiLog;
}

export class FakeSpreadsheet extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.Spreadsheet>()('Spreadsheet', [
    'getId',
    'getName',
    'rename',
    'getUrl',
    'getSheets',
    'getNumSheets',
    'getSheetByName',
    'getSheetById',
    'getActiveSheet',
    'setActiveSheet',
    'insertSheet',
    'deleteSheet',
    'getActiveRange',
    'getActiveRangeList',
    'getActiveCell',
    'getRange',
    'toast',
    'getSpreadsheetTimeZone',
    'setSpreadsheetTimeZone',
    'getSpreadsheetLocale',
  ]);

  /** Every per-cell colour write (Range/RangeList.setBackground), for tests. */
  readonly backgroundWrites: { sheet: string; a1: string; color: string | null }[] = [];
  /** Protected ranges (Data › Protect sheets and ranges): only their editors may write there. */
  readonly protections: { sheet: FakeSheet; rect: Rect; editors: string[] }[] = [];
  /** Set by the stand-in: throws as Sheets does when the running user may not write this rectangle. */
  writeGuard: ((sheet: FakeSheet, rect: Rect) => void) | null = null;
  /** Typed text read as dates beyond ISO and US forms ("March 2026"), under that reading (docs/rules.md#readings). */
  looseDates: () => boolean = () => false;
  private readonly sheets: FakeSheet[] = [];
  private active: FakeSheet;
  private readonly selections = new Map<FakeSheet, Rect[]>();
  private nextSheetId = 1_000_001;
  private name: string;
  private timeZone: string;

  constructor(private readonly o: SpreadsheetOptions) {
    super();
    this.name = o.name;
    this.timeZone = o.timeZone;
    this.active = new FakeSheet(this, 0, 'Sheet1', DEFAULT_SIZE);
    this.sheets.push(this.active);
  }

  getId(): string {
    return this.o.id;
  }
  getName(): string {
    return this.name;
  }
  rename(name: unknown): void {
    this.name = String(name);
  }
  getUrl(): string {
    return `https://docs.google.com/spreadsheets/d/${this.o.id}/edit`;
  }
  getSheets(): FakeSheet[] {
    return [...this.sheets];
  }
  getNumSheets(): number {
    return this.sheets.length;
  }
  getSheetByName(name: unknown): FakeSheet | null {
    return this.sheets.find((s) => s.getName() === name) ?? null;
  }
  getSheetById(id: unknown): FakeSheet | null {
    return this.sheets.find((s) => s.getSheetId() === id) ?? null;
  }
  getActiveSheet(): FakeSheet {
    return this.active;
  }
  getSpreadsheetTimeZone(): string {
    return this.timeZone;
  }
  setSpreadsheetTimeZone(tz: unknown): void {
    this.timeZone = String(tz);
  }
  getSpreadsheetLocale(): string {
    return this.o.locale;
  }

  setActiveSheet(sheet: unknown): FakeSheet {
    if (!(sheet instanceof FakeSheet) || !this.sheets.includes(sheet)) throw badArguments('SpreadsheetApp.Spreadsheet.setActiveSheet', [sheet]);
    this.active = sheet;
    return sheet;
  }

  /** insertSheet() | insertSheet(name) | insertSheet(index) | insertSheet(name, index): the new sheet becomes active. */
  insertSheet(...args: unknown[]): FakeSheet {
    const m = 'SpreadsheetApp.Spreadsheet.insertSheet';
    let name: string | undefined;
    let index = this.sheets.length;
    if (typeof args[0] === 'string') name = args[0];
    const idx = typeof args[0] === 'number' ? args[0] : args[1];
    if (idx !== undefined) index = requireInt(idx, m, args);
    if (args.length > 2 || (args[0] !== undefined && typeof args[0] !== 'string' && typeof args[0] !== 'number')) throw badArguments(m, args);
    const sheet = this.createSheet(name ?? this.freeName(), index);
    this.active = sheet;
    return sheet;
  }

  deleteSheet(sheet: unknown): void {
    if (!(sheet instanceof FakeSheet)) throw badArguments('SpreadsheetApp.Spreadsheet.deleteSheet', [sheet]);
    if (this.sheets.length === 1) throw new GasException("You can't remove all the sheets in a document.");
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    this.selections.delete(sheet);
    if (this.active === sheet) this.active = this.sheets[0]!;
  }

  /** The last range of the active sheet's selection (A1 when nothing was selected). */
  getActiveRange(): FakeRange {
    const rects = this.selection(this.active);
    return new FakeRange(this.active, { ...rects[rects.length - 1]! });
  }

  getActiveCell(): FakeRange {
    const r = this.getActiveRange().rect;
    return new FakeRange(this.active, { row: r.row, col: r.col, numRows: 1, numCols: 1 });
  }

  /** The selection as made: every range, hidden rows included. */
  getActiveRangeList(): FakeRangeList {
    return new FakeRangeList(this.selection(this.active).map((r) => new FakeRange(this.active, { ...r })));
  }

  getRange(a1: unknown): FakeRange {
    if (typeof a1 !== 'string') throw badArguments('SpreadsheetApp.Spreadsheet.getRange', [a1]);
    const bang = a1.lastIndexOf('!');
    const sheet =
      bang < 0
        ? this.active
        : this.getSheetByName(
            a1
              .slice(0, bang)
              .replace(/^'(.*)'$/, '$1')
              .replace(/''/g, "'"),
          );
    if (!sheet) throw new GasException('Range not found');
    return sheet.getRange(a1.slice(bang + 1));
  }

  toast(message: unknown, title?: unknown, timeoutSeconds?: unknown): void {
    this.o.ui.toasts.push({
      message: String(message),
      title: title === undefined ? '' : String(title),
      timeoutSeconds: typeof timeoutSeconds === 'number' ? timeoutSeconds : 5,
    });
  }

  // ---- used by Sheet and Range ----

  checkNewName(name: string, except?: FakeSheet): void {
    if (this.sheets.some((s) => s !== except && s.getName().toLowerCase() === name.toLowerCase())) {
      throw new GasException(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
  }

  selectRects(sheet: FakeSheet, rects: Rect[]): void {
    this.active = sheet;
    this.selections.set(
      sheet,
      rects.map((r) => sheet.checkRect({ ...r })),
    );
  }

  remapSelection(sheet: FakeSheet, fn: (r: Rect) => Rect | null): void {
    const rects = this.selections.get(sheet);
    if (!rects) return;
    const moved = rects.map(fn).filter((r): r is Rect => r !== null);
    if (moved.length > 0) this.selections.set(sheet, moved);
    else this.selections.delete(sheet);
  }

  private selection(sheet: FakeSheet): Rect[] {
    return this.selections.get(sheet) ?? [{ row: 1, col: 1, numRows: 1, numCols: 1 }];
  }

  /** Throws as Sheets does when `more` cells would take the spreadsheet past its limit. */
  checkCells(more: number): void {
    if (more <= 0) return;
    const used = this.sheets.reduce((n, s) => n + s.cellCount(), 0);
    if (used + more > MAX_CELLS)
      throw new GasException(`This action would increase the number of cells in the workbook above the limit of ${MAX_CELLS} cells.`);
  }

  /** Every cell of every tab. */
  cellCount(): number {
    return this.sheets.reduce((n, s) => n + s.cellCount(), 0);
  }

  private createSheet(name: string, index: number, size = DEFAULT_SIZE): FakeSheet {
    this.checkNewName(name);
    this.checkCells(size.maxRows * size.maxCols);
    const sheet = new FakeSheet(this, this.nextSheetId++, name, size);
    this.sheets.splice(Math.max(0, Math.min(index, this.sheets.length)), 0, sheet);
    return sheet;
  }

  private freeName(): string {
    for (let i = this.sheets.length + 1; ; i++) if (!this.getSheetByName(`Sheet${i}`)) return `Sheet${i}`;
  }

  // ---- test helpers ----

  /** File › Make a copy: the other spreadsheet's tabs (ids, names, sizes, values, hidden) replace this one's. */
  copyTabsFrom(other: FakeSpreadsheet): void {
    this.sheets.length = 0;
    for (const s of other.getSheets()) {
      const c = new FakeSheet(this, s.getSheetId(), s.getName(), { maxRows: s.getMaxRows(), maxCols: s.getMaxColumns() });
      if (s.getLastRow() > 0) {
        const all = s.getRange(1, 1, s.getLastRow(), s.getLastColumn());
        c.setValuesRaw(all.getValues());
        const notes = all.getNotes();
        if (notes.some((r) => r.some(Boolean))) c.getRange(1, 1, s.getLastRow(), s.getLastColumn()).setNotes(notes);
      }
      this.sheets.push(c);
      if (s.isSheetHidden()) c.hideSheet();
      this.nextSheetId = Math.max(this.nextSheetId, s.getSheetId() + 1);
    }
    this.active = this.sheets.find((s) => !s.isSheetHidden()) ?? this.sheets[0]!;
  }

  /** A new tab holding these rows as given (see FakeSheet.setValuesRaw); not activated. */
  addSheet(name: string, rows: unknown[][] = []): FakeSheet {
    const width = Math.max(0, ...rows.map((r) => r.length));
    const sheet = this.createSheet(name, this.sheets.length, {
      maxRows: Math.max(DEFAULT_SIZE.maxRows, rows.length),
      maxCols: Math.max(DEFAULT_SIZE.maxCols, width),
    });
    sheet.setValuesRaw(rows);
    return sheet;
  }

  /** The owner protects a range (e.g. "F1:F" for a whole column) so that only `editors` may write to it. */
  protectRange(sheet: FakeSheet, a1: string, editors: string[] = []): void {
    const rect = { ...sheet.rectFromA1(a1) };
    if (/^[A-Z]+\d*:[A-Z]+$/i.test(a1)) rect.numRows = Number.POSITIVE_INFINITY;
    this.protections.push({ sheet, rect, editors });
  }

  /** A person selects these ranges (A1 notation, ctrl-click for several) on a sheet, which becomes active. */
  select(sheet: FakeSheet, a1s: string[]): void {
    if (a1s.length === 0) throw new Error('stand-in: select needs at least one range');
    this.selectRects(
      sheet,
      a1s.map((a) => sheet.rectFromA1(a)),
    );
  }
}

/** What SpreadsheetApp needs to know about the running execution. */
export interface SpreadsheetAppContext {
  /** No active spreadsheet now (a time-driven trigger with the nullSpreadsheetInTriggers switch on). */
  noActive(): boolean;
  /** The manifest's scopes, when known (openById needs the full spreadsheets scope). */
  oauthScopes(): readonly string[] | null;
}

const SPREADSHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

export class FakeSpreadsheetApp extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Spreadsheet.SpreadsheetApp>()('SpreadsheetApp', [
    'getActiveSpreadsheet',
    'getActive',
    'getActiveSheet',
    'getActiveRange',
    'getActiveRangeList',
    'openById',
    'flush',
    'getUi',
    'newConditionalFormatRule',
    'BooleanCriteria',
  ]);
  readonly BooleanCriteria = BooleanCriteriaEnum;

  constructor(
    private readonly spreadsheet: FakeSpreadsheet,
    private readonly ui: FakeUi,
    private readonly ctx: SpreadsheetAppContext,
  ) {
    super();
  }

  getActiveSpreadsheet(): FakeSpreadsheet | null {
    return this.active();
  }
  getActive(): FakeSpreadsheet | null {
    return this.active();
  }
  getActiveSheet(): FakeSheet | null {
    return this.active()?.getActiveSheet() ?? null;
  }
  getActiveRange(): FakeRange | null {
    return this.active()?.getActiveRange() ?? null;
  }
  getActiveRangeList(): FakeRangeList | null {
    return this.active()?.getActiveRangeList() ?? null;
  }

  /** Only the stand-in's own spreadsheet exists; any other id is refused as Apps Script refuses a missing file. */
  openById(id: unknown): FakeSpreadsheet {
    if (typeof id !== 'string') throw badArguments('SpreadsheetApp.openById', [id]);
    const scopes = this.ctx.oauthScopes();
    if (scopes && !scopes.includes(SPREADSHEETS_SCOPE)) {
      throw new GasException(`You do not have permission to call SpreadsheetApp.openById. Required permissions: ${SPREADSHEETS_SCOPE}`);
    }
    if (id !== this.spreadsheet.getId()) throw new GasException('Unexpected error while getting the method or property openById on object SpreadsheetApp.');
    return this.spreadsheet;
  }

  /** Writes are immediate here; calls are counted. */
  flush(): void {}
  getUi(): FakeUi {
    return this.ui;
  }
  newConditionalFormatRule(): FakeConditionalFormatRuleBuilder {
    return new FakeConditionalFormatRuleBuilder();
  }

  private active(): FakeSpreadsheet | null {
    return this.ctx.noActive() ? null : this.spreadsheet;
  }
}
