// "Add selected rows": validate, flag duplicates, mark `sending`, post in calls of at most 1000, and
// write each id on the row it belongs to, found again by content after the reply (the person may
// sort meanwhile). A lost answer re-sends only people the service can recognise (docs/rules.md#retries).
import type { ApiClient } from '../api/client';
import { REQUEST_ALLOWANCE_MS } from '../api/caller';
import { ApiError, isApiError, apiCode } from '../api/errors';
import { FIELD_LABELS, isMatchable, matchKeys, MAX_PEOPLE_PER_CALL, validatePerson } from '../shared/people';
import { sentenceFor } from '../api/sentences';
import { type AddedPerson, type AddPeopleReply } from '../api/types';
import { PERSON_FIELDS, type PersonField, type PersonInput } from '../shared/person';
import type { Clock } from '../core/clock';
import { cellText } from '../shared/cells';
import { isMergingKey, keyOf } from '../sheet/names';
import { IDENTITY_NOTES, type Known, type Verdict } from '../register/people';
import { unusedColumns, type ColumnIndex } from '../shared/headers';
import { readLeadRows, readRowSpan, type LeadRow } from '../sheet/lead-rows';
import { openTable, RowWriter, type Sheet, type Table, idOf } from '../sheet/table';
import { campaignPeople, mayBe, type CampaignPeople } from './campaign-people';
import { followUpRounds, pairPeople, type SentRow } from './pairing';
import { fingerprint, nameKey, personFromRow } from '../shared/row-person';
import { rowNamesSomeoneElse, headerIndex, RegisterBroken, sentIds, type Entry, type Ids, type Register } from '../register/identity';
import { appendEntries, claimEntries, patchEntries, readRegister } from '../register/store';
import type { RegisterSpan } from '../records/register-records';
import { OtherTabs } from './moved';
import type { Props } from '../core/services';
import { nowOf } from '../core/clock';

export const NOTES = {
  unmatchable:
    'Sent, but no clear answer came back. This row has no email, profile link or company, so sending it again could add the person twice. Check the campaign; to send it anyway, clear Video Status and add it again.',
  lost: 'Sent, but no clear answer came back, so it may or may not have been added. Add selected rows again: a person already added is matched, not added twice.',
  stillSending: 'This row stays “sending” in the part it was sent to: press Add selected rows again later to finish it there, with no second video.',
  ambiguous:
    'Added, but the reply does not say which of the rows with this first name and company is which, and this row has no email or profile link to tell them apart. Check the campaign before sending it again.',
} as const;

/**
 * A row a send was cut off from: `sending` with no Lead ID, unless the push said sending it again could add the
 * person twice. Sent again to its part by the next push, auto mode or the timer (docs/rules.md#cut-off).
 */
export function isCutOff(r: Pick<LeadRow, 'leadId' | 'status' | 'note'>): boolean {
  return !r.leadId && r.status.toLowerCase() === 'sending' && r.note !== NOTES.unmatchable;
}

/** A row not sent: its sheet row, the field at fault (or the identifier it shares with someone), and the sentence on the row. */
export interface RowProblem {
  row: number;
  field: string;
  reason: string;
}
export const PROBLEMS_LISTED = 50;

/** Counts a row refused and lists it, up to PROBLEMS_LISTED; returns the reason for the row's note. */
function refuse(result: AddRowsResult, row: number, field: string, reason: string): string {
  result.invalid++;
  if (result.problems.length < PROBLEMS_LISTED) result.problems.push({ row, field, reason });
  return reason;
}

const SHARED_FIELD = { email: 'email', 'profile link': 'profileUrl', 'first name and company': 'firstName' } as const;

