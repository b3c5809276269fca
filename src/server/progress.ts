// Watching renders: progress for the sidebar (which also brings the rows along) and refresh on demand.
import { readCampaign, type CampaignView } from './campaign-state';
import type { Services } from '../core/services';
import type { ProgressInfo, Reply } from './contract';
import { activeSheet, apiClient, requireCampaign, requireSettings, RUN_BUDGET_MS, sheetState, tryDocumentLock, withDocumentLock } from './context';
import { recordRefunds, settleUnknown, waitingIn } from './credits';
import { handle } from './handle';
import { loadParts, partIds } from './parts';
import { refreshTab } from './refresh-run';
import { userId } from './user-id';

/** getProgress is polled by an open sidebar: its refresh of the rows stays short. */
const PROGRESS_REFRESH_MS = 25_000;

/**
 * The bound campaign's progress; while someone watches, the rows follow along (a short refresh pass,
 * skipped when another run holds the sheet).
 */
export function getProgress(svc: Services): Reply<ProgressInfo> {
  return handle(() => {
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const parts = loadParts(svc.docProps, requireCampaign(state, sheet.getName()));
    const api = apiClient(svc, settings);
    const view = readCampaign(api, svc.docProps, parts);
    settleUnknown(svc, waitingIn(view.details));
    recordRefunds(svc, view.details, { id: parts.id, name: parts.name });
    tryDocumentLock(svc, () => {
      try {
        refreshTab(svc, sheet, api, svc.clock.now() + PROGRESS_REFRESH_MS, { only: partIds(parts), details: view.details });
      } catch {
        // Kept in lastRefresh for the sidebar; the progress itself was read.
      }
    });
    const owner = state.autoRefresh;
    return {
      ...progressOf(parts.id, view, state.lastRefresh),
      autoRefresh: owner
        ? { on: true, intervalMinutes: owner.minutes, owner: { keyHint: owner.keyHint, you: state.ownedBy(userId(svc.userProps)) } }
        : { on: false, intervalMinutes: null, owner: null },
    };
  });
}

export function progressOf(campaignId: string, v: CampaignView, lastRefresh: ProgressInfo['lastRefresh']): ProgressInfo {
  const p: ProgressInfo = { campaignId, status: v.status, counts: v.counts, stages: v.stages, lastRefresh };
  if (v.stalled) p.stalled = v.stalled;
  return p;
}

export function refreshNow(svc: Services): Reply<{ updated: number; remaining: number }> {
  return handle(() => {
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const deadline = svc.clock.now() + RUN_BUDGET_MS;
    const r = withDocumentLock(svc, () => refreshTab(svc, sheet, apiClient(svc, settings, deadline), deadline));
    return { updated: r.updated, remaining: r.remaining };
  });
}

/** The menu item: a refresh, reported in a toast. */
export function refreshFromMenu(svc: Services): void {
  const r = refreshNow(svc);
  const ss = svc.sheets.getActiveSpreadsheet();
  if (r.ok) ss.toast(`${r.updated} rows updated; ${r.remaining} videos still in progress.`, 'Video status');
  else ss.toast(r.error.message, 'Video status');
}
