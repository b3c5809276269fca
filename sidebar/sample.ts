// The active tab's selection and first selected row, as the cheap poll saw them, turned into a person by the server's own rules.
import { personFromRow } from '../src/push/row-person';
import { detectColumns } from '../src/sheet/headers';
import type { FieldMap } from '../src/server/contract';
import type { AppState } from './state';

/** The poll's reading when it is of the tab the sidebar shows (a switch is read until getSidebarState catches up). */
function activeOfShownTab(s: AppState): AppState['active'] {
  return s.active && s.sidebar && s.active.sheetId === s.sidebar.sheet.id ? s.active : null;
}

export function selectedRows(s: AppState): number {
  return activeOfShownTab(s)?.selection.rows ?? s.sidebar?.selection.rows ?? 0;
}

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
  const overrides: Partial<FieldMap<string>> = {};
  for (const f of sb.overrides) {
    const header = sb.mapping[f];
    if (header) overrides[f] = header;
  }
  return personFromRow(active.sampleRow.cells, detectColumns(sb.sheet.headers, overrides), {}).person;
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

/** Whether the sample row already says it was refused (Video Status invalid): it is not about to be, it was. */
export function sampleMarked(s: AppState): boolean {
  const active = activeOfShownTab(s);
  const i = s.sidebar?.sheet.headers.indexOf('Video Status') ?? -1;
  return Boolean(active?.sampleRow && i >= 0 && String(active.sampleRow.cells[i] ?? '').trim().toLowerCase() === 'invalid');
}
