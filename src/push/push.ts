// "Add selected rows": validate, flag duplicates, mark `sending`, post in calls of at most 1000, and
// write each id on the row it belongs to, found again by content after the reply (the person may
// sort meanwhile). A lost answer re-sends only people the service can recognise (DESIGN 6.3).
import type { ApiClient } from '../api/client';
import { REQUEST_ALLOWANCE_MS } from '../api/caller';
import { ApiError, isApiError } from '../api/errors';
import { isMatchable, matchKeys, MAX_PEOPLE_PER_CALL, validatePerson } from '../api/people';
import { sentenceFor } from '../api/sentences';
import type { AddedPerson, AddPeopleReply, PersonField, PersonInput } from '../api/types';
import type { Clock } from '../core/clock';
import { cellText } from '../sheet/cells';
import { openTable, readRows, RowWriter, type Sheet, type Table } from '../sheet/table';
import { followUpRounds, pairPeople, type SentRow } from './pairing';
import { fingerprint, nameKey, personFromRow } from './row-person';

export const NOTES = {
  unmatchable:
    'Sent, but no clear answer came back. This row has no email, profile link or company, so sending it again could add the person twice. Check the campaign; to send it anyway, clear Video Status and add it again.',
  lost:
    'Sent, but no clear answer came back, so it may or may not have been added. Add selected rows again: a person already added is matched, not added twice.',
  ambiguous:
    'Added, but the reply does not say which of the rows with this first name and company is which, and this row has no email or profile link to tell them apart. Check the campaign before sending it again.',
  noReply: 'Sent, but the reply did not list this person. Add selected rows again to pick up its id.',
} as const;

export interface AddRowsResult {
  /** People newly added by the API. */
  added: number;
  /** People the API already had (matched), whose ids were written back. */
  skipped: number;
  /** Selected rows that already had a Lead ID. */
  alreadySent: number;
  /** Rows marked invalid (not sent), duplicates within the selection included. */
  invalid: number;
  /** Everyone now in the campaign (the API's total), or null if nothing was sent. */
  total: number | null;
  /** Rows left in `sending` without an id because they cannot be matched safely. */
  unmatchable: number;
  /** Rows not reached because the time budget ran out; run again to finish. */
  remaining: number;
}

/** Where people go: the parts of one campaign (DESIGN 7), made as rows are added. */
export interface PartAllocator {
  /** The part new people go to next and how many more it takes; a new part is made when none has room. */
  next(): { id: string; room: number };
  /** The API's total for a part after a send to it. */
  record(partId: string, total: number): void;
  /** Whether a Campaign ID is one of this campaign's parts (a cut-off send goes back to its part). */
  has(partId: string): boolean;
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
  formatStatus(sheet: Sheet, statusColumn: number): void;
}

interface Item {
  row: number;
  person: PersonInput;
  fp: string;
  note: string;
  /** The part a cut-off send of this row went to; it goes there again. */
  part?: string;
}

/**
 * A call that cannot be started past the deadline is left for the next run; this is a floor for its duration:
 * the minute UrlFetchApp may take, which the caller keeps for every request (DESIGN 8).
 */
const MIN_CALL_MS = REQUEST_ALLOWANCE_MS;
/** Waits before re-sending the recognisable people of a batch whose outcome is unknown. */
const RESEND_WAITS_MS = [2_000, 5_000, 10_000];

export function pushRows(input: PushInput): AddRowsResult {
  const { sheet, rows, clock } = input;
  const table = openTable(sheet, input.overrides);
  input.formatStatus(sheet, table.out.status);
  const result: AddRowsResult = { added: 0, skipped: 0, alreadySent: 0, invalid: 0, total: null, unmatchable: 0, remaining: 0 };
  if (rows.length === 0) return result;

  const writer = new RowWriter();
  const items = readItems(input, table, writer, result);
  writer.commit(table);

  let lastCallMs = MIN_CALL_MS;
  const queue = batchesByPart(items, input.parts);
  for (let b = 0; b < queue.length; b++) {
    if (clock.now() + lastCallMs > input.deadline) {
      result.remaining = queue.slice(b).reduce((n, x) => n + x.length, 0);
      break;
    }
    const { partId, batch, rest } = takeBatch(queue[b]!, input.parts);
    if (rest.length > 0) queue.splice(b + 1, 0, rest);
    // Making a part took a call too: the send itself must still fit.
    if (clock.now() + lastCallMs > input.deadline) {
      result.remaining = queue.slice(b).reduce((n, x) => n + x.length, 0);
      break;
    }
    // Marked and flushed first, with their part: a run cut off mid-call leaves rows that say where a send was in flight.
    for (const it of batch) writer.set(it.row, { status: 'sending', note: '', campaignId: partId });
    writer.commit(table);
    input.flush();
    const started = clock.now();
    sendBatch(input, partId, batch, result);
    lastCallMs = Math.max(MIN_CALL_MS, clock.now() - started);
  }
  return result;
}

