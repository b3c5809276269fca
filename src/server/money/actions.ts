// The spending side: estimate (free), preview and generate (charge, once per click, never retried),
// stop. Each money call acts only on the campaign the person saw when they clicked (docs/architecture.md#server-functions), and
// on its parts as one (docs/rules.md#may-still-render): one estimate, one Generate click, one Stop.
import { campaignsById } from '../../api/client';
import type { ApiClient } from '../../api/client';
import { ApiError, isRunTimeUp, apiCode } from '../../api/errors';
import type { CampaignSummary, Estimate } from '../../api/types';
import type { Services } from '../../core/services';
import { lastQuote, saveQuote } from '../../records/quote-record';
import { sharedSummaries } from '../../refresh/refresh';
import { forgetPart } from '../../records/part-memory';
import { readCampaign } from '../campaign/state';
import type { EstimateInfo, GenerateArgs, LimitFigures, MoneyArgs, PreviewPage, ProgressInfo, Reply, SpendToday, StopPart, StopReply } from '../contract';
import { previewPages } from './preview-pages';
import { apiClient, boundTab, requireSettings, tryDocumentLock, withDocumentLock } from '../context';
import { closeStops, evidenceFrom, settleFromList, settleUnknown, stopOpenIn, unsettledOf, waitingIn } from './outcomes';
import { recordCharge, recordStop } from './record';
import { recordRoom } from './ledger';
import { pricesProven } from './charges';
import { AddonError, toFailure, badInput } from '../failure';
import { assertGenerateFits, assertPreviewFits, limitFigures, spentToday, withSpendLock } from './today';
import { pickUpOwed } from '../../records/spend-day';
import { handle } from '../handle';
import { partMayRender } from '../../shared/may-render';
import { partIds, partLabel } from '../campaign/parts';
import { loadParts, saveParts, type CampaignParts } from '../../records/parts-record';
import { orphansIn } from './orphans';
import { progressOf } from '../campaign/state';
import type { SheetState } from '../../records/tab-state';
import { enableAutoRefresh, type AutoRefresh } from '../timer/timer';
import type { Sheet } from '../../sheet/table';
import { nowOf } from '../../core/clock';

interface CampaignContext {
  sheet: Sheet;
  state: SheetState;
  campaign: CampaignParts;
  api: ApiClient;
  /** Each part's estimate, once read (for the spending record). */ quoted?: Map<string, Estimate>;
}

/** The active tab's campaign; with `expected`, it must still be the one the person saw. */
function campaignContext(svc: Services, expected?: unknown): CampaignContext {
  const settings = requireSettings(svc);
  const { sheet, state, bound } = boundTab(svc, expected, 'Nothing was done; check this campaign’s figures before pressing again.');
  return { sheet, state, campaign: loadParts(svc.doc, bound), api: apiClient(svc, settings) };
}

interface PartQuote {
  partId: string;
  estimate: Estimate;
}

/**
 * Each part's estimate (one fetchAll round); only parts with people waiting count. A done part (full, everyone finished)
 * has nobody waiting and is not asked, but the newest part always is: its estimate carries the balance.
 */
function quotes(ctx: CampaignContext, reuse: ReadonlyMap<string, Estimate> = new Map()): PartQuote[] {
  const all = ctx.campaign.parts;
  const asked = all.filter((p, i) => !p.done || i === all.length - 1);
  const ids = asked.map((p) => p.id).filter((id) => !reuse.has(id));
  const read = new Map(
    ctx.api.getEstimates(ids).map((e, i) => {
      if (e instanceof Error) throw e;
      return [ids[i]!, e] as const;
    }),
  );
  const q = asked.map((p) => ({ partId: p.id, estimate: reuse.get(p.id) || read.get(p.id)! }));
  ctx.quoted = new Map(q.map((x) => [x.partId, x.estimate]));
  return q;
}

/** How long an estimate the person just saw may stand in for a part whose waiting count has not moved. */
const QUOTE_FRESH_MS = 15 * 60_000;

/**
 * Generate's fresh quote without reading every part's estimate again (the API allows 120 requests a
 * minute per key, and the person's estimate just read them all): one campaign list says which parts'
 * waiting counts moved since; only those are estimated again.
 */