export interface AddRowsResult {
  /** People newly added by the API. */
  added: number;
  /** People the API already had (matched), whose ids were written back. */
  skipped: number;
  /** Selected rows that already had a Lead ID. */
  alreadySent: number;
  /** Selected rows with nothing in them: never sent, and said, so every selected row is counted somewhere. */
  empty: number;
  /** Rows marked invalid (not sent), duplicates within the selection included. */
  invalid: number;
  /** The rows not sent, with the field at fault and why: the first PROBLEMS_LISTED (docs/rules.md#sending). */
  problems: RowProblem[];
  /** Everyone now in the campaign (the API's total), or null if nothing was sent. */
  total: number | null;
  /** Rows left in `sending` without an id because they cannot be matched safely. */
  unmatchable: number;
  /** Rows not reached because the time budget ran out; run again to finish. */
  remaining: number;
  /** Headers of the tab no field uses: what the rows hold there was not sent (docs/rules.md#columns). */
  unusedColumns?: string[];
  /** Rows that took back a person the document had sent (no request). */
  takenBack?: number;
  /** Parts of the campaign this send made (docs/rules.md#parts): their people wait for a Generate of their own. */
  newParts?: number;
}

/** Where people go: the parts of one campaign (docs/rules.md#parts), made as rows are added. */
export interface PartAllocator {
  /**
   * The part new people go to next and how many more it takes; a new part is made when none has room
   * or the open one is to be avoided (it holds someone of the same name). Null when no part can be made.
   */
  next(avoid?: ReadonlySet<string>): { id: string; room: number } | null;
  /** The API's total for a part after a send to it. */
  record(partId: string, total: number): void;
  /** Whether a Campaign ID is one of this campaign's parts (a cut-off send goes back to its part). */
  has(partId: string): boolean;
  /** People about to be sent to a part in this round: its room shrinks until its send answers. */
  reserve?(partId: string, people: number): void;
}

export interface PushInput {
  sheet: Sheet;
  rows: number[];
  overrides: Partial<Record<PersonField, string>>;
  fallbacks: Partial<Record<PersonField, string>>;
  parts: PartAllocator;
  /** Whether a row is hidden (one call per row): asked only of rows that would be sent. */
  hidden(row: number): boolean;
  api: ApiClient;
  clock: Clock;
  /** Epoch ms: no call starts that would likely end after this. */
  deadline: number;
  flush(): void;
  /** Adds the status colours to the sheet if they are not there yet. */
  formatStatus(sheet: Sheet, statusColumn: ColumnIndex): void;
  /** The campaign's id (its first part's), kept in the register. */
  campaign?: string;
  /** A part's people changed without a send (a row took its person back): the next refresh reads it. */
  touched?(partId: string): void;
  /** A batch was recorded: the headers its identifiers came from (the sidebar says which one is gone) and its register rows. */
  remember?(columns: string, rows: RegisterSpan): void;
  /** DocumentProperties: the register's fingerprint and each tab's register rows are kept there (docs/rules.md#register-whole). */
  props: Props;
  /**
   * The tabs that may carry this campaign's people besides the ones named (by sheet id: the tabs that sent them), e.g.
   * those bound to it (docs/rules.md#moved-between-tabs); absent: only the named ones.
   */
  otherTabs?(named: ReadonlySet<string>): Sheet[];
}

interface Item {
  row: number;
  person: PersonInput;
  fp: string;
  note: string;
  /** The part a cut-off send of this row went to; it goes there again. */
  part?: string;
  /** First name + company when the service merges on them, else ''. */
  key: string;
  /** Another person of the same name, kept apart from this one. */
  clash?: Known;
  /** The identifiers as sent and their columns, for the register. */
  ids: Ids;
  columns: string;
  /** Its register entry, once the send is recorded (a cut-off send's is found again). */
  entry?: Entry;
}

/**
 * A call that cannot be started past the deadline is left for the next run; this is a floor for its duration:
 * the minute UrlFetchApp may take, which the caller keeps for every request (docs/rules.md#budgets).
 */
const MIN_CALL_MS = REQUEST_ALLOWANCE_MS;
/**
 * Kept free after reading rows: the marking of a round and its first request. The round's second (its people's, after
 * a new part's) may end past the deadline, inside the run's margin to Apps Script's six minutes (docs/rules.md#budgets).
 */
const SEND_RESERVE_MS = MIN_CALL_MS + 2_000;
/** Waits before re-sending the recognisable people of a batch whose outcome is unknown. */
const RESEND_WAITS_MS = [2_000, 5_000, 10_000];

