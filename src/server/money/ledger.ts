// The money record's tab, "Video credits" (docs/rules.md#money-record): one row per charge, stop or
// refund, appended as literal text and never rewritten but to complete an unknown outcome. A figure is
// stated by the service, proven by evidence, or a range the evidence bounds; never a guess.
import type { Services } from '../../core/services';
import { activeSpreadsheet } from '../../core/services';
import { readHeaders, trimTo, widen, type Sheet } from '../../sheet/table';
import type { Reply } from '../contract';
import { toFailure } from '../failure';
import { handle } from '../handle';
import { book } from '../../records/spend-day';
import { unwrittenRows } from '../../records/open-outcomes';

export const CREDITS_TAB = 'Video credits';
const COLUMNS = ['When', 'Campaign', 'Part', 'Action', 'People', 'Credits quoted', 'Credits charged', 'Key', 'Note'] as const;
type Column = (typeof COLUMNS)[number];
export type Row = Partial<Record<Column, string | number>>;

/** What the charged cell says when the API cannot tell the figure: never a guess. */
export const UNKNOWN_CHARGE = 'unknown — see the service’s billing';

/** Credits a row moved (negative: given back): exact when lo = hi, else a range the evidence proves. */
export interface Figure {
  lo: number;
  hi: number;
}

export const exact = (n: number): Figure => ({ lo: n, hi: n });

/** The charged cell: a number, "lo to hi" for a range, or the unknown sentence. */
export function figureCell(f: Figure | null): string | number {
  if (!f) return UNKNOWN_CHARGE;
  return f.lo === f.hi ? f.lo : `${f.lo} to ${f.hi}`;
}

/** A range's note, e.g. "44–66 credits back; the service does not say which". */
export function rangeNote(f: Figure): string {
  const [a, b] = f.hi <= 0 ? [-f.hi, -f.lo] : [f.lo, f.hi];
  return f.lo === f.hi ? '' : ` · ${a}–${b} credits ${f.hi <= 0 ? 'back' : 'charged'}; the service does not say which.`;
}

/**
 * Every string cell is forced to text with the apostrophe Sheets hides: a campaign called "March 2026"
 * or "1/2" stays a name where Sheets reads typed text as dates and numbers (docs/rules.md#money-record).
 */
const text = (v: string | number | undefined): string | number => (typeof v === 'string' && v !== '' ? `'${v}` : (v ?? ''));

/** A row's When as the tab shows it: ISO in UTC to the second (the exact time stays in the add-on's own records). */
const toSecond = (at: unknown): string => `${String(at).slice(0, 19)}Z`;

/**
 * Appends a row (appendRow is atomic: two people charging at once never write the same row); false when
 * it could not be written. A record that cannot be written never turns a charge into an error: why is said
 * in a toast (a protected tab, a full spreadsheet).
 */
export function appendRecord(svc: Services, row: Row): boolean {
  try {
    const tab = recordTab(svc);
    tab.appendRow(readHeaders(tab).map((h) => text(h === 'When' ? toSecond(row.When) : row[h as Column])));
    return true;
  } catch (e) {
    const { code, message } = toFailure(e).error;
    toast(
      svc,
      `This ${/^(generate|preview)/.test(String(row.Action)) ? 'charge' : 'entry'} (${row.Action}, ${row.Campaign}) was not recorded in the ${CREDITS_TAB} tab${code === 'protected' ? ', which is protected. Ask the owner to let you edit it.' : `. ${message}`}`,
    );
    return false;
  }
}

/**
 * Room in the record for `n` more rows, made before anything is charged: a spreadsheet too full for them, or a record
 * tab protected from this person (a write of nothing into its next row asks), refuses the charge, not its record, in
 * whatever words Sheets says it (docs/rules.md#cells).
 */
export function recordRoom(svc: Services, n: number): void {
  const tab = recordTab(svc);
  if (tab.getMaxRows() - tab.getLastRow() < n) tab.insertRowsAfter(tab.getMaxRows(), n);
  tab.getRange(tab.getLastRow() + 1, 1).setValue('');
}

/** A row's identity in the person's day: its time, part and action (what the tab row keeps for ever). */
export function rowId(row: Row): string {
  const t = Date.parse(String(row.When));
  return `${Number.isFinite(t) ? t.toString(36) : String(row.When)}.${String(row.Part).slice(-6)}.${String(row.Action).slice(0, 3)}`;
}

/** Books a row in its key's day: a figure at its spending end (never below what was taken), or open at its high. */
export function bookRow(svc: Services, row: Row, figure: Figure | null, high?: number): void {
  const when = String(row.When);
  if (figure) book(svc, String(row.Key || ''), { id: rowId(row), when, credits: figure.hi });
  else if (high !== undefined) book(svc, String(row.Key || ''), { id: rowId(row), when, credits: high, open: true });
}

