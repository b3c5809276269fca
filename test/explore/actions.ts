// What happens to a list (docs/rules.md#explorer): presses of every server function a person reaches, what people do
// to the sheet, time, the timer, and faults wrapped around a press. Each action is plain data, so a failing history
// prints as a test that replays it.
import fc from 'fast-check';
import { SIM_KEYS, type SimFaults } from '../../dev/sim/types';
import { HEADERS, leadRow } from '../e2e/harness';
import { ARCHIVE, colleagueCampaigns, fillSpreadsheet, unprotect } from '../e2e/steps';
import { columnLetters } from '../../dev/standin/a1';
import { MAX_DOCS, PEOPLE, TABS, type World } from './world';

export type Fault = 'drop' | 'html502' | 'error500' | 'rate429' | 'hang' | 'lock' | Interleaving;
/** Another execution during a press's write: before the service sees it, or once it applied it and its reply is on its way. */
export type Interleaving = 'pollDuring' | 'timerDuring' | 'pollAnswered' | 'timerAnswered';
const ANSWERED: Record<Interleaving, boolean> = { pollDuring: false, timerDuring: false, pollAnswered: true, timerAnswered: true };

export type Action =
  | { k: 'person'; p: number }
  | { k: 'tab'; t: number }
  | { k: 'create'; t: number }
  | { k: 'select'; t: number; from: number }
  | { k: 'map' }
  | { k: 'add'; t: number; from: number; n: number }
  | { k: 'estimate' }
  | { k: 'preview' }
  | { k: 'generate'; stale: boolean }
  | { k: 'stop' }
  | { k: 'resend'; cancelled: boolean }
  | { k: 'export' }
  | { k: 'repair' }
  | { k: 'limit'; v: number | null }
  | { k: 'auto'; on: boolean }
  | { k: 'refresh' }
  | { k: 'autoRefresh'; on: boolean }
  | { k: 'checkSetup' }
  | { k: 'connect'; key: 'own' | 'readOnly' | 'revoked' }
  | { k: 'look' }
  | { k: 'append'; t: number; n: number }
  | { k: 'pasteBack'; t: number; row: number }
  | { k: 'typeOver'; t: number; row: number }
  | { k: 'copyRow'; t: number; row: number }
  | { k: 'sort'; t: number; col: number; asc: boolean }
  | { k: 'filter'; t: number; row: number }
  | { k: 'deleteRows'; t: number; row: number; n: number }
  | { k: 'renameHeader'; t: number; col: number }
  | { k: 'moveColumn'; t: number; from: number; to: number }
  | { k: 'register'; what: 'edit' | 'sort' | 'delete' }
  | { k: 'full'; room: number | null }
  | { k: 'duplicate'; t: number; into: number }
  | { k: 'protect'; t: number; col: number; p: number }
  | { k: 'copy'; props: boolean }
  | { k: 'otherDoc' }
  | { k: 'crowd' }
  | { k: 'doc'; d: number }
  | { k: 'wait'; ms: number }
  | { k: 'midnight' }
  | { k: 'timer' }
  // `write`: the fault hits the press's first POST (its stop, generate, leads…) instead of its first request.
  | { k: 'fault'; f: Fault; then: Action; write?: boolean };

const MIN = 60_000;

/** The add-on's output columns, as a person finds them in a tab. */
const OUTPUTS = ['Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note'] as const;
const tab = fc.nat({ max: TABS.length - 1 });
const row = fc.integer({ min: 2, max: 12 });

/** A press of a server function (what faults are wrapped around). */
const press: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ k: fc.constant('add' as const), t: tab, from: row, n: fc.integer({ min: 1, max: 8 }) }), weight: 6 },
  { arbitrary: fc.record({ k: fc.constant('generate' as const), stale: fc.constantFrom(false, false, false, true) }), weight: 5 },
  { arbitrary: fc.constant({ k: 'preview' as const }), weight: 2 },
  { arbitrary: fc.constant({ k: 'stop' as const }), weight: 2 },
  { arbitrary: fc.constant({ k: 'refresh' as const }), weight: 4 },
  { arbitrary: fc.record({ k: fc.constant('auto' as const), on: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('resend' as const), cancelled: fc.boolean() }), weight: 1 },
  { arbitrary: fc.constant({ k: 'export' as const }), weight: 1 },
  { arbitrary: fc.constant({ k: 'estimate' as const }), weight: 1 },
  // Repair as the sidebar offers it after someone edited the register, or pressed again on a register already whole.
  { arbitrary: fc.constant({ k: 'repair' as const }), weight: 1 },
);