export function pushRows(input: PushInput): AddRowsResult {
  const { sheet, rows } = input;
  const table = openTable(sheet, input.overrides);
  input.formatStatus(sheet, table.layout.outputs.status!);
  const result: AddRowsResult = {
    added: 0,
    skipped: 0,
    alreadySent: 0,
    empty: 0,
    invalid: 0,
    problems: [],
    total: null,
    unmatchable: 0,
    remaining: 0,
    unusedColumns: unusedColumns(table.headers, table.layout),
  };
  if (rows.length === 0) return result;

  const writer = new RowWriter();
  const register = readRegister({ ss: sheet.getParent(), props: input.props });
  // A register someone changed cannot say who is new: nothing is sent (docs/rules.md#register-whole).
  if (!register.whole) throw new RegisterBroken();
  // A part the register says is the campaign's is one, known to the record of parts or not (a copy of the spreadsheet may
  // not have that record: docs/rules.md#copies), so its people are never sent again to another part.
  const ours = input.campaign ? register.partsOf(input.campaign) : new Set<string>();
  const isPart = (id: string) => input.parts.has(id) || ours.has(id);
  const campaign = campaignPeople(table, input.fallbacks, isPart, input.api, writer, register);
  const moved = new OtherTabs(() => otherTabs(input, register, isPart), register);
  const read = { at: 0, lastCallMs: MIN_CALL_MS };
  // A round's worth of rows read, then sent, and so on: the press's time goes to reading only while a send still fits.
  const pass: Pass = { input, table, campaign, writer, result };
  while (read.at < rows.length) {
    const items = readItems(pass, moved, read);
    // The register says first that people taken back from another tab are this tab's (docs/rules.md#moved-between-tabs).
    claimEntries({ ss: sheet.getParent(), props: input.props }, moved.claimed.splice(0), tabOf(input));
    writer.commit(table);
    sendItems(pass, items, read);
  }
  return result;
}

/** What a press works with, from its reading of the rows to its sends. */
interface Pass {
  input: PushInput;
  table: Table;
  campaign: CampaignPeople;
  writer: RowWriter;
  result: AddRowsResult;
}

/** Sends read rows in rounds while a call still fits before the deadline; the rest are counted as left. */
function sendItems({ input, table, campaign, writer, result }: Pass, items: Item[], read: { lastCallMs: number }): void {
  const { clock } = input;
  const queue = batchesByPart(items, input.parts);
  for (let b = 0; b < queue.length;) {
    if (clock.now() + read.lastCallMs > input.deadline) {
      result.remaining += queue.slice(b).reduce((n, x) => n + x.length, 0);
      break;
    }
    // One round of at most 1000 rows, over as many parts as it takes: its sheet writes go together (docs/rules.md#budgets).
    const round: { partId: string; batch: Item[] }[] = [];
    for (let size = 0; b < queue.length && size < MAX_PEOPLE_PER_CALL; b++) {
      const taken = takeBatch(queue[b]!, input.parts, campaign.namesIn, MAX_PEOPLE_PER_CALL - size);
      if (!taken) {
        // Only a campaign of one part (picked from the list) has no room apart: rows of a name it holds are refused.
        const held = (it: Item) => !!it.key && [...campaign.namesIn.values()].some((keys) => keys.has(it.key));
        refuseOnePart(input, queue[b]!.filter(held), result);
        const others = queue[b]!.filter((it) => !held(it));
        if (others.length > 0) queue.splice(b + 1, 0, others);
        continue;
      }
      const { partId, batch, rest } = taken;
      // A part's room is known again only once its send answered: the next round goes on with it.
      if (round.some((x) => x.partId === partId)) break;
      if (rest.length > 0) queue.splice(b + 1, 0, rest);
      input.parts.reserve?.(partId, batch.length);
      round.push({ partId, batch });
      for (const it of batch) if (it.key) campaign.namesIn.set(partId, (campaign.namesIn.get(partId) || new Set()).add(it.key));
      size += batch.length;
    }
    if (round.length === 0) continue;
    read.lastCallMs = Math.max(MIN_CALL_MS, sendRound(input, table, writer, round, result, campaign.rowOfLead));
  }
}

