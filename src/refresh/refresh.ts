// One refresh pass over a sheet: per campaign, the detail first and nothing more when its counts
// did not change; then finished videos by page URL; then GET /leads only for rows that the counts
// cannot settle. Rows are found by Lead ID when written.
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';
import type { CampaignDetail, FinishedVideo, Lead } from '../api/types';
import type { Clock } from '../core/clock';
import { getJson, setJson } from '../core/json-props';
import type { Props } from '../core/services';
import { cellText } from '../sheet/cells';
import { detectColumns } from '../sheet/headers';
import { readHeaders, readRows, writeByLeadId, type Sheet } from '../sheet/table';
import { isUnresolved, NOTES, valuesForLead, valuesForStatus, type RowValues } from './row-status';

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

interface RowInfo { leadId: string; pageUrl: string; status: string }

const memoKey = (sheetId: number, campaignId: string) => `refresh.${sheetId}.${campaignId}`;

/** Forget what was last seen, so the next pass looks again (after a push, generate, preview or stop). */
export function forgetCounts(memo: Props, sheetId: number, campaignId: string): void {
  memo.deleteProperty(memoKey(sheetId, campaignId));
}

type Counts = CampaignDetail['counts'];
type Settled = 'complete' | 'failed' | 'cancelled' | 'skipped';
const TERMINAL = ['failed', 'cancelled', 'skipped'] as const;
const SETTLED: readonly Settled[] = ['complete', ...TERMINAL];

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
  const tally = new Map<string, Record<string, number>>();
  for (const cells of readRows(sheet, 2, sheet.getLastRow() - 1, headers.length)) {
    const leadId = cellText(cells[col.leadId]);
    if (!leadId) continue;
    const campaignId = (col.campaignId !== undefined ? cellText(cells[col.campaignId]) : '') || input.defaultCampaignId || '';
    if (!campaignId || (input.only && campaignId !== input.only)) continue;
    const status = cellText(cells[col.status]).toLowerCase();
    const t = tally.get(campaignId) ?? {};
    t[status] = (t[status] ?? 0) + 1;
    tally.set(campaignId, t);
    const videoUrl = col.videoUrl !== undefined ? cellText(cells[col.videoUrl]) : '';
    if (!isUnresolved(status, videoUrl)) continue;
    const rows = byCampaign.get(campaignId) ?? new Map<string, RowInfo>();
    rows.set(leadId, { leadId, pageUrl: col.pageUrl !== undefined ? cellText(cells[col.pageUrl]) : '', status });
    byCampaign.set(campaignId, rows);
  }

  for (const [campaignId, rows] of byCampaign) {
    if (clock.now() + WRITE_MARGIN_MS > input.deadline) { result.finished = false; result.remaining += rows.size; continue; }
    const pass = refreshCampaign(input, campaignId, rows, tally.get(campaignId) ?? {}, details);
    result.updated += pass.updated;
    result.remaining += pass.remaining;
    if (!pass.finished) result.finished = false;
  }
  return result;
}

