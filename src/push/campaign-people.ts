// Everyone a campaign already holds, as the tab shows it (the rows carrying a Lead ID of one of its
// parts), read in one pass before a push so each selected row is checked against all of them
// (docs/rules.md#row-identity). A Lead ID on rows that name different people is settled by the lead itself: the rows
// that are not that person are cleared, and a selected one is sent as the person it now names.
import type { ApiClient } from '../api/client';
import { apiCode } from '../api/errors';
import { isMergingKey, keyOf, rowKey } from '../sheet/names';
import { DOUBTS_PER_RUN, IDENTITY_NOTES, People, staleValues, type Known } from '../register/people';
import { personFromRow, type Fallbacks } from '../shared/row-person';
import { readLeadRows, type LeadRow } from '../sheet/lead-rows';
import type { RowWriter, Table } from '../sheet/table';
import {
  byFirstName,
  headerIndex,
  isLive,
  namesByPart,
  namesSomeoneElse,
  personOf,
  RECOVERED,
  rowNamesSomeoneElse,
  type Ids,
  type Register,
} from '../register/identity';

export interface CampaignPeople {
  /** Every data row of the tab, read once (index 0 is row 2). */
  rows: LeadRow[];
  people: People;
  /** Per part, the first name + company keys it holds (the service merges on them). */
  namesIn: Map<string, Set<string>>;
  /** The row showing each Lead ID. */
  rowOfLead: Map<string, number>;
  /** Rows whose Lead ID was another person's and has just been cleared: what the note says now. */
  cleared: Map<number, string>;
  /** The register read for this push. */
  register: Register;
  /** Live entries the repair rebuilt from the service's record alone (their email and profile link lost). */
  recovered: Known[];
}

/**
 * Someone new by the matching rule whom a rebuilt entry may still be (docs/rules.md#register-whole): same first name,
 * and nothing the row's cells give (its fallbacks are no evidence) contradicts what is known of them.
 */
export function mayBe(c: CampaignPeople, cells: Partial<Ids>): Known | undefined {
  return c.recovered.find((k) => byFirstName(k.entry!.firstName, cells.firstName) === 'theirs' && !namesSomeoneElse(cells, k.entry!));
}

export function campaignPeople(
  table: Table,
  fallbacks: Fallbacks,
  isPart: (id: string) => boolean,
  api: ApiClient,
  writer: RowWriter,
  register: Register,
): CampaignPeople {
  const { layout } = table;
  const all = readLeadRows(table);
  const rowsOf = rowsByLead(all, (r) => isPart(register.partOf(r.leadId, r.campaignId)));
  // People the register knows are judged by it, with no request (docs/rules.md#row-identity); older rows by their lead.
  const legacy = new Map([...rowsOf].filter(([id]) => !register.byLead(id)));
  const cleared = clearStale(table, fallbacks, all, legacy, api, writer);
  const find = headerIndex(table.headers);
  for (const [leadId, rows] of rowsOf) {
    const e = register.byLead(leadId);
    if (!e) continue;
    for (const row of rows) {
      if (!rowNamesSomeoneElse(all[row - 2]!.cells, e, find)) continue;
      writer.set(row, staleValues(leadId, e));
      cleared.set(row, IDENTITY_NOTES.staleSent(leadId, e));
    }
  }
  const c: CampaignPeople = {
    rows: all,
    people: new People(),
    namesIn: namesByPart(register.of(isPart)),
    rowOfLead: new Map(),
    cleared,
    register,
    recovered: [],
  };
  for (const [leadId, rows] of rowsOf) {
    const r = rows.find((row) => !cleared.has(row));
    if (r !== undefined) c.rowOfLead.set(leadId, r);
  }
  for (const e of register.of(isPart).reverse()) {
    if (!isLive(e)) continue;
    const row = e.leadId ? c.rowOfLead.get(e.leadId) || 0 : 0;
    const k: Known = { row, person: personOf(e), ...(e.leadId ? { leadId: e.leadId } : {}), part: e.part, entry: e };
    c.people.add(k);
    if (e.batch === RECOVERED) c.recovered.push(k);
  }
  for (const [leadId, rows] of legacy) {
    for (const row of rows) {
      if (cleared.has(row)) continue;
      const r = all[row - 2]!;
      const part = r.campaignId;
      const person = personFromRow(r.cells, layout, fallbacks).person;
      c.people.add({ row, person, leadId, part });
      const key = keyOf(person);
      if (isMergingKey(key)) c.namesIn.set(part, (c.namesIn.get(part) || new Set()).add(key));
    }
  }
  return c;
}

/** The rows showing each Lead ID, of the rows `mine` takes. */
function rowsByLead(all: readonly LeadRow[], mine: (r: LeadRow) => boolean): Map<string, number[]> {
  const rowsOf = new Map<string, number[]>();
  for (const r of all) {
    if (!r.leadId || !mine(r)) continue;
    const rows = rowsOf.get(r.leadId);
    if (rows) rows.push(r.row);
    else rowsOf.set(r.leadId, [r.row]);
  }
  return rowsOf;
}

/** Lead IDs on rows naming different people: GET /leads says who it is; the other rows are cleared. */
function clearStale(
  table: Table,
  fallbacks: Fallbacks,
  all: readonly LeadRow[],
  rowsOf: Map<string, number[]>,
  api: ApiClient,
  writer: RowWriter,
): Map<number, string> {
  const cleared = new Map<number, string>();
  const keyAt = (row: number) => rowKey(all[row - 2]!.cells, table.layout, fallbacks);
  const doubtful = [...rowsOf].filter(([, rows]) => new Set(rows.map(keyAt)).size > 1).slice(0, DOUBTS_PER_RUN);
  for (const [leadId, rows] of doubtful) {
    let lead;
    try {
      lead = api.getLead(leadId);
    } catch (e) {
      if (apiCode(e) === 'not_found') continue;
      throw e;
    }
    for (const row of rows) {
      if (keyAt(row) === keyOf(lead)) continue;
      writer.set(row, staleValues(leadId, lead));
      cleared.set(row, IDENTITY_NOTES.staleSent(leadId, lead));
    }
  }
  return cleared;
}