const faultArb = fc.constantFrom<Fault>('drop', 'html502', 'error500', 'rate429', 'hang', 'lock', ...(Object.keys(ANSWERED) as Interleaving[]));

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: press, weight: 30 },
  { arbitrary: fc.record({ k: fc.constant('person' as const), p: fc.nat({ max: PEOPLE.length - 1 }) }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('tab' as const), t: tab }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('create' as const), t: tab }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant('select' as const), t: tab, from: tab }), weight: 1 },
  { arbitrary: fc.constant({ k: 'map' as const }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('limit' as const), v: fc.option(fc.constantFrom(6, 20, 60, 500), { nil: null }) }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('autoRefresh' as const), on: fc.boolean() }), weight: 1 },
  { arbitrary: fc.constant({ k: 'checkSetup' as const }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('connect' as const), key: fc.constantFrom('own' as const, 'readOnly' as const, 'revoked' as const) }), weight: 1 },
  { arbitrary: fc.constant({ k: 'look' as const }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('append' as const), t: tab, n: fc.integer({ min: 1, max: 5 }) }), weight: 5 },
  { arbitrary: fc.record({ k: fc.constant('pasteBack' as const), t: tab, row }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('typeOver' as const), t: tab, row }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('copyRow' as const), t: tab, row }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('sort' as const), t: tab, col: fc.nat({ max: 10 }), asc: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('filter' as const), t: tab, row }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('deleteRows' as const), t: tab, row, n: fc.integer({ min: 1, max: 3 }) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('renameHeader' as const), t: tab, col: fc.nat({ max: 10 }) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('moveColumn' as const), t: tab, from: fc.nat({ max: 10 }), to: fc.nat({ max: 10 }) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('register' as const), what: fc.constantFrom('edit' as const, 'sort' as const, 'delete' as const) }), weight: 1 },
  // Another list fills the spreadsheet: nothing fits, a few register rows fit, rows but no new tab fit; or room is made.
  { arbitrary: fc.record({ k: fc.constant('full' as const), room: fc.constantFrom(0, 40, 2_000, null) }), weight: 1 },
  // Sheet › Duplicate of one tab, the copy renamed over another tab the person deleted.
  { arbitrary: fc.record({ k: fc.constant('duplicate' as const), t: tab, into: tab }), weight: 1 },
  // Data › Protect sheets and ranges: an output column of a tab, or the spending record, for one person only; or lifted.
  { arbitrary: fc.record({ k: fc.constant('protect' as const), t: tab, col: fc.nat({ max: OUTPUTS.length }), p: fc.nat({ max: PEOPLE.length }) }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('copy' as const), props: fc.boolean() }), weight: 1 },
  { arbitrary: fc.constant({ k: 'otherDoc' as const }), weight: 1 },
  // A colleague makes 100 campaigns in the same workspace: every part so far drops out of the campaign list of 100.
  { arbitrary: fc.constant({ k: 'crowd' as const }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('doc' as const), d: fc.nat({ max: MAX_DOCS - 1 }) }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('wait' as const), ms: fc.constantFrom(MIN, 10 * MIN, 60 * MIN, 6 * 60 * MIN, 24 * 60 * MIN) }), weight: 6 },
  { arbitrary: fc.constant({ k: 'midnight' as const }), weight: 1 },
  { arbitrary: fc.constant({ k: 'timer' as const }), weight: 8 },
  { arbitrary: fc.record({ k: fc.constant('fault' as const), f: faultArb, then: press, write: fc.boolean() }), weight: 6 },
);

/** The sim fault that makes the next matching request fail as named (applied or not, as the name says). */
const SIM_FAULTS: Partial<Record<Fault, Partial<SimFaults>>> = {
  drop: { dropReplies: 1 },
  html502: { html502Replies: 1 },
  error500: { error500Rate: 1 },
  rate429: { rate429Rate: 1 },
  hang: { hang: true },
};
const NO_FAULTS: Partial<SimFaults> = { dropReplies: 0, html502Replies: 0, error500Rate: 0, rate429Rate: 0, hang: false };

