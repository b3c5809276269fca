// Where the register lives (docs/rules.md#register): a hidden tab the add-on owns, with a
// warning-only protection, one row per person, as narrow as its columns. Read in one Range call; a
// batch is appended in one call and completed in one call per run of its rows. Its one writer keeps
// its fingerprint (docs/rules.md#register-whole) and each tab's rows in DocumentProperties.
import type { Props } from '../core/services';
import { printText, registerSpanOf, saveSpan, savePrintText, type RegisterSpan } from '../records/register-records';
import { literal } from '../shared/cells';
import { consecutiveRuns, trimTo } from '../sheet/table';
import { decodePrint, encodePrint, printOf, samePrint, withRow, type Print } from './fingerprint';
import { norm, Register, type Entry, type EntryState } from './identity';

export const REGISTER_TAB = 'Video register';
const HEADERS = ['Lead ID', 'Part', 'Campaign', 'Tab', 'Batch', 'State', 'First name', 'Company', 'Email', 'Profile link', 'Columns'] as const;
const WIDTH = HEADERS.length;

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The document the register lives in: its tabs, and its properties where the fingerprint and spans are kept. */
export interface RegisterDoc {
  ss: Spreadsheet;
  props: Props;
}

/** The Lead ID each stored entry holds in the tab now, so a completed reply updates the fingerprint without a read. */
const storedId = new WeakMap<Entry, string>();

/**
 * The register as the tab holds it, in one call: all of it, or only `span` (one tab's people, so a
 * small tab of a big document reads little, with its Lead IDs read apart for the fingerprint); null:
 * that tab sent nobody. A register that does not match its fingerprint is not trusted: it reads as
 * empty and not whole (docs/rules.md#register-whole).
 */
export function readRegister(doc: RegisterDoc, span?: RegisterSpan | null): Register {
  // Neither a fingerprint nor the tab's rows: the register came without its records (a copy of the spreadsheet,
  // docs/rules.md#copies). It is read whole once, and each tab's rows are learnt from it.
  const learn = !span && !printText(doc.props);
  if (learn) span = undefined;
  const tab = doc.ss.getSheetByName(REGISTER_TAB);
  const lastRow = tab ? tab.getLastRow() : 0;
  const read = (first: number, last: number, width: number) => (tab && last >= first ? tab.getRange(first, 1, last - first + 1, width).getDisplayValues() : []);
  const whole = span === undefined ? read(2, lastRow, WIDTH) : null;
  const ids = whole ? whole.map((r) => String(r[0] || '').trim()) : read(2, lastRow, 1).map((r) => String(r[0] || '').trim());
  if (!isWhole(doc, tab, printOf(ids))) return new Register([], false);
  if (whole) {
    const entries = toEntries(whole, 2);
    if (learn) widenSpans(doc.props, entries);
    return new Register(entries);
  }
  if (!span) return new Register([]);
  const first = Math.max(2, span.first);
  return new Register(toEntries(read(first, Math.min(lastRow, span.last), WIDTH), first));
}

/**
 * Whether the register matches its fingerprint — the one DocumentProperties keep, or, in a copy that came without them,
 * the one the tab carries in its first cell's note (docs/rules.md#copies); a register from before fingerprints is taken
 * as it is.
 */
function isWhole(doc: RegisterDoc, tab: Sheet | null, now: Print): boolean {
  const own = printText(doc.props);
  const kept = decodePrint(own || (tab && tab.getRange(1, 1).getNote()));
  if (!kept) {
    if (now.rows > 0 && tab) savePrint(doc, now, tab);
    return true;
  }
  const whole = tab ? samePrint(kept, now) : kept.rows === 0;
  // The print a copy's register carries is this document's from now on: a register deleted later is still known as edited.
  if (!own) savePrintText(doc.props, encodePrint(kept));
  return whole;
}

/** The fingerprint kept in DocumentProperties and, for a copy of the document, in the register tab's first cell. */
function savePrint(doc: RegisterDoc, print: Print, tab = registerTab(doc.ss)): void {
  const text = encodePrint(print);
  savePrintText(doc.props, text);
  tab.getRange(1, 1).setNote(text);
}

/** Every entry the tab holds now, trusted or not: what a repair starts from. */
export function storedEntries(ss: Spreadsheet): Entry[] {
  const tab = ss.getSheetByName(REGISTER_TAB);
  const last = tab ? tab.getLastRow() : 0;
  return last >= 2 ? toEntries(tab!.getRange(2, 1, last - 1, WIDTH).getDisplayValues(), 2) : [];
}

/** How many people the fingerprint says the register held (0: no fingerprint). */
export function printedRows(props: Props): number {
  return decodePrint(printText(props))?.rows || 0;
}

function toEntries(values: readonly string[][], first: number): Entry[] {
  return values.map((r, i) => toEntry(r, i + first)).filter((e) => e.part);
}

function toEntry(r: readonly string[], at: number): Entry {
  const s = (i: number) => String(r[i] || '').trim();
  const e: Entry = {
    at,
    leadId: s(0),
    part: s(1),
    campaign: s(2),
    tab: s(3),
    batch: s(4),
    state: (s(5) || 'sending') as EntryState,
    firstName: s(6),
    company: s(7),
    email: s(8),
    profileUrl: s(9),
    columns: s(10),
  };
  storedId.set(e, e.leadId);
  return e;
}

