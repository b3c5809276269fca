// The time-driven refresh: one trigger per user and document (every 5 minutes where Apps Script
// allows it, else hourly), found by its own record rather than by one listing (DESIGN 12), who owns
// each tab's auto-refresh, a timer that stops running noticed and put back, and the timer run itself.
import { USER_KEYS } from '../core/state-keys';
import { getJson, setJson } from '../core/json-props';
import type { Services } from '../core/services';
import type { Sheet } from '../sheet/table';
import type { CampaignSummary } from '../api/types';
import type { Reply, SidebarState } from './contract';
import { autoModeClaim, autoModeRun } from './auto-mode';
import { URL_ALLOWLIST } from '../core/build-info';
import { activeSheet, apiClient, NO_SETTINGS, RUN_BUDGET_MS, sheetState, tryDocumentLock } from './context';
import { partMayRender } from '../rules/may-render';
import { loadParts } from './parts';
import { grantSentence, isPermissionRefusal, RUN_WHEN_ABSENT } from './permission';
import { partsStillRendering } from './timer-record';
import { hasOpen, refundsFromList, settleFromList } from './credits';
import { AddonError } from './failure';
import { handle } from './handle';
import { sharedSummaries } from '../refresh/refresh';
import { refreshTab } from './refresh-run';
import { keyHint, readSettings } from './settings';
import type { AutoRefreshOwner, SheetState } from './sheet-state';
import { backingOff, noteSilence } from './silence';
import { userId } from './user-id';

export const TIMER_HANDLER = 'onRefreshTimer';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Trigger = GoogleAppsScript.Script.Trigger;
export interface AutoRefresh { on: boolean; intervalMinutes: number | null }

/** Per trigger, in the owner's UserProperties: the spreadsheet it serves and its interval. */
const triggerKey = USER_KEYS.trigger;
/** The last timer run (or install) that went wrong outside any tab, for the sidebar to show. */
const LOST_RUN = USER_KEYS.lostTimerRun;
/**
 * Kept in the owner's UserProperties, so a run Google gives no document can still finish (docs/rules.md#timer):
 * the parts it waits for (comma-separated ids) and the times of its last runs.
 */
/** `auto`: a tab of the document is in this person's auto mode, so the timer stays installed even when nothing renders (docs/rules.md#auto-mode). */
interface TriggerRecord { spreadsheetId: string; minutes: number; parts?: string; runs?: number[]; auto?: boolean }
/** Run times kept: enough to see the interval Google keeps. */
const RUNS_KEPT = 4;

const isoNow = (svc: Services) => new Date(svc.clock.now()).toISOString();

/**
 * This person's timers for the spreadsheet: the project's triggers of our handler whose record names it
 * (getUserTriggers(ss) may leave time-driven triggers out), and any it lists that lost their record.
 */
function ours(svc: Services, ss: Spreadsheet): Trigger[] {
  const listed = new Set(svc.triggers.getUserTriggers(ss).map((t) => t.getUniqueId()));
  return svc.triggers.getProjectTriggers().filter((t) => {
    if (t.getHandlerFunction() !== TIMER_HANDLER) return false;
    const rec = getJson<TriggerRecord>(svc.userProps, triggerKey(t.getUniqueId()));
    return rec ? rec.spreadsheetId === ss.getId() : listed.has(t.getUniqueId());
  });
}

/** The interval of this person's trigger on the document, or null when none is installed (or it was lost). */
export function timerInterval(svc: Services, ss: Spreadsheet = svc.sheets.getActiveSpreadsheet()): number | null {
  const t = ours(svc, ss)[0];
  if (!t) return null;
  return getJson<TriggerRecord>(svc.userProps, triggerKey(t.getUniqueId()))?.minutes ?? 60;
}

