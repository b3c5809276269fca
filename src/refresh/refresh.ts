// One refresh pass over a sheet: per campaign, the detail first and nothing more when its counts
// did not change; then finished videos by page URL; then GET /leads only for rows that the counts
// cannot settle. Rows are found by Lead ID when written.
import type { ApiClient } from '../api/client';
import { ApiError, isApiError } from '../api/errors';
import type { CampaignDetail, FinishedVideo, Lead } from '../api/types';
import type { Clock } from '../core/clock';
import { getJson, setJson } from '../core/json-props';
import type { Props } from '../core/services';
import { cellText } from '../sheet/cells';
import { detectColumns } from '../sheet/headers';
import { readHeaders, readRows, writeByLeadId, type Sheet } from '../sheet/table';
import { planStatuses, type PlanInput, type RowInfo } from './plan';
import { isUnresolved, NOTES, valuesForLead, type RowValues } from './row-status';

/** The videos list stops at this many; past it, finished rows may be missing from it. */
export const VIDEOS_CAP = 500;
/** While renders run, failures are hunted lead by lead only among this many rows; more waits for the end. */
export const HUNT_LIMIT = 50;
/** Room kept before the deadline for the last write. */
const WRITE_MARGIN_MS = 15_000;

export interface RefreshInput {
  sheet: Sheet;
  api: ApiClient;
  clock: Clock;
  deadline: number;
  /** Where the last seen counts are kept (DocumentProperties). */
  memo: Props;
  /** The bound campaign, for rows whose Campaign ID cell is empty. */
  defaultCampaignId?: string | null;
  /** Only this campaign. */
  only?: string;
  /** Details already fetched in this run, by campaign id. */
  details?: Map<string, CampaignDetail>;
  /** Poll every unresolved row the counts cannot settle, however many (after a stop). */
  eager?: boolean;
}

export interface RefreshResult {
  /** Rows written. */
  updated: number;
  /** Rows still waiting for a video. */
  remaining: number;
  /** False when the deadline cut the pass short. */
  finished: boolean;
  details: Map<string, CampaignDetail>;
}


const memoKey = (sheetId: number, campaignId: string) => `refresh.${sheetId}.${campaignId}`;

/** Forget what was last seen, so the next pass looks again (after a push, generate, preview or stop). */
export function forgetCounts(memo: Props, sheetId: number, campaignId: string): void {
  memo.deleteProperty(memoKey(sheetId, campaignId));
}

type Counts = CampaignDetail['counts'];

/** The last seen status and counts of a campaign, and where a cut-short hunt goes on. */
interface Memo { status: string; counts: Counts; huntFrom?: string }

export function refreshSheet(input: RefreshInput): RefreshResult {
  const { sheet, api, clock } = input;
  const details = input.details ?? new Map<string, CampaignDetail>();
  const result: RefreshResult = { updated: 0, remaining: 0, finished: true, details };
  const headers = readHeaders(sheet);
  const layout = detectColumns(headers);
  const col = layout.outputs;
  if (col.leadId === undefined || col.status === undefined || sheet.getLastRow() < 2) return result;

  const byCampaign = new Map<string, Map<string, RowInfo>>();
  const tally = new Map<string, { counts: Record<string, number>; ids: Set<string> }>();
  for (const cells of readRows(sheet, 2, sheet.getLastRow() - 1, headers.length)) {
    const leadId = cellText(cells[col.leadId]);
    if (!leadId) continue;
    const campaignId = (col.campaignId !== undefined ? cellText(cells[col.campaignId]) : '') || input.defaultCampaignId || '';
    if (!campaignId || (input.only && campaignId !== input.only)) continue;
    const status = cellText(cells[col.status]).toLowerCase();
    // By distinct Lead ID: a person pasted on two rows is one person of the campaign.
    const t = tally.get(campaignId) ?? { counts: {}, ids: new Set<string>() };
    if (!t.ids.has(leadId)) {
      t.ids.add(leadId);
      t.counts[status] = (t.counts[status] ?? 0) + 1;
    }
    tally.set(campaignId, t);
    const videoUrl = col.videoUrl !== undefined ? cellText(cells[col.videoUrl]) : '';
    if (!isUnresolved(status, videoUrl)) continue;
    const rows = byCampaign.get(campaignId) ?? new Map<string, RowInfo>();
    rows.set(leadId, { leadId, pageUrl: col.pageUrl !== undefined ? cellText(cells[col.pageUrl]) : '', status });
    byCampaign.set(campaignId, rows);
  }

  for (const [campaignId, rows] of byCampaign) {
    if (clock.now() + WRITE_MARGIN_MS > input.deadline) { result.finished = false; result.remaining += rows.size; continue; }
    const t = tally.get(campaignId)!;
    const pass = refreshCampaign(input, campaignId, rows, { tally: t.counts, distinctIds: t.ids.size }, details);
    result.updated += pass.updated;
    result.remaining += pass.remaining;
    if (!pass.finished) result.finished = false;
  }
  return result;
}