/** Runs one action in the world; presses that cannot apply answer an error, as they would for a person. */
export async function perform(w: World, a: Action): Promise<void> {
  if (a.k === 'fault') return withFault(w, a.f, a.then, a.write);
  if (a.k === 'wait') return w.advance(a.ms);
  if (a.k === 'midnight') return w.advance(86_400_000 - (w.now() % 86_400_000) + 5 * MIN);
  if (a.k === 'timer') {
    // Every document's triggers: a copy's or another document's timer runs whichever is at the keyboard.
    w.advance(5 * MIN);
    return w.inEach(() => w.gas.fireTimeTriggers({ tolerateErrors: true }));
  }
  if (a.k === 'full') return fill(w, a.room);
  if (a.k === 'duplicate') return duplicate(w, a.t, a.into);
  if (a.k === 'protect') return protect(w, a.t, a.col, a.p);
  if (a.k === 'copy') return w.copy(a.props);
  if (a.k === 'otherDoc') return w.otherDocument();
  if (a.k === 'crowd') return crowd(w);
  if (a.k === 'doc') return w.toDocument(a.d);
  if (pressAction(w, a)) return;
  sheetAction(w, a);
}

/** The colleague's 100 campaigns, in a minute of their own: the key's 120 a minute is shared with the add-on's requests. */
async function crowd(w: World): Promise<void> {
  w.advance(MIN);
  await colleagueCampaigns(w.lab, 100);
  w.advance(MIN);
}

async function withFault(w: World, f: Fault, then: Action, write = false): Promise<void> {
  const sim = SIM_FAULTS[f];
  if (sim) await w.lab.sim.control({ action: 'configure', config: { faults: { ...sim, dropMatch: write ? '^POST ' : '^(POST|GET) ' } } });
  if (f === 'lock') w.gas.holdDocumentLock(2 * MIN);
  // A hook no request of this press fired is disarmed with it: it would otherwise fire during a later action.
  const disarm =
    f in ANSWERED
      ? w.gas.duringFetch(
          /^POST /,
          () => {
            if (f.startsWith('poll')) w.call('getProgress');
            else w.gas.fireTimeTriggers({ tolerateErrors: true });
          },
          { answered: ANSWERED[f as Interleaving] },
        )
      : null;
  try {
    await perform(w, then);
  } finally {
    disarm?.();
    if (sim) await w.lab.sim.control({ action: 'configure', config: { faults: NO_FAULTS } });
    if (f === 'lock') w.gas.releaseDocumentLock();
  }
}

