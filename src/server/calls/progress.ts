// Watching renders: progress for the sidebar (which also brings the rows along) and refresh on demand.
import { progressOf } from '../campaign/state';
import { pollCampaign } from '../campaign/poll';
import { activeSpreadsheet, type Services } from '../../core/services';
import type { ProgressInfo, Reply } from '../contract';
import { activeSheet, apiClient, requireCampaign, requireSettings, RUN_BUDGET_MS, sheetState, tryDocumentLock, withDocumentLock } from '../context';
import { evidenceFrom, hasOpen, openParts, settleAll, settleStops, settleUnknown, unsettledOf } from '../money/outcomes';
import { writeUnwritten } from '../money/ledger';
import { sharedSummaries } from '../../refresh/refresh';
import { recordRefunds } from '../money/refunds';
import { handle } from '../handle';
import { partCount, partIds } from '../campaign/parts';
import { loadParts } from '../../records/parts-record';
import { refreshTab } from '../timer/refresh-run';
import { finishCutOff } from '../timer/cut-off';
import { noteSilence, silentSince } from '../../records/silence';
import { overdueTimer } from '../timer/timer';
import { userId } from '../../records/user-id';
import { nowOf } from '../../core/clock';

/** getProgress is polled by an open sidebar: its refresh of the rows stays short. */
const PROGRESS_REFRESH_MS = 25_000;

/**
 * The bound campaign's progress, at most 3 requests however many parts (docs/rules.md#budgets): the campaign list,
 * one part's detail in turn, and that part's videos list so its rows follow along (a short refresh,
 * skipped when another run holds the sheet, or when this poll had to read a balance to settle an
 * unknown charge). The timer does the rest.
 */
export function getProgress(svc: Services): Reply<ProgressInfo> {
  return handle(() => {
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const parts = loadParts(svc.doc, requireCampaign(state, sheet.getName()));
    const api = apiClient(svc, settings);
    let poll: ReturnType<typeof pollCampaign>;
    const readAt = nowOf(svc);
    try {
      poll = pollCampaign(svc, api, parts, openParts(svc));
    } finally {
      noteSilence(svc.user, api, nowOf(svc));
    }
    const evidence = evidenceFrom(api, poll.waiting);
    // The record and the list of unknown outcomes change only under the document lock
    // (docs/rules.md#money-record): a run holding it books what this poll saw, on its own reading.
    tryDocumentLock(svc, () => {
      writeUnwritten(svc);
      if (hasOpen(svc)) settleUnknown(svc, evidence);
      recordRefunds(svc, poll.known, parts, readAt);
      settleStops(svc, poll.known);
    });
    const turn = poll.turn;
    if (turn && !evidence.spent) {
      tryDocumentLock(svc, () => {
        try {
          refreshTab(svc, sheet, api, nowOf(svc) + PROGRESS_REFRESH_MS, {
            only: new Set([turn]),
            details: new Map([[turn, poll.view.details.get(turn)!]]),
            leadPolls: 0,
          });
        } catch {
          // Kept in lastRefresh for the sidebar; the progress itself was read.
        }
      });
    }
    const owner = state.autoRefresh;
    const you = state.ownedBy(userId(svc.user));
    return {
      ...progressOf(parts.id, poll.view, state.lastRefresh, parts.moved),
      unsettled: unsettledOf(svc, partIds(parts)),
      parts: { count: partCount(parts), rendering: poll.rendering },
      autoRefresh: owner
        ? { on: true, intervalMinutes: owner.minutes, owner: { keyHint: owner.keyHint, you }, ...overdueTimer(svc, state, you) }
        : { on: false, intervalMinutes: null, owner: null },
      silentSince: silentSince(svc.user),
      now: new Date(nowOf(svc)).toISOString(),
    };
  });
}

export function refreshNow(svc: Services): Reply<{ updated: number; remaining: number }> {
  return handle(() => {
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const deadline = nowOf(svc) + RUN_BUDGET_MS;
    const api = apiClient(svc, settings, deadline);
    try {
      const r = withDocumentLock(svc, () => {
        // Rows an Add was cut off from are sent again on this click too: the timer may have been switched off (docs/rules.md#cut-off).
        finishCutOff(svc, sheet, sheetState(svc, sheet), api, deadline);
        // As the timer does: where no timer runs, an outcome of a campaign no tab shows any more is completed here.
        const summaries = sharedSummaries(api);
        settleAll(svc, api, summaries);
        return refreshTab(svc, sheet, api, deadline, { summaries });
      });
      return { updated: r.updated, remaining: r.remaining };
    } finally {
      noteSilence(svc.user, api, nowOf(svc));
    }
  });
}

/** The menu item: a refresh, reported in a toast. */
export function refreshFromMenu(svc: Services): void {
  const r = refreshNow(svc);
  const ss = activeSpreadsheet(svc);
  if (r.ok) ss.toast(`${r.updated} rows updated; ${r.remaining} videos still in progress.`, 'Video status');
  else ss.toast(r.error.message, 'Video status');
}
