// The "Add selected rows" server function: checks, the lock, then the push.
import type { Services } from '../../core/services';
import { activeSpreadsheet } from '../../core/services';
import { detectColumns } from '../../shared/headers';
import { rowHidden, selectedRows } from '../../sheet/selection';
import { readHeaders } from '../../sheet/table';
import { FIELD_LABELS } from '../../shared/people';
import type { AddRowsResult, Reply } from '../contract';
import { activeSheet, apiClient, requireCampaign, requireSettings, RUN_BUDGET_MS, sheetState, withDocumentLock } from '../context';
import { AddonError } from '../failure';
import { handle } from '../handle';
import { loadParts } from '../../records/parts-record';
import { sendRows } from '../campaign/send-rows';
import { enableAutoRefresh } from '../timer/timer';
import { apiCode } from '../../api/errors';
import { nowOf } from '../../core/clock';

export function addSelectedRows(svc: Services): Reply<AddRowsResult> {
  return handle(() => {
    const deadline = nowOf(svc) + RUN_BUDGET_MS;
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const campaign = requireCampaign(state, sheet.getName());
    const overrides = state.mapping;
    const fallbacks = state.fallbacks;
    const headers = readHeaders(sheet);
    const layout = detectColumns(headers, overrides);
    for (const f of Object.keys(overrides) as (keyof typeof overrides)[]) {
      if (layout.fields[f] === undefined) {
        throw new AddonError(
          'bad_mapping',
          `The column “${overrides[f]}” chosen for ${FIELD_LABELS[f]} is no longer in this tab. Choose another under Columns.`,
        );
      }
    }
    if (layout.fields.firstName === undefined && layout.fullName === null && !fallbacks.firstName) {
      throw new AddonError('bad_mapping', 'No first-name column was found. Name a column “First name” (or “Full name”), or choose one under Columns.');
    }
    return withDocumentLock(svc, () => {
      const rows = selectedRows(sheet, activeSpreadsheet(svc).getActiveRangeList());
      if (rows.length === 0) throw new AddonError('no_selection', 'Select the rows to send first (any cell of each row will do; the header row is skipped).');
      try {
        return sendRows(svc, {
          sheet,
          state,
          campaign: loadParts(svc.doc, campaign),
          rows,
          api: apiClient(svc, settings, deadline),
          deadline,
          hidden: rowHidden(sheet),
        });
      } catch (e) {
        // A lost answer leaves rows `sending`: the timer comes back to finish them, unless someone's already runs here (docs/rules.md#cut-off).
        if (apiCode(e) === 'network' && !state.autoRefresh) enableAutoRefresh(svc, state);
        throw e;
      }
    });
  });
}
