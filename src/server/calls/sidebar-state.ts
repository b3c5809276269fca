// Server functions that describe and configure the active tab: the sidebar's state and the column mapping.
import { FIELD_LABELS, FIELD_LIMITS } from '../../shared/people';
import { PERSON_FIELDS, type PersonField } from '../../shared/person';
import type { Services } from '../../core/services';
import { activeSpreadsheet } from '../../core/services';
import { personFromRow } from '../../shared/row-person';
import { oddName, oddNamesSentence } from '../../shared/odd-name';
import { detectColumns, unusedColumns } from '../../shared/headers';
import { selectedRows } from '../../sheet/selection';
import { readLeadRows, readRowsAt, type LeadRow } from '../../sheet/lead-rows';
import { openTable, readHeaders, type Sheet, type Table, idOf } from '../../sheet/table';
import { cellText } from '../../shared/cells';
import type { ActiveContext, FieldGaps, FieldMap, OwnTab, Reply, SaveColumnMappingArgs, Selection, SidebarState } from '../contract';
import { autoModeInfo } from '../timer/auto-mode';
import { CREDITS_TAB } from '../money/ledger';
import { EXPORT_HEADERS } from './export';
import { activeSheet, sheetState } from '../context';
import { AddonError, badInput } from '../failure';
import { unsettledOf } from '../money/outcomes';
import { limitFigures } from '../money/today';
import { FALLBACK_MAX } from '../../shared/text-limits';
import { handle } from '../handle';
import { partIds } from '../campaign/parts';
import { loadParts } from '../../records/parts-record';
import { findProblemRows } from './problem-rows';
import { publicSettings } from '../../records/settings';
import type { SheetState } from '../../records/tab-state';
import { silentSince } from '../../records/silence';
import { installTimer, lostTimerRun, overdueTimer, timerInterval } from '../timer/timer';
import { catchUpAfterAbsentRuns } from '../timer/run';
import { userId } from '../../records/user-id';
import { timerActedAt } from '../../records/timer-news';
import { headerIndex, ID_FIELDS } from '../../register/identity';
import { readRegister, registerSize } from '../../register/store';
import { noticeCopy } from '../../records/copy';
import { sentColumns } from '../../records/sent-columns';
import { nowOf } from '../../core/clock';

/** How far into a selection its rows are read: the first that would be sent, and how many are not sent yet. */
const SAMPLE_SCAN_ROWS = 200;

function resolvedMapping(headers: string[], state: SheetState): { mapping: FieldMap<string | null>; overrides: PersonField[]; firstNameFromFullName: boolean } {
  const overrides = state.mapping;
  const layout = detectColumns(headers, overrides);
  const mapping = {} as FieldMap<string | null>;
  for (const f of PERSON_FIELDS) {
    const col = layout.fields[f] ?? (f === 'firstName' && layout.fullName !== null ? layout.fullName : undefined);
    mapping[f] = col === undefined ? null : (headers[col] ?? null);
  }
  return {
    mapping,
    overrides: PERSON_FIELDS.filter((f) => !!overrides[f]),
    firstNameFromFullName: layout.fields.firstName === undefined && layout.fullName !== null,
  };
}

/** The selection (no per-row visibility check) and the first of its rows that would be sent. */
function selectionOf(svc: Services, table: Table): { selection: Selection; sample: LeadRow | null } {
  const rows = selectedRows(table.sheet, activeSpreadsheet(svc).getActiveRangeList());
  let sample: LeadRow | null = null;
  let unsent = 0;
  for (const r of readRowsAt(table, rows.slice(0, SAMPLE_SCAN_ROWS)).values()) {
    if (r.leadId || r.cells.every((c) => !cellText(c))) continue;
    unsent++;
    sample ??= r;
  }
  return { selection: { rows: rows.length, unsent: rows.length > SAMPLE_SCAN_ROWS ? null : unsent }, sample };
}

