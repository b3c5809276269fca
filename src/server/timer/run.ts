// The timer run itself (docs/rules.md#timer): a pass over the tabs this person's timer serves, a run Google gave
// no document, and the catch-up once the sheet is open again.
import { isoNow, nowOf } from '../../core/clock';
import { noteLostRun, readTimer, RUNS_KEPT, timerRecord, writeTimer, type TriggerRecord } from '../../records/timer-record';
import type { Services } from '../../core/services';
import { activeSpreadsheet } from '../../core/services';
import type { Sheet } from '../../sheet/table';
import { autoModeClaim, autoModeRun } from './auto-mode';
import { apiClient, NO_SETTINGS, RUN_BUDGET_MS, sheetState, tryDocumentLock } from '../context';
import { partsStillRendering } from './record';
import { hasOpen, openStopParts, settleAll } from '../money/outcomes';
import { refundsFromList } from '../money/refunds';
import { AddonError, toFailure } from '../failure';
import { sharedSummaries } from '../../refresh/refresh';
import { refreshTab } from './refresh-run';
import { finishCutOff } from './cut-off';
import { readSettings } from '../../records/settings';
import type { AutoRefreshOwner, SheetState } from '../../records/tab-state';
import { backingOff, noteSilence } from '../../records/silence';
import { userId } from '../../records/user-id';
import { TIMER_HANDLER, ours, renderingParts, removeTrigger, removeTimer, UNKNOWN_PARTS_RUN, NO_DOCUMENT_RUN, type Spreadsheet } from './timer';
import { finishedAwayMarked, markFinishedAway } from '../../records/finished-away';
import { errorText } from '../../core/error-text';

/** This person's timer the event names, or their only one with a record; null when none can be told. */
function recordOfRun(svc: Services, uid?: string): { uid: string; rec: TriggerRecord } | null {
  const found = svc.triggers
    .getProjectTriggers()
    .filter((t) => t.getHandlerFunction() === TIMER_HANDLER && (!uid || t.getUniqueId() === uid))
    .map((t) => ({ uid: t.getUniqueId(), rec: readTimer(svc.user, t.getUniqueId()) }))
    .filter((x): x is { uid: string; rec: TriggerRecord } => x.rec !== null);
  return found.length === 1 ? found[0]! : null;
}

/**
 * A timer run Google gave no document (docs/rules.md#timer): it counts as a run, reads the parts it waits for from
 * the API, and once none renders removes its trigger and leaves a note, so rows catch up when the sheet is open.
 */
function noDocumentRun(svc: Services, uid?: string): void {
  const at = isoNow(svc.clock);
  const found = recordOfRun(svc, uid);
  if (!found || found.rec.parts === undefined) {
    noteLostRun(svc.user, at, UNKNOWN_PARTS_RUN);
    return;
  }
  const { rec } = found;
  rec.runs = [...(rec.runs || []), nowOf(svc)].slice(-RUNS_KEPT);
  const settings = readSettings(svc.user);
  if (rec.parts && settings && !backingOff(svc.user, nowOf(svc))) {
    const api = apiClient(svc, settings, nowOf(svc) + RUN_BUDGET_MS);
    try {
      rec.parts = partsStillRendering(api, rec.parts.split(',')).join(',');
      noteLostRun(svc.user, at, NO_DOCUMENT_RUN);
    } catch (e) {
      noteLostRun(svc.user, at, `${NO_DOCUMENT_RUN} ${errorText(e)}`);
    } finally {
      noteSilence(svc.user, api, nowOf(svc));
    }
  }
  // A standing order needs its document to add rows: the timer waits for it rather than finishing.
  if (rec.parts !== '' || rec.auto) {
    writeTimer(svc.user, found.uid, rec);
    return;
  }
  const trigger = svc.triggers.getProjectTriggers().find((t) => t.getUniqueId() === found.uid);
  if (trigger) removeTrigger(svc, trigger);
  markFinishedAway(svc.user, rec.spreadsheetId, at);
}

/**
 * The sheet is open again after the timer finished without it: one pass over this person's tabs catches their
 * rows up (under the document lock; skipped while another run writes). Returns whether it ran.
 */
