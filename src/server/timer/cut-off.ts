// Rows a send was cut off from (its answer lost): the timer sends them again to their part, so a silent
// service leaves no row `sending` for ever (docs/rules.md#cut-off).
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import type { Services } from '../../core/services';
import { isCutOff } from '../../push/push';
import { readLeadRows } from '../../sheet/lead-rows';
import { openTable, type Sheet } from '../../sheet/table';
import { loadParts } from '../../records/parts-record';
import { sendRows } from '../campaign/send-rows';
import type { SheetState } from '../../records/tab-state';

/**
 * Sends the tab's cut-off rows again, through the one push (which re-sends only people the service recognises, to
 * their part, and leaves the others with a note). Answers whether some are left that a later run may finish.
 */
export function finishCutOff(svc: Services, sheet: Sheet, state: SheetState, api: ApiClient, deadline: number): boolean {
  if (!state.campaign) return false;
  const rows = readLeadRows(openTable(sheet, state.mapping, false))
    .filter(isCutOff)
    .map((r) => r.row);
  if (rows.length === 0) return false;
  try {
    return sendRows(svc, { sheet, state, campaign: loadParts(svc.doc, state.campaign), rows, api, deadline }).remaining > 0;
  } catch (e) {
    // A silent or busy service may answer a later run; a refusal (404, 400) stays on the rows for the person.
    if (isApiError(e)) return e.code === 'network' || e.retryable;
    throw e;
  }
}
