// The time-driven refresh: one trigger per user and document (every 5 minutes where Apps Script
// allows it, else hourly), who owns each tab's auto-refresh, and the timer run itself.
import { USER_KEYS } from '../core/state-keys';
import { getJson, setJson } from '../core/json-props';
import type { Services } from '../core/services';
import type { Sheet } from '../sheet/table';
import type { Reply } from './contract';
import { activeSheet, apiClient, NO_SETTINGS, RUN_BUDGET_MS, sheetState, tryDocumentLock } from './context';
import { hasOpen, settleFromList } from './credits';
import { handle } from './handle';
import { sharedSummaries } from '../refresh/refresh';
import { refreshTab } from './refresh-run';
import { keyHint, readSettings } from './settings';
import type { AutoRefreshOwner, SheetState } from './sheet-state';
import { userId } from './user-id';

export const TIMER_HANDLER = 'onRefreshTimer';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
export interface AutoRefresh { on: boolean; intervalMinutes: number | null }

/** Per trigger, in the owner's UserProperties: the spreadsheet it serves (a trigger may run without an active one). */
const triggerKey = USER_KEYS.trigger;
/** The last timer run that could not reach its spreadsheet, for the sidebar to show. */
const LOST_RUN = USER_KEYS.lostTimerRun;
interface TriggerRecord { spreadsheetId: string; minutes: number }

function ours(svc: Services, ss: Spreadsheet): GoogleAppsScript.Script.Trigger[] {
  return svc.triggers.getUserTriggers(ss).filter((t) => t.getHandlerFunction() === TIMER_HANDLER);
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
  let minutes = 5;
  let trigger: GoogleAppsScript.Script.Trigger;
  try {
    trigger = svc.triggers.newTrigger(TIMER_HANDLER).timeBased().everyMinutes(5).create();
  } catch {
    // Published editor add-ons may not run time triggers more often than hourly.
    minutes = 60;
    trigger = svc.triggers.newTrigger(TIMER_HANDLER).timeBased().everyHours(1).create();
  }
  setJson(svc.userProps, triggerKey(trigger.getUniqueId()), { spreadsheetId: ss.getId(), minutes } satisfies TriggerRecord);
  return minutes;
}

function removeTrigger(svc: Services, t: GoogleAppsScript.Script.Trigger): void {
  svc.triggers.deleteTrigger(t);
  svc.userProps.deleteProperty(triggerKey(t.getUniqueId()));
}

export function removeTimer(svc: Services, ss: Spreadsheet = svc.sheets.getActiveSpreadsheet()): void {
  for (const t of ours(svc, ss)) removeTrigger(svc, t);
}

/** Switches a tab's auto-refresh on for the calling person. Never throws: a charge must not turn into a failure over it. */
export function enableAutoRefresh(svc: Services, state: SheetState): AutoRefresh {
  try {
    const minutes = installTimer(svc);
    const key = readSettings(svc.userProps)?.apiKey;
    state.autoRefresh = { user: userId(svc.userProps), keyHint: key ? keyHint(key) : null, minutes };
    return { on: true, intervalMinutes: minutes };
  } catch {
    return { on: false, intervalMinutes: null };
  }
}

export function setAutoRefresh(svc: Services, args: { on: boolean }): Reply<AutoRefresh> {
  return handle(() => {
    const state = sheetState(svc, activeSheet(svc));
    if (args?.on) return enableAutoRefresh(svc, state);
    state.autoRefresh = null;
    const me = userId(svc.userProps);
    const mine = svc.sheets.getActiveSpreadsheet().getSheets().some((s) => sheetState(svc, s).autoRefresh?.user === me);
    if (!mine) removeTimer(svc);
    return { on: false, intervalMinutes: null };
  });
}

/** The spreadsheet a timer run serves: the active one, else the one its trigger was installed for. */
function timerSpreadsheet(svc: Services, triggerUid: string | undefined): Spreadsheet | null {
  const active = svc.sheets.getActiveSpreadsheet();
  if (active) return active;
  const rec = triggerUid ? getJson<TriggerRecord>(svc.userProps, triggerKey(triggerUid)) : null;
  if (!rec) return null;
  try {
    return svc.sheets.openById(rec.spreadsheetId);
  } catch {
    return null;
  }
}

/** A timer run that could not reach its spreadsheet, as the sidebar shows it; null when there was none. */
export function lostTimerRun(svc: Services): { at: string; error: string } | null {
  return getJson(svc.userProps, LOST_RUN);
}

/**
 * The timer: a pass over the tabs whose auto-refresh this person owns. Skips when another run holds
 * the document; removes its trigger once nothing of theirs is in flight. Errors are kept per tab
 * (triggers fail silently), and another person's tabs are never touched.
 */
export function onRefreshTimer(svc: Services, event?: { triggerUid?: string }): void {
  const now = () => new Date(svc.clock.now()).toISOString();
  const ss = timerSpreadsheet(svc, event?.triggerUid);
  if (!ss) {
    setJson(svc.userProps, LOST_RUN, { at: now(), error: 'The automatic refresh ran but Google did not give it the spreadsheet, so nothing was refreshed. Open the sidebar on the sheet to set it up again.' });
    return;
  }
  tryDocumentLock(svc, () => {
    const me = userId(svc.userProps);
    const tabs: { sheet: Sheet; state: SheetState; owner: AutoRefreshOwner }[] = [];
    for (const sheet of ss.getSheets()) {
      const state = sheetState(svc, sheet);
      const owner = state.autoRefresh;
      if (!owner || !state.ownedBy(me)) continue;
      if (owner.user === '') state.autoRefresh = { ...owner, user: me };
      tabs.push({ sheet, state, owner });
    }
    if (tabs.length === 0) { removeTimer(svc, ss); return; }
    const settings = readSettings(svc.userProps);
    if (!settings) {
      for (const t of tabs) t.state.lastRefresh = { at: now(), error: NO_SETTINGS };
      return;
    }
    const deadline = svc.clock.now() + RUN_BUDGET_MS;
    const api = apiClient(svc, settings, deadline);
    // One campaign list for every tab of the run: a pass where nothing moved costs one request.
    const summaries = sharedSummaries(api);
    // An unknown charge is completed by the timer too, which runs until it is settled (DESIGN 6.2).
    settleFromList(svc, api, summaries);
    let inFlight = false;
    for (const t of tabs) {
      try {
        const r = refreshTab(svc, t.sheet, api, deadline, { summaries });
        if (r.remaining > 0 || !r.finished || hasOpen(svc)) inFlight = true;
        else t.state.autoRefresh = null;
      } catch (e) {
        // Kept for the sidebar by refreshTab; the stack goes to the execution log.
        console.error(e);
        inFlight = true;
      }
    }
    if (!inFlight) removeTimer(svc, ss);
  });
}
