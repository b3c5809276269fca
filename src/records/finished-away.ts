// Per person and spreadsheet: their timer finished in a run without the document, so rows catch up when it is open
// (docs/rules.md#readings).
import type { Props } from '../core/services';
import { setJson } from './json-props';
import { USER_KEYS } from './state-keys';

/** Marks (with when) or clears (null) that the timer of this spreadsheet finished away. */
export function markFinishedAway(props: Props, spreadsheetId: string, at: string | null): void {
  if (at === null) props.deleteProperty(USER_KEYS.timerDone(spreadsheetId));
  else setJson(props, USER_KEYS.timerDone(spreadsheetId), at);
}

export function finishedAwayMarked(props: Props, spreadsheetId: string): boolean {
  return props.getProperty(USER_KEYS.timerDone(spreadsheetId)) !== null;
}
