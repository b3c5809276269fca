// What the add-on remembers of a part between runs — a tab's last refresh of it, its counts once settled — and the one
// way to forget it (docs/architecture.md#records).
import type { CampaignDetail } from '../api/types';
import type { Props } from '../core/services';
import { getJson, keysWhere, setJson } from './json-props';
import { DOC_KEYS } from './state-keys';

/** What a tab's refresh last saw of a part (docs/rules.md#parts): its status and counts, and where a cut-short hunt goes on. */
export interface PartSeen {
  status: string;
  counts: CampaignDetail['counts'];
  /** Its summary in the campaign list, as summarySignature wrote it. */
  summary?: string;
  huntFrom?: string;
  /** Every render in flight was still queued, at `at`. */
  queued?: 1;
  at?: number;
}

export function seenOf(props: Props, sheetId: number, partId: string): PartSeen | null {
  return getJson<PartSeen>(props, DOC_KEYS.refreshMemo(sheetId, partId));
}

/** Null: nothing of the part is left to settle on the tab, so nothing of it is kept (docs/rules.md#budgets). */
export function keepSeen(props: Props, sheetId: number, partId: string, seen: PartSeen | null): void {
  setJson(props, DOC_KEYS.refreshMemo(sheetId, partId), seen);
}

/** A part's counts once nothing of it is pending or rendering: they change only when it is generated again. */
export function settledOf(props: Props, partId: string): CampaignDetail | null {
  return getJson<CampaignDetail>(props, DOC_KEYS.settledPart(partId));
}

/** Any tab's last refresh of a part. */
const seenKey = (partId: string) => (k: string) => k.startsWith('refresh.') && k.endsWith(`.${partId}`);

/**
 * What the add-on last knew of a part without asking: its settled counts, or a tab's last refresh of it (the timer's
 * reading, at most a run old). Null when neither is kept.
 */
export function lastKnown(props: Props, partId: string): CampaignDetail | null {
  const settled = settledOf(props, partId);
  if (settled) return settled;
  // Only without settled counts is a tab's refresh looked for: a scan of the store's keys.
  const k = keysWhere(props, seenKey(partId))[0];
  const s = k && getJson<PartSeen>(props, k);
  return s ? ({ id: partId, status: s.status, counts: s.counts, stages: {} } as unknown as CampaignDetail) : null;
}

export function keepSettled(props: Props, d: CampaignDetail): void {
  const kept = { id: d.id, name: d.name, status: d.status, counts: d.counts, stages: {} };
  // Read each poll: written only when it says something new (a property write is a quota's operation).
  if (JSON.stringify(settledOf(props, d.id)) !== JSON.stringify(kept)) setJson(props, DOC_KEYS.settledPart(d.id), kept);
}

/**
 * Forgets a part's settled counts and every tab's last refresh of it: its people or its renders are about to change
 * (a send, a generate, a preview, a stop, a row that took its person back), so the next reading asks the service.
 * Without a part, every tab's last refresh of every part (a repaired register: who the rows are may have changed); the
 * settled counts stay, for they are the service's, whoever the rows are.
 */
export function forgetPart(props: Props, partId?: string): void {
  const ours = partId ? seenKey(partId) : (k: string) => k.startsWith('refresh.');
  if (partId) props.deleteProperty(DOC_KEYS.settledPart(partId));
  for (const k of keysWhere(props, ours)) props.deleteProperty(k);
}
