// Money outcomes left open (docs/rules.md#unknown-outcomes): the charges and stops whose answer was lost, as
// DocumentProperties keeps them until the campaign's counts settle them (changed only under the document lock).
import type { Props } from '../core/services';
import { getJson, setJson } from './json-props';
import { DOC_KEYS } from './state-keys';

/** An unknown charge: its row is found again by when and part. */
export interface OpenCharge {
  at: string;
  part: string;
  waiting: number;
  high: number;
  balance?: number;
  action: string;
  key: string;
  campaign?: string;
}

/** A stop left without an answer. */
export interface OpenStop {
  at: string;
  part: string;
  campaign?: { id: string; name: string };
  waitingBefore: number | null;
  cancelledBefore: number | null;
  key: string;
}

/** A settled outcome whose row its settler could not write: `v`, its words, as the money record completes a row. */
export interface UnwrittenRow<V> {
  at: string;
  part: string;
  action: string;
  v: V;
}

/** The newest kept of each kind: an older one past it is let go. */
const OPEN_MAX = 20;

/** One list of open outcomes under its key: read, add to, and keep what is left once some settled. */
function openList<T extends { part: string }>(key: string) {
  const of = (props: Props): T[] => getJson<T[]>(props, key) || [];
  return {
    of,
    add: (props: Props, o: T) => setJson(props, key, [...of(props), o].slice(-OPEN_MAX)),
    /** Written only when some settled; none left, the record goes. */
    keep(props: Props, open: readonly T[], left: readonly T[]): void {
      if (left.length !== open.length) setJson(props, key, left.length ? left : null);
    },
  };
}

export const OPEN_CHARGES = openList<OpenCharge>(DOC_KEYS.openCharges);
export const OPEN_STOPS = openList<OpenStop>(DOC_KEYS.openStops);
/** Rows settled by someone the record was protected from (docs/rules.md#unknown-outcomes), in the money record's words. */
export const unwrittenRows = <V>() => openList<UnwrittenRow<V>>(DOC_KEYS.unwrittenRows);

/** Parts with a money outcome still open (an unknown charge, a stop whose answer was lost). */
export function partsWithOpenOutcome(props: Props): Set<string> {
  return new Set([...OPEN_CHARGES.of(props), ...OPEN_STOPS.of(props)].map((o) => o.part));
}