/** A press of a server function; false when the action is not one. */
function pressAction(w: World, a: Action): boolean {
  const campaignId = () => w.boundCampaignId();
  switch (a.k) {
    case 'person':
      w.person = a.p;
      w.gas.setUser(PEOPLE[a.p]!.email);
      return true;
    case 'create':
      w.tab(a.t);
      w.createCampaign();
      return true;
    case 'select': {
      const id = (w.tab(a.from), campaignId());
      w.tab(a.t);
      if (id) w.call('selectCampaign', { campaignId: id });
      return true;
    }
    case 'map': {
      const mapping = w.call<any>('getSidebarState')?.mapping;
      if (mapping) w.call('saveColumnMapping', { mapping });
      return true;
    }
    case 'add': {
      const last = w.tab(a.t)?.getLastRow() ?? 1;
      if (last < 2) return true;
      const from = Math.min(a.from, last);
      w.selectRows(from, Math.min(last, from + a.n - 1));
      w.call('addSelectedRows');
      return true;
    }
    case 'estimate':
      w.call('getEstimate');
      return true;
    case 'preview':
      w.call('startPreview', { campaignId: campaignId() });
      return true;
    case 'generate': {
      const est = w.call<any>('getEstimate');
      // A stale confirmation: the figure a person saw before someone added more.
      const high = Math.max(0, (est?.high ?? 0) - (a.stale ? 3 : 0));
      w.call('startGenerate', { campaignId: campaignId(), high });
      return true;
    }
    case 'stop':
      w.call('stopCampaign', { campaignId: campaignId() });
      return true;
    case 'resend':
      w.call('resendFailedRows', a.cancelled ? { cancelled: true } : { name: `Follow-up ${++w.campaigns}` });
      return true;
    case 'export':
      w.call('exportFinishedVideos');
      return true;
    case 'repair': {
      const r = w.call<any>('repairRegister');
      if (r?.ok) w.lostInRepair += r.lost || 0;
      return true;
    }
    case 'limit': {
      const r = w.call<any>('setSpendingLimit', { creditsPerDay: a.v });
      if (r?.ok) w.limits.push({ person: w.person, at: w.gas.clock.now(), limit: a.v });
      return true;
    }
    case 'auto':
      autoMode(w, a.on);
      return true;
    case 'refresh':
      w.call('refreshNow');
      return true;
    case 'autoRefresh':
      w.call('setAutoRefresh', { on: a.on });
      return true;
    case 'checkSetup':
      w.call('getSetupReport');
      return true;
    case 'connect':
      // Connection › Save with the person's own key again, a read-only one or a revoked one (fixed again at the end).
      w.connect(a.key === 'own' ? PEOPLE[w.person]!.key : SIM_KEYS[a.key]);
      return true;
    case 'look': {
      // What the sidebar reads and where its links take the person, and back: none of it may send, charge or write a row.
      const back = w.gas.spreadsheet.getActiveSheet().getSheetId();
      for (const f of ['getActiveContext', 'listCampaigns', 'listTemplates', 'selectProblemRows', 'showCreditsRecord']) w.call(f);
      w.call('showSheet', { sheetId: back });
      return true;
    }
    default:
      return false;
  }
}

/** The owner's click on auto mode: on is a standing order for the person's key; off holds from that moment. */
function autoMode(w: World, on: boolean): void {
  const campaignId = w.boundCampaignId();
  if (!campaignId) return;
  const r = w.call<any>('setAutoMode', { campaignId, on });
  if (!r?.ok) return;
  // Keyed by tab, not campaign: two tabs of one campaign each hold their own order, and off on one leaves the other on.
  const tab = w.orderAt(w.gas.spreadsheet.getActiveSheet().getName());
  if (r.on) w.autoOn.set(tab, PEOPLE[w.person]!.key);
  else w.autoOn.delete(tab);
}

/** What a person does to the sheet itself; an edit Sheets refuses (a full spreadsheet, a protected range) is refused to them too. */
function sheetAction(w: World, a: Action): void {
  try {
    personEdit(w, a);
  } catch (e) {
    if (!/limit of \d+ cells|protected cell/.test(String(e))) throw e;
  }
}

function personEdit(w: World, a: Action): void {
  const ss = w.gas.spreadsheet;
  if (a.k === 'register') return registerAction(w, a.what);
  const sheet = w.tab((a as { t: number }).t);
  if (!sheet) return;
  const last = sheet.getLastRow();
  const width = Math.max(1, sheet.getLastColumn());
  switch (a.k) {
    case 'tab':
      return;
    case 'append':
      // A sync or a paste fills the lead columns by their headers, wherever they were moved.
      for (let i = 0; i < a.n; i++) {
        const row: string[] = Array.from({ length: width }, () => '');
        for (const [c, v] of inputCells(sheet, leadRow(w.nextLead++ % 40))) row[c] = v;
        sheet.appendRow(row);
      }
      return;
    case 'pasteBack':
      if (a.row <= last) for (const [c] of inputCells(sheet, HEADERS)) sheet.typeValues([[sheet.getRange(a.row, c + 1).getValue()]], last + 1, c + 1);
      return;
    case 'typeOver':
      if (a.row <= last) for (const [c, v] of inputCells(sheet, leadRow(w.nextLead++ % 40))) sheet.typeValues([[v]], a.row, c + 1);
      return;
    case 'copyRow':
      if (a.row <= last) sheet.typeValues(sheet.getRange(a.row, 1, 1, width).getValues(), last + 1, 1);
      return;
    case 'sort':
      if (last > 2) sheet.sortBy(a.col % width, a.asc);
      return;
    case 'filter':
      if (a.row <= last) sheet.setFilterHidden([a.row]);
      else sheet.removeFilter();
      return;
    case 'deleteRows':
      if (a.row <= last) sheet.deleteRows(a.row, Math.min(a.n, last - a.row + 1));
      return;
    case 'renameHeader':
      sheet.typeValues([[`${String(sheet.getRange(1, (a.col % width) + 1).getValue())} (old)`]], 1, (a.col % width) + 1);
      return;
    case 'moveColumn':
      if (a.from % width !== a.to % width) sheet.moveColumn(a.from % width, a.to % width);
      return;
    default:
      void ss;
  }
}