const UNWRITTEN = unwrittenRows<Settled>();

/**
 * Completes an unknown outcome's row (found by when, part and action) with its figure;
 * false when the record could not be read or written (kept open for the next reader), but for a record this person may
 * not write: the outcome is settled all the same and its row kept for the next who may.
 */
export function completeRow(svc: Services, o: { at: string; part: string; action: string; key: string }, v: Settled): boolean {
  let row: Row = { Part: o.part, Action: o.action, Key: o.key };
  try {
    const tab = activeSpreadsheet(svc).getSheetByName(CREDITS_TAB);
    if (tab) row = fill(tab, o, v) || row;
  } catch (e) {
    if (toFailure(e).error.code !== 'protected') return false;
    // Settled all the same (its evidence is spent); its row waits for someone who may write it (docs/rules.md#unknown-outcomes).
    UNWRITTEN.add(svc.doc, { at: o.at, part: o.part, action: o.action, v });
  }
  // Booked under the exact time it was opened with: the tab's When is to the second.
  if (v.figure) bookRow(svc, { ...row, When: o.at }, v.figure);
  return true;
}

/**
 * Rows of outcomes settled by someone the record was protected from, written now if this person may: the tab read once,
 * and the first refused write leaves the rest for later (they would be refused alike).
 */
export function writeUnwritten(svc: Services): void {
  const rows = UNWRITTEN.of(svc.doc);
  if (!rows.length) return;
  const tab = activeSpreadsheet(svc).getSheetByName(CREDITS_TAB);
  const left = [...rows];
  try {
    const values = tab ? tab.getDataRange().getDisplayValues() : [];
    for (const o of rows) {
      if (tab) fill(tab, o, o.v, values);
      left.shift();
    }
  } catch {
    // Kept for someone who may write the record.
  }
  UNWRITTEN.keep(svc.doc, rows, left);
}

/** How an unknown outcome turned out: its figure (null: still not known), its people, and why. */
export interface Settled {
  figure: Figure | null;
  people?: number;
  note: string;
}

/** `values`: the tab as read before (writing a row's figure changes no row's When, Part or Action). */
function fill(tab: Sheet, o: { at: string; part: string; action: string }, v: Settled, values = tab.getDataRange().getDisplayValues()): Row | null {
  const col = (h: Column) => values[0]!.indexOf(h);
  // Found by second, part and action, the newest such row: a part's next charge or stop is written only once the one
  // before is settled (docs/rules.md#money-record). A row written to the millisecond, before the tab showed seconds, is
  // found too.
  const i = values.map((r) => toSecond(r[col('When')]) === toSecond(o.at) && r[col('Part')] === o.part && r[col('Action')] === o.action).lastIndexOf(true);
  if (i < 1) return null;
  const set = (h: Column, x: string | number) => {
    if (col(h) >= 0) tab.getRange(i + 1, col(h) + 1).setValue(text(x));
  };
  set('Credits charged', figureCell(v.figure));
  if (v.people !== undefined) set('People', v.people);
  set('Note', v.note);
  return Object.fromEntries(values[0]!.map((h, j) => [h, values[i]![j]])) as Row;
}

function toast(svc: Services, message: string): void {
  try {
    activeSpreadsheet(svc).toast(message, CREDITS_TAB, 30);
  } catch {
    // Nowhere else to say it.
  }
}

/** The record tab, made (at the end, bold header) on the first charge; the person stays on their tab. */
function recordTab(svc: Services): Sheet {
  const ss = activeSpreadsheet(svc);
  const found = ss.getSheetByName(CREDITS_TAB);
  if (found) return found;
  const active = ss.getActiveSheet();
  const tab = ss.insertSheet(CREDITS_TAB, ss.getNumSheets());
  trimTo(tab, 1, COLUMNS.length);
  tab
    .getRange(1, 1, 1, COLUMNS.length)
    .setValues([[...COLUMNS]])
    .setFontWeight('bold');
  tab.setFrozenRows(1);
  widen(tab, [190, 160, 140, 190, 60, 100, 130, 80, 480]);
  ss.setActiveSheet(active);
  return tab;
}

export function showCreditsRecord(svc: Services): Reply<{ sheetName: string | null }> {
  return handle(() => {
    const ss = activeSpreadsheet(svc);
    const tab = ss.getSheetByName(CREDITS_TAB);
    // Opened on its newest row: the entry the person came to see is at the end (a tab someone emptied has none).
    if (tab) ss.setActiveSheet(tab).getRange(Math.max(1, tab.getLastRow()), 1).activate();
    return { sheetName: tab ? CREDITS_TAB : null };
  });
}
