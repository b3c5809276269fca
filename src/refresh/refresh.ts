// One refresh pass over a sheet: the campaign list (one request, shared by every tab of the run) says
// which campaigns (parts) changed; only those cost a detail and a videos list, read together with
// fetchAll; GET /leads only for rows that the counts and the list cannot settle (docs/rules.md#parts).
// Rows are found by Lead ID when written.
import { campaignsById } from '../api/client';
import type { ApiClient } from '../api/client';
import { ApiError, isApiError, isRunTimeUp, apiCode } from '../api/errors';
import type { CampaignDetail, CampaignSummary, FinishedVideo, Lead } from '../api/types';
import type { PersonField } from '../shared/person';
import type { Clock } from '../core/clock';
import { keepSeen, keepSettled, seenOf, type PartSeen } from '../records/part-memory';
import type { Props } from '../core/services';
import { keyOf, rowKey } from '../sheet/names';
import { DOUBTS_PER_RUN, staleValues } from '../register/people';
import { personFromRow, type Fallbacks } from '../shared/row-person';
import { writeByLeadId, type RowDecision } from '../sheet/by-lead-id';
import { readLeadRows } from '../sheet/lead-rows';
import { openTable, type Sheet, type Table, idOf } from '../sheet/table';
import {
  asRecovered,
  byFirstName,
  evidenceEntry,
  headerIndex,
  nameIds,
  namesSomeoneElse,
  rowNamesSomeoneElse,
  sentIds,
  type Entry,
  type Register,
} from '../register/identity';
import { appendEntries, claimEntries, readRegister } from '../register/store';
import type { RegisterSpan } from '../records/register-records';
import { planStatuses, type PlanInput, type RowInfo } from './plan';
import { isUnresolved, NOTES, valuesForLead, type RowValues } from './row-status';
import { nowOf } from '../core/clock';

/** While renders run, failures are hunted lead by lead only among this many rows; more waits for the end. */
export const HUNT_LIMIT = 50;
/** Room kept before the deadline for the last write. */
const WRITE_MARGIN_MS = 15_000;
/** Parts whose details and videos lists are read together before they are refreshed. */
const PARTS_PER_READ = 25;
/** Parts outside the list, all of whose renders were still queued, read each pass: the next in line. */
const QUEUED_READS = 2;
/** The others are read again after this long, whatever order the service starts them in. */
const QUEUED_RECHECK_MS = 3_600_000;

