// What "may still render" means (docs/rules.md#may-still-render), for a part read from the campaign list,
// from its detail, and for the whole campaign as the sidebar sees it. Plain counts in, a yes or no out.

/** What of a campaign list entry the rule reads (the list's own type is the API's: src/api/types.ts). */
interface Listed {
  status: string;
  leadCount: number;
  waiting: number;
  complete: number;
  failed: number;
}

/** A part as the add-on keeps it: generated (closed) or not, and the people Stop cancelled in it. */
export interface PartMark {
  closed: boolean;
  cancelled?: number;
  /** Full, and every person of it seen finished: nothing of it renders again (docs/rules.md#refunds). */
  done?: 1;
}

/** People of a listed part neither waiting, finished, failed nor cancelled: they render now. */
export function renderingIn(s: Omit<Listed, 'status'>, cancelled = 0): number {
  return s.leadCount - s.waiting - s.complete - s.failed - cancelled;
}

/**
 * Whether a part may still have renders to stop: never once done; by its summary (not stopped, and people rendering,
 * or waiting in a generated part), or, when the list does not show it, once generated.
 */
export function partMayRender(p: PartMark, s: Listed | undefined): boolean {
  if (p.done) return false;
  if (!s) return p.closed;
  return s.status !== 'stopped' && (renderingIn(s, p.cancelled || 0) > 0 || (p.closed && s.waiting > 0));
}

/** The same for a part read with its detail: people rendering, or waiting in a generated part; never once stopped. */
export function detailMayRender(p: PartMark, d: { status: string; counts: { rendering: number; pending: number } }): boolean {
  return d.status !== 'stopped' && (d.counts.rendering > 0 || (p.closed && d.counts.pending > 0));
}

/** A campaign's progress as the sidebar reads it. */
export interface RenderView {
  counts: { rendering: number; pending: number };
  parts?: { rendering: readonly unknown[] };
}

/**
 * Whether renders may run or wait for the campaign: some render, or people wait after a generate this
 * page watched, or a part may still render. The only time Stop can do anything.
 */
export function campaignMayRender(p: RenderView, awaitingRender: boolean): boolean {
  return p.counts.rendering > 0 || (awaitingRender && p.counts.pending > 0) || !!p.parts?.rendering.length;
}
