// People waiting in a campaign whom no row of the document names any more (a row edited or deleted after
// it was added): the API cannot remove them and a generate charges them too, so the estimate and the
// auto-mode confirmation count them apart (docs/rules.md#row-identity). A person another tab bound to the
// campaign carries is named (docs/rules.md#moved-between-tabs). One read of each bound tab.
import type { Services } from '../../core/services';
import { carryingRows } from '../../register/carriers';
import { readRegister } from '../../register/store';
import { idOf, type Sheet } from '../../sheet/table';
import { campaignTabs } from '../campaign/bound-tabs';
import { sheetState } from '../context';

/** Σ over parts of the people waiting beyond the rows of the campaign's tabs that name a waiting person of that part. */
export function orphansIn(svc: Services, sheet: Sheet, waiting: ReadonlyMap<string, number>): number {
  const bound = sheetState(svc, sheet).campaign;
  const campaignId = bound && bound.id;
  const tabs = campaignId ? campaignTabs(svc, campaignId, new Set([String(idOf(sheet))])) : [sheet];
  const register = readRegister({ ss: sheet.getParent(), props: svc.doc });
  const named = new Map<string, Set<string>>();
  for (const { tab, row } of carryingRows(tabs, register)) {
    const status = row.status.toLowerCase();
    // A row still sending names the person it may have added, though it has no id yet.
    const who = status === 'pending' ? row.leadId : status === 'sending' && !row.leadId ? `${tab}:${row.row}` : '';
    const part = row.campaignId;
    if (who && waiting.has(part)) named.set(part, (named.get(part) || new Set()).add(who));
  }
  return [...waiting].reduce((n, [part, leads]) => n + Math.max(0, leads - (named.get(part) || new Set()).size), 0);
}
