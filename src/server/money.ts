// The spending side: estimate (free), preview and generate (charge, once per click, never retried), stop.
import { isApiError } from '../api/errors';
import type { ApiClient } from '../api/client';
import type { Services } from '../core/services';
import { forgetCounts, refreshSheet } from '../refresh/refresh';
import type { Reply } from './contract';
import { activeSheet, apiClient, requireCampaign, requireSettings, sheetState, withDocumentLock } from './context';
import { AddonError } from './failure';
import { handle } from './handle';
import type { SheetState } from './sheet-state';
import { installTimer } from './timer';
import type { Sheet } from '../sheet/table';

type AutoRefresh = { on: boolean; intervalMinutes: number | null };

/** Stop refreshes its rows at once, within this budget; the timer does the rest. */
const STOP_REFRESH_MS = 60_000;

function campaignContext(svc: Services) {
  const settings = requireSettings(svc);
  const sheet = activeSheet(svc);
  const state = sheetState(svc, sheet);
  const campaign = requireCampaign(state, sheet.getName());
  return { sheet, state, campaign, api: apiClient(svc, settings) };
}

export function getEstimate(svc: Services): Reply<{ leads: number; low: number; high: number; balance: number; affordable: boolean }> {
  return handle(() => {
    const { api, campaign } = campaignContext(svc);
    const e = api.getEstimate(campaign.id);
    return { leads: e.leads, low: e.low, high: e.high, balance: e.balance, affordable: e.affordable };
  });
}

/** Switching the timer on must never turn a successful charge into a failure. */
function enableAutoRefresh(svc: Services, state: SheetState): AutoRefresh {
  try {
    const minutes = installTimer(svc);
    state.autoRefresh = true;
    return { on: true, intervalMinutes: minutes };
  } catch {
    return { on: false, intervalMinutes: null };
  }
}

/**
 * One charging call. A lost reply is never followed by a second call: the campaign detail is read
 * instead, and the person is told the outcome is unknown.
 */
function spend<T>(svc: Services, what: 'preview' | 'generate', call: (api: ApiClient, id: string) => T): T & { autoRefresh: AutoRefresh } {
  const { api, campaign, sheet, state } = campaignContext(svc);
  let reply: T;
  try {
    reply = call(api, campaign.id);
  } catch (e) {
    if (!(isApiError(e) && e.code === 'network')) throw e;
    enableAutoRefresh(svc, state);
    let now = '';
    try {
      const d = api.getCampaign(campaign.id);
      now = ` The campaign now shows ${d.counts.rendering} rendering, ${d.counts.complete} finished and ${d.counts.pending} waiting.`;
    } catch {
      now = ' The campaign could not be read either; check Progress in a minute.';
    }
    throw new AddonError('network', `No answer came back after asking to ${what}, so the outcome is unknown: it may have started and charged.${now} Do not press ${what === 'generate' ? 'Generate' : 'Preview'} again until Progress shows what happened.`);
  }
  forgetCounts(svc.docProps, sheet.getSheetId(), campaign.id);
  return { ...reply, autoRefresh: enableAutoRefresh(svc, state) };
}

export function startPreview(svc: Services): Reply<{ made: number; creditsCharged: number; autoRefresh: AutoRefresh }> {
  return handle(() => {
    const r = spend(svc, 'preview', (api, id) => api.preview(id));
    return { made: r.made, creditsCharged: r.creditsCharged, autoRefresh: r.autoRefresh };
  });
}

export function startGenerate(svc: Services): Reply<{ started: number; creditsCharged: number; autoRefresh: AutoRefresh }> {
  return handle(() => {
    const r = spend(svc, 'generate', (api, id) => api.generate(id));
    return { started: r.started, creditsCharged: r.creditsCharged, autoRefresh: r.autoRefresh };
  });
}

export function stopCampaign(svc: Services): Reply<{ stopped: number; stillRendering: number; status: string }> {
  return handle(() => {
    const { api, campaign, sheet } = campaignContext(svc);
    const r = api.stop(campaign.id);
    forgetCounts(svc.docProps, sheet.getSheetId(), campaign.id);
    updateRowsAfterStop(svc, sheet, api, campaign.id);
    return { stopped: r.stopped, stillRendering: r.stillRendering, status: r.status };
  });
}

/** Cancelled rows say so now; rows still rendering are left to the timer. Best effort: the stop itself succeeded. */
function updateRowsAfterStop(svc: Services, sheet: Sheet, api: ApiClient, campaignId: string): void {
  try {
    withDocumentLock(svc, 10_000, () => refreshSheet({
      sheet, api, clock: svc.clock, deadline: svc.clock.now() + STOP_REFRESH_MS, memo: svc.docProps,
      only: campaignId, eager: true,
    }));
  } catch {
    // The timer picks the rows up on its next run.
  }
}