export function catchUpAfterAbsentRuns(svc: Services): boolean {
  const ss = activeSpreadsheet(svc);
  if (!finishedAwayMarked(svc.user, ss.getId())) return false;
  markFinishedAway(svc.user, ss.getId(), null);
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
  const ss = activeSpreadsheet(svc);
  if (!ss) {
    noDocumentRun(svc, event && event.triggerUid);
    return;
  }
  try {
    tryDocumentLock(svc, () => timerPass(svc, ss));
  } catch (e) {
    if (e instanceof AddonError && e.code === 'no_document') noDocumentRun(svc, event && event.triggerUid);
    else throw e;
  }
}

/** A run with its document: its time, and the parts still in flight, kept for runs that come without it. */
function noteRun(svc: Services, ss: Spreadsheet, parts: string[], auto: boolean): void {
  const t = ours(svc, ss)[0];
  if (!t) return;
  const rec = readTimer(svc.user, t.getUniqueId());
  if (!rec) return;
  writeTimer(svc.user, t.getUniqueId(), timerRecord(rec.spreadsheetId, rec.minutes, parts, [...(rec.runs || []), nowOf(svc)], auto));
}

function timerPass(svc: Services, ss: Spreadsheet): void {
  const me = userId(svc.user);
  const ran = isoNow(svc.clock);
  const tabs: { sheet: Sheet; state: SheetState; owner: AutoRefreshOwner }[] = [];
  for (const sheet of ss.getSheets()) {
    const state = sheetState(svc, sheet);
    // A tab in this person's auto mode is theirs to run while it is on (docs/rules.md#auto-mode).
    const owner = state.ownedBy(me) ? state.autoRefresh || autoModeClaim(svc, sheet, me) : autoModeClaim(svc, sheet, me);
    if (!owner) continue;
    // Each run leaves its time on the tab, so a timer that stops running is noticed.
    state.autoRefresh = { ...owner, user: me, lastRun: ran };
    tabs.push({ sheet, state, owner });
  }
  if (tabs.length === 0) {
    removeTimer(svc, ss);
    return;
  }
  const settings = readSettings(svc.user);
  if (!settings) {
    for (const t of tabs) t.state.lastRefresh = { at: ran, error: NO_SETTINGS };
    return;
  }
  if (backingOff(svc.user, nowOf(svc))) return;
  const deadline = nowOf(svc) + RUN_BUDGET_MS;
  const api = apiClient(svc, settings, deadline);
  // One campaign list for every tab of the run: a pass where nothing moved costs one request.
  const summaries = sharedSummaries(api);
  const listedAt = nowOf(svc);
  // An unknown charge is completed by the timer too, which runs until it is settled (docs/rules.md#unknown-outcomes).
  settleAll(svc, api, summaries);
  let inFlight = false;
  let autoOn = false;
  const waiting: string[] = [];
  for (const t of tabs) {
    try {
      let auto = true;
      let failed: string | undefined;
      try {
        auto = autoModeRun(svc, t.sheet, api, deadline, summaries);
      } catch (e) {
        // Auto mode's own failure (a protected note column, say) is said on the tab and keeps the timer; the usual
        // refresh still runs (docs/rules.md#auto-mode).
        failed = toFailure(e).error.message;
      }
      autoOn ||= auto;
      // Auto mode sends cut-off rows itself; otherwise the timer finishes them (docs/rules.md#cut-off).
      if (!auto && finishCutOff(svc, t.sheet, t.state, api, deadline)) inFlight = true;
      const r = refreshTab(svc, t.sheet, api, deadline, { summaries });
      if (failed) t.state.lastRefresh = { at: ran, error: failed };
      refundsFromList(svc, t.state.campaign, summaries, listedAt, r.details);
      if (auto || r.remaining > 0 || !r.finished || hasOpen(svc) || openStopParts(svc).length > 0) inFlight = true;
      else t.state.autoRefresh = null;
    } catch (e) {
      // Kept for the sidebar by refreshTab; the stack goes to the execution log.
      console.error(e);
      inFlight = true;
    }
    if (t.state.autoRefresh) waiting.push(...renderingParts(svc, t.state, summaries()));
  }
  noteSilence(svc.user, api, nowOf(svc));
  if (!inFlight) removeTimer(svc, ss);
  else noteRun(svc, ss, waiting, autoOn);
}
