// The spending record (docs/rules.md#money-record): one row per charge the add-on causes, appended to the tab
// "Video credits" and never rewritten; a row whose outcome was unknown is completed once its part is read.
import type { ApiClient } from '../../api/client';
import type { CampaignDetail, CampaignSummary, Estimate } from '../../api/types';
import { getJson, setJson } from '../../core/json-props';
import { shortHash } from '../../core/hash';
import { toFailure } from '../failure';
import { isApiError } from '../../api/errors';
import type { Services } from '../../core/services';
import { literal } from '../../sheet/cells';
import { readHeaders, type Sheet } from '../../sheet/table';
import type { Reply, SpendToday, Unsettled } from '../contract';
import { handle } from '../handle';
import { bookSpend, spendId } from './limit';
import { loadParts, saveParts } from '../campaign/parts';
import { publicSettings } from '../settings';
import { knownBy, outcomeVerdict, stopVerdict } from '../../rules/unknown-outcome';
import type { BoundCampaign } from '../sheet-state';

export const CREDITS_TAB = 'Video credits';
const COLUMNS = ['When', 'Campaign', 'Campaign ID', 'Part', 'Action', 'People', 'Credits quoted', 'Credits charged', 'Key', 'Note'] as const;
type Column = (typeof COLUMNS)[number];
type Row = Partial<Record<Column, string | number>>;

/** What the charged cell says when the API cannot tell the figure: never a guess. */
export const UNKNOWN_CHARGE = 'unknown — see the service’s billing';
/** Unknown outcomes still to complete, in DocumentProperties (the record is the spreadsheet's). */
const OPEN_KEY = 'credits.open';
/** Stops whose answer was lost, completed from their part's counts (docs/rules.md#unknown-outcomes). */
const OPEN_STOPS_KEY = 'credits.openStops';
const OPEN_MAX = 20;

export interface Charge {
  campaign: { id: string; name: string };
  part: string;
  action: 'preview' | 'generate' | 'stop' | 'refund';
  /** The part's estimate read just before the call. */
  quote?: Estimate;
  /** What the reply said; absent when no clear answer came back. */
  done?: { people: number; charged: number };
  /** Sent by auto mode's timer, not by a click (docs/rules.md#auto-mode). */
  auto?: boolean;
}

/** An unknown outcome waiting for evidence; its row is found again by when and part. */
interface Open {
  at: string;
  part: string;
  waiting: number;
  high: number;
  balance?: number;
  action?: 'preview' | 'generate';
  campaign?: string;
}

const NOTES: Record<string, string> = {
  preview: 'A preview renders the first few people; the quote is for everyone waiting.',
  stop: 'A stop charges nothing; the credits of the people it cancelled come back (a negative figure here).',
  unknown: 'No clear answer came back; completed once the campaign shows what happened (within two minutes).',
  unknownStop: 'No clear answer came back; a stop never charges. Completed once the campaign shows whether it stopped (within two minutes).',
};

/** Appends a charge's row. A record that cannot be written never turns a charge into an error. */
export function recordCharge(svc: Services, c: Charge): void {
  const at = new Date(svc.clock.now()).toISOString();
  const { done, quote } = c;
  const stop = c.action === 'stop';
  const quoted = !stop && quote;
  const row: Row = {
    When: at,
    Campaign: c.campaign.name,
    'Campaign ID': c.campaign.id,
    Part: c.part,
    Action: `${c.action}${c.auto ? ' (auto)' : ''}${done ? '' : ' (outcome unknown)'}`,
    // A generate is for everyone waiting; how many a preview renders is not said.
    People: done ? done.people : c.action === 'generate' && quote ? quote.leads : '',
    'Credits quoted': quoted ? quoted.high : '',
    // An unknown charge is never written as 0 (docs/rules.md#money-record).
    'Credits charged': done ? done.charged : stop ? 0 : UNKNOWN_CHARGE,
    Key: publicSettings(svc.userProps).keyHint || '',
    Note: NOTES[done ? c.action : stop ? 'unknownStop' : 'unknown'] || '',
  };
  try {
    appendRecord(svc, row);
  } catch (e) {
    // The charge stands whatever happens to its record; a protected tab is said in a toast (docs/rules.md#readings).
    if (toFailure(e).error.code === 'protected')
      toast(
        svc,
        `The ${CREDITS_TAB} tab is protected, so this charge (${row.Action}, ${c.campaign.name}) was not recorded there. Ask the owner to let you edit it.`,
      );
  }
  // Counted in the person's day even when the record could not be written.
  bookRow(svc, row);
  // Kept even when the record could not be written: the evidence rule still holds the buttons (docs/rules.md#unknown-outcomes).
  if (!done && quoted) {
    const open: Open = {
      at,
      part: c.part,
      waiting: quoted.leads,
      high: quoted.high,
      balance: quoted.balance,
      action: c.action as Open['action'],
      campaign: c.campaign.id,
    };
    setJson(svc.docProps, OPEN_KEY, [...openOutcomes(svc), open].slice(-OPEN_MAX));
  }
}