type RowValues = Parameters<RowWriter['set']>[1];

/**
 * One round: its rows marked `sending` and flushed, then its sends, their writes put on the rows at once.
 * Returns how long the sends took, from after the flush.
 */
function sendRound(
  input: PushInput,
  table: Table,
  writer: RowWriter,
  round: { partId: string; batch: Item[] }[],
  result: AddRowsResult,
  rowOfLead: ReadonlyMap<string, number>,
): number {
  // Marked and flushed first, with their part: a run cut off mid-call leaves rows that say where a send was in flight.
  for (const { partId, batch } of round) for (const it of batch) writer.set(it.row, { status: 'sending', note: '', campaignId: partId });
  recordSending(input, round);
  writer.commit(table);
  input.flush();
  const started = nowOf(input);
  const later = new Map<Item, RowValues>();
  deferred.set(input, later);
  try {
    for (const { partId, batch } of round) sendBatch(input, partId, batch, result, rowOfLead);
  } finally {
    deferred.delete(input);
    writeBack(input, [...later.keys()], (it) => later.get(it)!);
    patchEntries(
      { ss: input.sheet.getParent(), props: input.props },
      round.flatMap((x) => x.batch.map((it) => it.entry!)),
    );
  }
  return nowOf(input) - started;
}

/** Before a round goes out, the register holds each of its people as `sending` in their part (docs/rules.md#register). */
function recordSending(input: PushInput, round: { partId: string; batch: Item[] }[]): void {
  const batchId = String(nowOf(input));
  const fresh: Entry[] = [];
  for (const { partId, batch } of round) {
    for (const it of batch) {
      // A cut-off row sent again says who it is now: its entry takes what this send carries (docs/rules.md#cut-off).
      if (it.entry) {
        Object.assign(it.entry, { part: partId, ...it.ids, columns: it.columns });
        continue;
      }
      it.entry = {
        at: 0,
        leadId: '',
        part: partId,
        campaign: input.campaign || '',
        tab: tabOf(input),
        batch: batchId,
        state: 'sending',
        ...it.ids,
        columns: it.columns,
      };
      fresh.push(it.entry);
    }
  }
  appendEntries({ ss: input.sheet.getParent(), props: input.props }, fresh);
  if (fresh.length > 0) input.remember?.(fresh[0]!.columns, { first: fresh[0]!.at, last: fresh[fresh.length - 1]!.at });
}
/** The pushed tab's id, asked once a press: a Sheet call per row is a round trip each (docs/rules.md#budgets). */
const tabIds = new WeakMap<PushInput, string>();
function tabOf(input: PushInput): string {
  let id = tabIds.get(input);
  if (id === undefined) tabIds.set(input, (id = String(idOf(input.sheet))));
  return id;
}

/** The other tabs that may carry the campaign's people: those that sent them, and those the caller adds. */
function otherTabs(input: PushInput, register: Register, isPart: (id: string) => boolean): Sheet[] {
  const here = tabOf(input);
  const named = new Set(register.of(isPart).map((e) => e.tab));
  named.delete(here);
  const tabs = input.otherTabs
    ? input.otherTabs(named)
    : input.sheet
        .getParent()
        .getSheets()
        .filter((t) => named.has(String(idOf(t))));
  return tabs.filter((t) => String(idOf(t)) !== here);
}

/** Writes of a round of sends, kept to be put on their rows at once when the round ends. */
const deferred = new WeakMap<PushInput, Map<Item, RowValues>>();

/** Cut-off sends first, grouped by the part they went to; then the new rows. */
function batchesByPart(items: Item[], parts: PartAllocator): Item[][] {
  const again = new Map<string, Item[]>();
  const fresh: Item[] = [];
  for (const it of items) {
    if (it.part && parts.has(it.part)) again.set(it.part, [...(again.get(it.part) || []), it]);
    else fresh.push({ ...it, part: undefined });
  }
  return [...again.values(), ...(fresh.length > 0 ? [fresh] : [])];
}

