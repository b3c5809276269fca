// The spending record (DESIGN 11): one row per charge the add-on causes, appended to the tab
// "Video credits" and never rewritten; a row whose outcome was unknown is completed once its part is read.
import type { ApiClient } from '../api/client';
import type { CampaignDetail, CampaignSummary, Estimate } from '../api/types';
import { getJson, setJson } from '../core/json-props';
import { shortHash } from '../core/hash';
import { toFailure } from './failure';
import type { Services } from '../core/services';
import { literal } from '../sheet/cells';
import { readHeaders, type Sheet } from '../sheet/table';
import type { Reply, SpendToday, Unsettled } from './contract';
import { handle } from './handle';
import { loadParts } from './parts';
import { publicSettings } from './settings';
import type { BoundCampaign } from './sheet-state';

export const CREDITS_TAB = 'Video credits';
const COLUMNS = ['When', 'Campaign', 'Campaign ID', 'Part', 'Action', 'People', 'Credits quoted', 'Credits charged', 'Key', 'Note'] as const;
type Column = (typeof COLUMNS)[number];
type Row = Partial<Record<Column, string | number>>;

/** What the charged cell says when the API cannot tell the figure: never a guess. */
export const UNKNOWN_CHARGE = 'unknown — see the service’s billing';
/** Unknown outcomes still to complete, in DocumentProperties (the record is the spreadsheet's). */
const OPEN_KEY = 'credits.open';
const OPEN_MAX = 20;

export interface Charge {
  campaign: { id: string; name: string };
  part: string;
  action: 'preview' | 'generate' | 'stop' | 'refund';
  /** The part's estimate read just before the call. */
  quote?: Estimate;
  /** What the reply said; absent when no clear answer came back. */
  done?: { people: number; charged: number };
}

/** An unknown outcome waiting for evidence; its row is found again by when and part. */
interface Open { at: string; part: string; waiting: number; high: number; balance?: number; action?: 'preview' | 'generate'; campaign?: string }

/** How long an unknown outcome may take to show (DESIGN 6.2): no move by then means it did not happen. */
export const SETTLE_MS = 2 * 60_000;

const NOTES: Record<string, string> = {
  preview: 'A preview renders the first few people; the quote is for everyone waiting.',
  stop: 'A stop charges nothing; the credits of the people it cancelled come back (a negative figure here).',
  unknown: 'No clear answer came back; completed once the campaign shows what happened (within two minutes).',
  unknownStop: 'No clear answer came back; a stop never charges.',
};

/** Appends a charge's row. A record that cannot be written never turns a charge into an error. */
export function recordCharge(svc: Services, c: Charge): void {
  const at = new Date(svc.clock.now()).toISOString();
  const { done, quote } = c;
  const stop = c.action === 'stop';
  const quoted = !stop && quote;
  const row: Row = {
    When: at, Campaign: c.campaign.name, 'Campaign ID': c.campaign.id, Part: c.part,
    Action: done ? c.action : `${c.action} (outcome unknown)`,
    // A generate is for everyone waiting; how many a preview renders is not said.
    People: done ? done.people : c.action === 'generate' && quote ? quote.leads : '',
    'Credits quoted': quoted ? quoted.high : '',
    // A stop never charges, whatever its outcome; what it cancelled comes back. An unknown charge is never written as 0 (DESIGN 11).
    'Credits charged': done ? (stop ? refundOf(svc, c.part, done.people) : done.charged) : stop ? 0 : UNKNOWN_CHARGE,
    Key: publicSettings(svc.userProps).keyHint || '',
    Note: NOTES[done ? c.action : stop ? 'unknownStop' : 'unknown'] || '',
  };
  try {
    const tab = recordTab(svc);
    // appendRow is atomic: two people charging at once cannot write the same row.
    tab.appendRow(readHeaders(tab).map((h) => literal(h in row ? row[h as Column] : '')));
  } catch (e) {
    // The charge stands whatever happens to its record; a protected tab is said in a toast (DESIGN 12).
    if (toFailure(e).error.code === 'protected') toast(svc, `The ${CREDITS_TAB} tab is protected, so this charge (${row.Action}, ${c.campaign.name}) was not recorded there. Ask the owner to let you edit it.`);
  }
  // Kept even when the record could not be written: the evidence rule still holds the buttons (DESIGN 6.2).
  if (!done && quoted) {
    const open: Open = { at, part: c.part, waiting: quoted.leads, high: quoted.high, balance: quoted.balance, action: c.action as Open['action'], campaign: c.campaign.id };
    setJson(svc.docProps, OPEN_KEY, [...openOutcomes(svc), open].slice(-OPEN_MAX));
  }
}

