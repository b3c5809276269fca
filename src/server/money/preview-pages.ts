// After a preview: the previewed people's pages, so the person can watch what was made (docs/rules.md#sidebar-truth).
import type { ApiClient } from '../../api/client';
import { readLeadRows } from '../../sheet/lead-rows';
import { openTable, type Sheet } from '../../sheet/table';
import type { PreviewPage } from '../contract';

/** How many of the part's people are read at most: a preview renders only the first few. */
const READ_AT_MOST = 8;

/**
 * The part's people the preview started (no longer pending), found by reading the leads of the tab's
 * rows of that part in row order, at most READ_AT_MOST requests. A read that fails ends the search:
 * the charge stands, and the pages are a convenience.
 */
export function previewPages(api: ApiClient, sheet: Sheet, part: string, made: number): PreviewPage[] {
  const pages: PreviewPage[] = [];
  const table = openTable(sheet, {}, false);
  const o = table.layout.outputs;
  if (made <= 0 || o.leadId === undefined || o.campaignId === undefined || sheet.getLastRow() < 2) return pages;
  const rows = readLeadRows(table);
  let reads = 0;
  for (let i = 0; i < rows.length && pages.length < made && reads < READ_AT_MOST; i++) {
    const { row, leadId: id, campaignId } = rows[i]!;
    if (!id || campaignId !== part) continue;
    reads++;
    try {
      const lead = api.getLead(id);
      if (lead.status === 'pending' || !lead.url) continue;
      pages.push({ row, firstName: lead.firstName || '', company: lead.company || '', url: lead.url });
    } catch {
      break;
    }
  }
  return pages;
}