function freshQuotes(svc: Services, ctx: CampaignContext): PartQuote[] {
  if (ctx.campaign.parts.length === 1) return quotes(ctx);
  const saved = lastQuote(svc.doc, ctx.campaign.id);
  if (!saved || nowOf(svc) - saved.at > QUOTE_FRESH_MS) return quotes(ctx);
  const list = campaignsById(ctx.api);
  const reuse = new Map(Object.entries(saved.parts).filter(([id, e]) => list.get(id)?.waiting === e.leads));
  return quotes(ctx, reuse);
}

function saveQuotes(svc: Services, ctx: CampaignContext, q: PartQuote[]): void {
  if (ctx.campaign.parts.length > 1) saveQuote(svc.doc, ctx.campaign.id, { at: nowOf(svc), parts: Object.fromEntries(q.map((x) => [x.partId, x.estimate])) });
}

/** The balance the newest part's estimate read (the one always asked). */
const balanceIn = (q: PartQuote[]): number | undefined => {
  const last = q[q.length - 1];
  return last && last.estimate.balance;
};

function summed(q: PartQuote[]): EstimateInfo {
  const waiting = q.filter((x) => x.estimate.leads > 0);
  const sum = (f: 'leads' | 'low' | 'high') => waiting.reduce((n, x) => n + x.estimate[f], 0);
  const balance = balanceIn(q) || 0;
  return { leads: sum('leads'), low: sum('low'), high: sum('high'), balance, affordable: balance >= sum('high') };
}

export function getEstimate(svc: Services): Reply<EstimateInfo & SpendToday & { limit: LimitFigures }> {
  return handle(() => {
    const ctx = campaignContext(svc);
    const q = quotes(ctx);
    saveQuotes(svc, ctx, q);
    const waiting = new Map(q.map((x) => [x.partId, x.estimate.leads]));
    tryDocumentLock(svc, () => {
      settleUnknown(svc, { waiting, balance: () => balanceIn(q) ?? null });
      pickUpOwed(svc);
    });
    const today = spentToday(svc);
    return { ...summed(q), orphans: orphansIn(svc, ctx.sheet, waiting), ...today, limit: limitFigures(svc) };
  });
}

/** The campaign's state right after an unknown outcome, and a sentence for it; never a second call. */
function readAfterUnknown(svc: Services, ctx: CampaignContext): { progress?: ProgressInfo; sentence: string } {
  try {
    const v = readCampaign(ctx.api, svc.doc, ctx.campaign);
    settleUnknown(svc, evidenceFrom(ctx.api, waitingIn(v.details)));
    return {
      progress: { ...progressOf(ctx.campaign.id, v, ctx.state.lastRefresh), unsettled: unsettledOf(svc, partIds(ctx.campaign)) },
      sentence: ` The campaign now shows ${v.counts.rendering} rendering, ${v.counts.complete} finished and ${v.counts.pending} waiting.`,
    };
  } catch {
    return { sentence: ' The campaign could not be read either; Progress shows what happened once it can be read.' };
  }
}

type Spend = 'preview' | 'generate' | 'stop';
const VERB: Record<Spend, string> = { preview: 'make the preview', generate: 'generate', stop: 'stop the campaign' };
const BUTTON: Record<Spend, string> = { preview: 'Preview', generate: 'Generate', stop: 'Stop' };

/** What the parts sent so far did, for a sentence when a later part fails. */
interface Sent {
  parts: number;
  count: number;
  credits: number;
}

/**
 * Money calls, one per part, each sent once, in order. The first error or unknown outcome stops the
 * rest: the reply says which parts went and what was charged; an unknown outcome (docs/rules.md#unknown-outcomes) is
 * answered `network` with the state read right after, and the timer is switched on so rows settle.
 */
function sendEach<T>(svc: Services, ctx: CampaignContext, what: Spend, partIds: string[], call: (id: string) => T, tally: (r: T) => [number, number]): T[] {
  const replies: T[] = [];
  const done: Sent = { parts: 0, count: 0, credits: 0 };
  const record = (id: string, r?: { people: number; charged: number }) =>
    recordCharge(svc, {
      campaign: ctx.campaign,
      part: id,
      action: what as 'preview' | 'generate',
      quote: ctx.quoted && ctx.quoted.get(id),
      ...(r ? { done: r } : {}),
    });
  for (const id of partIds) {
    forgetPart(svc.doc, id);
    try {
      const r = call(id);
      replies.push(r);
      const [count, credits] = tally(r);
      done.parts++;
      done.count += count;
      done.credits += credits;
      record(id, { people: count, charged: credits });
    } catch (e) {
      if (apiCode(e) === 'not_ready') continue;
      if (apiCode(e) === 'network') record(id);
      throw failureAfter(svc, ctx, what, e, done, partIds.length);
    }
  }
  return replies;
}

