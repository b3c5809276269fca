// The active tab's selection and first selected row, as the cheap poll saw them, turned into a person by the server's own rules.
import { personFromRow } from '../src/shared/row-person';
import type { FieldMap } from '../src/server/contract';
import type { ColumnLayout } from '../src/shared/headers';
import { PERSON_FIELDS } from '../src/shared/person';
import { OUTPUT_HEADERS } from '../src/shared/output-headers';
import type { AppState } from './state';

/** The poll's reading when it is of the tab the sidebar shows (a switch is read until getSidebarState catches up). */
function activeOfShownTab(s: AppState): AppState['active'] {
  return s.active && s.sidebar && s.active.sheetId === s.sidebar.sheet.id ? s.active : null;
}

/** The selection as last read: the poll's when it is of the shown tab, else getSidebarState's. */
export const selectionNow = (s: AppState) => (activeOfShownTab(s) || s.sidebar)?.selection;

export const selectedRows = (s: AppState): number => selectionNow(s)?.rows ?? 0;

/**
 * The first selected row that would be sent, field by field (no fallbacks), or null. Until the first
 * poll it is getSidebarState's sample; then it is the poll's row read with the tab's mapping, exactly
 * as addSelectedRows would read it (a row with a Lead ID is never the poll's sample row).
 */
export function currentSample(s: AppState): Partial<FieldMap<string>> | null {
  const sb = s.sidebar;
  if (!sb) return null;
  const active = activeOfShownTab(s);
  if (!active) return sb.sample;
  if (!active.sampleRow) return null;
  return personFromRow(active.sampleRow.cells, layoutOf(sb), {}).person;
}

/** The tab's columns as the server found them (its mapping): the sidebar keeps no header rules of its own. */
function layoutOf(sb: NonNullable<AppState['sidebar']>): ColumnLayout {
  const at = (h: string | null) => (h ? sb.sheet.headers.indexOf(h) : -1);
  const fields: ColumnLayout['fields'] = {};
  for (const f of PERSON_FIELDS) if (at(sb.mapping[f]) >= 0) fields[f] = at(sb.mapping[f]);
  const full = sb.firstNameFromFullName ? (fields.firstName ?? null) : null;
  if (full !== null) delete fields.firstName;
  return { fields, fullName: full, outputs: {} };
}

/** Whether the poll has read the shown tab and found nothing in the selection that would be sent. */
export function nothingToSend(s: AppState): boolean {
  const active = activeOfShownTab(s);
  return Boolean(active && active.selection.rows > 0 && !active.sampleRow);
}

/** The sheet row number of currentSample, so a sentence about it names its row; null when unknown. */
export function sampleRowNumber(s: AppState): number | null {
  const active = activeOfShownTab(s);
  if (active) return active.sampleRow?.row ?? null;
  return s.sidebar?.sampleRow ?? null;
}

/** The Video Status of the row the poll read ("invalid", "sending"…, lower case; '' when none), or null before it read one. */
export function sampleStatus(s: AppState): string | null {
  const row = activeOfShownTab(s)?.sampleRow;
  const i = s.sidebar?.sheet.headers.indexOf(OUTPUT_HEADERS.status) ?? -1;
  return row
    ? String(row.cells[i] ?? '')
        .trim()
        .toLowerCase()
    : null;
}

/** Whether the sample row already says it was refused (Video Status invalid): it is not about to be, it was. */
export const sampleMarked = (s: AppState): boolean => sampleStatus(s) === 'invalid';
