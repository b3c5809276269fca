// The tabs of a document that may carry a campaign's people (docs/rules.md#moved-between-tabs): those bound to
// it, and any named by sheet id (the tabs the register says sent them). Each tab is asked its id and binding once.
import type { Services } from '../../core/services';
import { idOf, type Sheet } from '../../sheet/table';
import { SheetState } from '../../records/tab-state';

export function campaignTabs(svc: Services, campaignId: string, named: ReadonlySet<string> = new Set()): Sheet[] {
  return svc.sheets
    .getActiveSpreadsheet()
    .getSheets()
    .filter((s) => {
      const id = idOf(s);
      if (named.has(String(id))) return true;
      const c = new SheetState(svc.doc, id).campaign;
      return !!c && c.id === campaignId;
    });
}