function failureAfter(svc: Services, ctx: CampaignContext, what: Spend, e: unknown, done: Sent, of: number): Error {
  const before =
    done.parts > 0 && of > 1
      ? ` ${done.parts} of ${of} parts had ${what === 'stop' ? `stopped (${done.count} cancelled)` : `started (${done.count} videos, ${done.credits} credits charged)`} before this one.`
      : '';
  // Never sent: a money call is never carried on by a run, so the person presses again for the parts still waiting.
  if (apiCode(e) === 'not_sent') {
    const why = isRunTimeUp(e) ? 'this run’s time ran out' : 'the video service stopped answering';
    return new AddonError(
      'not_sent',
      `${BUTTON[what]} did not reach every part: ${why}, so the rest were not asked.${before} Press ${BUTTON[what]} again for the parts still to do; nothing is sent twice.`,
    );
  }
  if (apiCode(e) !== 'network') {
    const f = toFailure(e);
    return before ? new AddonError(f.error.code, f.error.message + before) : (e as Error);
  }
  enableAutoRefresh(svc, ctx.state);
  const after = readAfterUnknown(svc, ctx);
  const charged = what === 'stop' ? 'it may have stopped' : 'it may have started and charged';
  return new AddonError(
    'network',
    `No clear answer came back after asking to ${VERB[what]}: ${charged}.${before}${after.sentence} Progress shows what happened; do not press ${BUTTON[what]} again until it does.`,
    after.progress ? { progress: after.progress } : {},
  );
}

export function startPreview(svc: Services, args: MoneyArgs): Reply<{ made: number; creditsCharged: number; autoRefresh: AutoRefresh; pages: PreviewPage[] }> {
  return handle(() =>
    withDocumentLock(svc, () => {
      const ctx = campaignContext(svc, args && args.campaignId);
      refuseUnsettled(svc, ctx);
      // The first part with people waiting is the one to watch.
      const part = quotes(ctx).find((q) => q.estimate.leads > 0)?.partId ?? ctx.campaign.parts[0]!.id;
      // The check and the charge it allows are one step under the person's own lock (docs/rules.md#spending-limit).
      const [r] = withSpendLock(svc, () => {
        assertPreviewFits(svc);
        recordRoom(svc, 1);
        return sendEach(
          svc,
          ctx,
          'preview',
          [part],
          (id) => ctx.api.preview(id),
          (x) => [x.made, x.creditsCharged],
        );
      });
      if (!r) throw new ApiError('not_ready', 409, 'Nobody is waiting.');
      const autoRefresh = enableAutoRefresh(svc, ctx.state);
      return { made: r.made, creditsCharged: r.creditsCharged, autoRefresh, pages: previewPages(ctx.api, ctx.sheet, part, r.made) };
    }),
  );
}

export function startGenerate(svc: Services, args: GenerateArgs): Reply<{ started: number; creditsCharged: number; parts: number; autoRefresh: AutoRefresh }> {
  // Under the document lock, the parts record read inside it: a push meanwhile never loses a part (docs/rules.md#parts).
  return handle(() =>
    withDocumentLock(svc, () => {
      const ctx = campaignContext(svc, args && args.campaignId);
      refuseUnsettled(svc, ctx);
      const confirmed = Number(args?.high);
      if (!Number.isFinite(confirmed)) throw badInput('Check the estimate and confirm its figure before generating.');
      // Today's limit is checked with the charge it allows as one step under the person's own lock (docs/rules.md#spending-limit).
      const replies = withSpendLock(svc, () => {
        assertGenerateFits(svc, confirmed);
        return generateParts(svc, ctx, confirmed);
      });
      return {
        started: replies.reduce((n, r) => n + r.started, 0),
        creditsCharged: replies.reduce((n, r) => n + r.creditsCharged, 0),
        parts: replies.length,
        autoRefresh: enableAutoRefresh(svc, ctx.state),
      };
    }),
  );
}

