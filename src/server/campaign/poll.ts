// The open sidebar's progress poll over a campaign of parts (docs/rules.md#parts): one campaign list for every
// part's counts, and one part's detail a poll, taken in turn; what each part's detail last said is kept
// in the person's CacheService (no property operation), so the poll's cost does not grow with parts.
import { campaignsById } from '../../api/client';
import type { ApiClient } from '../../api/client';
import type { CampaignCounts, CampaignDetail, CampaignSummary } from '../../api/types';
import { lastKnown, settledOf } from '../../records/part-memory';
import type { Props, Services } from '../../core/services';
import { summarySignature } from '../../refresh/refresh';
import { combined, doneDetail, foldedDetails, noteRead, readCampaign, type CampaignView } from './state';
import { userCache } from '../context';
import { detailMayRender, partMayRender } from '../../shared/may-render';
import { partLabel } from './parts';
import { type CampaignParts, type Part } from '../../records/parts-record';
import { nowOf } from '../../core/clock';

export interface Poll {
  view: CampaignView;
  /** The part whose detail was read this poll (its rows may be refreshed now), or null. */
  turn: string | null;
  /** People waiting in each part read now; a part not read now (outside the list, no detail this poll) is absent: unknown, not zero. */
  waiting: Map<string, number>;
  /** Parts that may still render (Stop again names them). */
  rendering: { id: string; name: string }[];
  /** The parts whose counts were read now (detail or list): money is settled only from these (docs/rules.md#unknown-outcomes). */
  known: Map<string, CampaignDetail>;
}

/** A part's detail as last read, with the summary and the part's own record it was read under. */
interface Seen {
  sig: string;
  detail: CampaignDetail;
  /** The part's record (people, generated, cancelled) then: a send, a generate or a stop since changes it. */
  rec?: string;
}

/** What of a part's record a send, a generate or a stop changes: a detail read before it no longer says the part. */
const recordOf = (p: Part) => `${p.size} ${p.closed} ${p.cancelled}`;
interface Memo {
  cursor: string;
  parts: Record<string, Seen>;
  /** When the campaign list last showed none of the parts: it is read again only after LIST_MS. */
  unlisted?: number;
}

const MEMO_SECONDS = 6 * 3600;
/** About the sidebar's progress poll: one part's turn each, when no memo says whose turn it is. */
const TURN_MS = 30_000;
/** A list that showed none of the parts (a colleague's newer campaigns fill it) is read again after this long. */
const LIST_MS = 5 * 60_000;
const memoKey = (campaignId: string) => `poll.${campaignId}`;

/** `open`: parts with an unknown money outcome; one outside the list is read in its turn until settled (docs/rules.md#unknown-outcomes). */
export function pollCampaign(svc: Services, api: ApiClient, c: CampaignParts, open: ReadonlySet<string> = new Set()): Poll {
  if (c.parts.length === 1) {
    const view = readCampaign(api, svc.doc, c);
    const d = view.details.get(c.id);
    return {
      view,
      turn: d ? c.id : null,
      waiting: new Map(d ? [[c.id, d.counts.pending]] : []),
      // People waiting render only once their part was generated (docs/rules.md#may-still-render).
      rendering: d && detailMayRender(c.parts[0]!, d) ? [{ id: c.id, name: c.name }] : [],
      known: view.details,
    };
  }
  const cache = userCache(svc);
  const memo: Memo = parse(cache && cache.get(memoKey(c.id))) || { cursor: '', parts: {} };
  const now = nowOf(svc);
  // Parts pushed out of the list are read in turn: the list itself is worth a request only now and then (docs/rules.md#budgets).
  const skip = memo.unlisted && now - memo.unlisted < LIST_MS;
  const list = skip ? new Map<string, CampaignSummary>() : campaignsById(api);
  if (!skip) memo.unlisted = c.parts.some((p) => list.has(p.id)) ? 0 : now;
  const turns = nextTurns(svc.doc, c, list, memo, now, open);
  const details = new Map<string, CampaignDetail>();
  api.getCampaigns(turns).forEach((d, i) => {
    if (d instanceof Error) throw d;
    const id = turns[i]!;
    details.set(id, d);
    memo.parts[id] = { sig: list.has(id) ? summarySignature(list.get(id)!) : '', detail: d, rec: recordOf(c.parts.find((p) => p.id === id)!) };
    memo.cursor = id;
    // A settled part the list no longer shows is then summed from its kept counts, not as nobody.
    noteRead(svc.doc, d);
  });
  const turn = turns[0] || null;
  // A done part is summed from its record: the memo keeps only parts in play, however many parts the campaign has.
  for (const p of c.parts) if (doneDetail(c, p)) delete memo.parts[p.id];
  try {
    if (cache) cache.put(memoKey(c.id), JSON.stringify(memo), MEMO_SECONDS);
  } catch {
    /* the next poll starts the turn again */
  }
  const all = [
    ...foldedDetails(c),
    ...c.parts.map((p) => details.get(p.id) || doneDetail(c, p) || partNow(svc, p, list.get(p.id), memo.parts[p.id]) || unread(p.id)),
  ];
  // Money is settled only from counts read now: this poll's detail or the list (a part outside it is unknown).
  const read = all.filter((d) => details.has(d.id) || list.has(d.id));
  return {
    view: { ...combined(all), details },
    turn,
    waiting: new Map(read.map((d) => [d.id, d.counts.pending])),
    known: new Map(read.map((d) => [d.id, d])),
    rendering: c.parts.filter((p) => mayRender(svc.doc, p, list.get(p.id), details.get(p.id))).map((p) => ({ id: p.id, name: partLabel(c, p.id) })),
  };
}