function toast(svc: Services, message: string): void {
  try {
    svc.sheets.getActiveSpreadsheet().toast(message, CREDITS_TAB, 30);
  } catch {
    // Nowhere else to say it.
  }
}

/** Credits per person the part was charged, from its record rows (generate and preview); null when not known. */
function pricePerPerson(svc: Services, part: string): number | null {
  const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
  if (!tab || tab.getLastRow() < 2) return null;
  const [head, ...rows] = tab.getDataRange().getValues();
  const col = (h: Column) => head!.indexOf(h);
  let people = 0;
  let charged = 0;
  for (const r of rows) {
    // A settled unknown outcome keeps its "(outcome unknown)" label and counts once its figure is known.
    if (r[col('Part')] !== part || !/^(generate|preview)\b/.test(String(r[col('Action')]))) continue;
    const n = r[col('People')];
    const c = r[col('Credits charged')];
    if (typeof n === 'number' && n > 0 && typeof c === 'number') { people += n; charged += c; }
  }
  return people > 0 ? charged / people : null;
}

/** The credits `people` of a part get back (negative), or the unknown sentence. */
function refundOf(svc: Services, part: string, people: number): number | string {
  if (people <= 0) return 0;
  const price = pricePerPerson(svc, part);
  return price === null ? UNKNOWN_CHARGE : -Math.round(price * people);
}

/**
 * Failed videos seen so far per part, in DocumentProperties: each new failure's credits come back once. One value
 * per campaign, parts by a short hash of their id, so it stays small at 200 parts (docs/rules.md#budgets).
 */
const failedKey = (campaignId: string) => `credits.failed.${campaignId}`;
/** The one value of every campaign's parts that came before, by full id: moved out part by part as they are seen. */
const OLD_FAILED_KEY = 'credits.failed';

/** The campaign's record of failed videos, taking over (and pruning) what the old shared record held for its parts. */
function failedSeen(svc: Services, campaignId: string, parts: Iterable<string>): Record<string, number> {
  const seen = getJson<Record<string, number>>(svc.docProps, failedKey(campaignId)) || {};
  const old = getJson<Record<string, number>>(svc.docProps, OLD_FAILED_KEY);
  if (!old) return seen;
  let moved = false;
  for (const part of parts) {
    if (old[part] === undefined) continue;
    seen[shortHash(part)] = Math.max(seen[shortHash(part)] ?? -1, old[part]!);
    delete old[part];
    moved = true;
  }
  if (moved) setJson(svc.docProps, OLD_FAILED_KEY, Object.keys(old).length > 0 ? old : null);
  return seen;
}

/**
 * Records the credits of newly failed videos coming back (DESIGN 11), from the parts' details just
 * read: one refund row per part whose failed count rose since last seen. A part first seen starts
 * from 0 only when the record holds its charge, so failures before the add-on charged are not counted.
 */
export function recordRefunds(svc: Services, details: ReadonlyMap<string, { counts: Pick<CampaignDetail['counts'], 'failed'> }>, campaign: { id: string; name: string }): void {
  const seen = failedSeen(svc, campaign.id, details.keys());
  let changed = false;
  for (const [part, d] of details) {
    const failed = d.counts.failed;
    const h = shortHash(part);
    const before = seen[h] ?? (pricePerPerson(svc, part) === null ? failed : 0);
    // Failed counts only grow: a part read as zero for want of its summary never brings a refund twice.
    if (failed > (seen[h] ?? -1)) { seen[h] = failed; changed = true; }
    if (failed <= before) continue;
    const n = failed - before;
    try {
      const tab = recordTab(svc);
      const row: Row = {
        When: new Date(svc.clock.now()).toISOString(), Campaign: campaign.name, 'Campaign ID': campaign.id, Part: part,
        Action: 'refund', People: n, 'Credits charged': refundOf(svc, part, n), Key: publicSettings(svc.userProps).keyHint || '',
        Note: `${n} ${n === 1 ? 'video' : 'videos'} failed; the service gives their credits back.`,
      };
      tab.appendRow(readHeaders(tab).map((h) => literal(h in row ? row[h as Column] : '')));
    } catch {
      // The record never turns a read into an error.
    }
  }
  if (changed) setJson(svc.docProps, failedKey(campaign.id), seen);
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
  const failed = new Map(parts.parts.flatMap((p) => {
    const s = summaries!.get(p.id);
    return s ? [[p.id, { counts: { failed: s.failed } }] as const] : [];
  }));
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
  tab.getRange(1, 1, 1, COLUMNS.length).setValues([[...COLUMNS]]).setFontWeight('bold');
  tab.setFrozenRows(1);
  ss.setActiveSheet(active);
  return tab;
}