/** Appends a row to the record; appendRow is atomic: two people charging at once cannot write the same row. */
function appendRecord(svc: Services, row: Row): void {
  const tab = recordTab(svc);
  tab.appendRow(readHeaders(tab).map((h) => literal(h in row ? row[h as Column] : '')));
}

/** What a record row counts in its key's day: its charge, or its quoted high while unknown (docs/rules.md#spending-limit). */
function rowFigure(row: Row): number {
  const charged = row['Credits charged'];
  if (typeof charged === 'number') return charged;
  return typeof row['Credits quoted'] === 'number' ? row['Credits quoted'] : 0;
}

/** Books a record row in this person's day when it is under their key. */
function bookRow(svc: Services, row: Row): void {
  if (String(row.Key ?? '') !== (publicSettings(svc.userProps).keyHint || '')) return;
  bookSpend(svc, { id: spendId(String(row.When), String(row.Part), String(row.Action)), when: String(row.When), credits: rowFigure(row) });
}

function toast(svc: Services, message: string): void {
  try {
    svc.sheets.getActiveSpreadsheet().toast(message, CREDITS_TAB, 30);
  } catch {
    // Nowhere else to say it.
  }
}

/** What the record holds for a part: its charges (people, credits, the paying key) and the people refunded for failures. */
interface PartRecord {
  people: number;
  charged: number;
  key: string | null;
  failedBooked: number;
  /** A charge whose people or figure is not known. */ unsure?: boolean;
}

/** Every part's record, from one read of the tab. */
function partRecords(svc: Services): Map<string, PartRecord> {
  const out = new Map<string, PartRecord>();
  const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
  if (!tab || tab.getLastRow() < 2) return out;
  const [head, ...rows] = tab.getDataRange().getValues();
  const col = (h: Column) => head!.indexOf(h);
  for (const r of rows) {
    const part = String(r[col('Part')]);
    const rec = out.get(part) ?? { people: 0, charged: 0, key: null, failedBooked: 0 };
    out.set(part, rec);
    const action = String(r[col('Action')]);
    const n = r[col('People')];
    if (action === 'refund' && typeof n === 'number') {
      rec.failedBooked += n;
      continue;
    }
    // A settled unknown outcome keeps its "(outcome unknown)" label and counts once its figure is known.
    if (!/^(generate|preview)\b/.test(action)) continue;
    const c = r[col('Credits charged')];
    rec.key ??= col('Key') >= 0 ? String(r[col('Key')]) : null;
    if (typeof n === 'number' && typeof c === 'number') {
      rec.people += n;
      rec.charged += c;
    } else rec.unsure = true;
  }
  return out;
}

/** People of a part the record says were charged (preview and generate); null when a charge's people are not known. */
export function chargedPeople(svc: Services, part: string): number | null {
  const rec = partRecord(svc, part);
  return rec.unsure ? null : rec.people;
}

function partRecord(svc: Services, part: string): PartRecord {
  return partRecords(svc).get(part) ?? { people: 0, charged: 0, key: null, failedBooked: 0 };
}

/** The credits `people` charged people of a part get back (negative), or the unknown sentence. */
function refundOf(rec: PartRecord, people: number): number | string {
  if (people <= 0) return 0;
  return rec.people > 0 ? -Math.round((rec.charged / rec.people) * people) : UNKNOWN_CHARGE;
}

/** The key hint a part's refund is booked under: the key that paid (docs/rules.md#refunds). */
function payerKey(svc: Services, rec: PartRecord): string {
  return rec.key ?? (publicSettings(svc.userProps).keyHint || '');
}

/** A stop left without an answer; its row is found again by when and part. */
interface OpenStop {
  at: string;
  part: string;
  campaign?: { id: string; name: string };
  waitingBefore: number | null;
  cancelledBefore: number | null;
}

