// What a refresh pass may write without asking about each lead, as a pure function (docs/rules.md#known-status):
// a status is written only when it is known — from the videos list, or by elimination when the sheet
// holds the whole campaign and only one status can explain a row. Everything else is polled.
import type { CampaignDetail, FinishedVideo } from '../api/types';
import { indexVideos, isMergingKey, videoForRow } from '../sheet/names';
import { valuesForStatus, type RowValues } from './row-status';

/** A row waiting for news; `name` is its first name + company key (src/sheet/names.ts), when known. */
export interface RowInfo {
  leadId: string;
  pageUrl: string;
  status: string;
  name?: string;
  /** The register does not know the Lead ID: the row may have been typed over since it was sent. */
  stray?: boolean;
}

export type Settled = 'complete' | 'failed' | 'cancelled' | 'skipped';
export const TERMINAL = ['failed', 'cancelled', 'skipped'] as const;
const SETTLED: readonly Settled[] = ['complete', ...TERMINAL];

export interface PlanInput {
  counts: CampaignDetail['counts'];
  /** The sheet's rows of this campaign by status, each distinct Lead ID once (resolved rows included). */
  tally: Readonly<Record<string, number>>;
  /** Distinct Lead IDs of this campaign in the sheet. */
  distinctIds: number;
  /** The videos list (may be cut at 500, may lack videos whose file is not there yet). */
  listed: readonly FinishedVideo[];
  /** Rows still waiting for news, by Lead ID. */
  rows: ReadonlyMap<string, RowInfo>;
  /** How many distinct Lead IDs of this campaign the tab shows per name key (absent: one each). */
  names?: ReadonlyMap<string, number>;
}

export interface Plan {
  /** Output cells known without asking, by Lead ID. */
  writes: Map<string, RowValues>;
  /** Rows only the lead itself can settle, likeliest first. */
  poll: string[];
  /** How many polled rows hold a settled status the sheet does not show yet; Infinity when unknown. */
  target: number;
  /** True when finished videos may be missing from the list (their rows must be polled). */
  completeHidden: boolean;
  /** Rows still in flight after the writes, with the status they now show. */
  left: Map<string, RowInfo>;
}

