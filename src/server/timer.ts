// The time-driven refresh trigger: exactly one per user and document, every 5 minutes where Apps
// Script allows it, else hourly (all a published editor add-on may have).
import type { Services } from '../core/services';

export const TIMER_HANDLER = 'onRefreshTimer';
const intervalKey = (spreadsheetId: string) => `timer.${spreadsheetId}.minutes`;

function ours(svc: Services): GoogleAppsScript.Script.Trigger[] {
  const ss = svc.sheets.getActiveSpreadsheet();
  return svc.triggers.getUserTriggers(ss).filter((t) => t.getHandlerFunction() === TIMER_HANDLER);
}

/** The interval in force, or null when no trigger is installed. */
export function timerInterval(svc: Services): number | null {
  if (ours(svc).length === 0) return null;
  const saved = Number(svc.userProps.getProperty(intervalKey(svc.sheets.getActiveSpreadsheet().getId())));
  return saved > 0 ? saved : 60;
}

/** Installs the trigger unless one exists (extra ones, from races, are removed); returns the interval. */
export function installTimer(svc: Services): number {
  const existing = ours(svc);
  for (const extra of existing.slice(1)) svc.triggers.deleteTrigger(extra);
  if (existing.length > 0) return timerInterval(svc) ?? 60;
  let minutes = 5;
  try {
    svc.triggers.newTrigger(TIMER_HANDLER).timeBased().everyMinutes(5).create();
  } catch {
    // Published editor add-ons may not run time triggers more often than hourly.
    minutes = 60;
    svc.triggers.newTrigger(TIMER_HANDLER).timeBased().everyHours(1).create();
  }
  svc.userProps.setProperty(intervalKey(svc.sheets.getActiveSpreadsheet().getId()), String(minutes));
  return minutes;
}

export function removeTimer(svc: Services): void {
  for (const t of ours(svc)) svc.triggers.deleteTrigger(t);
}
