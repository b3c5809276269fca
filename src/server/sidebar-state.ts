// Server functions that describe and configure the active tab: the sidebar's state and the column mapping.
import { FIELD_LABELS, FIELD_LIMITS } from '../api/people';
import { PERSON_FIELDS, type PersonField } from '../api/types';
import type { Services } from '../core/services';
import { personFromRow } from '../push/row-person';
import { detectColumns } from '../sheet/headers';
import { selectedRows } from '../sheet/selection';
import { readHeaders, readRows } from '../sheet/table';
import type { FieldMap, Reply, SaveColumnMappingArgs, SidebarState } from './contract';
import { activeSheet, sheetState } from './context';
import { AddonError } from './failure';
import { handle } from './handle';
import { publicSettings } from './settings';
import type { SheetState } from './sheet-state';
import { timerInterval } from './timer';

/** Above this many selected rows the count skips the per-row hidden checks (it is only a hint). */
const EXACT_COUNT_MAX = 1000;

function resolvedMapping(headers: string[], state: SheetState): { mapping: FieldMap<string | null>; overrides: PersonField[] } {
  const overrides = state.mapping;
  const layout = detectColumns(headers, overrides);
  const mapping = {} as FieldMap<string | null>;
  for (const f of PERSON_FIELDS) {
    const col = layout.fields[f] ?? (f === 'firstName' && layout.fullName !== null ? layout.fullName : undefined);
    mapping[f] = col === undefined ? null : headers[col] ?? null;
  }
  return { mapping, overrides: PERSON_FIELDS.filter((f) => !!overrides[f]) };
}

export function getSidebarState(svc: Services): Reply<SidebarState> {
  return handle(() => {
    const ss = svc.sheets.getActiveSpreadsheet();
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const headers = readHeaders(sheet);
    const { mapping, overrides } = resolvedMapping(headers, state);
    const selection = ss.getActiveRangeList();
    const all = selectedRows(sheet, selection, { checkHidden: false });
    const rows = all.length <= EXACT_COUNT_MAX ? selectedRows(sheet, selection) : all;
    let sample: SidebarState['sample'] = null;
    if (rows.length > 0 && headers.length > 0) {
      const cells = readRows(sheet, rows[0]!, 1, headers.length)[0]!;
      sample = personFromRow(cells, detectColumns(headers, state.mapping), {}).person;
    }
    const on = state.autoRefresh;
    return {
      settings: publicSettings(svc.userProps),
      sheet: { id: sheet.getSheetId(), name: sheet.getName(), headers },
      selection: { rows: rows.length },
      campaign: state.campaign,
      mapping,
      overrides,
      fallbacks: state.fallbacks,
      sample,
      autoRefresh: { on, intervalMinutes: on ? timerInterval(svc) : null },
      lastRefresh: state.lastRefresh,
    };
  });
}

export function saveColumnMapping(
  svc: Services,
  args: SaveColumnMappingArgs,
): Reply<{ mapping: FieldMap<string | null>; overrides: PersonField[]; fallbacks: Partial<FieldMap<string>> }> {
  return handle(() => {
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const headers = readHeaders(sheet);
    const overrides: Partial<Record<PersonField, string>> = {};
    for (const f of PERSON_FIELDS) {
      const h = String(args?.mapping?.[f] ?? '').trim();
      if (!h) continue;
      if (!headers.includes(h)) throw new AddonError('bad_mapping', `There is no column “${h}” in this tab for ${FIELD_LABELS[f]}. Choose one of the headers in row 1.`);
      overrides[f] = h;
    }
    const fallbacks: Partial<Record<PersonField, string>> = args?.fallbacks ? {} : state.fallbacks;
    for (const f of PERSON_FIELDS) {
      const v = String(args?.fallbacks?.[f] ?? '').trim();
      if (!v) continue;
      const limit = FIELD_LIMITS[f];
      if (limit !== undefined && v.length > limit) throw new AddonError('bad_mapping', `The fallback for ${FIELD_LABELS[f]} is ${v.length} characters; the limit is ${limit}.`);
      fallbacks[f] = v;
    }
    state.mapping = overrides;
    state.fallbacks = fallbacks;
    return { ...resolvedMapping(headers, state), fallbacks };
  });
}
