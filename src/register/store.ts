// Where the register lives (docs/rules.md#register): a hidden tab the add-on owns, with a
// warning-only protection, one row per person. Read in one Range call; a batch is appended in one
// call and completed in one call per run of its rows.
import { literal } from '../sheet/cells';
import { consecutiveRuns } from '../sheet/table';
import { Register, type Entry, type EntryState } from './identity';

export const REGISTER_TAB = 'Video register';
const HEADERS = ['Lead ID', 'Part', 'Campaign', 'Tab', 'Batch', 'State', 'First name', 'Company', 'Email', 'Profile link', 'Columns'] as const;
const WIDTH = HEADERS.length;
/** Columns a reply completes: Lead ID … State. */
const STATUS_WIDTH = 6;

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The register rows holding one tab's people (it is only ever appended to, so they stay there). */
export interface RegisterSpan {
  first: number;
  last: number;
}

/**
 * The register as the tab holds it, in one call: all of it, or only `span` (one tab's people, so a
 * small tab of a big document reads little); null: that tab sent nobody, nothing is read.
 */
export function readRegister(ss: Spreadsheet, span?: RegisterSpan | null): Register {
  const tab = span === null ? null : ss.getSheetByName(REGISTER_TAB);
  const last = tab ? Math.min(tab.getLastRow(), span ? span.last : Infinity) : 0;
  const first = span ? Math.max(2, span.first) : 2;
  if (!tab || last < first) return new Register([]);
  const values = tab.getRange(first, 1, last - first + 1, WIDTH).getDisplayValues();
  return new Register(values.map((r, i) => toEntry(r, i + first)).filter((e) => e.part));
}

function toEntry(r: readonly string[], at: number): Entry {
  const s = (i: number) => String(r[i] ?? '').trim();
  return {
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
}

function row(e: Entry): unknown[] {
  return [e.leadId, e.part, e.campaign, e.tab, e.batch, e.state, e.firstName, e.company, e.email, e.profileUrl, e.columns].map(literal);
}

/** The register tab, made hidden and warning-only protected on the first send; the person stays on their tab. */
function registerTab(ss: Spreadsheet): Sheet {
  const found = ss.getSheetByName(REGISTER_TAB);
  if (found) return found;
  const active = ss.getActiveSheet();
  const tab = ss.insertSheet(REGISTER_TAB, ss.getNumSheets());
  tab
    .getRange(1, 1, 1, WIDTH)
    .setValues([[...HEADERS]])
    .setFontWeight('bold');
  tab.protect().setDescription('The add-on’s record of whom this document sent. Editing it can make rows lose their videos.').setWarningOnly(true);
  tab.hideSheet();
  ss.setActiveSheet(active);
  return tab;
}

/** Stores new entries at the end, in one call; each gets its row. */
export function appendEntries(ss: Spreadsheet, entries: Entry[]): void {
  if (entries.length === 0) return;
  const tab = registerTab(ss);
  const first = Math.max(tab.getLastRow(), 1) + 1;
  const short = first + entries.length - 1 - tab.getMaxRows();
  if (short > 0) tab.insertRowsAfter(tab.getMaxRows(), short);
  tab.getRange(first, 1, entries.length, WIDTH).setValues(entries.map(row));
  entries.forEach((e, i) => {
    e.at = first + i;
  });
}

/** Writes the Lead ID, part and state of stored entries: one call per run of adjacent rows. */
export function patchEntries(ss: Spreadsheet, entries: readonly Entry[]): void {
  const stored = entries.filter((e) => e.at >= 2);
  if (stored.length === 0) return;
  const tab = registerTab(ss);
  const byRow = new Map(stored.map((e) => [e.at, e]));
  for (const run of consecutiveRuns([...byRow.keys()].sort((a, b) => a - b))) {
    tab.getRange(run[0]!, 1, run.length, STATUS_WIDTH).setValues(run.map((r) => row(byRow.get(r)!).slice(0, STATUS_WIDTH)));
  }
}

/** How many people the document has sent, from the tab's size alone (no read of its cells). */
export function registerSize(ss: Spreadsheet): number {
  const tab = ss.getSheetByName(REGISTER_TAB);
  return tab ? Math.max(0, tab.getLastRow() - 1) : 0;
}