/**
 * The next call: the queue's part, or the part with room where nobody shares a first name and company
 * with the queue's first row (the service would merge them, docs/rules.md#row-identity); at most `max` people and the
 * part's room, never two of one name. Null when no such part can be had.
 */
function takeBatch(
  queued: Item[],
  parts: PartAllocator,
  namesIn: Map<string, Set<string>>,
  max: number,
): { partId: string; batch: Item[]; rest: Item[] } | null {
  const first = queued[0]!;
  const avoid = new Set([...namesIn].filter(([, keys]) => first.key && keys.has(first.key)).map(([id]) => id));
  const target = first.part ? { id: first.part, room: Infinity } : parts.next(avoid);
  if (!target) return null;
  const size = Math.max(1, Math.min(max, target.room));
  const names = new Set(first.part ? [] : namesIn.get(target.id) || []);
  const batch: Item[] = [];
  const rest: Item[] = [];
  for (const it of queued) {
    if (batch.length < size && !(it.key && names.has(it.key))) {
      batch.push(it);
      if (it.key) names.add(it.key);
    } else rest.push(it);
  }
  return { partId: target.id, batch, rest };
}

/** A campaign of one part (picked from the list) cannot keep two people of one name apart. */
function refuseOnePart(input: PushInput, items: Item[], result: AddRowsResult): void {
  const table = openTable(input.sheet, input.overrides);
  const writer = new RowWriter();
  for (const it of items)
    writer.set(it.row, {
      status: 'invalid',
      note: refuse(result, it.row, 'firstName', IDENTITY_NOTES.clashOnePart(it.clash || { row: it.row, person: it.person })),
    });
  writer.commit(table);
}

/**
 * The rows to send, checked. Rows with an id are counted and left alone, bad rows and rows that are
 * a person the campaign already holds or an earlier selected row are marked invalid with why
 * (docs/rules.md#row-identity), a cut-off send of a row the service cannot recognise is left for the person. A round's
 * worth at most, from `read.at` on. Visibility is a call per row: once a send no longer fits before the deadline,
 * the rest are counted as left for the next press.
 */
function readItems({ input, table, campaign, writer, result }: Pass, moved: OtherTabs, read: { at: number }): Item[] {
  const items: Item[] = [];
  const find = headerIndex(table.headers);
  while (read.at < input.rows.length && items.length < MAX_PEOPLE_PER_CALL) {
    const row = input.rows[read.at++]!;
    const lead = campaign.rows[row - 2];
    const cells = (lead && lead.cells) || [];
    if (lead && lead.leadId && !campaign.cleared.has(row)) {
      result.alreadySent++;
      continue;
    }
    const built = personFromRow(cells, table.layout, input.fallbacks);
    if (built.empty) {
      result.empty++;
      continue;
    }
    if (nowOf(input) + SEND_RESERVE_MS > input.deadline) {
      result.remaining++;
      continue;
    }
    if (input.hidden(row)) continue;
    const checked = validatePerson(built.person);
    if (!checked.ok) {
      writer.set(row, { status: 'invalid', note: refuse(result, row, checked.problems[0]!.field, checked.problems.map((p) => p.message).join(' ')) });
      continue;
    }
    const sent = sentIds(cells, table.headers, table.layout, checked.person);
    const held = heldElsewhere(input, moved, writer, row, cells, find, campaign.people.check(checked.person), result);
    if (!held) continue;
    const { verdict, own } = held;
    const refusal = notSent(verdict, !own && mayBe(campaign, personFromRow(cells, table.layout, {}).person), row, result);
    if (refusal || verdict.kind === 'same') {
      writer.set(row, { status: 'invalid', note: refusal });
      continue;
    }
    campaign.people.add({ row, person: checked.person });
    const wasSending = !!own || (!campaign.cleared.has(row) && !!lead && lead.status.toLowerCase() === 'sending');
    if (wasSending && matchKeys(checked.person).length === 0) {
      result.unmatchable++;
      writer.set(row, { note: NOTES.unmatchable });
      continue;
    }
    // A cut-off send goes back to its part, which the register keeps whatever the row's cells say now.
    const part = own ? own.part : wasSending ? (lead && lead.campaignId) || '' : '';
    const key = keyOf(checked.person);
    const note = [...built.notes, ...unsentCells(input, table, cells), verdict.clash && IDENTITY_NOTES.clash(verdict.clash), campaign.cleared.get(row)];
    items.push({
      row,
      person: checked.person,
      fp: fingerprint(checked.person),
      note: note.filter(Boolean).join(' '),
      ...(part ? { part } : {}),
      key: isMergingKey(key) ? key : '',
      ...(verdict.clash ? { clash: verdict.clash } : {}),
      ...sent,
      ...(own ? { entry: own } : {}),
    });
  }
  return items;
}