export interface RefreshInput {
  sheet: Sheet;
  api: ApiClient;
  clock: Clock;
  deadline: number;
  /** Where the last seen counts are kept (DocumentProperties). */
  memo: Props;
  /** The bound campaign, for rows whose Campaign ID cell is empty. */
  defaultCampaignId?: string | null;
  /** Only these campaigns (the parts of one add-on campaign). */
  only?: ReadonlySet<string>;
  /** Details already fetched in this run, by campaign id. */
  details?: Map<string, CampaignDetail>;
  /** The newest campaigns' summaries, fetched once per run and shared by its tabs; null when the list could not be read. */
  summaries?: () => ReadonlyMap<string, CampaignSummary> | null;
  /** Poll every unresolved row the counts cannot settle, however many (after a stop). */
  eager?: boolean;
  /** The tab's column choices and fallbacks: a row is the person they make of it (docs/rules.md#sheet). */
  overrides?: Partial<Record<PersonField, string>>;
  fallbacks?: Fallbacks;
  /** At most this many GET /leads (the sidebar's poll: none); rows left over keep the campaign to look at again. */
  leadPolls?: number;
  /** The register rows of this tab's people (null: none; absent: read it all). */
  registerSpan?: RegisterSpan | null;
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

/** Nothing of the part has started: it cannot move before the service's capacity reaches it. */
function onlyQueued(d: CampaignDetail): 1 | undefined {
  const st = Object.entries(d.stages);
  return d.counts.rendering > 0 && st.every(([k, n]) => k === 'queued' || !n) && (d.stages.queued || 0) >= d.counts.rendering ? 1 : undefined;
}

/** What of a summary can tell that a campaign moved (nextStep's wording is not). */
export function summarySignature(s: CampaignSummary): string {
  return JSON.stringify([s.status, s.leadCount, s.waiting, s.complete, s.failed]);
}

/** One GET /campaigns?limit=100 for a whole run, read when first needed. */
export function sharedSummaries(api: ApiClient): () => ReadonlyMap<string, CampaignSummary> | null {
  let list: ReadonlyMap<string, CampaignSummary> | null | undefined;
  return () => {
    if (list === undefined) {
      try {
        list = campaignsById(api);
      } catch (e) {
        if (isApiError(e) && (e.code === 'unauthorized' || e.code === 'api_off' || e.code === 'quota')) throw e;
        list = null;
      }
    }
    return list;
  };
}

/** What a pass learnt, written once at its end (docs/rules.md#budgets): by Lead ID, and the leads read. */
interface Writes {
  updates: Map<string, RowValues>;
  leads: Map<string, Lead>;
  register: Register;
  /** Lead IDs the register does not know, with the cells of their one row (null: several rows carry it). */
  unknown: Map<string, readonly unknown[] | null>;
  /** What each campaign read is remembered as, kept only once the pass's write went through (null: forgotten). */
  memos: Map<string, PartSeen | null>;
}

function learn(w: Writes, updates: ReadonlyMap<string, RowValues>, leads: ReadonlyMap<string, Lead>): void {
  for (const [id, v] of updates) w.updates.set(id, { ...w.updates.get(id), ...v });
  for (const [id, l] of leads) w.leads.set(id, l);
}

export function refreshSheet(input: RefreshInput): RefreshResult {
  const { sheet } = input;
  const details = input.details || new Map<string, CampaignDetail>();
  const result: RefreshResult = { updated: 0, remaining: 0, finished: true, details };
  // A read: a missing output column is not made here (only the writer makes them).
  const table = openTable(sheet, input.overrides, false);
  const col = table.layout.outputs;
  if (col.leadId === undefined || col.status === undefined || sheet.getLastRow() < 2) return result;
  const writes: Writes = {
    updates: new Map(),
    leads: new Map(),
    register: readRegister(registerDoc(input), input.registerSpan),
    memos: new Map(),
    unknown: new Map(),
  };
  let failure: unknown = null;
  try {
    passOver(input, table, writes, result);
  } catch (e) {
    failure = e;
  }
  // What was learnt is written even when the pass failed; a campaign counts as seen only once its rows are written.
  result.updated += writePass(input, writes);
  adopt(input, table, writes);
  for (const [id, seen] of writes.memos) keepSeen(input.memo, idOf(sheet), id, seen);
  if (failure) throw failure;
  return result;
}

function passOver(input: RefreshInput, table: Table, writes: Writes, result: RefreshResult): void {
  const { layout } = table;
  const find = headerIndex(table.headers);
  const byCampaign = new Map<string, Map<string, RowInfo>>();
  const tally = new Map<string, { counts: Record<string, number>; ids: Set<string> }>();
  const names = new RowNames();
  for (const row of readLeadRows(table)) {
    const { leadId, cells } = row;
    if (!leadId) continue;
    const sent = writes.register.byLead(leadId);
    // The service said it has no such lead: nothing is learnt of it while its row says so (docs/rules.md#budgets).
    if (!sent && row.note === NOTES.gone(leadId)) continue;
    // The register says which part the lead is in: the Campaign ID cell is the person's to clear or rename (docs/rules.md#register).
    const campaignId = (sent && sent.part) || row.campaignId || input.defaultCampaignId || '';
    if (!campaignId || (input.only && !input.only.has(campaignId))) continue;
    // The register says who the Lead ID is: a row whose cells definitely name someone else is cleared at the write.
    if (
      sent &&
      (rowNamesSomeoneElse(cells, sent, find) || (row.videoUrl && asRecovered(sent, () => personFromRow(cells, layout, {}).person.firstName) !== 'theirs'))
    ) {
      learn(writes, new Map([[leadId, {}]]), new Map());
      continue;
    }
    // A Lead ID the register does not know (a copy's rows whose register was lost, rows from before it), on a row that
    // shows links or no part: its lead says who it is and where, once, and joins the register (docs/rules.md#copies).
    if (!sent && writes.register.whole && input.leadPolls === undefined && (row.videoUrl || row.pageUrl || !row.campaignId || writes.unknown.has(leadId)))
      writes.unknown.set(leadId, writes.unknown.has(leadId) ? null : cells);
    const name = sent ? keyOf(sent) : rowKey(cells, layout, input.fallbacks || {});
    names.add(campaignId, leadId, name);
    const status = row.status.toLowerCase();
    // By distinct Lead ID: a person pasted on two rows is one person of the campaign.
    const t = tally.get(campaignId) || { counts: {}, ids: new Set<string>() };
    if (!t.ids.has(leadId)) {
      t.ids.add(leadId);
      t.counts[status] = (t.counts[status] || 0) + 1;
    }
    tally.set(campaignId, t);
    if (!isUnresolved(status, row.videoUrl)) continue;
    const rows = byCampaign.get(campaignId) || new Map<string, RowInfo>();
    // A register someone edited says nothing, and the row's cells may have been typed over: no video is placed by its name.
    rows.set(leadId, { leadId, pageUrl: row.pageUrl, status, stray: !sent, ...(sent || writes.register.whole ? { name } : {}) });
    byCampaign.set(campaignId, rows);
  }
  // A Lead ID on rows naming different people (a row copied and typed over) is asked of the lead itself.
  for (const rows of byCampaign.values()) for (const id of names.doubtful) rows.delete(id);
  claimMoved(input, writes);
  settleDoubts(input, names, writes);

  const unseen = new Map<string, ApiError>();
  const ids = [...byCampaign.keys()];
  // Parts are read and refreshed a chunk at a time: a run whose time runs out keeps what it read (docs/rules.md#budgets).
  for (let i = 0; i < ids.length; i += PARTS_PER_READ) {
    const chunk = ids.slice(i, i + PARTS_PER_READ);
    const unread = new Set<string>();
    const reads = readChanged(input, chunk, result.details, unseen, unread);
    if (unread.size) result.finished = false;
    for (const campaignId of chunk) {
      if (unseen.has(campaignId)) continue;
      const t = tally.get(campaignId)!;
      const view = { tally: t.counts, distinctIds: t.ids.size, names: names.counts(campaignId) };
      refreshRead(input, campaignId, byCampaign.get(campaignId)!, view, reads.get(campaignId), writes, result);
    }
  }
  if (unseen.size) leaveUnseen(input, unseen, [...tally.keys()], byCampaign, result.details, writes);
}

/** One part's rows from what was read of it; a part not read (or no time left to write) waits for the next pass. */
function refreshRead(
  input: RefreshInput,
  campaignId: string,
  rows: Map<string, RowInfo>,
  view: Pick<PlanInput, 'tally' | 'distinctIds' | 'names'>,
  read: CampaignRead | undefined,
  writes: Writes,
  result: RefreshResult,
): void {
  if (!read) {
    const seen = seenOf(input.memo, idOf(input.sheet), campaignId);
    result.remaining += inFlight(rows, result.details.get(campaignId) || (seen ? { counts: seen.counts, stages: {} } : undefined));
    return;
  }
  if (nowOf(input) + WRITE_MARGIN_MS > input.deadline) {
    result.finished = false;
    result.remaining += rows.size;
    return;
  }
  const pass = refreshCampaign(input, campaignId, rows, view, read, writes);
  result.remaining += pass.remaining;
  if (!pass.finished) result.finished = false;
}

/**
 * Rows of a campaign this key cannot see (404: another workspace's, or deleted) are left as they are with
 * a note, and do not hold up the rest (docs/rules.md#sheet). When the key sees none of the tab's campaigns, it is
 * the key that is wrong: nothing is written (docs/rules.md#settings).
 */
function leaveUnseen(
  input: RefreshInput,
  unseen: Map<string, ApiError>,
  tabCampaigns: string[],
  byCampaign: Map<string, Map<string, RowInfo>>,
  details: Map<string, CampaignDetail>,
  writes: Writes,
): void {
  const list = (input.summaries && input.summaries()) || null;
  const seenAny = tabCampaigns.some((id) => !unseen.has(id) && (details.has(id) || list?.has(id)));
  if (!seenAny) throw unseen.values().next().value!;
  const notes = new Map<string, RowValues>();
  for (const id of unseen.keys()) for (const leadId of byCampaign.get(id)?.keys() || []) notes.set(leadId, { note: NOTES.campaignNotFound(id) });
  learn(writes, notes, new Map());
}

interface CampaignRead {
  detail: CampaignDetail;
  listed: FinishedVideo[];
  seen: PartSeen | null;
  summary?: string;
}

/** Rows still waiting for news; pending rows count only while the campaign renders (or when unknown). */
function inFlight(rows: Map<string, RowInfo>, detail: Pick<CampaignDetail, 'counts' | 'stages'> | undefined): number {
  const generating = !detail || detail.counts.rendering > 0 || Object.values(detail.stages).some((n) => n > 0);
  return [...rows.values()].filter((r) => r.status !== 'pending' || generating).length;
}

/**
 * The campaigns that moved since the last pass, with their detail and (when videos finished) their
 * list: one round of details and one of lists, through fetchAll. A campaign whose summary did not
 * change costs nothing; one missing from the newest 100 costs its detail.
 */
function readChanged(
  input: RefreshInput,
  ids: string[],
  details: Map<string, CampaignDetail>,
  unseen: Map<string, ApiError>,
  unread: Set<string>,
): Map<string, CampaignRead> {
  const { api, memo, sheet } = input;
  // The list is worth its request only when some campaign's detail is not in hand already.
  const summaries = ids.some((id) => !details.has(id)) ? (input.summaries && input.summaries()) || null : null;
  const seen = new Map(ids.map((id) => [id, seenOf(memo, idOf(sheet), id)]));
  const summaryOf = (id: string) => {
    const s = summaries && summaries.get(id);
    return s ? summarySignature(s) : undefined;
  };
  // A part outside the list is read unless all it had in flight was queued: then only the first in line, or after a while.
  let inLine = 0;
  const now = nowOf(input);
  const moved = ids.filter((id) => {
    const s = seen.get(id);
    const sig = summaryOf(id);
    if (input.eager || !s || sig) return input.eager || !s || s.summary !== sig;
    return !s.queued || inLine++ < QUEUED_READS || now - (s.at || 0) >= QUEUED_RECHECK_MS;
  });
  const toRead = moved.filter((id) => !details.has(id));
  api.getCampaigns(toRead).forEach((d, i) => {
    // Another workspace's campaign answers 404 too: its rows are left alone (leaveUnseen).
    if (isApiError(d) && d.code === 'not_found') unseen.set(toRead[i]!, new ApiError('not_found', d.status, NOTES.campaignNotFound(toRead[i]!)));
    // Left unsent by the run's deadline: read next pass (a silent service still fails the pass).
    else if (isRunTimeUp(d)) unread.add(toRead[i]!);
    else if (d instanceof Error) throw d;
    else details.set(toRead[i]!, d);
  });
  const changed = moved
    .filter((id) => !unseen.has(id) && !unread.has(id))
    .filter((id) => {
      const s = seen.get(id);
      const d = details.get(id)!;
      return input.eager || !s || JSON.stringify({ status: s.status, counts: s.counts }) !== JSON.stringify({ status: d.status, counts: d.counts });
    });
  // Moved by its summary but not by its counts: remember the new summary, so the next pass costs nothing; a queued part
  // read again, when it was read.
  for (const id of moved) {
    const s = seen.get(id);
    const sig = summaryOf(id);
    if (s && (sig || s.queued) && !changed.includes(id) && details.has(id)) keepSeen(memo, idOf(sheet), id, { ...s, summary: sig, at: now });
  }
  const withVideos = changed.filter((id) => details.get(id)!.counts.complete > 0);
  const lists = new Map<string, FinishedVideo[]>();
  api.listVideosOf(withVideos).forEach((l, i) => {
    if (isRunTimeUp(l)) unread.add(withVideos[i]!);
    else if (l instanceof Error) throw l;
    else lists.set(withVideos[i]!, l);
  });
  const reads = new Map<string, CampaignRead>();
  for (const id of changed.filter((x) => !unread.has(x))) {
    const summary = summaryOf(id);
    reads.set(id, { detail: details.get(id)!, listed: lists.get(id) || [], seen: seen.get(id) || null, ...(summary ? { summary } : {}) });
  }
  return reads;
}

function refreshCampaign(
  input: RefreshInput,
  campaignId: string,
  rows: Map<string, RowInfo>,
  sheetView: Pick<PlanInput, 'tally' | 'distinctIds' | 'names'>,
  read: CampaignRead,
  writes: Writes,
): { remaining: number; finished: boolean } {
  const { detail, listed, seen } = read;
  const counts = detail.counts;
  const generating = counts.rendering > 0 || Object.values(detail.stages).some((n) => n > 0);
  const plan = planStatuses({ counts, ...sheetView, listed, rows });
  const { writes: updates, left } = plan;

  // While renders run, hidden videos are hunted a few rows a pass and failures wait for the end,
  // so a big campaign never spends hundreds of requests a pass.
  const limit = Math.min(
    input.leadPolls ?? Infinity,
    !generating || input.eager ? Infinity : plan.completeHidden ? HUNT_LIMIT : plan.poll.length > HUNT_LIMIT ? 0 : HUNT_LIMIT,
  );
  // Rows the poll had no room for are the timer's: this pass must not mark the campaign as seen.
  const capped = input.leadPolls !== undefined && plan.poll.length > input.leadPolls;
  let hunt: Hunt;
  const leads = new Map<string, Lead>();
  try {
    hunt = pollLeads(input, resumeAt(plan.poll, seen?.huntFrom), { limit, target: plan.target }, updates, left, leads);
  } finally {
    // Kept even when the hunt fails: the pass writes what was learnt.
    learn(writes, updates, leads);
  }

  // No row of this part left to settle on the tab: the tab never reads it again, so nothing of it is kept (docs/rules.md#budgets),
  // but a settled part's counts, which the sidebar's poll sums while the part's turn has not come (docs/rules.md#parts).
  if (hunt.finished && left.size === 0) {
    writes.memos.set(campaignId, null);
    if (!generating && !counts.pending) keepSettled(input.memo, detail);
  } else if (hunt.finished && hunt.settledAll && !capped) {
    const next: PartSeen = {
      status: detail.status,
      counts,
      summary: read.summary,
      huntFrom: hunt.huntFrom,
      queued: onlyQueued(detail),
      at: nowOf(input),
    };
    writes.memos.set(campaignId, next);
  }
  return { remaining: inFlight(left, detail), finished: hunt.finished };
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
  input: RefreshInput,
  order: string[],
  bounds: { limit: number; target: number },
  updates: Map<string, RowValues>,
  left: Map<string, RowInfo>,
  leads: Map<string, Lead>,
): Hunt {
  const hunt: Hunt = { finished: true, settledAll: true };
  let found = 0;
  let polled = 0;
  for (const id of order) {
    if (found >= bounds.target) break;
    if (polled >= bounds.limit) {
      hunt.huntFrom = id;
      break;
    }
    if (nowOf(input) + WRITE_MARGIN_MS > input.deadline) {
      hunt.finished = false;
      break;
    }
    polled++;
    let lead: Lead;
    try {
      lead = input.api.getLead(id);
    } catch (e) {
      // Not sent (the run's minute for it was not left, or the service is silent): the hunt goes on next pass.
      if (apiCode(e) === 'not_sent') {
        hunt.finished = false;
        break;
      }
      if (apiCode(e) !== 'not_found') throw e;
      updates.set(id, { note: NOTES.gone(id) });
      left.delete(id);
      continue;
    }
    const values = valuesForLead(lead);
    updates.set(id, values);
    leads.set(id, lead);
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

/** Per Lead ID, the names its rows give; per campaign, how many Lead IDs share each name. */
class RowNames {
  // Every row of a list left running passes here at each run: a name's first Lead ID is kept as text, a Set made only
  // for a second one (most names have one person, most Lead IDs one row).
  private readonly byId = new Map<string, string>();
  private readonly byCampaign = new Map<string, Map<string, string | Set<string>>>();
  readonly doubtful = new Set<string>();

  add(campaignId: string, leadId: string, name: string): void {
    const was = this.byId.get(leadId);
    if (was === undefined) this.byId.set(leadId, name);
    else if (was !== name) this.doubtful.add(leadId);
    let c = this.byCampaign.get(campaignId);
    if (!c) this.byCampaign.set(campaignId, (c = new Map()));
    const ids = c.get(name);
    if (ids === undefined) c.set(name, leadId);
    else if (typeof ids === 'string') {
      if (ids !== leadId) c.set(name, new Set([ids, leadId]));
    } else ids.add(leadId);
  }

  counts(campaignId: string): Map<string, number> {
    return new Map([...(this.byCampaign.get(campaignId) || [])].map(([k, ids]) => [k, typeof ids === 'string' ? 1 : ids.size]));
  }
}

/** Each doubtful Lead ID's lead (rows from before the register), read once: its rows get its status and links, the others are cleared. */
function settleDoubts(input: RefreshInput, names: RowNames, writes: Writes): void {
  const updates = new Map<string, RowValues>();
  const leads = new Map<string, Lead>();
  for (const id of [...new Set([...names.doubtful, ...writes.unknown.keys()])].slice(0, DOUBTS_PER_RUN)) {
    if (nowOf(input) + WRITE_MARGIN_MS > input.deadline) break;
    try {
      const lead = input.api.getLead(id);
      updates.set(id, valuesForLead(lead));
      leads.set(id, lead);
    } catch (e) {
      if (apiCode(e) !== 'not_found') throw e;
      // Said only while this key sees the tab's campaign: under another workspace's key every lead answers 404.
      const list = input.summaries && input.summaries();
      if (list && list.has(input.defaultCampaignId!)) updates.set(id, { note: NOTES.gone(id) });
    }
  }
  learn(writes, updates, leads);
}

/** Rows another tab's register rows hold (moved here): this tab takes them, asking the service nothing. */
function claimMoved(input: RefreshInput, w: Writes): void {
  if (w.unknown.size === 0 || input.registerSpan === undefined) return;
  const all = readRegister(registerDoc(input));
  const held = [...w.unknown.keys()].map((id) => all.byLead(id)).filter((e): e is Entry => !!e);
  for (const e of held) w.unknown.delete(e.leadId);
  claimEntries(registerDoc(input), held, String(idOf(input.sheet)));
}

/** The leads read for rows no register row holds join the register (docs/rules.md#copies). */
function adopt(input: RefreshInput, table: Table, w: Writes): void {
  const entries = [...w.unknown]
    .filter(([id]) => w.leads.has(id))
    .map(([id, cells]) => {
      // Only a Lead ID on one row may take that row's email: of two rows, either may be a namesake typed over the other.
      const row = cells && sentIds(cells, table.headers, table.layout, personFromRow(cells, table.layout, {}).person);
      return evidenceEntry(w.leads.get(id)!, { tab: String(idOf(input.sheet)), campaign: input.defaultCampaignId || '', ...row });
    });
  appendEntries(registerDoc(input), entries);
}

const registerDoc = (input: RefreshInput) => ({ ss: input.sheet.getParent(), props: input.memo });

/**
 * The pass's one write, by Lead ID, on rows that are the lead's person only (docs/rules.md#row-identity):
 * a row whose cells definitely name someone else than the register's (or, before the register, the
 * lead's) person loses the Lead ID, links and status, with a note. An empty cell, an error value or a
 * column no longer found is no evidence.
 */
function writePass(input: RefreshInput, w: Writes): number {
  if (w.updates.size === 0) return 0;
  let find: ((h: string) => number) | undefined;
  const decide: RowDecision = (id, { cells, pageUrl, videoUrl }, table) => {
    const values = w.updates.get(id)!;
    const sent = w.register.byLead(id);
    const lead = sent || w.leads.get(id);
    const now = personFromRow(cells, table.layout, {}).person;
    let by: string = '';
    if (lead && sent) {
      find ??= headerIndex(table.headers);
      by = asRecovered(sent, () => now.firstName);
      if (by === 'other' || rowNamesSomeoneElse(cells, sent, find)) return staleValues(id, sent);
    } else if (lead) {
      if (namesSomeoneElse(nameIds(now), nameIds(lead))) return staleValues(id, lead);
      by = byFirstName(lead.firstName, now.firstName);
    }
    // Known by the service's record alone and no first name on the row: no link until it shows one (docs/rules.md#register-whole).
    if (by === 'unsure' && (values.videoUrl || videoUrl || pageUrl)) return { ...values, pageUrl: '', videoUrl: '', note: NOTES.unsure(lead!) };
    return Object.keys(values).length > 0 ? values : null;
  };
  return writeByLeadId(input.sheet, w.updates, { ids: new Set(w.updates.keys()), decide }, input.overrides);
}
