// Which rows of the document's tabs carry a person now (docs/rules.md#moved-between-tabs): each tab read once,
// one Range call per block. A row whose cells definitely name someone else than the person its Lead ID was
// sent as carries nobody. The push asks it of a person another tab sent; the estimate of the people waiting.
import { readLeadRows, type LeadRow } from '../sheet/lead-rows';
import { openTable, type Sheet, idOf } from '../sheet/table';
import { headerIndex, rowNamesSomeoneElse, type Register } from './identity';

/** A row of a tab that holds a Lead ID it still is, or is `sending` without one. */
export interface Carrier {
  /** The tab's sheet id and name, asked once per tab. */
  tab: string;
  tabName: string;
  row: LeadRow;
}

export function carryingRows(tabs: readonly Sheet[], register: Register): Carrier[] {
  const out: Carrier[] = [];
  for (const sheet of tabs) {
    if (sheet.getLastRow() < 2) continue;
    const table = openTable(sheet, {}, false);
    if (table.layout.outputs.leadId === undefined) continue;
    const find = headerIndex(table.headers);
    const [tab, tabName] = [String(idOf(sheet)), sheet.getName()];
    for (const row of readLeadRows(table)) {
      const sent = register.byLead(row.leadId);
      if (sent && rowNamesSomeoneElse(row.cells, sent, find)) continue;
      if (row.leadId || row.status.toLowerCase() === 'sending') out.push({ tab, tabName, row });
    }
  }
  return out;
}
