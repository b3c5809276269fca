// The time-driven refresh: one trigger per user and document (every 5 minutes where Apps Script
// allows it, else hourly), found by its own record rather than by one listing (docs/rules.md#readings), who owns
// each tab's auto-refresh, and a timer that stops running noticed and put back (the run itself: run.ts).
import { joinParts, noteLostRun, readTimer, timerRecord, writeTimer, lostRun, type LostRun, type TriggerRecord } from '../../records/timer-record';
import type { Services } from '../../core/services';
import { activeSpreadsheet } from '../../core/services';

import type { CampaignSummary } from '../../api/types';
import type { Reply, SidebarState } from '../contract';

import { URL_ALLOWLIST } from '../../core/build-info';
import { activeSheet, sheetState } from '../context';
import { partMayRender } from '../../shared/may-render';
import { loadParts } from '../../records/parts-record';
import { grantSentence, isPermissionRefusal, RUN_WHEN_ABSENT } from '../permission';

import { AddonError } from '../failure';
import { handle } from '../handle';

import { keyHint, readSettings } from '../../records/settings';
import type { SheetState } from '../../records/tab-state';

import { userId } from '../../records/user-id';
import { isoNow, nowOf } from '../../core/clock';
import { finishedAwayMarked, markFinishedAway } from '../../records/finished-away';
import { errorText } from '../../core/error-text';

export const TIMER_HANDLER = 'onRefreshTimer';

export type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Trigger = GoogleAppsScript.Script.Trigger;
export interface AutoRefresh {
  on: boolean;
  intervalMinutes: number | null;
}

/**
 * This person's timers for the spreadsheet: the project's triggers of our handler whose record names it
 * (getUserTriggers(ss) may leave time-driven triggers out), and any it lists that lost their record.
 */
export function ours(svc: Services, ss: Spreadsheet): Trigger[] {
  return needsPermission(svc, () => {
    const listed = new Set(svc.triggers.getUserTriggers(ss).map((t) => t.getUniqueId()));
    return svc.triggers.getProjectTriggers().filter((t) => {
      if (t.getHandlerFunction() !== TIMER_HANDLER) return false;
      const rec = readTimer(svc.user, t.getUniqueId());
      return rec ? rec.spreadsheetId === ss.getId() : listed.has(t.getUniqueId());
    });
  });
}

/** The permission refusal for triggers, naming the permission and how to grant it (docs/rules.md#refusals). */
function noPermission(svc: Services): AddonError {
  return new AddonError(
    'no_permission',
    `You have not given the add-on the permission “${RUN_WHEN_ABSENT}”, so the automatic refresh could not be installed. ${grantSentence(svc)}`,
  );
}

/** Every ScriptApp call about triggers needs that permission, listing as much as making one: its refusal is said, not "something went wrong". */
function needsPermission<T>(svc: Services, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isPermissionRefusal(errorText(e))) throw noPermission(svc);
    throw e;
  }
}

/** The interval of this person's trigger on the document, or null when none is installed (or it was lost). */
export function timerInterval(svc: Services, ss: Spreadsheet = activeSpreadsheet(svc)): number | null {
  const t = ours(svc, ss)[0];
  if (!t) return null;
  const rec = readTimer(svc.user, t.getUniqueId());
  return (rec && rec.minutes) || 60;
}

/** Installs the trigger unless one exists (extra ones, from races, are removed); returns the interval. */
export function installTimer(svc: Services, ss: Spreadsheet = activeSpreadsheet(svc), parts: string[] = []): number {
  const existing = ours(svc, ss);
  for (const extra of existing.slice(1)) removeTrigger(svc, extra);
  markFinishedAway(svc.user, ss.getId(), null);
  const first = existing[0];
  if (first) {
    const rec = readTimer(svc.user, first.getUniqueId());
    if (rec && parts.length > 0) writeTimer(svc.user, first.getUniqueId(), { ...rec, parts: joinParts(rec.parts, parts) });
    return (rec && rec.minutes) || 60;
  }
  const { trigger, minutes } = createTrigger(svc);
  writeTimer(svc.user, trigger.getUniqueId(), timerRecord(ss.getId(), minutes, parts));
  return minutes;
}