/**
 * A Stop's row: it charges nothing, and gives back the credits of the charged people it cancelled
 * before they started, never of people never generated (`waitingBefore`: people waiting just before
 * the stop, null when not read). Booked under the key that paid (docs/rules.md#refunds). Without an
 * answer its figure is unknown, never 0, until the part's counts tell (settleStops).
 */
export function recordStop(
  svc: Services,
  c: { campaign: { id: string; name: string }; part: string; stopped?: number; waitingBefore: number | null; cancelledBefore?: number | null },
): void {
  const rec = partRecord(svc, c.part);
  const known = c.stopped !== undefined;
  const charged = known && c.waitingBefore !== null ? Math.max(0, c.stopped! - c.waitingBefore) : null;
  const row: Row = {
    When: new Date(svc.clock.now()).toISOString(),
    Campaign: c.campaign.name,
    'Campaign ID': c.campaign.id,
    Part: c.part,
    Action: known ? 'stop' : 'stop (outcome unknown)',
    People: known ? c.stopped! : '',
    'Credits charged': charged === null ? UNKNOWN_CHARGE : refundOf(rec, charged),
    Key: payerKey(svc, rec),
    Note: known ? stopNote(c.stopped!, charged) : NOTES.unknownStop!,
  };
  try {
    appendRecord(svc, row);
  } catch (e) {
    if (toFailure(e).error.code === 'protected') toast(svc, `The ${CREDITS_TAB} tab is protected, so this stop (${c.campaign.name}) was not recorded there.`);
  }
  bookRow(svc, row);
  if (!known) {
    const open: OpenStop = {
      at: String(row.When),
      part: c.part,
      campaign: c.campaign,
      waitingBefore: c.waitingBefore,
      cancelledBefore: c.cancelledBefore ?? null,
    };
    setJson(svc.docProps, OPEN_STOPS_KEY, [...openStops(svc), open].slice(-OPEN_MAX));
  }
}

function stopNote(stopped: number, charged: number | null): string {
  return `${stopped} cancelled, ${charged ?? 'an unknown number'} of them charged; a stop charges nothing and their credits come back.`;
}

function openStops(svc: Services): OpenStop[] {
  return getJson<OpenStop[]>(svc.docProps, OPEN_STOPS_KEY) || [];
}

/** Parts with a stop whose answer was lost (their detail settles it). */
export function openStopParts(svc: Services): string[] {
  return openStops(svc).map((o) => o.part);
}

/**
 * Completes stops whose answer was lost, from their parts' details (docs/rules.md#unknown-outcomes): it
 * happened when the part shows it stopped or more people cancelled, and then gives back the credits
 * of the charged people among them; it did not when, two minutes on, neither shows. Callers hold the
 * document lock.
 */
export function settleStops(svc: Services, details: ReadonlyMap<string, Pick<CampaignDetail, 'status' | 'counts'>>): void {
  const open = openStops(svc);
  const now = svc.clock.now();
  const done = new Map<OpenStop, Settled>();
  for (const o of open) {
    const d = details.get(o.part);
    if (!d) continue;
    const verdict = stopVerdict(
      { at: Date.parse(o.at), cancelledBefore: o.cancelledBefore },
      { stopped: d.status === 'stopped', cancelled: d.counts.cancelled },
      now,
    );
    if (verdict === 'not_happened')
      done.set(o, { charged: 0, people: 0, note: 'Two minutes later the campaign showed no stop and nobody cancelled: it did not stop.' });
    if (verdict !== 'happened') continue;
    noteCancelled(svc, o, d.counts.cancelled);
    const cancelled = o.cancelledBefore === null ? null : d.counts.cancelled - o.cancelledBefore;
    const charged = cancelled === null || o.waitingBefore === null ? null : Math.max(0, cancelled - o.waitingBefore);
    done.set(o, {
      charged: charged === null ? UNKNOWN_CHARGE : refundOf(partRecord(svc, o.part), charged),
      people: cancelled ?? undefined,
      note: `The campaign shows it stopped: ${cancelled === null ? 'how many it cancelled is not known.' : stopNote(cancelled, charged)}`,
    });
  }
  if (done.size === 0) return;
  if (!completeRows(svc, done)) return;
  const left = open.filter((o) => !done.has(o));
  setJson(svc.docProps, OPEN_STOPS_KEY, left.length > 0 ? left : null);
}