function row(e: Entry): unknown[] {
  // The email and the profile link as digests: the register is never a copy of contact data (docs/rules.md#register).
  return [
    e.leadId,
    e.part,
    e.campaign,
    e.tab,
    e.batch,
    e.state,
    e.firstName,
    e.company,
    norm('email', e.email),
    norm('profileUrl', e.profileUrl),
    e.columns,
  ].map(literal);
}

/** The register tab, made hidden, warning-only protected and trimmed to its columns on the first send; the person stays on their tab. */
export function registerTab(ss: Spreadsheet): Sheet {
  const found = ss.getSheetByName(REGISTER_TAB);
  if (found) return found;
  const active = ss.getActiveSheet();
  const tab = ss.insertSheet(REGISTER_TAB, ss.getNumSheets());
  trimTo(tab, 1, WIDTH);
  tab
    .getRange(1, 1, 1, WIDTH)
    .setValues([[...HEADERS]])
    .setFontWeight('bold');
  tab.protect().setDescription('The add-on’s record of whom this document sent. Editing it can make rows lose their videos.').setWarningOnly(true);
  tab.hideSheet();
  ss.setActiveSheet(active);
  return tab;
}

/** Stores new entries at the end, in one call; each gets its row; the fingerprint and each tab's rows follow. */
export function appendEntries(doc: RegisterDoc, entries: Entry[]): void {
  if (entries.length === 0) return;
  const tab = registerTab(doc.ss);
  const first = Math.max(tab.getLastRow(), 1) + 1;
  const short = first + entries.length - 1 - tab.getMaxRows();
  if (short > 0) tab.insertRowsAfter(tab.getMaxRows(), short);
  tab.getRange(first, 1, entries.length, WIDTH).setValues(entries.map(row));
  let print = keptPrint(doc);
  entries.forEach((e, i) => {
    e.at = first + i;
    print = withRow(print, e.at, null, e.leadId);
    storedId.set(e, e.leadId);
  });
  savePrint(doc, print, tab);
  widenSpans(doc.props, entries);
}

/** The fingerprint as kept: every writer read the register first, which fingerprints one from before fingerprints. */
function keptPrint(doc: RegisterDoc): Print {
  return decodePrint(printText(doc.props)) || printOf([]);
}

/** Each tab's register rows widen to hold its new entries. */
function widenSpans(props: Props, entries: readonly Entry[]): void {
  const byTab = new Map<string, RegisterSpan>();
  for (const e of entries) {
    const s = byTab.get(e.tab);
    byTab.set(e.tab, s ? { first: Math.min(s.first, e.at), last: Math.max(s.last, e.at) } : { first: e.at, last: e.at });
  }
  for (const [tab, rows] of byTab) {
    const id = Number(tab);
    const was = registerSpanOf(props, id);
    saveSpan(props, id, was ? { first: Math.min(was.first, rows.first), last: Math.max(was.last, rows.last) } : rows);
  }
}

/**
 * Writes stored entries whole (a reply completes Lead ID, part and state; a cut-off row sent again may carry other
 * identifiers): one call per run of adjacent rows; the fingerprint follows.
 */
export function patchEntries(doc: RegisterDoc, entries: readonly Entry[]): void {
  const stored = entries.filter((e) => e.at >= 2);
  if (stored.length === 0) return;
  const tab = registerTab(doc.ss);
  const byRow = new Map(stored.map((e) => [e.at, e]));
  for (const run of consecutiveRuns([...byRow.keys()].sort((a, b) => a - b))) {
    tab.getRange(run[0]!, 1, run.length, WIDTH).setValues(run.map((r) => row(byRow.get(r)!)));
  }
  let print = keptPrint(doc);
  for (const e of byRow.values()) {
    print = withRow(print, e.at, storedId.get(e) || '', e.leadId);
    storedId.set(e, e.leadId);
  }
  savePrint(doc, print, tab);
}

/**
 * Entries a tab took back from another (a person moved between tabs, docs/rules.md#moved-between-tabs): they become
 * that tab's, in the register and in the rows kept for the tab, so its refresh reads them.
 */
export function claimEntries(doc: RegisterDoc, entries: readonly Entry[], tab: string): void {
  if (entries.length === 0) return;
  for (const e of entries) e.tab = tab;
  patchEntries(doc, entries);
  widenSpans(doc.props, entries);
}

/**
 * Writes the register anew from these entries (a repair, docs/rules.md#register-whole): the tab holds
 * exactly them, the fingerprint is theirs, and each tab's rows are where they now are.
 */
export function rewriteRegister(doc: RegisterDoc, entries: Entry[], tabs: readonly number[]): void {
  trimTo(registerTab(doc.ss), 1, WIDTH);
  for (const id of tabs) saveSpan(doc.props, id, null);
  // An empty register's print too, or the note a copy reads would keep the old one (docs/rules.md#copies).
  savePrint(doc, printOf([]));
  appendEntries(doc, entries);
}

/** How many people the document has sent, from the tab's size alone (no read of its cells). */
export function registerSize(ss: Spreadsheet): number {
  const tab = ss.getSheetByName(REGISTER_TAB);
  return tab ? Math.max(0, tab.getLastRow() - 1) : 0;
}
