// Problem rows (docs/rules.md#problem-rows): rows of a tab that need a person (invalid, failed, skipped, or left
// `sending` without an id), counted for the sidebar and selected as one range list.
import type { Services } from '../../core/services';
import { readOutputs, type OutputRow } from '../../sheet/lead-rows';
import { consecutiveRuns, openTable, type Table } from '../../sheet/table';
import type { NamedProblem, ProblemRows, Reply } from '../contract';
import { activeSheet } from '../context';
import { handle } from '../handle';

const ALWAYS = new Set(['invalid', 'failed', 'skipped']);
/** How many problem rows are named one by one; the rest are counted. */
export const NAMED_ROWS = 5;

/**
 * The problem rows (1-based, ascending) and their counts: from the rows given (read whole by the caller),
 * else from one read of the status, Lead ID and note columns. A tab without a status column has none.
 */
export function findProblemRows(table: Table, given?: readonly OutputRow[]): { list: number[]; counts: ProblemRows } {
  const list: number[] = [];
  const byStatus: Record<string, number> = {};
  const named: NamedProblem[] = [];
  const rows = table.layout.outputs.status === undefined ? [] : given || readOutputs(table, ['status', 'leadId', 'note']);
  for (const r of rows) {
    const s = r.status.toLowerCase();
    if (!ALWAYS.has(s) && !(s === 'sending' && !r.leadId)) continue;
    list.push(r.row);
    byStatus[s] = (byStatus[s] || 0) + 1;
    // The first few are named with their reason, so the person knows which rows and why (docs/rules.md#problem-rows).
    if (named.length < NAMED_ROWS) named.push({ row: r.row, status: s, note: r.note });
  }
  return { list, counts: { rows: list.length, byStatus, named } };
}

/** Selects the problem rows, whole rows, so "Add selected rows" acts on exactly these once they are fixed. */
export function selectProblemRows(svc: Services): Reply<ProblemRows> {
  return handle(() => {
    const sheet = activeSheet(svc);
    const { list, counts } = findProblemRows(openTable(sheet, {}, false));
    if (list.length > 0) sheet.getRangeList(consecutiveRuns(list).map((run) => `${run[0]}:${run[run.length - 1]}`)).activate();
    return counts;
  });
}
