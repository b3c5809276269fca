// A campaign's parts read as one (docs/rules.md#parts): summed counts and stages, and the parts that are
// settled kept aside, so watching a big campaign reads only the parts still moving.
import type { ApiClient } from '../../api/client';
import type { CampaignCounts, CampaignDetail, Stalled } from '../../api/types';
import { forgetPart, keepSettled, settledOf } from '../../records/part-memory';
import type { Props } from '../../core/services';
import type { CampaignParts, Moved, Part } from '../../records/parts-record';
import type { ProgressInfo } from '../contract';

export interface CampaignView {
  status: string;
  counts: CampaignCounts;
  stages: Record<string, number>;
  stalled?: Stalled;
  /** The details read now, by part id (for a refresh pass to reuse). */
  details: Map<string, CampaignDetail>;
}

const ZERO: CampaignCounts = { total: 0, pending: 0, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0 };

function isSettled(d: CampaignDetail): boolean {
  return d.counts.pending === 0 && d.counts.rendering === 0 && !Object.values(d.stages).some((n) => n > 0);
}

/**
 * What a read of a part leaves for later reads, where a lost cache cannot take it: its counts once settled (a send, a
 * generate or a stop forgets them: docs/rules.md#parts), and settled counts it no longer matches (another document's
 * change) forgotten.
 */
export function noteRead(props: Props, d: CampaignDetail): void {
  if (isSettled(d)) keepSettled(props, d);
  else if (settledOf(props, d.id)) forgetPart(props, d.id);
}

/**
 * A done part's counts from its record, never read again: a campaign of any number of parts is summed without them
 * (docs/rules.md#parts). The newest part is always read, for the campaign's status.
 */
export function doneDetail(c: CampaignParts, p: Part): CampaignDetail | null {
  return typeof p.failed == 'number' && p !== c.parts[c.parts.length - 1] ? finished(p.id, p) : null;
}

/** Finished people as a detail; its name and status are never read: the campaign's status is a moving part's or the newest part's. */
function finished(id: string, { size, failed }: { size: number; failed?: number }): CampaignDetail {
  return { id, counts: { ...ZERO, total: size, complete: size - failed!, failed }, stages: {} } as unknown as CampaignDetail;
}

/** The done parts folded into the record's total, as one detail: first, since the newest part says the status. */
export function foldedDetails(c: CampaignParts): CampaignDetail[] {
  return c.folded ? [finished('', c.folded)] : [];
}

/** The campaign as one: details of the parts still moving (one fetchAll round), the rest from memory. */
export function readCampaign(api: ApiClient, props: Props, c: CampaignParts): CampaignView {
  const known = new Map<string, CampaignDetail>();
  const toRead: string[] = [];
  for (const p of c.parts) {
    // A one-part campaign is read each time: its counts are the poll's evidence about money.
    const saved = doneDetail(c, p) || (c.parts.length > 1 && settledOf(props, p.id));
    if (saved) known.set(p.id, saved);
    else toRead.push(p.id);
  }
  const details = new Map<string, CampaignDetail>();
  api.getCampaigns(toRead).forEach((d, i) => {
    if (d instanceof Error) throw d;
    details.set(toRead[i]!, d);
    if (c.parts.length > 1) noteRead(props, d);
  });
  return { ...combined([...foldedDetails(c), ...c.parts.map((p) => details.get(p.id) || known.get(p.id)!)]), details };
}

/** The parts as one: summed counts and stages, one status, any part's stall. */
export function combined(all: CampaignDetail[]): Omit<CampaignView, 'details'> {
  const counts = { ...ZERO };
  const stages: Record<string, number> = {};
  for (const d of all) {
    for (const k of Object.keys(d.counts)) counts[k] = (counts[k] || 0) + (d.counts[k] || 0);
    for (const [k, n] of Object.entries(d.stages)) stages[k] = (stages[k] || 0) + n;
  }
  const view: Omit<CampaignView, 'details'> = { status: combinedStatus(all), counts, stages };
  const stalled = all.find((d) => d.stalled);
  if (stalled) view.stalled = stalled.stalled!;
  return view;
}

/** One status for the parts: a moving part's status wins, else the newest part's. */
function combinedStatus(parts: CampaignDetail[]): string {
  const moving = parts.find((d) => !isSettled(d) && d.counts.rendering > 0) || parts.find((d) => !isSettled(d));
  return (moving || parts[parts.length - 1]!).status;
}

/** The tab's people: those sent again to a later part are not counted a second time as failed or cancelled (docs/rules.md#follow-up). */
export function tabCounts(counts: CampaignCounts, moved: Moved | undefined): CampaignCounts {
  if (!moved) return counts;
  const failed = Math.min(moved.failed, counts.failed);
  const cancelled = Math.min(moved.cancelled, counts.cancelled);
  return { ...counts, total: counts.total - failed - cancelled, failed: counts.failed - failed, cancelled: counts.cancelled - cancelled };
}

export function progressOf(campaignId: string, v: CampaignView, lastRefresh: ProgressInfo['lastRefresh'], moved?: Moved): ProgressInfo {
  const p: ProgressInfo = { campaignId, status: v.status, counts: tabCounts(v.counts, moved), stages: v.stages, lastRefresh };
  if (v.stalled) p.stalled = v.stalled;
  return p;
}