function refreshCampaign(
  input: RefreshInput, campaignId: string, rows: Map<string, RowInfo>, sheetView: Pick<PlanInput, 'tally' | 'distinctIds'>,
  details: Map<string, CampaignDetail>,
): { updated: number; remaining: number; finished: boolean } {
  const { api, sheet, memo } = input;
  const key = memoKey(sheet.getSheetId(), campaignId);
  let detail = details.get(campaignId);
  if (!detail) {
    try {
      detail = api.getCampaign(campaignId);
    } catch (e) {
      // Another workspace's campaign answers 404 too: nothing is written on rows over it (DESIGN 3).
      if (isApiError(e) && e.code === 'not_found') throw new ApiError('not_found', e.status, NOTES.campaignNotFound(campaignId));
      throw e;
    }
    details.set(campaignId, detail);
  }
  const counts = detail.counts;
  const generating = counts.rendering > 0 || Object.values(detail.stages).some((n) => n > 0);
  const inFlight = (left: Map<string, RowInfo>) =>
    [...left.values()].filter((r) => r.status !== 'pending' || generating).length;

  const signature = JSON.stringify({ status: detail.status, counts });
  const seen = getJson<Memo>(memo, key);
  if (!input.eager && seen && JSON.stringify({ status: seen.status, counts: seen.counts }) === signature) {
    return { updated: 0, remaining: inFlight(rows), finished: true };
  }

  const listed: FinishedVideo[] = counts.complete > 0 ? api.listVideos(campaignId) : [];
  const plan = planStatuses({ counts, ...sheetView, listed, rows });
  const { writes: updates, left } = plan;

  // While renders run, hidden videos are hunted a few rows a pass and failures wait for the end,
  // so a big campaign never spends hundreds of requests a pass.
  const limit = !generating || input.eager ? Infinity
    : plan.completeHidden ? HUNT_LIMIT
      : plan.poll.length > HUNT_LIMIT ? 0 : HUNT_LIMIT;
  let hunt: Hunt;
  try {
    hunt = pollLeads(input, resumeAt(plan.poll, seen?.huntFrom), { limit, target: plan.target }, updates, left);
  } catch (e) {
    // Keep what was learnt before the failure.
    writeByLeadId(sheet, updates);
    throw e;
  }

  const updated = writeByLeadId(sheet, updates);
  if (hunt.finished && hunt.settledAll) {
    setJson(memo, key, { status: detail.status, counts, ...(hunt.huntFrom ? { huntFrom: hunt.huntFrom } : {}) });
  }
  return { updated, remaining: inFlight(left), finished: hunt.finished };
}

interface Hunt {
  /** False when the deadline cut it short. */
  finished: boolean;
  /** False when a finished lead's file was not there yet: its arrival changes no count, so look again next pass. */
  settledAll: boolean;
  /** Where the next pass goes on, when `limit` cut it short. */
  huntFrom?: string;
}

/**
 * GET /leads for rows in `order` until `target` of them turn out settled, `limit` are polled or the
 * deadline nears; what is learnt goes into `updates`, and settled rows leave `left`.
 */
function pollLeads(
  input: RefreshInput, order: string[], bounds: { limit: number; target: number },
  updates: Map<string, RowValues>, left: Map<string, RowInfo>,
): Hunt {
  const hunt: Hunt = { finished: true, settledAll: true };
  let found = 0;
  let polled = 0;
  for (const id of order) {
    if (found >= bounds.target) break;
    if (polled >= bounds.limit) { hunt.huntFrom = id; break; }
    if (input.clock.now() + WRITE_MARGIN_MS > input.deadline) { hunt.finished = false; break; }
    polled++;
    let lead: Lead;
    try {
      lead = input.api.getLead(id);
    } catch (e) {
      if (!(isApiError(e) && e.code === 'not_found')) throw e;
      updates.set(id, { note: NOTES.gone });
      left.delete(id);
      continue;
    }
    const values = valuesForLead(lead);
    updates.set(id, values);
    if (lead.status !== 'pending' && lead.status !== 'rendering') found++;
    if (lead.status === 'complete' && values.status !== 'complete') hunt.settledAll = false;
    if (values.status && values.status !== 'pending' && values.status !== 'rendering') left.delete(id);
    else left.get(id)!.status = values.status ?? left.get(id)!.status;
  }
  return hunt;
}

/** A hunt cut short last pass goes on from where it stopped, so every row gets its turn. */
function resumeAt(ids: string[], from: string | undefined): string[] {
  const at = from ? ids.indexOf(from) : -1;
  return at > 0 ? [...ids.slice(at), ...ids.slice(0, at)] : ids;
}