/** What the tab's rows (read whole, once, by the caller) leave out (docs/rules.md#columns). */
export function fieldGaps(table: Table, rows: readonly LeadRow[], state: SheetState): FieldGaps {
  const { layout } = table;
  const gaps: FieldGaps = { unsent: { rows: 0, empty: {} }, waiting: { rows: 0, empty: {} } };
  // Optional fields with a column of their own and no fallback: an empty cell means a video without it.
  const { fallbacks } = state;
  const watched = PERSON_FIELDS.filter((f) => f !== 'firstName' && layout.fields[f] !== undefined && !fallbacks[f]);
  // By name, in row order: a name pasted on many rows is named once, and a long list is read in one pass.
  const odd = new Map<string, string>();
  for (const { cells, leadId: id, status } of rows) {
    const word = status.toLowerCase();
    const bucket = !id ? (cells.some((c) => cellText(c)) ? gaps.unsent : null) : word === 'pending' ? gaps.waiting : null;
    if (!bucket) continue;
    bucket.rows++;
    for (const f of watched) if (!cellText(cells[layout.fields[f]!])) bucket.empty[f] = (bucket.empty[f] || 0) + 1;
    // Only a row not sent yet can still be corrected: the service keeps a name as it was sent. A fallback is the
    // person's own choice, so only the row's own name is read.
    const name = bucket === gaps.unsent ? personFromRow(cells, layout, {}).person.firstName || '' : '';
    const why = name && oddName(name);
    if (why) odd.set(name, why);
  }
  const said = oddNamesSentence([...odd]);
  if (said) gaps.unsent.odd = said;
  return gaps;
}

/**
 * The sidebar's cheap poll: tab and selection, and when the timer last acted (a cache read), no property and no API
 * (docs/rules.md#budgets).
 */
export function getActiveContext(svc: Services): Reply<ActiveContext> {
  return handle(() => {
    const sheet = activeSheet(svc);
    const { selection, sample } = selectionOf(svc, openTable(sheet, {}, false));
    return {
      sheetId: idOf(sheet),
      sheetName: sheet.getName(),
      selection,
      sampleRow: sample && { row: sample.row, cells: [...sample.cells] },
      timerActed: timerActedAt(svc),
    };
  });
}

/** Whose timer refreshes this tab; the owner's lost trigger is put back (Google drops triggers now and then). */
function autoRefreshOf(svc: Services, state: SheetState): SidebarState['autoRefresh'] {
  // The timer finished in runs without the document: this open sheet catches its rows up once.
  if (state.autoRefresh && state.ownedBy(userId(svc.user)) && catchUpAfterAbsentRuns(svc)) return autoRefreshOf(svc, state);
  const owner = state.autoRefresh;
  if (!owner) return { on: false, intervalMinutes: null, owner: null };
  const you = state.ownedBy(userId(svc.user));
  let minutes: number | null = you ? timerInterval(svc) : owner.minutes;
  let timerLost = false;
  let timerRestored = false;
  if (you && minutes === null) {
    try {
      minutes = installTimer(svc);
      timerRestored = true;
    } catch {
      timerLost = true;
    }
  }
  const overdue = timerRestored ? {} : overdueTimer(svc, state, you);
  if (overdue.timerRestored) minutes = timerInterval(svc);
  return {
    on: true,
    intervalMinutes: minutes,
    owner: { keyHint: owner.keyHint, you },
    ...(timerLost ? { timerLost } : {}),
    ...(timerRestored ? { timerRestored } : {}),
    ...overdue,
  };
}

/** The last refresh outcome to show: the tab's, or a newer timer run that could not reach the spreadsheet. */
function lastRefreshOf(svc: Services, state: SheetState): SidebarState['lastRefresh'] {
  const tab = state.lastRefresh;
  const lost = state.ownedBy(userId(svc.user)) ? lostTimerRun(svc) : null;
  return lost && (!tab || lost.at > tab.at) ? lost : tab;
}

/** The add-on's own tabs, by what they hold: the record by its name, an export by its exact header row. */
export function ownTabOf(name: string, headers: string[]): OwnTab | null {
  if (name === CREDITS_TAB) return 'credits';
  return headers.length === EXPORT_HEADERS.length && EXPORT_HEADERS.every((h, i) => headers[i] === h) ? 'export' : null;
}

/** The sidebar's way back from an own tab: shows the tab of that id. */
export function showSheet(svc: Services, args: { sheetId: number }): Reply<{ sheetId: number; name: string }> {
  return handle(() => {
    const ss = activeSpreadsheet(svc);
    const sheet = ss.getSheets().find((s) => idOf(s) === Number(args?.sheetId));
    if (!sheet) throw badInput('That tab is no longer in this spreadsheet.');
    ss.setActiveSheet(sheet);
    return { sheetId: idOf(sheet), name: sheet.getName() };
  });
}