/**
 * Per campaign, by a short hash of each part's id (so a value stays small at 200 parts,
 * docs/rules.md#budgets): `base`, failures seen on a part before the record held any charge of it
 * (never the add-on's to book); `booked`, the failed count whose refunds the record already holds
 * (a poll with nothing new reads no record).
 */
const failedKey = (campaignId: string, slot: 'base' | 'booked') => `credits.failed.${campaignId}.${slot}`;
/** The one shared value earlier versions kept for every part by full id: pruned as its parts are seen. */
const OLD_FAILED_KEY = 'credits.failed';

function pruneOldFailed(svc: Services, parts: Iterable<string>): void {
  const old = getJson<Record<string, number>>(svc.docProps, OLD_FAILED_KEY);
  if (!old) return;
  let moved = false;
  for (const part of parts)
    if (old[part] !== undefined) {
      delete old[part];
      moved = true;
    }
  if (moved) setJson(svc.docProps, OLD_FAILED_KEY, Object.keys(old).length > 0 ? old : null);
}

/**
 * Records the credits of newly failed videos coming back (docs/rules.md#refunds), from the parts' counts just read.
 * Idempotent on its evidence: the failed people a part's refund rows already hold are never booked
 * again, whoever reads the same count (a poll, a timer, a colleague), and each refund goes under the
 * key that paid. Callers hold the document lock, so two readers never append the same failures.
 */
export function recordRefunds(
  svc: Services,
  details: ReadonlyMap<string, { counts: Pick<CampaignDetail['counts'], 'failed'> }>,
  campaign: { id: string; name: string },
): void {
  pruneOldFailed(svc, details.keys());
  const base = getJson<Record<string, number>>(svc.docProps, failedKey(campaign.id, 'base')) || {};
  const booked = getJson<Record<string, number>>(svc.docProps, failedKey(campaign.id, 'booked')) || {};
  const h = (part: string) => shortHash(part);
  const fresh = [...details].filter(([part, d]) => d.counts.failed > Math.max(base[h(part)] ?? 0, booked[h(part)] ?? 0));
  if (fresh.length === 0) return;
  const records = partRecords(svc);
  for (const [part, d] of fresh) {
    const failed = d.counts.failed;
    const rec = records.get(part);
    // Not charged by the add-on (yet): these failures are not its to book.
    if (!rec || (rec.people === 0 && rec.key === null)) {
      base[h(part)] = failed;
      continue;
    }
    const n = failed - (base[h(part)] ?? 0) - rec.failedBooked;
    if (n > 0 && !bookRefund(svc, campaign, part, rec, n)) continue;
    booked[h(part)] = failed;
  }
  setJson(svc.docProps, failedKey(campaign.id, 'base'), Object.keys(base).length > 0 ? base : null);
  setJson(svc.docProps, failedKey(campaign.id, 'booked'), booked);
}

/** One refund row for n failed people of a part; false when the record could not be written (the next reader books it). */
function bookRefund(svc: Services, campaign: { id: string; name: string }, part: string, rec: PartRecord, n: number): boolean {
  const row: Row = {
    When: new Date(svc.clock.now()).toISOString(),
    Campaign: campaign.name,
    'Campaign ID': campaign.id,
    Part: part,
    Action: 'refund',
    People: n,
    'Credits charged': refundOf(rec, n),
    Key: payerKey(svc, rec),
    Note: `${n} ${n === 1 ? 'video' : 'videos'} failed; the service gives their credits back.`,
  };
  try {
    appendRecord(svc, row);
  } catch {
    return false;
  }
  bookRow(svc, row);
  return true;
}

/** The timer's share: failed videos' credits coming back, seen in the campaign list it already holds (no request of its own). */
export function refundsFromList(svc: Services, bound: BoundCampaign | null, list: () => ReadonlyMap<string, CampaignSummary> | null): void {
  if (!bound) return;
  let summaries: ReadonlyMap<string, CampaignSummary> | null;
  try {
    summaries = list();
  } catch {
    return; // The next run sees them.
  }
  if (!summaries) return;
  const parts = loadParts(svc.docProps, bound);
  const failed = new Map(
    parts.parts.flatMap((p) => {
      const s = summaries!.get(p.id);
      return s ? [[p.id, { counts: { failed: s.failed } }] as const] : [];
    }),
  );
  recordRefunds(svc, failed, { id: parts.id, name: parts.name });
}

