// Per campaign, the failures the money record has seen (docs/rules.md#refunds), by a short hash of each part's id so a
// value stays small at 200 parts: `base`, failures seen on a part before the add-on charged it (never its to book);
// `booked`, the failed count whose refunds the record already holds.
import type { Props } from '../core/services';
import { getJson, setJson } from './json-props';
import { DOC_KEYS } from './state-keys';

type Slot = 'base' | 'booked';

export const failedCounts = (props: Props, campaignId: string, slot: Slot): Record<string, number> =>
  getJson<Record<string, number>>(props, DOC_KEYS.failed(campaignId, slot)) || {};

/** Kept only while it holds a part. */
export const saveFailedCounts = (props: Props, campaignId: string, slot: Slot, counts: Record<string, number>): void =>
  setJson(props, DOC_KEYS.failed(campaignId, slot), Object.keys(counts).length > 0 ? counts : null);
