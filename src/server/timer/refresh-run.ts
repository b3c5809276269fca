// One refresh pass over a tab, with its outcome kept for the sidebar — only when the caller owns the
// tab's auto-refresh (or nobody does), so another person's failing key never rewrites it (docs/rules.md#settings).
import type { ApiClient } from '../../api/client';
import type { CampaignDetail, CampaignSummary } from '../../api/types';
import type { Services } from '../../core/services';
import { refreshSheet, sharedSummaries, type RefreshResult } from '../../refresh/refresh';
import { idOf, type Sheet } from '../../sheet/table';
import { sheetState } from '../context';
import { toFailure } from '../failure';
import { userId } from '../../records/user-id';
import { registerSpanOf } from '../../records/register-records';
import { isoNow } from '../../core/clock';

export function refreshTab(
  svc: Services,
  sheet: Sheet,
  api: ApiClient,
  deadline: number,
  opts: {
    only?: ReadonlySet<string>;
    details?: Map<string, CampaignDetail>;
    summaries?: () => ReadonlyMap<string, CampaignSummary> | null;
    leadPolls?: number;
  } = {},
): RefreshResult {
  const state = sheetState(svc, sheet);
  const record = state.ownedBy(userId(svc.user));
  const at = () => isoNow(svc.clock);
  try {
    const r = refreshSheet({
      sheet,
      api,
      clock: svc.clock,
      deadline,
      memo: svc.doc,
      defaultCampaignId: (state.campaign && state.campaign.id) || null,
      overrides: state.mapping,
      fallbacks: state.fallbacks,
      ...(opts.only ? { only: opts.only } : {}),
      ...(opts.details ? { details: opts.details } : {}),
      ...(opts.leadPolls !== undefined ? { leadPolls: opts.leadPolls } : {}),
      summaries: opts.summaries || sharedSummaries(api),
      registerSpan: registerSpanOf(svc.doc, idOf(sheet)),
    });
    if (record) state.lastRefresh = { at: at(), error: null };
    return r;
  } catch (e) {
    if (record) state.lastRefresh = { at: at(), error: toFailure(e).error.message };
    throw e;
  }
}
