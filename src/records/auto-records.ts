// Per tab, what auto mode keeps beside its standing order (docs/rules.md#auto-mode): what its last run read of the
// unsent rows (a row still being typed waits one interval), and the one way to drop the order with all it keeps.
import type { Props } from '../core/services';
import { DOC_KEYS } from './state-keys';

/** The readings kept by the last run, '' for none. */
export function seenReadings(props: Props, sheetId: number): string {
  return props.getProperty(DOC_KEYS.autoSeen(sheetId)) || '';
}

/** Keeps this run's readings ('' forgets them). */
export function saveSeenReadings(props: Props, sheetId: number, readings: string): void {
  if (readings) props.setProperty(DOC_KEYS.autoSeen(sheetId), readings);
  else props.deleteProperty(DOC_KEYS.autoSeen(sheetId));
}

/** The standing order, its runs' record and the readings go together when it is switched off. */
export function dropAutoRecords(props: Props, sheetId: number): void {
  for (const k of [DOC_KEYS.autoMode(sheetId), DOC_KEYS.autoRun(sheetId), DOC_KEYS.autoSeen(sheetId)]) props.deleteProperty(k);
}
