// Unknown money outcomes (docs/rules.md#unknown-outcomes): a charge or a Stop whose answer was lost, kept
// open in the document (changed only under its lock) until the campaign's counts settle it. A charge's
// figure then comes from its own evidence (people started × what one person may cost), never from a
// balance difference that refunds or colleagues also move; a part not read yet settles nothing.
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import type { CampaignDetail, CampaignSummary } from '../../api/types';
import type { Services } from '../../core/services';
import { knownBy, outcomeVerdict, stopVerdict } from '../../shared/unknown-outcome';
import { OPEN_CHARGES, OPEN_STOPS, partsWithOpenOutcome, type OpenCharge, type OpenStop } from '../../records/open-outcomes';
import { loadParts, saveParts } from '../../records/parts-record';
import type { Unsettled } from '../contract';
import { chargesOf, saveCharges } from '../../records/part-charges';
import { completeRow, writeUnwritten, type Settled } from './ledger';
import { giveBack, refundRows, shareNote } from './refunds';
import { nowOf } from '../../core/clock';

/** A lost stop's record row completed with what is now known of it. */
const stopDone = (svc: Services, o: OpenStop, v: Settled) => completeRow(svc, { ...o, action: 'stop (outcome unknown)' }, v);

export function openOutcome(svc: Services, o: OpenCharge): void {
  OPEN_CHARGES.add(svc.doc, o);
}

export function openStop(svc: Services, o: OpenStop): void {
  OPEN_STOPS.add(svc.doc, o);
}

const openCharges = (svc: Services): OpenCharge[] => OPEN_CHARGES.of(svc.doc);
const openStops = (svc: Services): OpenStop[] => OPEN_STOPS.of(svc.doc);

/** Whether any unknown charge is open (no request is made when none is). */
export function hasOpen(svc: Services): boolean {
  return openCharges(svc).length > 0;
}

/** Parts with a stop whose answer was lost (their detail settles it). */
export function openStopParts(svc: Services): string[] {
  return openStops(svc).map((o) => o.part);
}

/** Parts with an unknown charge or a lost stop: only their counts read now settle them. */
export const openParts = (svc: Services): Set<string> => partsWithOpenOutcome(svc.doc);

/** The oldest open unknown charge among these parts, as the sidebar shows it. */
export function unsettledOf(svc: Services, parts: ReadonlySet<string>): Unsettled | null {
  const o = openCharges(svc).find((x) => parts.has(x.part));
  if (!o) return null;
  return { action: o.action.startsWith('preview') ? 'preview' : 'generate', since: o.at, knownBy: new Date(knownBy(Date.parse(o.at))).toISOString() };
}

/** People still waiting in each part, by its detail (a generate or preview moves them on). */
export function waitingIn(details: ReadonlyMap<string, CampaignDetail>): Map<string, number> {
  return new Map([...details].map(([id, d]) => [id, d.counts.pending]));
}

/** What was read: people waiting in the parts read (a part not read is absent), and the balance now if needed. */
export interface Evidence {
  waiting: ReadonlyMap<string, number>;
  balance(partId: string): number | null;
  /** A request was spent on the balance. */ spent?: boolean;
}

/** Evidence from an API client: the balance costs one estimate, read at most once. */
export function evidenceFrom(api: ApiClient, waiting: ReadonlyMap<string, number>): Evidence {
  let read: number | null | undefined;
  const ev: Evidence = {
    waiting,
    balance(partId) {
      if (read === undefined) {
        ev.spent = true;
        try {
          read = api.getEstimate(partId).balance;
        } catch {
          read = null;
        }
      }
      return read;
    },
  };
  return ev;
}

/**
 * Settles unknown charges: happened when people left waiting, charged for those started at what one
 * person may cost (a range unless the prices are one); did not when, two minutes on, neither the
 * waiting count nor the balance moved. Callers hold the document lock.
 */
export function settleUnknown(svc: Services, ev: Evidence): void {
  const open = openCharges(svc);
  const now = nowOf(svc);
  const left = open.filter((o) => {
    const waiting = ev.waiting.get(o.part);
    if (waiting === undefined) return true;
    const verdict = outcomeVerdict({ at: Date.parse(o.at), pending: o.waiting, balance: o.balance }, waiting, now, () => ev.balance(o.part));
    if (verdict === null) return true;
    return !completeRow(svc, o, settleCharge(svc, o, verdict === 'happened' ? o.waiting - waiting : verdict === 'not_happened' ? 0 : null));
  });
  OPEN_CHARGES.keep(svc.doc, open, left);
}

/** The charge's evidence once its people are known (null: it cannot be told), and its row's words. */
function settleCharge(svc: Services, o: OpenCharge, started: number | null): Settled {
  const list = chargesOf(svc, o.part);
  const c = list.find((x) => x.t === o.at && x.u);
  if (started === 0) {
    saveCharges(
      svc,
      o.part,
      list.filter((x) => x !== c),
    );
    return { figure: { lo: 0, hi: 0 }, people: 0, note: 'Two minutes later everyone was still waiting and the balance had not moved: nothing was charged.' };
  }
  if (started === null || !c)
    return { figure: null, note: 'People were added or the balance moved meanwhile, so the campaign cannot tell whether it charged.' };
  const figure = { lo: Math.ceil(started * c.a), hi: Math.floor(started * c.b) };
  Object.assign(c, { p: started, lo: figure.lo, hi: figure.hi });
  delete c.u;
  saveCharges(svc, o.part, list);
  const words = figure.lo === figure.hi ? `${figure.lo} credits` : `${figure.lo}–${figure.hi} credits; the service does not say which`;
  return { figure, people: started, note: `${started} of ${o.waiting} people were started, so it charged for them: ${words} (up to ${o.high} quoted).` };
}

