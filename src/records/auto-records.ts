// Per tab, what auto mode keeps beside its standing order (docs/rules.md#auto-mode): what its last run read of the
// unsent rows (a row still being typed waits one interval), and the one way to drop the order with all it keeps.
import type { Props } from '../core/services';
import { DOC_KEYS } from './state-keys';
import { getJson, setJson } from './json-props';

/**
 * A tab's standing order, in DocumentProperties (everyone on the document sees whose it is). Written only
 * by its owner's switch; a run never writes it, so a switch-off is never undone by a copy a run read
 * before it (docs/rules.md#auto-mode).
 */
export interface AutoMode {
  user: string;
  keyHint: string | null;
  campaignId: string;
  since: string;
}

/** What the order's runs saw, apart from the order: counts only while `since` names the order in force. */
export interface AutoRun {
  since: string;
  /** The owner's limit and what they spent today (UTC day `day`), as of their last run: what others see. */
  creditsPerDay: number | null;
  spent: number;
  day: string;
  /** Why people wait, when they do; the parts held. */
  waiting?: string | null;
  held?: string[];
  /** The spreadsheet's cells when past the warning mark (docs/rules.md#cells): counted again at each run until room is made. */
  cells?: number;
}

export function readAuto(props: Props, sheetId: number): AutoMode | null {
  return getJson<AutoMode>(props, DOC_KEYS.autoMode(sheetId));
}

/** The order as stored now, not as this execution first read it: another execution may have switched it off. */
export function freshAuto(props: Props, sheetId: number): AutoMode | null {
  if (props.forget) props.forget();
  return readAuto(props, sheetId);
}

export const sameOrder = (a: AutoMode | null, b: AutoMode) => !!a && a.user === b.user && a.since === b.since && a.campaignId === b.campaignId;

/** The run's record of the order in force; null when none or it was another order's. */
export function readRun(props: Props, sheetId: number, a: AutoMode): AutoRun | null {
  const r = getJson<AutoRun>(props, DOC_KEYS.autoRun(sheetId));
  return r && r.since === a.since ? r : null;
}

/** The order as the owner's switch set it (only the switch writes it). */
export const writeAuto = (props: Props, sheetId: number, a: AutoMode): void => setJson(props, DOC_KEYS.autoMode(sheetId), a);

export const writeRun = (props: Props, sheetId: number, r: AutoRun): void => setJson(props, DOC_KEYS.autoRun(sheetId), r);

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