function openOutcomes(svc: Services): Open[] {
  return getJson<Open[]>(svc.docProps, OPEN_KEY) || [];
}

/** The record tab, made (at the end, bold header) on the first charge; the person stays on their tab. */
function recordTab(svc: Services): Sheet {
  const ss = svc.sheets.getActiveSpreadsheet();
  const found = ss.getSheetByName(CREDITS_TAB);
  if (found) return found;
  const active = ss.getActiveSheet();
  const tab = ss.insertSheet(CREDITS_TAB, ss.getNumSheets());
  tab
    .getRange(1, 1, 1, COLUMNS.length)
    .setValues([[...COLUMNS]])
    .setFontWeight('bold');
  tab.setFrozenRows(1);
  ss.setActiveSheet(active);
  return tab;
}

/** People still waiting in each part, by its detail (a generate or preview moves them on). */
export function waitingIn(details: Map<string, CampaignDetail>): Map<string, number> {
  return new Map([...details].map(([id, d]) => [id, d.counts.pending]));
}

/** What was read about the parts: people waiting now, and (read only when needed) the balance now. */
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

/** Settles what the campaign list can show (a request only when an outcome is open and no list is in hand). */
export function settleFromList(svc: Services, api: ApiClient, list: () => ReadonlyMap<string, CampaignSummary> | null): void {
  if (!hasOpen(svc)) return;
  let summaries: ReadonlyMap<string, CampaignSummary> | null;
  try {
    summaries = list();
  } catch {
    return; // Kept open: a refused key or a silent API proves nothing.
  }
  if (summaries) settleUnknown(svc, evidenceFrom(api, new Map([...summaries].map(([id, c]) => [id, c.waiting]))));
}

/** The parts record keeps who a stop cancelled, as a stop's reply would have said: a later stop counts from there. */
function noteCancelled(svc: Services, o: OpenStop, cancelled: number): void {
  if (!o.campaign) return;
  const parts = loadParts(svc.docProps, o.campaign);
  const part = parts.parts.find((p) => p.id === o.part);
  if (!part || (part.cancelled ?? 0) >= cancelled) return;
  part.cancelled = cancelled;
  saveParts(svc.docProps, parts);
}

/** The timer's share of lost stops: their parts' details, read only while one is open (docs/rules.md#unknown-outcomes). */
export function settleStopsFromApi(svc: Services, api: ApiClient): void {
  const parts = openStopParts(svc);
  if (parts.length === 0) return;
  const details = new Map<string, CampaignDetail>();
  try {
    api.getCampaigns(parts).forEach((d, i) => {
      if (!isApiError(d)) details.set(parts[i]!, d);
    });
  } catch {
    return; // Kept open: a silent API proves nothing.
  }
  settleStops(svc, details);
}

/** Whether any unknown outcome is open (no request is made when none is). */
export function hasOpen(svc: Services): boolean {
  return openOutcomes(svc).length > 0;
}

/** The oldest open unknown outcome among these parts, as the sidebar shows it (). */
export function unsettledOf(svc: Services, parts: ReadonlySet<string>): Unsettled | null {
  const o = openOutcomes(svc).find((x) => parts.has(x.part));
  if (!o) return null;
  return { action: o.action ?? 'generate', since: o.at, knownBy: new Date(knownBy(Date.parse(o.at))).toISOString() };
}

/**
 * Settles unknown outcomes by evidence only (docs/rules.md#unknown-outcomes): it happened when people left waiting (its
 * figure is the balance's move); it did not when, two minutes on, neither the waiting count nor the
 * balance moved. Until then the row stays "unknown" and the outcome open.
 */
export function settleUnknown(svc: Services, ev: Evidence): void {
  const open = openOutcomes(svc);
  const now = svc.clock.now();
  const done = new Map<Open, Settled>();
  for (const o of open) {
    const waiting = ev.waiting.get(o.part);
    if (waiting === undefined) continue;
    const verdict = judge(o, waiting, now, () => ev.balance(o.part));
    if (verdict) done.set(o, verdict);
  }
  if (done.size === 0) return;
  if (!completeRows(svc, done)) return;
  const left = open.filter((o) => !done.has(o));
  setJson(svc.docProps, OPEN_KEY, left.length > 0 ? left : null);
}