/** Settles what the campaign list can show, and the details of open parts outside it (requests only while an outcome is open). */
export function settleFromList(svc: Services, api: ApiClient, list: () => ReadonlyMap<string, CampaignSummary> | null): void {
  if (!hasOpen(svc)) return;
  let summaries: ReadonlyMap<string, CampaignSummary> | null;
  try {
    summaries = list();
  } catch {
    return; // Kept open: a refused key or a silent API proves nothing.
  }
  if (!summaries) return;
  const waiting = new Map([...summaries].map(([id, c]) => [id, c.waiting]));
  const unlisted = [...new Set(openCharges(svc).map((o) => o.part))].filter((id) => !waiting.has(id));
  settleUnknown(svc, evidenceFrom(api, new Map([...waiting, ...waitingIn(detailsOf(api, unlisted))])));
}

/** Details of parts the list does not show (outside the newest 100), one request each; a part not read is left out. */
function detailsOf(api: ApiClient, ids: string[]): Map<string, CampaignDetail> {
  const details = new Map<string, CampaignDetail>();
  if (ids.length === 0) return details;
  try {
    api.getCampaigns(ids).forEach((d, i) => {
      if (!isApiError(d)) details.set(ids[i]!, d);
    });
  } catch {
    // Kept open: a silent API proves nothing.
  }
  return details;
}

/**
 * Completes stops whose answer was lost, from their parts' details: it happened when the part shows it
 * stopped or more people cancelled, and then gives back the credits of the charged people among them
 * (as a range: no balance was read around it); it did not when, two minutes on, neither shows.
 */
export function settleStops(svc: Services, details: ReadonlyMap<string, Pick<CampaignDetail, 'status' | 'counts'>>): void {
  const open = openStops(svc);
  const now = nowOf(svc);
  const left = open.filter((o) => {
    const d = details.get(o.part);
    if (!d) return true;
    const verdict = stopVerdict(
      { at: Date.parse(o.at), cancelledBefore: o.cancelledBefore },
      { stopped: d.status === 'stopped', cancelled: d.counts.cancelled },
      now,
    );
    if (verdict === null) return true;
    if (verdict === 'not_happened')
      return !stopDone(svc, o, {
        figure: { lo: 0, hi: 0 },
        people: 0,
        note: 'Two minutes later the campaign showed no stop and nobody cancelled: it did not stop.',
      });
    noteCancelled(svc, o, d.counts.cancelled);
    const cancelled = o.cancelledBefore === null ? null : d.counts.cancelled - o.cancelledBefore;
    const charged = cancelled === null || o.waitingBefore === null ? null : Math.max(0, cancelled - o.waitingBefore);
    const [first, ...rest] = charged === null ? [] : giveBack(svc, o.part, charged);
    const base = { When: o.at, Campaign: (o.campaign && o.campaign.name) || '', Part: o.part };
    refundRows(svc, base, rest, shareNote);
    const note = `The campaign shows it stopped: ${cancelled === null ? 'how many it cancelled is not known.' : `${cancelled} cancelled`}`;
    return !stopDone(svc, o, {
      figure: charged === 0 ? { lo: 0, hi: 0 } : (first && first.figure) || null,
      people: cancelled ?? undefined,
      note: first ? `${note}; ${shareNote(first)}` : note,
    });
  });
  OPEN_STOPS.keep(svc.doc, open, left);
}

/** The parts record keeps who a stop cancelled, as a stop's reply would have said: a later stop counts from there. */
function noteCancelled(svc: Services, o: OpenStop, cancelled: number): void {
  if (!o.campaign) return;
  const parts = loadParts(svc.doc, o.campaign);
  const part = parts.parts.find((p) => p.id === o.part);
  if (!part || (part.cancelled || 0) >= cancelled) return;
  part.cancelled = cancelled;
  saveParts(svc.doc, parts);
}

/**
 * Whether a lost stop of these parts is still open, after trying its parts' details now when an API is given: Generate,
 * Preview and auto mode wait for it, since a charge made meanwhile would be counted into its refund (docs/rules.md#unknown-outcomes).
 */
export function stopOpenIn(svc: Services, parts: ReadonlySet<string>, api?: ApiClient): boolean {
  const open = () => openStopParts(svc).some((p) => parts.has(p));
  if (api && open()) settleStopsFromApi(svc, api);
  return open();
}

/**
 * A new Stop of parts whose last stop is still unknown closes that one with nothing given back: what it cancelled cannot
 * be told from what the new one cancels, and booking too little back errs toward spending less.
 */
export function closeStops(svc: Services, parts: ReadonlySet<string>): void {
  const open = openStops(svc);
  const note = 'A later Stop came first: nothing is counted back for this one.';
  const left = open.filter((o) => !parts.has(o.part) || !stopDone(svc, o, { figure: { lo: 0, hi: 0 }, note }));
  OPEN_STOPS.keep(svc.doc, open, left);
}

/**
 * What a run that may read any part settles, the timer's and Refresh now's: rows left unwritten, then every open outcome
 * of the document, the list read being the caller's own (docs/rules.md#unknown-outcomes).
 */
export function settleAll(svc: Services, api: ApiClient, summaries: () => ReadonlyMap<string, CampaignSummary> | null): void {
  writeUnwritten(svc);
  settleFromList(svc, api, summaries);
  settleStopsFromApi(svc, api);
}

/** The timer's share of lost stops: their parts' details, read only while one is open. */
export function settleStopsFromApi(svc: Services, api: ApiClient): void {
  const parts = openStopParts(svc);
  if (parts.length > 0) settleStops(svc, detailsOf(api, parts));
}