/** Installs the trigger unless one exists (extra ones, from races, are removed); returns the interval. */
export function installTimer(svc: Services, ss: Spreadsheet = svc.sheets.getActiveSpreadsheet(), parts: string[] = []): number {
  const existing = ours(svc, ss);
  for (const extra of existing.slice(1)) removeTrigger(svc, extra);
  svc.userProps.deleteProperty(USER_KEYS.timerDone(ss.getId()));
  const first = existing[0];
  if (first) {
    const rec = getJson<TriggerRecord>(svc.userProps, triggerKey(first.getUniqueId()));
    if (rec && parts.length > 0) setJson(svc.userProps, triggerKey(first.getUniqueId()), { ...rec, parts: joinParts(rec.parts, parts) } satisfies TriggerRecord);
    return rec?.minutes ?? 60;
  }
  const { trigger, minutes } = createTrigger(svc);
  setJson(svc.userProps, triggerKey(trigger.getUniqueId()), timerRecord(ss.getId(), minutes, parts));
  return minutes;
}

/** A trigger's record as stored (docs/rules.md#timer): under 9 KB with 200 parts of 36-character ids. */
export function timerRecord(spreadsheetId: string, minutes: number, parts: string[], runs: number[] = [], auto = false): TriggerRecord {
  return { spreadsheetId, minutes, parts: joinParts(undefined, parts), ...(runs.length > 0 ? { runs: runs.slice(-RUNS_KEPT) } : {}), ...(auto ? { auto } : {}) };
}

/** The parts a timer waits for, without repeats, as one comma-separated value (ids hold no comma). */
function joinParts(had: string | undefined, more: string[]): string {
  return [...new Set([...(had ? had.split(',') : []), ...more])].join(',');
}

/** The part ids of a tab's campaign that may still render (all of them while the list is not read). */
function renderingParts(svc: Services, state: SheetState, list?: ReadonlyMap<string, CampaignSummary> | null): string[] {
  const c = state.campaign;
  return c ? loadParts(svc.docProps, c).parts.filter((p) => (list ? partMayRender(p, list.get(p.id)) : true)).map((p) => p.id) : [];
}

function createTrigger(svc: Services): { trigger: Trigger; minutes: number } {
  // A published add-on may run a timer at most hourly, and what everyMinutes(5) does there is not documented: it asks for hourly.
  if (URL_ALLOWLIST.length === 0) {
    try {
      return { trigger: svc.triggers.newTrigger(TIMER_HANDLER).timeBased().everyMinutes(5).create(), minutes: 5 };
    } catch {
      // Published editor add-ons may not run time triggers more often than hourly.
    }
  }
  try {
    return { trigger: svc.triggers.newTrigger(TIMER_HANDLER).timeBased().everyHours(1).create(), minutes: 60 };
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).replace(/^Exception:\s*/, '');
    if (isPermissionRefusal(why)) {
      throw new AddonError('no_permission', `You have not given the add-on the permission “${RUN_WHEN_ABSENT}”, so the automatic refresh could not be installed. ${grantSentence(svc)}`);
    }
    throw new AddonError('no_timer', `Google refused to install the automatic refresh (“${why}”). A test deployment (Deploy › Test deployments) cannot run timers: press Refresh now, or keep the sidebar open while videos render.`);
  }
}

/** Check setup: makes a timer, sees which listings show it, and removes it at once. Only when none of ours exists. */
export function probeTrigger(svc: Services): { minutes: number; inProject: boolean; inUser: boolean } {
  const { trigger, minutes } = createTrigger(svc);
  try {
    const id = trigger.getUniqueId();
    const has = (list: Trigger[]) => list.some((t) => t.getUniqueId() === id);
    return { minutes, inProject: has(svc.triggers.getProjectTriggers()), inUser: has(svc.triggers.getUserTriggers(svc.sheets.getActiveSpreadsheet())) };
  } finally {
    svc.triggers.deleteTrigger(trigger);
  }
}