/**
 * The part after the cursor whose summary moved since its detail was read, that may still be moving, or that settles an
 * open outcome; or else up to two parts neither the list nor this memo shows (a memo lost, a Stop, another document's
 * change), which the view can only sum from what was last known of them; or, with none of these, the next part outside
 * the list: with the list, three requests a poll at most.
 */
function nextTurns(props: Props, c: CampaignParts, list: Map<string, CampaignSummary>, memo: Memo, now: number, open: ReadonlySet<string>): string[] {
  const ids = c.parts.map((p) => p.id);
  // The cache is best effort (docs/rules.md#pacing): with the memo gone, the clock takes the turn on, so parts still come in turn.
  const from = memo.cursor ? ids.indexOf(memo.cursor) + 1 : Math.floor(now / TURN_MS) % ids.length;
  const order = [...c.parts.slice(from), ...c.parts.slice(0, from)];
  const due = (p: Part) => {
    if (doneDetail(c, p)) return false;
    const s = list.get(p.id);
    const seen = memo.parts[p.id];
    if (!seen || seen.rec !== recordOf(p)) return true;
    if (!s) return open.has(p.id) || inFlight(seen.detail);
    return seen.sig !== summarySignature(s) || inFlight(seen.detail);
  };
  const unknown = order.filter((p) => due(p) && !list.has(p.id) && !memo.parts[p.id]);
  // Of those, the ones nothing is known of first: the others are summed from what was last known of them meanwhile.
  const blind = unknown.filter((p) => !lastKnown(props, p.id));
  const turns = unknown.length ? [...blind, ...unknown.filter((p) => !blind.includes(p))].slice(0, 2) : order.filter(due).slice(0, 1);
  // Nothing due: the next part outside the list in turn, which only another document (a copy) can have changed.
  const aside = turns.length ? undefined : order.find((p) => !list.has(p.id) && !doneDetail(c, p));
  return (aside ? [aside] : turns).map((p) => p.id);
}

/**
 * Whether a part may still render, as the poll knows it: by the list; outside it, by a detail read now, or as settled
 * while the add-on has not changed it since (its settled counts are kept), else once generated (docs/rules.md#may-still-render).
 */
function mayRender(props: Props, p: Part, s: CampaignSummary | undefined, d: CampaignDetail | undefined): boolean {
  if (s) return partMayRender(p, s);
  if (d) return detailMayRender(p, d);
  return !settledOf(props, p.id) && partMayRender(p, undefined);
}

function inFlight(d: Pick<CampaignDetail, 'counts' | 'stages'>): boolean {
  return d.counts.rendering > 0 || Object.values(d.stages).some((n) => n > 0);
}

/** A part not read yet, for the summed view only: zeros there, never evidence about money. */
function unread(id: string): CampaignDetail {
  return { id, name: '', status: '', counts: { total: 0, pending: 0, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0 }, stages: {} };
}

/** A part's state without reading its detail: its summary's counts over what its detail last said; null when never read. */
function partNow(svc: Services, p: Part, s: CampaignSummary | undefined, seen: Seen | undefined): CampaignDetail | null {
  const id = p.id;
  if (seen && s && seen.sig === summarySignature(s)) return seen.detail;
  const last = (seen && seen.detail) || lastKnown(svc.doc, id);
  if (!s) return last;
  // The people a stop reply said were cancelled are never rendering, though no detail was read since.
  const cancelled = Math.max((last && last.counts.cancelled) || 0, p.cancelled || 0);
  const skipped = (last && last.counts.skipped) || 0;
  const counts: CampaignCounts = {
    total: s.leadCount,
    pending: s.waiting,
    complete: s.complete,
    failed: s.failed,
    cancelled,
    skipped,
    rendering: Math.max(0, s.leadCount - s.waiting - s.complete - s.failed - cancelled - skipped),
  };
  const moving = counts.rendering > 0;
  const d: CampaignDetail = { id, name: s.name, status: s.status, counts, stages: moving ? (last && last.stages) || {} : {} };
  if (moving && last && last.stalled) d.stalled = last.stalled;
  return d;
}

function parse(raw: string | null | undefined): Memo | null {
  try {
    return raw ? (JSON.parse(raw) as Memo) : null;
  } catch {
    return null;
  }
}
