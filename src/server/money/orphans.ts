// People waiting in a campaign whom no row of the tab names any more (a row edited or deleted after
// it was added): the API cannot remove them and a generate charges them too, so the estimate counts
// them apart (docs/rules.md#row-identity). One read of the tab.
import { readLeadRows } from '../../sheet/lead-rows';
import { openTable, type Sheet } from '../../sheet/table';
import { headerIndex, namesSomeoneElse, rowIds } from '../../register/identity';
import { readRegister } from '../../register/store';
import type { Props } from '../../core/services';

/** Σ over parts of the people waiting beyond the tab's rows that name a waiting person of that part. */
export function orphansIn(sheet: Sheet, waiting: ReadonlyMap<string, number>, props: Props): number {
  const table = openTable(sheet, {}, false);
  const o = table.layout.outputs;
  const named = new Map<string, Set<string>>();
  if (o.leadId !== undefined && o.campaignId !== undefined && o.status !== undefined && sheet.getLastRow() >= 2) {
    const register = readRegister({ ss: sheet.getParent(), props });
    const find = headerIndex(table.headers);
    for (const { row, cells, leadId, campaignId: part, status: shown } of readLeadRows(table)) {
      const status = shown.toLowerCase();
      // A row that definitely names someone else than the person sent does not name them (docs/rules.md#row-identity).
      const sent = register.byLead(leadId);
      if (sent && namesSomeoneElse(rowIds(cells, sent.columns, find), sent)) continue;
      // A row still sending names the person it may have added, though it has no id yet.
      const who = status === 'pending' ? leadId : status === 'sending' && !leadId ? `row ${row}` : '';
      if (who && waiting.has(part)) named.set(part, (named.get(part) || new Set()).add(who));
    }
  }
  return [...waiting].reduce((n, [part, leads]) => n + Math.max(0, leads - (named.get(part)?.size ?? 0)), 0);
}
