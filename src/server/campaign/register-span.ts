// Per tab, what the register holds of it (docs/rules.md#register): the headers its last batch was sent
// from. The register's own writer keeps the rows of each tab's people (src/register/store.ts).
import type { Services } from '../../core/services';
import { saveSentColumns } from '../../records/sent-columns';
import { registerSpanOf as spanOf, type RegisterSpan } from '../../register/store';

/** The push's `remember`: keeps the batch's columns (the sidebar says which one is gone). */
export function sentRecorder(svc: Services, sheetId: number): (columns: string) => void {
  return (columns) => saveSentColumns(svc.doc, sheetId, columns);
}

/** The register rows of a tab's people; null when the tab sent nobody. */
export function registerSpanOf(svc: Services, sheetId: number): RegisterSpan | null {
  return spanOf(svc.doc, sheetId);
}