function removeTrigger(svc: Services, t: Trigger): void {
  svc.triggers.deleteTrigger(t);
  svc.userProps.deleteProperty(triggerKey(t.getUniqueId()));
}

export function removeTimer(svc: Services, ss: Spreadsheet = svc.sheets.getActiveSpreadsheet()): void {
  for (const t of ours(svc, ss)) removeTrigger(svc, t);
}

/** Switches a tab's auto-refresh on for the calling person; returns the interval, or throws the refusal's sentence. */
function switchOn(svc: Services, state: SheetState): AutoRefresh {
  const minutes = installTimer(svc, undefined, renderingParts(svc, state));
  const key = readSettings(svc.userProps)?.apiKey;
  state.autoRefresh = { user: userId(svc.userProps), keyHint: key ? keyHint(key) : null, minutes, since: isoNow(svc) };
  return { on: true, intervalMinutes: minutes };
}

/** Switches auto-refresh on after a charge. Never throws: a refusal is kept for the sidebar instead. */
export function enableAutoRefresh(svc: Services, state: SheetState): AutoRefresh {
  try {
    return switchOn(svc, state);
  } catch (e) {
    if (e instanceof AddonError) setJson(svc.userProps, LOST_RUN, { at: isoNow(svc), error: e.message });
    return { on: false, intervalMinutes: null };
  }
}

export function setAutoRefresh(svc: Services, args: { on: boolean }): Reply<AutoRefresh> {
  return handle(() => {
    const state = sheetState(svc, activeSheet(svc));
    if (args?.on) return switchOn(svc, state);
    state.autoRefresh = null;
    const me = userId(svc.userProps);
    const mine = svc.sheets.getActiveSpreadsheet().getSheets().some((s) => sheetState(svc, s).autoRefresh?.user === me);
    if (!mine) removeTimer(svc);
    return { on: false, intervalMinutes: null };
  });
}

/** A timer run or install that went wrong outside any tab, as the sidebar shows it; null when there was none. */
export function lostTimerRun(svc: Services): { at: string; error: string } | null {
  return getJson(svc.userProps, LOST_RUN);
}

/** The record of this person's timer for the spreadsheet, or null. */
function recordFor(svc: Services, ss: Spreadsheet): TriggerRecord | null {
  const t = ours(svc, ss)[0];
  return t ? getJson<TriggerRecord>(svc.userProps, triggerKey(t.getUniqueId())) : null;
}

/** The longest gap seen between two runs, in minutes (0 before two runs): the interval Google actually keeps. */
function observedMinutes(runs: number[] = []): number {
  let gap = 0;
  for (let i = 1; i < runs.length; i++) gap = Math.max(gap, runs[i]! - runs[i - 1]!);
  return gap / 60_000;
}

/**
 * A tab whose timer runs are overdue by more than two intervals (the longer of the one asked and the one seen,
 * docs/rules.md#timer), whatever the reason: since when, and — for its owner — the trigger put back, at most
 * once per two intervals. A run without the document counts as a run.
 */
export function overdueTimer(svc: Services, state: SheetState, you: boolean): Pick<SidebarState['autoRefresh'], 'overdueSince' | 'timerRestored'> {
  const owner = state.autoRefresh;
  const ss = svc.sheets.getActiveSpreadsheet();
  if (you && finishedAway(svc, ss)) return {};
  const rec = you ? recordFor(svc, ss) : null;
  const seen = rec?.runs?.length ? new Date(rec.runs[rec.runs.length - 1]!).toISOString() : undefined;
  const last = [owner?.lastRun, seen].filter((x): x is string => !!x).sort().pop() ?? owner?.since;
  if (!owner || !last) return {};
  const now = svc.clock.now();
  const minutes = Math.max(owner.minutes, observedMinutes(rec?.runs));
  const late = (iso: string) => now - Date.parse(iso) > 2 * minutes * 60_000;
  if (!late(last)) return {};
  if (!you || (owner.restoredAt && !late(owner.restoredAt))) return { overdueSince: last };
  try {
    removeTimer(svc);
    const installed = installTimer(svc);
    state.autoRefresh = { ...owner, minutes: installed, restoredAt: new Date(now).toISOString() };
    return { overdueSince: last, timerRestored: true };
  } catch {
    return { overdueSince: last };
  }
}