/** The part ids of a tab's campaign that may still render (all but the done while the list is not read). */
export function renderingParts(svc: Services, state: SheetState, list?: ReadonlyMap<string, CampaignSummary> | null): string[] {
  const c = state.campaign;
  return c
    ? loadParts(svc.doc, c)
        .parts.filter((p) => (list ? partMayRender(p, list.get(p.id)) : !p.done))
        .map((p) => p.id)
    : [];
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
    const why = errorText(e);
    if (isPermissionRefusal(why)) throw noPermission(svc);
    throw new AddonError(
      'no_timer',
      `Google refused to install the automatic refresh (“${why}”). A test deployment (Deploy › Test deployments) cannot run timers: press Refresh now, or keep the sidebar open while videos render.`,
    );
  }
}

/** Check setup: makes a timer, sees whether this spreadsheet's list of timers shows it, and removes it at once. Only when none of ours exists. */
export function probeTrigger(svc: Services): { minutes: number; inUser: boolean } {
  const { trigger, minutes } = createTrigger(svc);
  try {
    const id = trigger.getUniqueId();
    return { minutes, inUser: svc.triggers.getUserTriggers(activeSpreadsheet(svc)).some((t) => t.getUniqueId() === id) };
  } finally {
    svc.triggers.deleteTrigger(trigger);
  }
}

export function removeTrigger(svc: Services, t: Trigger): void {
  needsPermission(svc, () => svc.triggers.deleteTrigger(t));
  writeTimer(svc.user, t.getUniqueId(), null);
}

export function removeTimer(svc: Services, ss: Spreadsheet = activeSpreadsheet(svc)): void {
  for (const t of ours(svc, ss)) removeTrigger(svc, t);
}

/** Switches a tab's auto-refresh on for the calling person; returns the interval, or throws the refusal's sentence. */
function switchOn(svc: Services, state: SheetState): AutoRefresh {
  const minutes = installTimer(svc, undefined, renderingParts(svc, state));
  const s = readSettings(svc.user);
  const key = s && s.apiKey;
  state.autoRefresh = { user: userId(svc.user), keyHint: key ? keyHint(key) : null, minutes, since: isoNow(svc.clock) };
  return { on: true, intervalMinutes: minutes };
}

/** Switches auto-refresh on after a charge. Never throws: a refusal is kept for the sidebar instead. */
export function enableAutoRefresh(svc: Services, state: SheetState): AutoRefresh {
  try {
    return switchOn(svc, state);
  } catch (e) {
    if (e instanceof AddonError) noteLostRun(svc.user, isoNow(svc.clock), e.message);
    return { on: false, intervalMinutes: null };
  }
}

export function setAutoRefresh(svc: Services, args: { on: boolean }): Reply<AutoRefresh> {
  return handle(() => {
    const state = sheetState(svc, activeSheet(svc));
    if (args && args.on) return switchOn(svc, state);
    state.autoRefresh = null;
    const me = userId(svc.user);
    const mine = svc.sheets
      .getActiveSpreadsheet()
      .getSheets()
      .some((s) => {
        const a = sheetState(svc, s).autoRefresh;
        return !!a && a.user === me;
      });
    if (!mine) removeTimer(svc);
    return { on: false, intervalMinutes: null };
  });
}

/** A timer run or install that went wrong outside any tab, as the sidebar shows it; null when there was none. */
export function lostTimerRun(svc: Services): LostRun | null {
  return lostRun(svc.user);
}

/** The record of this person's timer for the spreadsheet, or null. */
function recordFor(svc: Services, ss: Spreadsheet): TriggerRecord | null {
  const t = ours(svc, ss)[0];
  return t ? readTimer(svc.user, t.getUniqueId()) : null;
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
  const ss = activeSpreadsheet(svc);
  if (you && finishedAwayMarked(svc.user, ss.getId())) return {};
  const rec = you ? recordFor(svc, ss) : null;
  const seen = rec && rec.runs && rec.runs.length ? new Date(rec.runs[rec.runs.length - 1]!).toISOString() : undefined;
  const last =
    [owner?.lastRun, seen]
      .filter((x): x is string => !!x)
      .sort()
      .pop() ?? owner?.since;
  if (!owner || !last) return {};
  const now = nowOf(svc);
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

const NO_SHEET = 'The automatic refresh ran but Google did not give it the spreadsheet, so';
export const UNKNOWN_PARTS_RUN = `${NO_SHEET} nothing was refreshed. Links fill in while the sidebar is open, or press Refresh now.`;
export const NO_DOCUMENT_RUN = `${NO_SHEET} no row was written; it checked your videos with the video service, and rows catch up when the sheet is open (or press Refresh now).`;