/** Why a row is not sent: a person the campaign holds, or may hold (a lead the repair rebuilt without its email). */
function notSent(verdict: Verdict, maybe: Known | false | undefined, row: number, result: AddRowsResult): string {
  if (verdict.kind === 'same') return refuse(result, row, SHARED_FIELD[verdict.by], IDENTITY_NOTES.same(verdict));
  return maybe ? refuse(result, row, 'company', IDENTITY_NOTES.mayBe(maybe)) : '';
}

/**
 * A row that is someone the register holds on no row of this tab: this row is them, unless its cells definitely name
 * someone else (docs/rules.md#register) or a row of another tab carries them (docs/rules.md#moved-between-tabs).
 * Null when the row is settled here: another tab's, or taken back.
 */
function heldElsewhere(
  input: PushInput,
  moved: OtherTabs,
  writer: RowWriter,
  row: number,
  cells: readonly unknown[],
  find: ReturnType<typeof headerIndex>,
  verdict: Verdict,
  result: AddRowsResult,
): { verdict: Verdict; own?: Entry } | null {
  if (verdict.kind !== 'same' || !verdict.as.entry || verdict.as.row !== 0) return { verdict };
  const as = verdict.as;
  if (rowNamesSomeoneElse(cells, as.entry!, find)) return { verdict: { kind: 'new' } };
  // A row of another tab carrying them is theirs; so is a send of another tab cut off before its reply.
  const elsewhere = as.entry!.tab !== tabOf(input);
  const holder = as.leadId ? moved.holder(as.leadId) : null;
  if (holder || (elsewhere && !as.leadId)) {
    writer.set(row, { status: 'invalid', note: refuse(result, row, 'email', IDENTITY_NOTES.sameElsewhere(as.entry!.leadId, holder)) });
    return null;
  }
  // Moved here from another tab: the register is told this tab holds them now.
  if (elsewhere) moved.claimed.push(as.entry!);
  as.row = row;
  if (as.leadId) {
    takeBack(input, writer, row, as.entry!, result);
    return null;
  }
  return { verdict: { kind: 'new' }, own: as.entry };
}

/** A row sent with an empty cell in a column its tab has for a field says so (docs/rules.md#columns). */
function unsentCells(input: PushInput, table: Table, cells: readonly unknown[]): string[] {
  const gaps = PERSON_FIELDS.filter(
    (f) => f !== 'firstName' && table.layout.fields[f] !== undefined && !(input.fallbacks[f] || '').trim() && !cellText(cells[table.layout.fields[f]!]),
  );
  if (gaps.length === 0) return [];
  return [`Sent without ${gaps.map((f) => `${FIELD_LABELS[f]} (“${table.headers[table.layout.fields[f]!]}” is empty)`).join(', ')}.`];
}

/** A row whose person the register holds on no other row gets their Lead ID back; nothing is sent (docs/rules.md#register). */
function takeBack(input: PushInput, writer: RowWriter, row: number, e: Entry, result: AddRowsResult): void {
  writer.set(row, { leadId: e.leadId, campaignId: e.part, pageUrl: '', videoUrl: '', status: 'pending', note: IDENTITY_NOTES.takenBack(e.leadId) });
  result.takenBack = (result.takenBack || 0) + 1;
  input.touched?.(e.part);
}

