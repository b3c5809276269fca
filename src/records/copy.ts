// A copy of the spreadsheet (docs/rules.md#copies): records kept for another spreadsheet's id are the original's.
// The copy keeps its rows, the register and the parts (so nobody the original sent is sent again), but no standing
// order, timer or money evidence of the original acts in it until a person confirms one there.
import { activeSpreadsheet, type Services } from '../core/services';
import { DOC_KEYS } from './state-keys';
import { keysWhere } from './json-props';

/**
 * Keys of what only the original may act on: auto mode, the timer's ownership of a tab, and its money evidence (open
 * outcomes, charges, refunds booked or owed): the original gives back what it charged, so the copy never books it twice.
 */
const ORIGINAL_ONLY = /^(auto\.|sheet\.\d+\.autoRefresh$|credits\.)/;

/** Notices a copy once, at its first call that reads the document, and forgets what only the original may act on. */
export function noticeCopy(svc: Services): void {
  const ss = activeSpreadsheet(svc);
  if (!ss) return;
  const id = ss.getId();
  const kept = svc.doc.getProperty(DOC_KEYS.spreadsheetId);
  if (kept === id) return;
  if (kept) for (const k of keysWhere(svc.doc, (x) => ORIGINAL_ONLY.test(x))) svc.doc.deleteProperty(k);
  svc.doc.setProperty(DOC_KEYS.spreadsheetId, id);
}