/** Completes settled rows; false when they stay open for the next read (a protected record can never be completed). */
function completeRows(svc: Services, done: ReadonlyMap<Open | OpenStop, Settled>): boolean {
  try {
    const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
    if (tab) for (const [o, v] of done) complete(svc, tab, o, v);
  } catch (e) {
    if (toFailure(e).error.code !== 'protected') return false;
  }
  return true;
}

interface Settled {
  charged: number | string;
  people?: number;
  note: string;
}

function judge(o: Open, waiting: number, now: number, balance: () => number | null): Settled | null {
  // The verdict is the shared rule's; this side only words it and finds the figure.
  let b: number | null | undefined;
  const read = () => (b === undefined ? (b = balance()) : b);
  const verdict = outcomeVerdict({ at: Date.parse(o.at), pending: o.waiting, balance: o.balance }, waiting, now, read);
  if (verdict === 'happened') {
    const started = o.waiting - waiting;
    const moved = read() !== null && o.balance !== undefined ? o.balance - read()! : null;
    const figure = moved !== null && moved > 0 && moved <= o.high ? moved : null;
    return {
      charged: figure ?? UNKNOWN_CHARGE,
      people: started,
      note:
        `${started} of ${o.waiting} people were started, so it charged (up to ${o.high} quoted)` +
        (figure !== null ? `; the figure is the balance’s move (${o.balance} → ${b}).` : '; the API gives no exact figure.'),
    };
  }
  if (verdict === 'not_happened')
    return { charged: 0, people: 0, note: 'Two minutes later everyone was still waiting and the balance had not moved: nothing was charged.' };
  if (verdict === 'cannot_tell')
    return { charged: UNKNOWN_CHARGE, note: 'People were added or the balance moved meanwhile, so the campaign cannot tell whether it charged.' };
  return null;
}

function complete(svc: Services, tab: Sheet, o: Open | OpenStop, v: Settled): void {
  const values = tab.getDataRange().getDisplayValues();
  const col = (h: Column) => values[0]!.indexOf(h);
  // A stop and the charge before it can share a millisecond: the action tells their rows apart.
  const stop = 'cancelledBefore' in o;
  const i = values.findIndex((r) => r[col('When')] === o.at && r[col('Part')] === o.part && String(r[col('Action')]).startsWith('stop') === stop);
  if (i < 1) return;
  const set = (h: Column, x: string | number) => {
    if (col(h) >= 0) tab.getRange(i + 1, col(h) + 1).setValue(literal(x));
  };
  set('Credits charged', v.charged);
  if (v.people !== undefined) set('People', v.people);
  set('Note', v.note);
  const row = Object.fromEntries(values[0]!.map((h, j) => [h, values[i]![j]])) as Row;
  bookRow(svc, { ...row, 'Credits charged': v.charged, 'Credits quoted': 'high' in o ? o.high : '' });
}

/**
 * Today's (UTC) charges of this person's key from the record's rows, net of refunds (docs/rules.md#money-record); each
 * row is also booked in the person's day, so a refund a colleague saw first counts against their limit.
 */
export function spentToday(svc: Services): SpendToday {
  const spent: SpendToday = { chargedToday: 0, unknownToday: 0 };
  const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
  if (!tab || tab.getLastRow() < 2) return spent;
  const [head, ...rows] = tab.getDataRange().getValues();
  if (!head!.includes('When') || !head!.includes('Credits charged')) return spent;
  const mine = publicSettings(svc.userProps).keyHint || '';
  const today = new Date(svc.clock.now()).toISOString().slice(0, 10);
  for (const values of rows) {
    const r = Object.fromEntries(head!.map((h, j) => [String(h), values[j]])) as Row;
    // Another person's key has its own allowance and its own figure.
    if (!String(r.When).startsWith(today) || (head!.includes('Key') && String(r.Key) !== mine)) continue;
    if (typeof r['Credits charged'] === 'number') spent.chargedToday += r['Credits charged'];
    // A stop of unknown outcome can only give credits back: no charge of unknown size.
    else if (!String(r.Action).startsWith('stop')) spent.unknownToday++;
    bookRow(svc, r);
  }
  return spent;
}

export function showCreditsRecord(svc: Services): Reply<{ sheetName: string | null }> {
  return handle(() => {
    const ss = svc.sheets.getActiveSpreadsheet();
    const tab = ss.getSheetByName(CREDITS_TAB);
    if (tab) ss.setActiveSheet(tab);
    return { sheetName: tab ? CREDITS_TAB : null };
  });
}
