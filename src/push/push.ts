// "Add selected rows": validate, mark `sending`, post in calls of at most 1000, and write each id on
// the row it belongs to, found again by content after the reply (the person may sort meanwhile).
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';
import { chunk, isMatchable, MAX_PEOPLE_PER_CALL, validatePerson } from '../api/people';
import type { AddedPerson, PersonField, PersonInput } from '../api/types';
import type { Clock } from '../core/clock';
import type { AddRowsResult } from '../server/contract';
import { AddonError, sentenceFor } from '../server/failure';
import { cellText } from '../sheet/cells';
import { openTable, readRows, RowWriter, type Sheet, type Table } from '../sheet/table';
import { pairPeople } from './pairing';
import { fingerprint, nameKey, personFromRow } from './row-person';

export const NOTES = {
  unmatchable:
    'Sent before, but the reply was lost. This row has no email, profile link or company, so sending it again could add the person twice. Check the campaign; to send it anyway, clear Video Status and add it again.',
  lost:
    'Sent, but no answer came back, so it may or may not have been added. Add selected rows again: a person already added is matched, not added twice.',
  ambiguous:
    'Added, but the reply does not say which of the rows with this first name and company is which. Check the campaign before sending again.',
  noReply: 'Sent, but the reply did not list this person. Add selected rows again to pick up its id.',
} as const;

export interface PushInput {
  sheet: Sheet;
  rows: number[];
  overrides: Partial<Record<PersonField, string>>;
  fallbacks: Partial<Record<PersonField, string>>;
  campaignId: string;
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
}

/** A call that cannot be started past the deadline is left for the next run; this is a floor for its duration. */
const MIN_CALL_MS = 20_000;

export function pushRows(input: PushInput): AddRowsResult {
  const { sheet, rows, campaignId, api, clock } = input;
  let table = openTable(sheet, input.overrides);
  input.formatStatus(sheet, table.out.status);
  const result: AddRowsResult = { added: 0, skipped: 0, alreadySent: 0, invalid: 0, total: null, unmatchable: 0, remaining: 0 };
  if (rows.length === 0) return result;

  const first = rows[0]!;
  const block = readRows(sheet, first, rows[rows.length - 1]! - first + 1, table.headers.length);
  const writer = new RowWriter();
  const items: Item[] = [];
  for (const row of rows) {
    const cells = block[row - first]!;
    if (cellText(cells[table.out.leadId - 1])) { result.alreadySent++; continue; }
    const built = personFromRow(cells, table.layout, input.fallbacks);
    if (built.empty) continue;
    const checked = validatePerson(built.person);
    if (!checked.ok) {
      result.invalid++;
      writer.set(row, { status: 'invalid', note: checked.problems.map((p) => p.message).join(' ') });
      continue;
    }
    const wasSending = cellText(cells[table.out.status - 1]).toLowerCase() === 'sending';
    if (wasSending && !isMatchable(checked.person)) {
      result.unmatchable++;
      writer.set(row, { note: NOTES.unmatchable });
      continue;
    }
    items.push({ row, person: checked.person, fp: fingerprint(checked.person), note: built.notes.join(' ') });
  }
  writer.commit(table);

  let lastCallMs = MIN_CALL_MS;
  const batches = chunk(items, MAX_PEOPLE_PER_CALL);
  for (let b = 0; b < batches.length; b++) {
    const batch = batches[b]!;
    if (clock.now() + lastCallMs > input.deadline) {
      result.remaining = batches.slice(b).reduce((n, x) => n + x.length, 0);
      break;
    }
    // Marked and flushed first: a run cut off mid-call leaves rows that say a send was in flight.
    for (const it of batch) writer.set(it.row, { status: 'sending', note: '' });
    writer.commit(table);
    input.flush();

    const started = clock.now();
    let people: AddedPerson[];
    try {
      const reply = api.addPeople(campaignId, batch.map((it) => it.person));
      result.added += reply.added;
      result.skipped += reply.skipped;
      result.total = reply.total;
      people = reply.people;
    } catch (e) {
      table = openTable(sheet, input.overrides);
      const at = locateRows(table, batch, input.fallbacks);
      const unknownOutcome = isApiError(e) && e.code === 'network';
      batch.forEach((it, i) => {
        const row = at[i];
        if (row === undefined) return;
        if (unknownOutcome) writer.set(row, { note: isMatchable(it.person) ? NOTES.lost : NOTES.unmatchable });
        else writer.set(row, { status: '', note: isApiError(e) ? sentenceFor(e.code, e.message) : String(e) });
      });
      writer.commit(table);
      input.flush();
      if (unknownOutcome) {
        throw new AddonError('network', `No answer from the video service while adding ${batch.length} people, so they may or may not have been added. They are marked “sending”; press “Add selected rows” again to finish — people already added are matched, not added twice.`);
      }
      throw e;
    }
    lastCallMs = Math.max(MIN_CALL_MS, clock.now() - started);

    // The person may have sorted, inserted rows or moved columns while the call ran.
    table = openTable(sheet, input.overrides);
    const at = locateRows(table, batch, input.fallbacks);
    const pairing = pairPeople(batch.map((it) => ({ key: nameKey(it.person.firstName, it.person.company), fp: it.fp })), people);
    const ambiguous = new Set(pairing.ambiguous);
    batch.forEach((it, i) => {
      const row = at[i];
      if (row === undefined) return;
      const p = pairing.people[i];
      if (p) {
        writer.set(row, { leadId: p.id, campaignId, pageUrl: p.url ?? '', status: 'pending', note: it.note });
      } else {
        writer.set(row, { note: ambiguous.has(i) ? NOTES.ambiguous : NOTES.noReply });
      }
    });
    writer.commit(table);
    input.flush();
  }
  return result;
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