/** People still waiting in each part, by its detail (a generate or preview moves them on). */
export function waitingIn(details: Map<string, CampaignDetail>): Map<string, number> {
  return new Map([...details].map(([id, d]) => [id, d.counts.pending]));
}

/** What was read about the parts: people waiting now, and (read only when needed) the balance now. */
export interface Evidence { waiting: ReadonlyMap<string, number>; balance(partId: string): number | null; /** A request was spent on the balance. */ spent?: boolean }

/** Evidence from an API client: the balance costs one estimate, read at most once. */
export function evidenceFrom(api: ApiClient, waiting: ReadonlyMap<string, number>): Evidence {
  let read: number | null | undefined;
  const ev: Evidence = {
    waiting,
    balance(partId) {
      if (read === undefined) {
        ev.spent = true;
        try { read = api.getEstimate(partId).balance; } catch { read = null; }
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

/** Whether any unknown outcome is open (no request is made when none is). */
export function hasOpen(svc: Services): boolean {
  return openOutcomes(svc).length > 0;
}

/** The oldest open unknown outcome among these parts, as the sidebar shows it (contract 1). */
export function unsettledOf(svc: Services, parts: ReadonlySet<string>): Unsettled | null {
  const o = openOutcomes(svc).find((x) => parts.has(x.part));
  if (!o) return null;
  return { action: o.action ?? 'generate', since: o.at, knownBy: new Date(Date.parse(o.at) + SETTLE_MS).toISOString() };
}

/**
 * Settles unknown outcomes by evidence only (DESIGN 6.2): it happened when people left waiting (its
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
  try {
    const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
    if (tab) for (const [o, v] of done) complete(tab, o, v);
  } catch (e) {
    // Kept open for the next read, unless the record is protected: then it can never be completed.
    if (toFailure(e).error.code !== 'protected') return;
  }
  const left = open.filter((o) => !done.has(o));
  setJson(svc.docProps, OPEN_KEY, left.length > 0 ? left : null);
}

interface Settled { charged: number | string; people?: number; note: string }

function judge(o: Open, waiting: number, now: number, balance: () => number | null): Settled | null {
  const started = o.waiting - waiting;
  if (started > 0) {
    const b = balance();
    const moved = b !== null && o.balance !== undefined ? o.balance - b : null;
    const figure = moved !== null && moved > 0 && moved <= o.high ? moved : null;
    return {
      charged: figure ?? UNKNOWN_CHARGE, people: started,
      note: `${started} of ${o.waiting} people were started, so it charged (up to ${o.high} quoted)` +
        (figure !== null ? `; the figure is the balance’s move (${o.balance} → ${b}).` : '; the API gives no exact figure.'),
    };
  }
  if (now - Date.parse(o.at) < SETTLE_MS) return null;
  const b = balance();
  if (started === 0 && b !== null && b === o.balance) return { charged: 0, note: 'Two minutes later everyone was still waiting and the balance had not moved: nothing was charged.' };
  return { charged: UNKNOWN_CHARGE, note: 'People were added or the balance moved meanwhile, so the campaign cannot tell whether it charged.' };
}

function complete(tab: Sheet, o: Open, v: Settled): void {
  const values = tab.getDataRange().getDisplayValues();
  const col = (h: Column) => values[0]!.indexOf(h);
  const i = values.findIndex((r) => r[col('When')] === o.at && r[col('Part')] === o.part);
  if (i < 1) return;
  const set = (h: Column, x: string | number) => { if (col(h) >= 0) tab.getRange(i + 1, col(h) + 1).setValue(literal(x)); };
  set('Credits charged', v.charged);
  if (v.people !== undefined) set('People', v.people);
  set('Note', v.note);
}

/** Today's (UTC) charges of this person's key from the record's rows, net of refunds (DESIGN 11). */
export function spentToday(svc: Services): SpendToday {
  const spent: SpendToday = { chargedToday: 0, unknownToday: 0 };
  const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
  if (!tab || tab.getLastRow() < 2) return spent;
  const [head, ...rows] = tab.getDataRange().getValues();
  const when = head!.indexOf('When');
  const charged = head!.indexOf('Credits charged');
  const key = head!.indexOf('Key');
  if (when < 0 || charged < 0) return spent;
  const mine = publicSettings(svc.userProps).keyHint || '';
  const today = new Date(svc.clock.now()).toISOString().slice(0, 10);
  for (const r of rows) {
    if (!String(r[when]).startsWith(today)) continue;
    // Another person's key has its own allowance and its own figure.
    if (key >= 0 && String(r[key]) !== mine) continue;
    if (typeof r[charged] === 'number') spent.chargedToday += r[charged] as number;
    else spent.unknownToday++;
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
