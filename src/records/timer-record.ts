// The timer's own memory (docs/rules.md#timer), in its owner's UserProperties: per trigger, the spreadsheet it
// serves, its interval, the parts it waits for and its last runs, so a run Google gives no document can still
// finish; and the last run (or install) that went wrong outside any tab.
import type { Props } from '../core/services';
import { getJson, setJson } from './json-props';
import { USER_KEYS } from './state-keys';

/** `auto`: a tab of the document is in this person's auto mode, so the timer stays installed even when nothing renders (docs/rules.md#auto-mode). */
export interface TriggerRecord {
  spreadsheetId: string;
  minutes: number;
  /** The parts it waits for, comma-separated (ids hold no comma): the newest, as many as PARTS_CHARS holds. */
  parts?: string;
  runs?: number[];
  auto?: boolean;
}

export interface LostRun {
  at: string;
  error: string;
}

/** Run times kept: enough to see the interval Google keeps. */
export const RUNS_KEPT = 4;

export const readTimer = (props: Props, uid: string): TriggerRecord | null => getJson<TriggerRecord>(props, USER_KEYS.trigger(uid));

/** Null forgets the trigger's record (it was removed). */
export const writeTimer = (props: Props, uid: string, rec: TriggerRecord | null): void => setJson(props, USER_KEYS.trigger(uid), rec);

/** A trigger's record as stored: under 9 KB with 200 parts of 36-character ids. */
export function timerRecord(spreadsheetId: string, minutes: number, parts: string[], runs: number[] = [], auto = false): TriggerRecord {
  return {
    spreadsheetId,
    minutes,
    parts: joinParts(undefined, parts),
    ...(runs.length > 0 ? { runs: runs.slice(-RUNS_KEPT) } : {}),
    ...(auto ? { auto } : {}),
  };
}

/**
 * The parts a record keeps: 200 of the service's 36-character ids. A bigger campaign keeps its newest parts, which finish
 * last; a run without its document that sees them done lets rows catch up at the next open (docs/rules.md#timer).
 */
const PARTS_CHARS = 7400;

/** The parts a timer waits for, without repeats, as one comma-separated value, oldest first. */
export function joinParts(had: string | undefined, more: string[]): string {
  const s = [...new Set([...(had ? had.split(',') : []), ...more])].join(',');
  return s.length > PARTS_CHARS ? s.slice(s.indexOf(',', s.length - PARTS_CHARS) + 1) : s;
}

export const lostRun = (props: Props): LostRun | null => getJson<LostRun>(props, USER_KEYS.lostTimerRun);

export const noteLostRun = (props: Props, at: string, error: string): void => setJson(props, USER_KEYS.lostTimerRun, { at, error } satisfies LostRun);
