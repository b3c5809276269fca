// Per tab, what the register holds of it (docs/rules.md#register): the headers its last batch was sent
// from, and the register rows of its people, so a refresh reads only those.
import type { Services } from '../../core/services';
import { DOC_KEYS } from '../../core/state-keys';
import type { RegisterSpan } from '../../register/store';

/** The push's `remember`: keeps the batch's columns and widens the tab's register rows. */
export function sentRecorder(svc: Services, sheetId: number): (columns: string, rows: RegisterSpan) => void {
  return (columns, rows) => {
    svc.docProps.setProperty(DOC_KEYS.tab(sheetId, 'sentColumns'), columns);
    const was = registerSpanOf(svc, sheetId);
    const span = was ? { first: Math.min(was.first, rows.first), last: Math.max(was.last, rows.last) } : rows;
    svc.docProps.setProperty(DOC_KEYS.tab(sheetId, 'registerRows'), `${span.first}:${span.last}`);
  };
}

/** The register rows of a tab's people; null when the tab sent nobody. */
export function registerSpanOf(svc: Services, sheetId: number): RegisterSpan | null {
  const m = /^(\d+):(\d+)$/.exec(svc.docProps.getProperty(DOC_KEYS.tab(sheetId, 'registerRows')) ?? '');
  return m ? { first: Number(m[1]), last: Number(m[2]) } : null;
}
