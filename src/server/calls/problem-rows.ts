// Problem rows (docs/rules.md#problem-rows): rows of a tab that need a person (invalid, failed, skipped, or left
// `sending` without an id), counted for the sidebar and selected as one range list.
import type { Services } from '../../core/services';
import { cellText } from '../../sheet/cells';
import { detectColumns } from '../../sheet/headers';
import { consecutiveRuns, readHeaders, type Sheet } from '../../sheet/table';
import type { NamedProblem, ProblemRows, Reply } from '../contract';
import { activeSheet } from '../context';
import { handle } from '../handle';

const ALWAYS = new Set(['invalid', 'failed', 'skipped']);
/** How many problem rows are named one by one; the rest are counted. */
export const NAMED_ROWS = 5;

/** The problem rows (1-based, ascending) and their counts, from one read of the status and Lead ID columns. */
export function findProblemRows(sheet: Sheet, headers: string[] = readHeaders(sheet)): { list: number[]; counts: ProblemRows } {
  const { status, leadId, note } = detectColumns(headers).outputs;
  const list: number[] = [];
  const byStatus: Record<string, number> = {};
  const named: NamedProblem[] = [];
  const last = sheet.getLastRow();
  if (status !== undefined && last >= 2) {
    const id = leadId ?? status;
    const why = note ?? status;
    const lo = Math.min(status, id, why);
    sheet
      .getRange(2, lo + 1, last - 1, Math.max(status, id, why) - lo + 1)
      .getDisplayValues()
      .forEach((cells, i) => {
        const s = cellText(cells[status - lo]).toLowerCase();
        if (!ALWAYS.has(s) && !(s === 'sending' && (id === status || !cellText(cells[id - lo])))) return;
        list.push(i + 2);
        byStatus[s] = (byStatus[s] || 0) + 1;
        // The first few are named with their reason, so the person knows which rows and why (docs/rules.md#problem-rows).
        if (named.length < NAMED_ROWS) named.push({ row: i + 2, status: s, note: why === status ? '' : cellText(cells[why - lo]) });
      });
  }
  return { list, counts: { rows: list.length, byStatus, named } };
}

/** Selects the problem rows, whole rows, so "Add selected rows" acts on exactly these once they are fixed. */
export function selectProblemRows(svc: Services): Reply<ProblemRows> {
  return handle(() => {
    const sheet = activeSheet(svc);
    const { list, counts } = findProblemRows(sheet);
    if (list.length > 0) sheet.getRangeList(consecutiveRuns(list).map((run) => `${run[0]}:${run[run.length - 1]}`)).activate();
    return counts;
  });
}
