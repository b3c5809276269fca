// A service that stopped answering (docs/rules.md#budgets): since when, and how long timer runs wait before trying
// again (5, 10, 20, 40, then every 60 minutes), kept in the person's UserProperties.
import type { ApiClient } from '../api/client';
import { getJson, setJson } from './json-props';
import type { Props } from '../core/services';
import { USER_KEYS } from './state-keys';

interface Silence {
  /** Epoch ms of the first request left unanswered. */
  since: number;
  /** Runs in a row that got no answer. */
  misses: number;
  /** Epoch ms of the last run that tried. */
  lastTry: number;
}

const BACKOFF_MINUTES = [5, 10, 20, 40, 60];

/** The time the service has not answered since (ISO), or null while it answers. */
export function silentSince(props: Props): string | null {
  const s = getJson<Silence>(props, USER_KEYS.silence);
  return s ? new Date(s.since).toISOString() : null;
}

/** True when a timer run should not try the service yet: it was silent, and the back-off has not passed. */
export function backingOff(props: Props, now: number): boolean {
  const s = getJson<Silence>(props, USER_KEYS.silence);
  if (!s) return false;
  const wait = BACKOFF_MINUTES[Math.min(s.misses, BACKOFF_MINUTES.length) - 1] || 0;
  return now < s.lastTry + wait * 60_000;
}

/** After a run: an answer clears the record (the next run catches up); a run that got none extends it. */
export function noteSilence(props: Props, api: ApiClient, now: number): void {
  const link = api.link && api.link();
  if (!link) return;
  const s = getJson<Silence>(props, USER_KEYS.silence);
  if (link.answered) {
    if (s) setJson(props, USER_KEYS.silence, null);
  } else if (link.silentSince !== null) {
    setJson(props, USER_KEYS.silence, { since: (s && s.since) ?? link.silentSince, misses: ((s && s.misses) || 0) + 1, lastTry: now } satisfies Silence);
  }
}