/** Each part with people waiting generated once, never above the high the person confirmed. */
function generateParts(svc: Services, ctx: CampaignContext, confirmed: number): { started: number; creditsCharged: number }[] {
  // Someone may have added people since the person confirmed: never charge above what they saw.
  const q = freshQuotes(svc, ctx);
  const fresh = summed(q);
  if (fresh.high > confirmed) {
    throw new AddonError(
      'quote_changed',
      `The cost went up since you confirmed: it is now up to ${fresh.high} credits for ${fresh.leads} people (you confirmed up to ${confirmed}). Nothing was charged; confirm the new figure to go ahead.`,
      { estimate: fresh },
    );
  }
  const waiting = q.filter((x) => x.estimate.leads > 0).map((x) => x.partId);
  if (waiting.length === 0) throw new ApiError('not_ready', 409, 'Nobody is waiting.');
  recordRoom(svc, waiting.length);
  // A generated part takes no new people: closed before the call, so a cut-off run keeps it closed.
  for (const p of ctx.campaign.parts) if (waiting.includes(p.id)) p.closed = true;
  saveParts(svc.doc, ctx.campaign);
  return sendEach(
    svc,
    ctx,
    'generate',
    waiting,
    (id) => ctx.api.generate(id),
    (x) => [x.started, x.creditsCharged],
  );
}

/**
 * Whether a lost stop of the campaign is still open, once its parts' details were tried now. A stop settled here notes
 * who it cancelled in the parts record, which this call's copy predates: the copy is read again (from this execution's
 * cache), so what the call saves keeps it and a later stop counts from there (docs/rules.md#refunds).
 */
function stopStillOpen(svc: Services, ctx: CampaignContext): boolean {
  const open = stopOpenIn(svc, partIds(ctx.campaign), ctx.api);
  ctx.campaign = loadParts(svc.doc, ctx.campaign);
  return open;
}

/** Generate and Preview wait while an earlier one's outcome is unknown: the campaign list may settle it now. */
function refuseUnsettled(svc: Services, ctx: CampaignContext): void {
  if (stopStillOpen(svc, ctx))
    throw new AddonError('unsettled', 'The last Stop got no clear answer: Generate and Preview wait until the campaign shows it (two minutes at most).');
  const parts = partIds(ctx.campaign);
  if (!unsettledOf(svc, parts)) return;
  settleFromList(svc, ctx.api, sharedSummaries(ctx.api));
  const u = unsettledOf(svc, parts);
  if (!u) return;
  throw new AddonError(
    'unsettled',
    `The last ${u.action === 'preview' ? 'Preview' : 'Generate'} got no clear answer, so it may have charged. The add-on will know by ${u.knownBy.slice(11, 16)} UTC, once the campaign shows what happened; until then Generate and Preview wait, so nothing is charged twice.`,
    { unsettled: u },
  );
}

/**
 * Stop never charges, so it never halts half-way (docs/rules.md#may-still-render): one stop to every part that may still
 * render, whatever one part answered (plus one list for a campaign of several parts), then part by
 * part what is known. The rows settle on the next refresh passes, on the timer switched on for them.
 */
export function stopCampaign(svc: Services, args: MoneyArgs): Reply<StopReply> {
  return handle(() =>
    withDocumentLock(svc, () => {
      const ctx = campaignContext(svc, args && args.campaignId);
      // A stop still unknown is settled from its parts' counts now if it can be, else closed with nothing given back.
      if (stopStillOpen(svc, ctx)) closeStops(svc, partIds(ctx.campaign));
      const refused = new Map<string, unknown>();
      const list = partSummaries(ctx);
      // The balance after one part's stop is the balance before the next one's (one read between two stops).
      const balance: { now?: Estimate | null } = {};
      const parts = movingParts(ctx, list).map((id) =>
        // Another document (a copy) may have added people to any part since this one's last push: its waiting count is read,
        // never taken from the record; a part the list does not show gives back nothing known (docs/rules.md#refunds).
        stopPart(svc, ctx, { id, balance, refused }, () =>
          list.has(id) ? list.get(id)!.waiting : ctx.campaign.parts.length === 1 ? waitingByList(ctx, id) : null,
        ),
      );
      // Who each part's stop cancelled, kept with the parts: progress never counts them as rendering.
      saveParts(svc.doc, ctx.campaign);
      enableAutoRefresh(svc, ctx.state);
      if (parts.length > 0 && !parts.some((p) => p.outcome === 'stopped')) throw stopFailure(svc, ctx, parts, refused);
      const sum = (f: 'stopped' | 'stillRendering') => parts.reduce((n, p) => n + (p[f] || 0), 0);
      return {
        stopped: sum('stopped'),
        stillRendering: sum('stillRendering'),
        status: parts.every((p) => p.outcome === 'stopped') ? 'stopped' : 'partly_stopped',
        parts,
      };
    }),
  );
}