/** One batch: the call (and its careful re-send), then ids onto their rows. */
function sendBatch(input: PushInput, partId: string, batch: Item[], result: AddRowsResult, rowOfLead: ReadonlyMap<string, number>): void {
  const sent = addWithResend(input, partId, batch, result);
  input.parts.record(partId, sent.reply.total);
  result.added += sent.reply.added;
  result.skipped += sent.reply.skipped;
  // People matched, not added, move no count: the part is read again for them.
  if (sent.reply.skipped > 0) input.touched?.(partId);
  result.total = sent.reply.total;

  const rows: SentRow[] = sent.items.map((it) => ({
    key: nameKey(it.person.firstName, it.person.company),
    fp: it.fp,
    identified: !!(it.person.email || it.person.profileUrl),
  }));
  const pairing = pairPeople(rows, sent.reply.people);
  const ambiguous = new Set(pairing.ambiguous);
  const later = new Set(pairing.followUp);
  // The links come when the video is ready (docs/rules.md#links-when-ready): a page shown before that is a holding screen.
  // Link cells are emptied (a pasted row may carry someone's), which also keeps the write one block.
  const idValues = (it: Item, p: AddedPerson | null | undefined) => {
    if (it.entry) Object.assign(it.entry, p ? { leadId: p.id, part: partId, state: 'sent' } : { state: 'void' });
    return p
      ? { leadId: p.id, campaignId: partId, pageUrl: '', videoUrl: '', status: 'pending', note: it.note }
      : matchedOther(sent.reply.people, pairing.people, rowOfLead, result, it.row);
  };
  const now = sent.items.map((it, i) => ({ it, i })).filter(({ i }) => !later.has(i));
  writeBack(
    input,
    now.map((x) => x.it),
    (it, k) => {
      const i = now[k]!.i;
      return ambiguous.has(i) ? { note: NOTES.ambiguous } : idValues(it, pairing.people[i]);
    },
  );
  // Rows of one name the reply does not tell apart: sent again, one per name a round; matched, not added.
  for (const round of followUpRounds(rows, pairing.followUp)) {
    const items = round.map((i) => sent.items[i]!);
    try {
      const again = pairPeople(
        round.map((i) => rows[i]!),
        input.api.addPeople(
          partId,
          items.map((it) => it.person),
        ).people,
      );
      writeBack(input, items, (it, k) => idValues(it, again.people[k]));
    } catch (e) {
      writeBack(input, items, () => ({ note: NOTES.lost }));
      throw e;
    }
  }
  if (sent.held.length > 0) {
    result.unmatchable += sent.held.length;
    writeBack(input, sent.held, () => ({ note: NOTES.unmatchable }));
  }
}

/**
 * A row the reply does not list by its own name was matched to someone else the campaign holds (a
 * shared info@ address): never written onto the row, and never left to be sent again forever.
 */
function matchedOther(
  reply: readonly AddedPerson[],
  paired: readonly (AddedPerson | null)[],
  rowOfLead: ReadonlyMap<string, number>,
  result: AddRowsResult,
  row: number,
): { status: string; note: string } {
  const claimed = new Set(paired.map((p) => p?.id));
  const others = reply.filter((p) => !claimed.has(p.id));
  const other = others.length === 1 ? others[0]! : null;
  return { status: 'invalid', note: refuse(result, row, 'email', IDENTITY_NOTES.matchedOther(other, other ? rowOfLead.get(other.id) : undefined)) };
}

interface Sent {
  reply: AddPeopleReply;
  items: Item[];
  held: Item[];
}

/**
 * POST /leads once; after an unknown outcome, only the people the service can recognise are sent
 * again (they are matched, not added twice), with waits, inside the deadline. The others stay
 * `sending` with a note. When no answer comes at all, every row stays `sending` and says so.
 */
