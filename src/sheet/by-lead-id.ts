// Output cells written on the rows holding each Lead ID, found at the moment of writing (rows may have moved).
import type { PersonField } from '../shared/person';
import type { OutputColumn } from '../shared/headers';
import { readOutputs, readRowSpan, type LeadRow, type SheetRow } from './lead-rows';
import { openTable, RowWriter, type Sheet, type Table } from './table';

/** The rows holding each Lead ID right now, from one read of the Lead ID column. */
export function rowsByLeadId(table: Table): Map<string, SheetRow[]> {
  const map = new Map<string, SheetRow[]>();
  for (const { row, leadId } of readOutputs(table, ['leadId'])) {
    if (leadId) map.set(leadId, [...(map.get(leadId) || []), row]);
  }
  return map;
}

/** What to write on one row holding a Lead ID, from the row's own cells (null: leave it). */
export type RowDecision = (leadId: string, row: LeadRow, table: Table) => Partial<Record<OutputColumn, string>> | null;

/**
 * Writes output cells for leads, finding their rows by Lead ID at the moment of writing. For the
 * Lead IDs of `check`, each row's own cells say what it gets (a row that is not the lead's person
 * gets no link); only the span of those rows is read whole.
 */
export function writeByLeadId(
  sheet: Sheet,
  updates: Map<string, Partial<Record<OutputColumn, string>>>,
  check?: { ids: ReadonlySet<string>; decide: RowDecision },
  overrides: Partial<Record<PersonField, string>> = {},
): number {
  if (updates.size === 0) return 0;
  // The writer's explicit step: output columns a person deleted come back, so links still land (docs/rules.md#columns).
  const table = openTable(sheet, overrides, true);
  const where = rowsByLeadId(table);
  const writer = new RowWriter();
  const checked: [string, SheetRow][] = [];
  for (const [id, values] of updates) {
    for (const row of where.get(id) || []) {
      if (check && check.ids.has(id)) checked.push([id, row]);
      else writer.set(row, values);
    }
  }
  let span: LeadRow[] = [];
  let spanFirst = 0;
  if (checked.length > 0) {
    spanFirst = checked.reduce((m, [, r]) => Math.min(m, r), Infinity);
    span = readRowSpan(
      table,
      spanFirst,
      checked.reduce((m, [, r]) => Math.max(m, r), 0),
    );
    for (const [id, row] of checked) {
      const values = check!.decide(id, span[row - spanFirst]!, table);
      if (values) writer.set(row, values);
    }
  }
  const n = writer.size;
  writer.commit(table, (row) => {
    const s = span[row - spanFirst];
    return spanFirst > 0 && s ? s.cells : undefined;
  });
  return n;
}