/** The balance now, or null when it cannot be read (the refund is then booked as a range). */
function balanceNow(ctx: CampaignContext, id: string): Estimate | null {
  try {
    return ctx.api.getEstimate(id);
  } catch {
    return null;
  }
}

function stopPart(
  svc: Services,
  ctx: CampaignContext,
  { id, balance, refused }: { id: string; balance: { now?: Estimate | null }; refused: Map<string, unknown> },
  waitingBefore: () => number | null,
): StopPart {
  const name = partLabel(ctx.campaign, id);
  forgetPart(svc.doc, id);
  // Where the charges alone cannot prove what comes back (prices differ per person), the balance is read just
  // before and just after the stop, under the document lock, and the refund booked at what it proves (docs/rules.md#refunds).
  const charged = !pricesProven(svc, id);
  const read = charged && balance.now === undefined ? balanceNow(ctx, id) : null;
  const before = read || (charged ? balance.now : null) || null;
  const ev = { waitingBefore: read ? read.leads : waitingBefore(), balanceBefore: (before && before.balance) ?? null };
  balance.now = undefined;
  try {
    const r = ctx.api.stop(id);
    const after = before && r.stopped > 0 ? balanceNow(ctx, id) : before;
    balance.now = after;
    recordStop(svc, { campaign: ctx.campaign, part: id, stopped: r.stopped }, { ...ev, balanceAfter: (after && after.balance) ?? null });
    const part = ctx.campaign.parts.find((p) => p.id === id);
    if (part && r.stopped > 0) part.cancelled = Math.max(part.cancelled || 0, r.stopped);
    return { id, name, outcome: 'stopped', stopped: r.stopped, stillRendering: r.stillRendering };
  } catch (e) {
    const unknown = apiCode(e) === 'network';
    // People are cancelled only by stops, and the parts record keeps what each stop reply said.
    const cancelledBefore = ctx.campaign.parts.find((p) => p.id === id)?.cancelled || 0;
    if (unknown) recordStop(svc, { campaign: ctx.campaign, part: id }, { ...ev, cancelledBefore });
    else refused.set(id, e);
    const message = unknown ? 'No clear answer came back: it may have stopped. Progress shows what happened.' : toFailure(e).error.message;
    return { id, name, outcome: unknown ? 'unknown' : 'error', message };
  }
}

/** No part is known to have stopped: answered as a single part's Stop always was (its refusal, or unknown). */
function stopFailure(svc: Services, ctx: CampaignContext, parts: StopPart[], refused: Map<string, unknown>): Error {
  const first = parts.find((p) => p.outcome === 'unknown') ? new ApiError('network', 0, '') : refused.get(parts[0]!.id);
  return failureAfter(svc, ctx, 'stop', first, { parts: 0, count: 0, credits: 0 }, parts.length);
}

/**
 * The parts' summaries just before a Stop of several parts: which parts may render, and how many people
 * of each were waiting (never charged), so the refund counts only charged people (docs/rules.md#refunds).
 */
function partSummaries(ctx: CampaignContext): Map<string, CampaignSummary> {
  return ctx.campaign.parts.length > 1 ? campaignsById(ctx.api) : new Map();
}

/** A part's waiting people by one campaign list, when the record cannot tell; null when it cannot be read. */
function waitingByList(ctx: CampaignContext, id: string): number | null {
  try {
    return ctx.api.listCampaigns(100).find((s) => s.id === id)?.waiting ?? null;
  } catch {
    return null;
  }
}

/** Parts that may have renders to stop: by the campaign list, or every generated part it does not show. */
function movingParts(ctx: CampaignContext, list: Map<string, CampaignSummary>): string[] {
  const parts = ctx.campaign.parts;
  if (parts.length === 1) return [parts[0]!.id];
  return parts.filter((p) => partMayRender(p, list.get(p.id))).map((p) => p.id);
}