function addWithResend(input: PushInput, campaignId: string, batch: Item[], result: AddRowsResult): Sent {
  const { api, clock } = input;
  try {
    return {
      reply: api.addPeople(
        campaignId,
        batch.map((it) => it.person),
      ),
      items: batch,
      held: [],
    };
  } catch (e) {
    if (apiCode(e) !== 'network') {
      const sentence = isApiError(e) ? sentenceFor(e.code, e.message) : String(e);
      // A refused re-send never forgets its part: the rows stay sending there (docs/rules.md#register).
      writeBack(input, batch, (it) => (it.part ? { status: 'sending', note: `${sentence} ${NOTES.stillSending}` } : { status: '', note: sentence }));
      for (const it of batch) if (it.entry && !it.part) it.entry.state = 'void';
      throw e;
    }
  }
  const items = batch.filter((it) => isMatchable(it.person));
  const held = batch.filter((it) => !isMatchable(it.person));
  for (const wait of RESEND_WAITS_MS) {
    if (items.length === 0 || clock.now() + wait + MIN_CALL_MS > input.deadline) break;
    clock.sleep(wait);
    try {
      return {
        reply: api.addPeople(
          campaignId,
          items.map((it) => it.person),
        ),
        items,
        held,
      };
    } catch (e) {
      if (apiCode(e) !== 'network' && !(isApiError(e) && e.retryable)) break;
    }
  }
  result.unmatchable += held.length;
  writeBack(input, batch, (it) => ({ note: isMatchable(it.person) ? NOTES.lost : NOTES.unmatchable }));
  throw new ApiError(
    'network',
    0,
    `No clear answer from the video service while adding ${batch.length} people, so they may or may not have been added. They stay marked “sending”: press “Add selected rows” again to finish — people with an email, profile link or company are matched, not added twice; the others say what to check.`,
  );
}

/** Writes values onto the rows of sent items, found again by content (they may have moved). */
function writeBack(input: PushInput, items: readonly Item[], values: (it: Item, i: number) => RowValues): void {
  const later = deferred.get(input);
  if (later) {
    items.forEach((it, i) => later.set(it, { ...later.get(it), ...values(it, i) }));
    return;
  }
  if (items.length === 0) return;
  const table = openTable(input.sheet, input.overrides);
  const at = locateRows(table, items, input.fallbacks);
  const writer = new RowWriter();
  items.forEach((it, i) => {
    const row = at[i];
    if (row !== undefined) writer.set(row, values(it, i));
  });
  writer.commit(table);
  input.flush();
}

/**
 * Where each sent item's row is now: its old row if that still holds the same content in `sending`
 * with no id, else another such row with the same content. Undefined when it is gone.
 */
function locateRows(table: Table, batch: readonly Item[], fallbacks: Partial<Record<PersonField, string>>): (number | undefined)[] {
  const contentAt = (r: LeadRow): string | null => {
    if (r.leadId) return null;
    if (r.status.toLowerCase() !== 'sending') return null;
    const checked = validatePerson(personFromRow(r.cells, table.layout, fallbacks).person);
    return checked.ok ? fingerprint(checked.person) : null;
  };
  if (batch.length === 0) return [];
  const minRow = Math.min(...batch.map((it) => it.row));
  const span = readRowSpan(table, minRow, Math.min(table.sheet.getLastRow(), Math.max(...batch.map((it) => it.row))));
  const inPlace = batch.map((it) => {
    const r = span[it.row - minRow];
    return r !== undefined && contentAt(r) === it.fp;
  });
  if (inPlace.every(Boolean)) return batch.map((it) => it.row);

  // Something moved: index the whole sheet once by content.
  const free = new Map<string, number[]>();
  for (const r of readLeadRows(table)) {
    const fp = contentAt(r);
    if (fp !== null) free.set(fp, [...(free.get(fp) || []), r.row]);
  }
  const taken = new Set<number>();
  batch.forEach((it, i) => {
    if (inPlace[i]) taken.add(it.row);
  });
  return batch.map((it, i) => {
    if (inPlace[i]) return it.row;
    const row = (free.get(it.fp) || []).find((r) => !taken.has(r));
    if (row !== undefined) taken.add(row);
    return row;
  });
}