export function planStatuses(input: PlanInput): Plan {
  const { counts } = input;
  const writes = new Map<string, RowValues>();
  const left = new Map([...input.rows].map(([id, r]) => [id, { ...r }]));
  const tally: Record<string, number> = { ...input.tally };

  // Rule 1: a finished video goes to the row that is its person, with its links, by videoForRow
  // (docs/rules.md#row-identity); a row whose name several Lead IDs share, or that has no company,
  // waits for its lead.
  const unplaced = input.listed.length - placeVideos(input, left, writes, tally);

  // Rule 2: elimination only when the sheet holds exactly the whole campaign. Settled rows never change,
  // so each settled status's deficit counts exactly the in-flight rows that now hold it.
  const holdsAll = input.distinctIds === counts.total;
  const deficit = (s: Settled): number => {
    if (holdsAll) return Math.max(0, counts[s] - (tally[s] || 0));
    // Otherwise a status is only possible for a row: some rows elsewhere may hold it, so nothing is eliminated.
    const shown = s === 'complete' ? input.listed.length : tally[s] || 0;
    return counts[s] > shown ? Infinity : 0;
  };
  const completeHidden = deficit('complete') > 0;
  const target = holdsAll ? SETTLED.reduce((n, s) => n + deficit(s), 0) : Infinity;

  // Rule 3 (pigeonhole): when exactly as many rows can hold a terminal status as its deficit, they all do
  // (after a stop, once the videos that could not be recalled are listed, the rest are cancelled).
  const settle = (id: string, s: string) => {
    writes.set(id, valuesForStatus(s));
    left.delete(id);
    tally[s] = (tally[s] || 0) + 1;
  };
  if (holdsAll) {
    for (const s of TERMINAL) {
      const d = deficit(s);
      const can = [...left.values()].filter((r) => canBecome(r.status, s));
      if (d > 0 && can.length === d) for (const r of can) settle(r.leadId, s);
    }
  }

  const poll: string[] = [];
  let extra = 0;
  for (const [id, r] of left) {
    // A complete row without its Video URL (cleared by hand, or its file came late) asks for it; so does a row left
    // `sending` with its Lead ID (the reply's write cut off): no count says which status it shows.
    if (r.status === 'complete' || r.status === 'sending') {
      poll.push(id);
      extra++;
      continue;
    }
    const possible: string[] = [];
    if (r.status === 'pending' && counts.pending > 0) possible.push('pending');
    if (counts.rendering > 0) possible.push('rendering');
    for (const s of SETTLED) if (deficit(s) > 0 && canBecome(r.status, s)) possible.push(s);
    // A listed video no row took may be this row's when its name cannot say (no company, shared, or typed over): its lead is asked.
    if (unplaced > 0 && !placeable(input, r) && !possible.includes('complete')) possible.push('complete');
    const settledPossible = possible.some((s) => s !== 'pending' && s !== 'rendering');
    if (holdsAll && possible.length === 1 && possible[0] !== 'complete') {
      // Rule 4: only one status explains the row (never complete: the file's address comes with it).
      const only = possible[0]!;
      if (only === 'pending' || only === 'rendering') {
        if (only !== r.status) writes.set(id, { status: only });
        r.status = only;
      } else {
        settle(id, only);
      }
    } else if (settledPossible || possible.length === 0) {
      // No status of the part explains the row (typed over after it was sent, say): its lead says whose it is.
      poll.push(id);
    }
  }
  return { writes, poll: likeliestFirst(poll, left), target: target + extra, completeHidden, left };
}

/**
 * Whether no listed video can be the row's but the one its name finds: a first name and a company no other Lead ID of the
 * tab shares, on a row the register vouches for.
 */
function placeable(input: PlanInput, r: RowInfo): boolean {
  return !r.stray && r.name !== undefined && isMergingKey(r.name) && ((input.names && input.names.get(r.name)) || 1) === 1;
}

/** Rule 1 of planStatuses: each listed video onto the row that is its person; those rows leave `left`. Answers how many. */
function placeVideos(input: PlanInput, left: Map<string, RowInfo>, writes: Map<string, RowValues>, tally: Record<string, number>): number {
  const videos = indexVideos(input.listed);
  let placed = 0;
  for (const [id, r] of left) {
    const shared = r.name !== undefined && ((input.names && input.names.get(r.name)) || 1) !== 1;
    // A Lead ID the register does not know may sit on a row typed over since: the list cannot say whose it is, its lead can.
    const v = !r.stray && videoForRow({ name: r.name, page: r.pageUrl, shared }, videos);
    if (!v) continue;
    placed++;
    writes.set(id, { status: 'complete', pageUrl: v.url, videoUrl: v.videoUrl, note: '' });
    if (r.status !== 'complete') {
      tally[r.status] = Math.max(0, (tally[r.status] || 0) - 1);
      tally.complete = (tally.complete || 0) + 1;
    }
    left.delete(id);
  }
  return placed;
}

/**
 * What a row shown this way may hold now. A lead reported rendering may still be queued (stage
 * queued), and a stop cancels those; only a move back to pending is impossible.
 */
function canBecome(shown: string, s: string): boolean {
  return shown === 'pending' || (shown === 'rendering' && s !== 'pending');
}

/** Complete rows missing their link first, then rendering, then the rest. */
function likeliestFirst(ids: string[], rows: Map<string, RowInfo>): string[] {
  const rank = (id: string) => {
    const r = rows.get(id);
    return ({ complete: 0, rendering: 1 } as Record<string, number>)[(r && r.status) || ''] ?? 2;
  };
  return [...ids].sort((a, b) => rank(a) - rank(b));
}
