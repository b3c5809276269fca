// What DocumentProperties keep of the register (docs/rules.md#register-whole): its fingerprint as encoded text, and
// per tab the register rows that hold the tab's people.
import type { Props } from '../core/services';
import { DOC_KEYS } from './state-keys';

/** The register rows holding one tab's people (it is only ever appended to, so they stay there). */
export interface RegisterSpan {
  first: number;
  last: number;
}

/** The fingerprint's text as kept, or null before the first. */
export function printText(props: Props): string | null {
  return props.getProperty(DOC_KEYS.registerPrint);
}

export function savePrintText(props: Props, text: string): void {
  props.setProperty(DOC_KEYS.registerPrint, text);
}

const spanKey = (sheetId: number) => DOC_KEYS.tab(sheetId, 'registerRows');

/** The register rows of a tab's people; null when the tab sent nobody. */
export function registerSpanOf(props: Props, sheetId: number): RegisterSpan | null {
  const m = /^(\d+):(\d+)$/.exec(props.getProperty(spanKey(sheetId)) || '');
  return m ? { first: Number(m[1]), last: Number(m[2]) } : null;
}

/** Keeps a tab's rows, or forgets them (null: the register is written anew). */
export function saveSpan(props: Props, sheetId: number, span: RegisterSpan | null): void {
  if (span) props.setProperty(spanKey(sheetId), `${span.first}:${span.last}`);
  else props.deleteProperty(spanKey(sheetId));
}