/** Cut-off sends first, grouped by the part they went to; then the new rows. */
function batchesByPart(items: Item[], parts: PartAllocator): Item[][] {
  const again = new Map<string, Item[]>();
  const fresh: Item[] = [];
  for (const it of items) {
    if (it.part && parts.has(it.part)) again.set(it.part, [...(again.get(it.part) ?? []), it]);
    else fresh.push({ ...it, part: undefined });
  }
  return [...again.values(), ...(fresh.length > 0 ? [fresh] : [])];
}

/** The next call: the queue's part (or the part with room), at most 1000 people and the part's room. */
function takeBatch(queued: Item[], parts: PartAllocator): { partId: string; batch: Item[]; rest: Item[] } {
  const target = queued[0]!.part ? { id: queued[0]!.part, room: Infinity } : parts.next();
  const size = Math.max(1, Math.min(MAX_PEOPLE_PER_CALL, target.room));
  return { partId: target.id, batch: queued.slice(0, size), rest: queued.slice(size) };
}

/**
 * The rows to send, checked. Rows with an id are counted and left alone, bad rows and rows that are
 * the same person as an earlier selected row are marked invalid with why (DESIGN 4, 6.4), a cut-off
 * send of a row the service cannot recognise is left for the person (6.5).
 */
function readItems(input: PushInput, table: Table, writer: RowWriter, result: AddRowsResult): Item[] {
  const { sheet, rows } = input;
  const first = rows[0]!;
  const block = readRows(sheet, first, rows[rows.length - 1]! - first + 1, table.headers.length);
  const items: Item[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const cells = block[row - first]!;
    if (cellText(cells[table.out.leadId - 1])) { result.alreadySent++; continue; }
    const built = personFromRow(cells, table.layout, input.fallbacks);
    if (built.empty) continue;
    // Visibility is a call per row: past the deadline the rest is left for the next press.
    if (input.clock.now() + MIN_CALL_MS > input.deadline) { result.remaining++; continue; }
    if (input.hidden(row)) continue;
    const checked = validatePerson(built.person);
    if (!checked.ok) {
      result.invalid++;
      writer.set(row, { status: 'invalid', note: checked.problems.map((p) => p.message).join(' ') });
      continue;
    }
    const keys = matchKeys(checked.person);
    const twin = keys.find((k) => seen.has(k));
    if (twin !== undefined) {
      result.invalid++;
      writer.set(row, { status: 'invalid', note: duplicateNote(twin, seen.get(twin)!) });
      continue;
    }
    for (const k of keys) seen.set(k, row);
    const wasSending = cellText(cells[table.out.status - 1]).toLowerCase() === 'sending';
    if (wasSending && keys.length === 0) {
      result.unmatchable++;
      writer.set(row, { note: NOTES.unmatchable });
      continue;
    }
    const part = wasSending ? cellText(cells[table.out.campaignId - 1]) : '';
    items.push({ row, person: checked.person, fp: fingerprint(checked.person), note: built.notes.join(' '), ...(part ? { part } : {}) });
  }
  return items;
}

function duplicateNote(key: string, row: number): string {
  const what = key.startsWith('email:') ? 'email' : key.startsWith('profile:') ? 'profile link' : 'first name and company';
  return `Same person as row ${row} (same ${what}): the video service would treat them as one, so this row was not sent. Change it or clear it.`;
}