/** The lead columns of a tab (0-based) found by header, each with its value; a renamed header's value is left out. */
function inputCells(
  sheet: { getRange(r: number, c: number, h: number, w: number): { getValues(): unknown[][] }; getLastColumn(): number },
  values: readonly string[],
): [number, string][] {
  const head = (sheet.getRange(1, 1, 1, Math.max(1, sheet.getLastColumn())).getValues()[0] ?? []).map(String);
  return HEADERS.map((h, i) => [head.indexOf(h), values[i] ?? ''] as [number, string]).filter(([c]) => c >= 0);
}

/** Another of the person's lists takes the spreadsheet to within `room` cells of its 10 million; null: it is deleted. */
export function fill(w: World, room: number | null): void {
  const ss = w.gas.spreadsheet;
  const old = ss.getSheetByName(ARCHIVE);
  if (old) ss.deleteSheet(old);
  if (room !== null) fillSpreadsheet(w, room);
}

/** Sheet › Duplicate of tab t (its cells, as a new tab), named as tab `into`, which the person deleted first. */
function duplicate(w: World, t: number, into: number): void {
  const ss = w.gas.spreadsheet;
  const from = w.tab(t);
  const old = w.tab(into);
  if (!from || t % TABS.length === into % TABS.length) return;
  const cells = from.getDataRange().getValues();
  const campaignId = (w.tab(t), w.boundCampaignId());
  if (old) ss.deleteSheet(old);
  try {
    ss.setActiveSheet(ss.addSheet(TABS[into % TABS.length]!, cells));
  } catch (e) {
    if (!/limit of \d+ cells/.test(String(e))) throw e;
    return;
  }
  // What a careful person does with a copy that lost its campaign, as in a copy of the spreadsheet: picks the original's.
  if (campaignId) w.call('selectCampaign', { campaignId });
}

/**
 * Output column `col` of tab t (past the last: the spending record's whole tab) protected so that only person p may
 * write it; p past the last person lifts every protection, as the add-on's sentence asks.
 */
export function protect(w: World, t: number, col: number, p: number): void {
  const ss = w.gas.spreadsheet;
  if (p >= PEOPLE.length) return void unprotect(w);
  const editors = [PEOPLE[p]!.email];
  if (col >= OUTPUTS.length) {
    const record = ss.getSheetByName('Video credits');
    if (record) ss.protectRange(record, `A1:${columnLetters(record.getMaxColumns())}`, editors);
    return;
  }
  const sheet = w.tab(t);
  const at = sheet ? sheet.getRange(1, 1, 1, Math.max(1, sheet.getLastColumn())).getValues()[0]!.map(String).indexOf(OUTPUTS[col]!) : -1;
  if (sheet && at >= 0) {
    const letter = columnLetters(at + 1);
    ss.protectRange(sheet, `${letter}1:${letter}`, editors);
  }
}

/** A person edits, sorts or deletes the add-on's register tab. */
function registerAction(w: World, what: 'edit' | 'sort' | 'delete'): void {
  const ss = w.gas.spreadsheet;
  const reg = ss.getSheetByName('Video register');
  if (!reg) return;
  if (what === 'delete') {
    if (ss.getSheets().length > 1) ss.deleteSheet(reg);
    return;
  }
  if (reg.getLastRow() < 3) return;
  if (what === 'sort') reg.sortBy(0, false);
  else reg.typeValues([['edited']], 2, 1);
}

/** An action as the line of a ready test. */
export function show(a: Action): string {
  return JSON.stringify(a);
}