const UNKNOWN_PARTS_RUN = 'The automatic refresh ran but Google did not give it the spreadsheet, so nothing was refreshed. Links fill in while the sidebar is open, or press Refresh now.';
const NO_DOCUMENT_RUN = 'The automatic refresh ran but Google did not give it the spreadsheet, so no row was written; it checked your videos with the video service, and rows catch up when the sheet is open (or press Refresh now).';

/** This person's timer the event names, or their only one with a record; null when none can be told. */
function recordOfRun(svc: Services, uid?: string): { uid: string; rec: TriggerRecord } | null {
  const found = svc.triggers.getProjectTriggers().filter((t) => t.getHandlerFunction() === TIMER_HANDLER && (!uid || t.getUniqueId() === uid))
    .map((t) => ({ uid: t.getUniqueId(), rec: getJson<TriggerRecord>(svc.userProps, triggerKey(t.getUniqueId())) }))
    .filter((x): x is { uid: string; rec: TriggerRecord } => x.rec !== null);
  return found.length === 1 ? found[0]! : null;
}

/**
 * A timer run Google gave no document (docs/rules.md#timer): it counts as a run, reads the parts it waits for from
 * the API, and once none renders removes its trigger and leaves a note, so rows catch up when the sheet is open.
 */
function noDocumentRun(svc: Services, uid?: string): void {
  const at = isoNow(svc);
  const found = recordOfRun(svc, uid);
  if (!found || found.rec.parts === undefined) { setJson(svc.userProps, LOST_RUN, { at, error: UNKNOWN_PARTS_RUN }); return; }
  const { rec } = found;
  rec.runs = [...(rec.runs ?? []), svc.clock.now()].slice(-RUNS_KEPT);
  const settings = readSettings(svc.userProps);
  if (rec.parts && settings && !backingOff(svc.userProps, svc.clock.now())) {
    const api = apiClient(svc, settings, svc.clock.now() + RUN_BUDGET_MS);
    try {
      rec.parts = partsStillRendering(api, rec.parts.split(',')).join(',');
      setJson(svc.userProps, LOST_RUN, { at, error: NO_DOCUMENT_RUN });
    } catch (e) {
      setJson(svc.userProps, LOST_RUN, { at, error: `${NO_DOCUMENT_RUN} ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      noteSilence(svc.userProps, api, svc.clock.now());
    }
  }
  // A standing order needs its document to add rows: the timer waits for it rather than finishing.
  if (rec.parts !== '' || rec.auto) { setJson(svc.userProps, triggerKey(found.uid), rec); return; }
  const trigger = svc.triggers.getProjectTriggers().find((t) => t.getUniqueId() === found.uid);
  if (trigger) removeTrigger(svc, trigger);
  setJson(svc.userProps, USER_KEYS.timerDone(rec.spreadsheetId), at);
}

/** Whether this person's timer finished in a run without the document since the sheet was last open. */
function finishedAway(svc: Services, ss: Spreadsheet): boolean {
  return svc.userProps.getProperty(USER_KEYS.timerDone(ss.getId())) !== null;
}

/**
 * The sheet is open again after the timer finished without it: one pass over this person's tabs catches their
 * rows up (under the document lock; skipped while another run writes). Returns whether it ran.
 */
export function catchUpAfterAbsentRuns(svc: Services): boolean {
  const ss = svc.sheets.getActiveSpreadsheet();
  if (!finishedAway(svc, ss)) return false;
  svc.userProps.deleteProperty(USER_KEYS.timerDone(ss.getId()));
  tryDocumentLock(svc, () => timerPass(svc, ss));
  return true;
}

/**
 * The timer: a pass over the tabs whose auto-refresh this person owns. Skips when another run holds
 * the document, and while a silent service's back-off runs; removes its trigger once nothing of
 * theirs is in flight. Errors are kept per tab (triggers fail silently), and another person's tabs
 * are never touched.
 */
export function onRefreshTimer(svc: Services, event?: { triggerUid?: string }): void {
  const ss = svc.sheets.getActiveSpreadsheet();
  if (!ss) { noDocumentRun(svc, event?.triggerUid); return; }
  try {
    tryDocumentLock(svc, () => timerPass(svc, ss));
  } catch (e) {
    if (e instanceof AddonError && e.code === 'no_document') noDocumentRun(svc, event?.triggerUid);
    else throw e;
  }
}

/** A run with its document: its time, and the parts still in flight, kept for runs that come without it. */
function noteRun(svc: Services, ss: Spreadsheet, parts: string[], auto: boolean): void {
  const t = ours(svc, ss)[0];
  if (!t) return;
  const rec = getJson<TriggerRecord>(svc.userProps, triggerKey(t.getUniqueId()));
  if (!rec) return;
  setJson(svc.userProps, triggerKey(t.getUniqueId()), timerRecord(rec.spreadsheetId, rec.minutes, parts, [...(rec.runs ?? []), svc.clock.now()], auto));
}

function timerPass(svc: Services, ss: Spreadsheet): void {
  const me = userId(svc.userProps);
  const ran = isoNow(svc);
  const tabs: { sheet: Sheet; state: SheetState; owner: AutoRefreshOwner }[] = [];
  for (const sheet of ss.getSheets()) {
    const state = sheetState(svc, sheet);
    // A tab in this person's auto mode is theirs to run while it is on (docs/rules.md#auto-mode).
    const owner = state.ownedBy(me) ? state.autoRefresh ?? autoModeClaim(svc, sheet, me) : autoModeClaim(svc, sheet, me);
    if (!owner) continue;
    // Each run leaves its time on the tab, so a timer that stops running is noticed.
    state.autoRefresh = { ...owner, user: me, lastRun: ran };
    tabs.push({ sheet, state, owner });
  }
  if (tabs.length === 0) { removeTimer(svc, ss); return; }
  const settings = readSettings(svc.userProps);
  if (!settings) {
    for (const t of tabs) t.state.lastRefresh = { at: ran, error: NO_SETTINGS };
    return;
  }
  if (backingOff(svc.userProps, svc.clock.now())) return;
  const deadline = svc.clock.now() + RUN_BUDGET_MS;
  const api = apiClient(svc, settings, deadline);
  // One campaign list for every tab of the run: a pass where nothing moved costs one request.
  const summaries = sharedSummaries(api);
  // An unknown charge is completed by the timer too, which runs until it is settled (DESIGN 6.2).
  settleFromList(svc, api, summaries);
  let inFlight = false;
  let autoOn = false;
  const waiting: string[] = [];
  for (const t of tabs) {
    try {
      const auto = autoModeRun(svc, t.sheet, api, deadline, summaries);
      autoOn ||= auto;
      const r = refreshTab(svc, t.sheet, api, deadline, { summaries });
      refundsFromList(svc, t.state.campaign, summaries);
      if (auto || r.remaining > 0 || !r.finished || hasOpen(svc)) inFlight = true;
      else t.state.autoRefresh = null;
    } catch (e) {
      // Kept for the sidebar by refreshTab; the stack goes to the execution log.
      console.error(e);
      inFlight = true;
    }
    if (t.state.autoRefresh) waiting.push(...renderingParts(svc, t.state, summaries()));
  }
  noteSilence(svc.userProps, api, svc.clock.now());
  if (!inFlight) removeTimer(svc, ss);
  else noteRun(svc, ss, waiting, autoOn);
}
