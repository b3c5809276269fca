// One cell's stored state, and how Sheets turns a written value into it (formulas, force-text
// apostrophes, numbers and dates from text unless the cell is formatted as plain text).
import { fromWallClock } from './time-zone';

export const ERROR_CODES = ['#N/A', '#REF!', '#VALUE!', '#DIV/0!', '#NAME?', '#NUM!', '#NULL!', '#ERROR!'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A spreadsheet error value (#N/A …): getValues and getDisplayValues both give its text. */
export class CellError {
  constructor(readonly code: ErrorCode) {
    if (!ERROR_CODES.includes(code)) throw new Error(`stand-in: unknown error value ${code}`);
  }
}

/** Test input: a formula cell showing this result (the stand-in evaluates nothing). */
export class FormulaCell {
  constructor(
    readonly formula: string,
    readonly result: StoredValue,
  ) {}
}

export type StoredValue = string | number | boolean | Date | CellError;

export interface Cell {
  v: StoredValue;
  /** The formula, when the cell holds one. */
  f?: string;
  /** Number format; absent means Sheets' automatic format. */
  fmt?: string;
  bold?: boolean;
  background?: string;
  fontColor?: string;
  /** A cell's note (Insert › Note): it moves and is copied with the cell. */
  note?: string;
}

/** The number format Apps Script reports for a cell nobody formatted. */
export const DEFAULT_NUMBER_FORMAT = '0.###############';
export const PLAIN_TEXT = '@';

/** What a formula shows here: the stand-in evaluates nothing, so names give #NAME? and the rest #ERROR!. */
export function formulaResult(formula: string): CellError {
  const body = formula.replace(/^=/, '').replace(/^[+-]+/, '');
  return new CellError(/^[A-Za-z_]/.test(body) ? '#NAME?' : '#ERROR!');
}

/** What getValues returns for a stored value. */
export function outputValue(v: StoredValue): string | number | boolean | Date {
  if (v instanceof CellError) return v.code;
  if (v instanceof Date) return new Date(v.getTime());
  return v;
}

export function isEmpty(cell: Cell | undefined): boolean {
  return !cell || (cell.v === '' && cell.f === undefined);
}

/** A test helper's value stored as given: no parsing, formulas only through FormulaCell. */
export function rawContent(value: unknown): Pick<Cell, 'v' | 'f'> {
  if (value instanceof FormulaCell) return { v: value.result, f: value.formula };
  if (value instanceof Date) return { v: new Date(value.getTime()) };
  if (value instanceof CellError) return { v: value };
  if (value === null || value === undefined) return { v: '' };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { v: value };
  throw new Error(`stand-in: cannot store ${Object.prototype.toString.call(value)} in a cell`);
}

export interface WrittenContent {
  v: StoredValue;
  f?: string;
  /** A format Sheets picks for typed input (e.g. 0% for "50%") when the cell has none. */
  autoFormat?: string;
}

const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const PERCENT = /^([+-]?\d+(?:\.(\d+))?)%$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function parseText(s: string, timeZone: string): WrittenContent {
  if (s === '') return { v: '' };
  if (s.startsWith("'")) return { v: s.slice(1) };
  if (s.startsWith('=') && s.length > 1) return { v: formulaResult(s), f: s };
  if (/\d/.test(s) && NUMBER.test(s)) {
    const n = Number(s.replace(/,/g, ''));
    return s.includes(',') ? { v: n, autoFormat: '#,##0' } : { v: n };
  }
  const pct = PERCENT.exec(s);
  if (pct) return { v: Number(pct[1]) / 100, autoFormat: pct[2] ? `0.${'0'.repeat(pct[2].length)}%` : '0%' };
  if (/^(true|false)$/i.test(s)) return { v: s.toLowerCase() === 'true' };
  const iso = ISO_DATE.exec(s);
  if (iso) {
    const [y, m, d, hh, mm, ss] = iso.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
    if (validDate(y!, m!, d!) && (hh ?? 0) < 24 && (mm ?? 0) < 60 && (ss ?? 0) < 60) {
      const ms = fromWallClock(timeZone, y!, m!, d!, hh ?? 0, mm ?? 0, ss ?? 0);
      return { v: new Date(ms), autoFormat: hh === undefined ? 'yyyy-mm-dd' : 'yyyy-mm-dd H:mm:ss' };
    }
  }
  const us = US_DATE.exec(s);
  if (us && validDate(Number(us[3]), Number(us[1]), Number(us[2]))) {
    return { v: new Date(fromWallClock(timeZone, Number(us[3]), Number(us[1]), Number(us[2]))) };
  }
  // Sheets reads a leading + or - as the start of a formula.
  if (/^[+-]/.test(s)) {
    const f = `=${s}`;
    return { v: formulaResult(f), f };
  }
  return { v: s };
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_TEXT = /^([a-z]{3,9})\.?\s+(?:(\d{1,2}),?\s+)?(\d{4})$/i;

/** Under the loose-dates reading, "March 2026" or "Mar 5, 2026" is read as a date, as a person's typing would be. */
function monthText(s: string, timeZone: string): WrittenContent | null {
  const m = MONTH_TEXT.exec(s.trim());
  const name = m?.[1]!.toLowerCase() ?? '';
  const month = MONTHS.findIndex((x) => x === name || x.slice(0, 3) === name);
  const [day, year] = [Number(m?.[2] ?? 1), Number(m?.[3])];
  if (!m || month < 0 || !validDate(year, month + 1, day)) return null;
  return { v: new Date(fromWallClock(timeZone, year, month + 1, day)), autoFormat: 'mmmm yyyy' };
}

/** A value written by setValue(s), stored as Sheets stores it in a cell with this number format. */
export function writtenContent(value: unknown, format: string | undefined, timeZone: string, looseDates = false): WrittenContent {
  if (value === null || value === undefined) return { v: '' };
  if (typeof value === 'string') return format === PLAIN_TEXT ? { v: value } : (looseDates && monthText(value, timeZone)) || parseText(value, timeZone);
  if (typeof value === 'number') return Number.isFinite(value) ? { v: value } : { v: new CellError('#NUM!') };
  if (typeof value === 'boolean') return { v: value };
  if (value instanceof Date) return { v: new Date(value.getTime()) };
  return { v: String(value) };
}
