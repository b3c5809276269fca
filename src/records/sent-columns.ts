// Per tab, the headers its last batch was sent from (docs/rules.md#row-identity): the sidebar says when one is gone.
import type { Props } from '../core/services';
import { DOC_KEYS } from './state-keys';

const key = (sheetId: number) => DOC_KEYS.tab(sheetId, 'sentColumns');

export function saveSentColumns(props: Props, sheetId: number, columns: string): void {
  props.setProperty(key(sheetId), columns);
}

/** The columns as the register writes them (one header per identifier, '|' between), or null before any send. */
export function sentColumns(props: Props, sheetId: number): string | null {
  return props.getProperty(key(sheetId));
}