/** One batch: the call (and its careful re-send), then ids onto their rows. */
function sendBatch(input: PushInput, partId: string, batch: Item[], result: AddRowsResult): void {
  const sent = addWithResend(input, partId, batch, result);
  input.parts.record(partId, sent.reply.total);
  result.added += sent.reply.added;
  result.skipped += sent.reply.skipped;
  result.total = sent.reply.total;

  const rows: SentRow[] = sent.items.map((it) => ({
    key: nameKey(it.person.firstName, it.person.company), fp: it.fp,
    identified: !!(it.person.email || it.person.profileUrl),
  }));
  const pairing = pairPeople(rows, sent.reply.people);
  const ambiguous = new Set(pairing.ambiguous);
  const later = new Set(pairing.followUp);
  const idValues = (it: Item, p: AddedPerson | null | undefined) => p
    ? { leadId: p.id, campaignId: partId, pageUrl: p.url ?? '', videoUrl: '', status: 'pending', note: it.note }
    : { note: NOTES.noReply };
  const now = sent.items.map((it, i) => ({ it, i })).filter(({ i }) => !later.has(i));
  writeBack(input, now.map((x) => x.it), (it, k) => {
    const i = now[k]!.i;
    return ambiguous.has(i) ? { note: NOTES.ambiguous } : idValues(it, pairing.people[i]);
  });
  // Rows of one name the reply does not tell apart: sent again, one per name a round; matched, not added.
  for (const round of followUpRounds(rows, pairing.followUp)) {
    const items = round.map((i) => sent.items[i]!);
    try {
      const again = pairPeople(round.map((i) => rows[i]!), input.api.addPeople(partId, items.map((it) => it.person)).people);
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

interface Sent { reply: AddPeopleReply; items: Item[]; held: Item[] }

/**
 * POST /leads once; after an unknown outcome, only the people the service can recognise are sent
 * again (they are matched, not added twice), with waits, inside the deadline. The others stay
 * `sending` with a note. When no answer comes at all, every row stays `sending` and says so.
 */
function addWithResend(input: PushInput, campaignId: string, batch: Item[], result: AddRowsResult): Sent {
  const { api, clock } = input;
  try {
    return { reply: api.addPeople(campaignId, batch.map((it) => it.person)), items: batch, held: [] };
  } catch (e) {
    if (!(isApiError(e) && e.code === 'network')) {
      writeBack(input, batch, () => ({ status: '', note: isApiError(e) ? sentenceFor(e.code, e.message) : String(e) }));
      throw e;
    }
  }
  const items = batch.filter((it) => isMatchable(it.person));
  const held = batch.filter((it) => !isMatchable(it.person));
  for (const wait of RESEND_WAITS_MS) {
    if (items.length === 0 || clock.now() + wait + MIN_CALL_MS > input.deadline) break;
    clock.sleep(wait);
    try {
      return { reply: api.addPeople(campaignId, items.map((it) => it.person)), items, held };
    } catch (e) {
      if (!(isApiError(e) && e.code === 'network') && !(isApiError(e) && e.retryable)) break;
    }
  }
  result.unmatchable += held.length;
  writeBack(input, batch, (it) => ({ note: isMatchable(it.person) ? NOTES.lost : NOTES.unmatchable }));
  throw new ApiError('network', 0,
    `No clear answer from the video service while adding ${batch.length} people, so they may or may not have been added. They stay marked “sending”: press “Add selected rows” again to finish — people with an email, profile link or company are matched, not added twice; the others say what to check.`);
}

/** Writes values onto the rows of sent items, found again by content (they may have moved). */
function writeBack(input: PushInput, items: readonly Item[], values: (it: Item, i: number) => Parameters<RowWriter['set']>[1]): void {
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
  const { sheet } = table;
  const contentAt = (cells: readonly unknown[]): string | null => {
    if (cellText(cells[table.out.leadId - 1])) return null;
    if (cellText(cells[table.out.status - 1]).toLowerCase() !== 'sending') return null;
    const checked = validatePerson(personFromRow(cells, table.layout, fallbacks).person);
    return checked.ok ? fingerprint(checked.person) : null;
  };
  if (batch.length === 0) return [];
  const minRow = Math.min(...batch.map((it) => it.row));
  const maxRow = Math.min(sheet.getLastRow(), Math.max(...batch.map((it) => it.row)));
  const span = maxRow >= minRow ? readRows(sheet, minRow, maxRow - minRow + 1, table.headers.length) : [];
  const inPlace = batch.map((it) => {
    const cells = span[it.row - minRow];
    return cells !== undefined && contentAt(cells) === it.fp;
  });
  if (inPlace.every(Boolean)) return batch.map((it) => it.row);

  // Something moved: index the whole sheet once by content.
  const lastRow = sheet.getLastRow();
  const all = lastRow >= 2 ? readRows(sheet, 2, lastRow - 1, table.headers.length) : [];
  const free = new Map<string, number[]>();
  all.forEach((cells, i) => {
    const fp = contentAt(cells);
    if (fp !== null) free.set(fp, [...(free.get(fp) ?? []), i + 2]);
  });
  const taken = new Set<number>();
  batch.forEach((it, i) => { if (inPlace[i]) taken.add(it.row); });
  return batch.map((it, i) => {
    if (inPlace[i]) return it.row;
    const row = (free.get(it.fp) ?? []).find((r) => !taken.has(r));
    if (row !== undefined) taken.add(row);
    return row;
  });
}