export function getSidebarState(svc: Services): Reply<SidebarState> {
  return handle(() => {
    // The sidebar opened in a copy: what only the original may act on is forgotten before it is shown (docs/rules.md#copies).
    noticeCopy(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    // A read: the output columns are made by the first push, never by looking (docs/rules.md#sheet).
    const table = openTable(sheet, state.mapping, false);
    const { headers } = table;
    const { mapping, overrides, firstNameFromFullName } = resolvedMapping(headers, state);
    const { selection, sample: first } = selectionOf(svc, table);
    const sample = first ? personFromRow(first.cells, table.layout, {}).person : null;
    const before = {
      settings: publicSettings(svc.user),
      sheet: { id: idOf(sheet), name: sheet.getName(), headers, ownTab: ownTabOf(sheet.getName(), headers) },
      selection,
      campaign: state.campaign,
      mapping,
      firstNameFromFullName,
      overrides,
      fallbacks: state.fallbacks,
      sample,
      sampleRow: first ? first.row : null,
      autoRefresh: autoRefreshOf(svc, state),
      lastRefresh: lastRefreshOf(svc, state),
    };
    // Read once the timer's catch-up (in autoRefreshOf) has written its rows; problems and gaps share the read.
    const all = readLeadRows(table);
    const gaps = fieldGaps(table, all, state);
    return {
      ...before,
      problems: findProblemRows(table, all).counts,
      unsettled: state.campaign ? unsettledOf(svc, partIds(loadParts(svc.doc, state.campaign))) : null,
      silentSince: silentSince(svc.user),
      limit: limitFigures(svc),
      autoMode: autoModeInfo(svc, sheet, state),
      gaps,
      unusedColumns: unusedColumns(headers, table.layout),
      missingColumns: missingColumns(svc, sheet, headers),
      sentPeople: registerSize(activeSpreadsheet(svc)),
      registerBroken: !readRegister({ ss: activeSpreadsheet(svc), props: svc.doc }, null).whole,
      now: new Date(nowOf(svc)).toISOString(),
    };
  });
}

/** The columns the last batch of this tab was sent from that the header row no longer has (docs/rules.md#row-identity). */
function missingColumns(svc: Services, sheet: Sheet, headers: string[]): { field: string; header: string }[] {
  const sent = sentColumns(svc.doc, idOf(sheet));
  if (!sent) return [];
  const find = headerIndex(headers);
  return sent
    .split('|')
    .map((h, i) => ({ field: ID_FIELDS[i] || '', header: h.replace(/^~/, '') }))
    .filter((m) => m.field && m.header && find(m.header) < 0);
}

export function saveColumnMapping(
  svc: Services,
  args: SaveColumnMappingArgs,
): Reply<{ mapping: FieldMap<string | null>; overrides: PersonField[]; fallbacks: Partial<FieldMap<string>> }> {
  return handle(() => {
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const headers = readHeaders(sheet);
    const overrides: Partial<Record<PersonField, string>> = {};
    for (const f of PERSON_FIELDS) {
      const h = String((args && args.mapping && args.mapping[f]) || '').trim();
      if (!h) continue;
      if (!headers.includes(h))
        throw new AddonError('bad_mapping', `There is no column “${h}” in this tab for ${FIELD_LABELS[f]}. Choose one of the headers in row 1.`);
      overrides[f] = h;
    }
    const fallbacks: Partial<Record<PersonField, string>> = args && args.fallbacks ? {} : state.fallbacks;
    for (const f of PERSON_FIELDS) {
      const v = String((args && args.fallbacks && args.fallbacks[f]) || '').trim();
      if (!v) continue;
      const limit = Math.min(FIELD_LIMITS[f] || FALLBACK_MAX, FALLBACK_MAX);
      if (v.length > limit) throw new AddonError('bad_mapping', `The fallback for ${FIELD_LABELS[f]} is ${v.length} characters; the limit is ${limit}.`);
      fallbacks[f] = v;
    }
    state.mapping = overrides;
    state.fallbacks = fallbacks;
    return { ...resolvedMapping(headers, state), fallbacks };
  });
}