function refreshCampaign(
  input: RefreshInput, campaignId: string, rows: Map<string, RowInfo>, tallied: Record<string, number>,
  details: Map<string, CampaignDetail>,
): { updated: number; remaining: number; finished: boolean } {
  const { api, sheet, memo } = input;
  // Rows matched in the videos list below count as complete in the sheet from then on.
  const sheetTally = { ...tallied };
  const key = memoKey(sheet.getSheetId(), campaignId);
  let detail = details.get(campaignId);
  if (!detail) {
    try {
      detail = api.getCampaign(campaignId);
    } catch (e) {
      if (isApiError(e) && e.code === 'not_found') {
        const gone = new Map<string, RowValues>([...rows.keys()].map((id) => [id, { note: NOTES.gone }]));
        return { updated: writeByLeadId(sheet, gone), remaining: 0, finished: true };
      }
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

  const updates = new Map<string, RowValues>();
  const left = new Map(rows);
  let listed: FinishedVideo[] = [];
  if (counts.complete > 0) {
    listed = api.listVideos(campaignId);
    const byUrl = new Map(listed.map((v) => [normalizeUrl(v.url), v]));
    for (const [id, r] of left) {
      const v = r.pageUrl ? byUrl.get(normalizeUrl(r.pageUrl)) : undefined;
      if (!v) continue;
      updates.set(id, { status: 'complete', videoUrl: v.videoUrl, note: '' });
      if (r.status !== 'complete') sheetTally.complete = (sheetTally.complete ?? 0) + 1;
      left.delete(id);
    }
  }

  // How many rows hold a status the sheet does not show yet; exact only when the sheet holds the whole campaign.
  const sheetHoldsAll = Object.values(sheetTally).reduce((a, b) => a + b, 0) >= counts.total;
  const unseen = (s: Settled) => Math.max(0, counts[s] - (sheetTally[s] ?? 0));
  const hidden = (s: Settled): boolean => {
    if (sheetHoldsAll) return unseen(s) > 0;
    if (s === 'complete') return listed.length >= VIDEOS_CAP;
    return counts[s] > 0 && (!seen || counts[s] > (seen.counts[s] ?? 0) || (sheetTally[s] ?? 0) < counts[s]);
  };
  const completeHidden = hidden('complete');
  const terminal = TERMINAL.filter(hidden);
  const toPoll: string[] = [];
  let target = sheetHoldsAll ? SETTLED.reduce((n, s) => n + unseen(s), 0) : Infinity;
  for (const [id, r] of left) {
    // A complete row without its Video URL (cleared by hand) is polled for it.
    if (r.status === 'complete') { toPoll.push(id); target++; continue; }
    const possible: string[] = [];
    if (r.status === 'pending' && counts.pending > 0) possible.push('pending');
    if (counts.rendering > 0) possible.push('rendering');
    if (completeHidden) possible.push('complete');
    possible.push(...terminal);
    if (possible.length === 1 && possible[0] !== 'complete') {
      if (possible[0] !== r.status) updates.set(id, valuesForStatus(possible[0]!));
      if (possible[0] !== 'pending' && possible[0] !== 'rendering') left.delete(id);
      else r.status = possible[0]!;
    } else if (possible.some((s) => s !== 'pending' && s !== 'rendering')) {
      toPoll.push(id);
    } else if (r.status === 'pending' && !possible.includes('pending') && possible.includes('rendering')) {
      updates.set(id, { status: 'rendering' });
      r.status = 'rendering';
    }
  }

  // While renders run, hidden videos are hunted a few rows a pass and failures wait for the end,
  // so a big campaign never spends hundreds of requests a pass.
  const limit = !generating || input.eager ? Infinity
    : completeHidden ? HUNT_LIMIT
      : toPoll.length > HUNT_LIMIT ? 0 : HUNT_LIMIT;
  let hunt: Hunt;
  try {
    hunt = pollLeads(input, huntOrder(toPoll, left, seen?.huntFrom), { limit, target }, updates, left);
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

/**
 * Rows to poll, likeliest first: complete rows missing their link, then rendering, then the rest; a
 * hunt cut short last pass goes on from where it stopped, so every row gets its turn.
 */
function huntOrder(ids: string[], rows: Map<string, RowInfo>, from: string | undefined): string[] {
  const rank = (id: string) => ({ complete: 0, rendering: 1 } as Record<string, number>)[rows.get(id)?.status ?? ''] ?? 2;
  const sorted = [...ids].sort((a, b) => rank(a) - rank(b));
  const at = from ? sorted.indexOf(from) : -1;
  return at > 0 ? [...sorted.slice(at), ...sorted.slice(0, at)] : sorted;
}

function normalizeUrl(u: string): string {
  return u.trim().replace(/\/+$/, '');
}
