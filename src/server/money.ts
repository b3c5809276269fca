// The spending side: estimate (free), preview and generate (charge, once per click, never retried),
// stop. Each money call acts only on the campaign the person saw when they clicked (DESIGN 5).
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';
import type { Services } from '../core/services';
import { forgetCounts } from '../refresh/refresh';
import type { EstimateInfo, GenerateArgs, MoneyArgs, ProgressInfo, Reply } from './contract';
import { activeSheet, apiClient, requireCampaign, requireSettings, sheetState } from './context';
import { AddonError } from './failure';
import { handle } from './handle';
import { progressOf } from './progress';
import type { BoundCampaign, SheetState } from './sheet-state';
import { enableAutoRefresh, type AutoRefresh } from './timer';
import type { Sheet } from '../sheet/table';

interface CampaignContext { sheet: Sheet; state: SheetState; campaign: BoundCampaign; api: ApiClient }

/** The active tab's campaign; with `expected`, it must still be the one the person saw. */
function campaignContext(svc: Services, expected?: unknown): CampaignContext {
  const settings = requireSettings(svc);
  const sheet = activeSheet(svc);
  const state = sheetState(svc, sheet);
  const campaign = requireCampaign(state, sheet.getName());
  if (expected !== undefined && String(expected ?? '') !== campaign.id) {
    throw new AddonError('campaign_changed',
      `This tab is now bound to “${campaign.name}”, not to the campaign you pressed the button for. Nothing was done; check this campaign’s figures before pressing again.`,
      { campaign: { id: campaign.id, name: campaign.name } });
  }
  return { sheet, state, campaign, api: apiClient(svc, settings) };
}

function estimateOf(api: ApiClient, campaignId: string): EstimateInfo {
  const e = api.getEstimate(campaignId);
  return { leads: e.leads, low: e.low, high: e.high, balance: e.balance, affordable: e.affordable };
}

export function getEstimate(svc: Services): Reply<EstimateInfo> {
  return handle(() => {
    const { api, campaign } = campaignContext(svc);
    return estimateOf(api, campaign.id);
  });
}

/** The campaign's state right after an unknown outcome, and a sentence for it; never a second call. */
function readAfterUnknown(ctx: CampaignContext): { progress?: ProgressInfo; sentence: string } {
  try {
    const d = ctx.api.getCampaign(ctx.campaign.id);
    return {
      progress: progressOf(d, ctx.state.lastRefresh),
      sentence: ` The campaign now shows ${d.counts.rendering} rendering, ${d.counts.complete} finished and ${d.counts.pending} waiting.`,
    };
  } catch {
    return { sentence: ' The campaign could not be read either; Progress shows what happened once it can be read.' };
  }
}

type Spend = 'preview' | 'generate' | 'stop';
const VERB: Record<Spend, string> = { preview: 'make the preview', generate: 'generate', stop: 'stop the campaign' };
const BUTTON: Record<Spend, string> = { preview: 'Preview', generate: 'Generate', stop: 'Stop' };

/**
 * One money call, sent once. An unknown outcome (DESIGN 6.2) is answered `network` with the state read
 * right after, and the timer switched on so the rows settle; never a second call, never "try again".
 */
function sendOnce<T>(svc: Services, ctx: CampaignContext, what: Spend, call: (id: string) => T): T {
  try {
    const reply = call(ctx.campaign.id);
    forgetCounts(svc.docProps, ctx.sheet.getSheetId(), ctx.campaign.id);
    return reply;
  } catch (e) {
    if (!(isApiError(e) && e.code === 'network')) throw e;
    forgetCounts(svc.docProps, ctx.sheet.getSheetId(), ctx.campaign.id);
    enableAutoRefresh(svc, ctx.state);
    const after = readAfterUnknown(ctx);
    const charged = what === 'stop' ? 'it may have stopped' : 'it may have started and charged';
    throw new AddonError('network',
      `No clear answer came back after asking to ${VERB[what]}, so the outcome is unknown: ${charged}.${after.sentence} Progress shows what happened; do not press ${BUTTON[what]} again until it does.`,
      after.progress ? { progress: after.progress } : {});
  }
}

export function startPreview(svc: Services, args: MoneyArgs): Reply<{ made: number; creditsCharged: number; autoRefresh: AutoRefresh }> {
  return handle(() => {
    const ctx = campaignContext(svc, args?.campaignId);
    const r = sendOnce(svc, ctx, 'preview', (id) => ctx.api.preview(id));
    return { made: r.made, creditsCharged: r.creditsCharged, autoRefresh: enableAutoRefresh(svc, ctx.state) };
  });
}

export function startGenerate(svc: Services, args: GenerateArgs): Reply<{ started: number; creditsCharged: number; autoRefresh: AutoRefresh }> {
  return handle(() => {
    const ctx = campaignContext(svc, args?.campaignId);
    const confirmed = Number(args?.high);
    if (!Number.isFinite(confirmed)) throw new AddonError('bad_input', 'Check the estimate and confirm its figure before generating.');
    // Someone may have added people since the person confirmed: never charge above what they saw.
    const fresh = estimateOf(ctx.api, ctx.campaign.id);
    if (fresh.high > confirmed) {
      throw new AddonError('quote_changed',
        `The cost went up since you confirmed: it is now up to ${fresh.high} credits for ${fresh.leads} people (you confirmed up to ${confirmed}). Nothing was charged; confirm the new figure to go ahead.`,
        { estimate: fresh });
    }
    const r = sendOnce(svc, ctx, 'generate', (id) => ctx.api.generate(id));
    return { started: r.started, creditsCharged: r.creditsCharged, autoRefresh: enableAutoRefresh(svc, ctx.state) };
  });
}

/** Answers at once: the rows settle on the next refresh passes (the timer is switched on for them). */
export function stopCampaign(svc: Services, args: MoneyArgs): Reply<{ stopped: number; stillRendering: number; status: string }> {
  return handle(() => {
    const ctx = campaignContext(svc, args?.campaignId);
    const r = sendOnce(svc, ctx, 'stop', (id) => ctx.api.stop(id));
    enableAutoRefresh(svc, ctx.state);
    return { stopped: r.stopped, stillRendering: r.stillRendering, status: r.status };
  });
}
