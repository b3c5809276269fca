// The time-driven refresh: one trigger per user and document (every 5 minutes where Apps Script
// allows it, else hourly), found by its own record rather than by one listing (DESIGN 12), who owns
// each tab's auto-refresh, a timer that stops running noticed and put back, and the timer run itself.
import { USER_KEYS } from '../core/state-keys';
import { getJson, setJson } from '../core/json-props';
import type { Services } from '../core/services';
import type { Sheet } from '../sheet/table';
import type { Reply, SidebarState } from './contract';
import { autoModeClaim, autoModeRun } from './auto-mode';
import { activeSheet, apiClient, NO_SETTINGS, RUN_BUDGET_MS, sheetState, tryDocumentLock } from './context';
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
interface TriggerRecord { spreadsheetId: string; minutes: number }

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
export function installTimer(svc: Services, ss: Spreadsheet = svc.sheets.getActiveSpreadsheet()): number {
  const existing = ours(svc, ss);
  for (const extra of existing.slice(1)) removeTrigger(svc, extra);
  if (existing.length > 0) return timerInterval(svc, ss) ?? 60;
  const { trigger, minutes } = createTrigger(svc);
  setJson(svc.userProps, triggerKey(trigger.getUniqueId()), { spreadsheetId: ss.getId(), minutes } satisfies TriggerRecord);
  return minutes;
}

function createTrigger(svc: Services): { trigger: Trigger; minutes: number } {
  try {
    return { trigger: svc.triggers.newTrigger(TIMER_HANDLER).timeBased().everyMinutes(5).create(), minutes: 5 };
  } catch {
    // Published editor add-ons may not run time triggers more often than hourly.
  }
  try {
    return { trigger: svc.triggers.newTrigger(TIMER_HANDLER).timeBased().everyHours(1).create(), minutes: 60 };
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).replace(/^Exception:\s*/, '');
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
  const minutes = installTimer(svc);
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

/**
 * A tab whose timer runs are overdue by more than two intervals, whatever the reason (a trigger dropped, or
 * one that never fires): since when, and — for its owner — the trigger put back, at most once per two intervals.
 */
export function overdueTimer(svc: Services, state: SheetState, you: boolean): Pick<SidebarState['autoRefresh'], 'overdueSince' | 'timerRestored'> {
  const owner = state.autoRefresh;
  const last = owner?.lastRun ?? owner?.since;
  if (!owner || !last) return {};
  const now = svc.clock.now();
  const late = (iso: string) => now - Date.parse(iso) > 2 * owner.minutes * 60_000;
  if (!late(last)) return {};
  if (!you || (owner.restoredAt && !late(owner.restoredAt))) return { overdueSince: last };
  try {
    removeTimer(svc);
    const minutes = installTimer(svc);
    state.autoRefresh = { ...owner, minutes, restoredAt: new Date(now).toISOString() };
    return { overdueSince: last, timerRestored: true };
  } catch {
    return { overdueSince: last };
  }
}

/** A timer run Google gave no document (DESIGN 12): nothing can be refreshed from it, and the sidebar says so. */
function noDocumentRun(svc: Services): void {
  setJson(svc.userProps, LOST_RUN, { at: isoNow(svc), error: 'The automatic refresh ran but Google did not give it the spreadsheet, so nothing was refreshed. Links fill in while the sidebar is open, or press Refresh now.' });
}

/**
 * The timer: a pass over the tabs whose auto-refresh this person owns. Skips when another run holds
 * the document, and while a silent service's back-off runs; removes its trigger once nothing of
 * theirs is in flight. Errors are kept per tab (triggers fail silently), and another person's tabs
 * are never touched.
 */
export function onRefreshTimer(svc: Services, _event?: { triggerUid?: string }): void {
  const ss = svc.sheets.getActiveSpreadsheet();
  if (!ss) { noDocumentRun(svc); return; }
  try {
    tryDocumentLock(svc, () => timerPass(svc, ss));
  } catch (e) {
    if (e instanceof AddonError && e.code === 'no_document') noDocumentRun(svc);
    else throw e;
  }
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
  for (const t of tabs) {
    try {
      const auto = autoModeRun(svc, t.sheet, api, deadline, summaries);
      const r = refreshTab(svc, t.sheet, api, deadline, { summaries });
      refundsFromList(svc, t.state.campaign, summaries);
      if (auto || r.remaining > 0 || !r.finished || hasOpen(svc)) inFlight = true;
      else t.state.autoRefresh = null;
    } catch (e) {
      // Kept for the sidebar by refreshTab; the stack goes to the execution log.
      console.error(e);
      inFlight = true;
    }
  }
  noteSilence(svc.userProps, api, svc.clock.now());
  if (!inFlight) removeTimer(svc, ss);
}
