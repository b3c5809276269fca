// A person's spending of the UTC day (docs/rules.md#spending-limit), in their UserProperties: one running total, bounded
// whatever the day holds; and what others booked in a document for a colleague's key, for that person to take up.
import { utcDay, type Clock } from '../core/clock';
import { getJson, setJson } from './json-props';
import type { Props, Services } from '../core/services';
import { DOC_KEYS, USER_KEYS } from './state-keys';
import { publicSettings } from './settings';

/**
 * The day: `t` the running total of figures known (a range at its spending end), `o` open unknown
 * outcomes at their quoted high by id, `s` the last ids booked (a row booked twice counts once).
 */
export interface SpendDay {
  d: string;
  t: number;
  o: Record<string, number>;
  s: string[];
}

/** One booking: a known figure, or (open) an unknown outcome at its high; settling an open id replaces it. */
export interface Booking {
  id: string;
  when: string;
  credits: number;
  open?: boolean;
}

const SEEN_MAX = 60;
const OPEN_MAX = 40;
/** Bookings for another person's key seen in this document (a colleague saw their refund), picked up by them. */
const owedKey = DOC_KEYS.owed;
const OWED_MAX = 40;

export function spendDay(props: Props, clock: Clock): SpendDay {
  const d = utcDay(clock);
  const saved = getJson<Partial<SpendDay> & { e?: Record<string, number> }>(props, USER_KEYS.spend);
  if (!saved || saved.d !== d) return { d, t: 0, o: {}, s: [] };
  // An earlier version kept one entry per row: their sum is the day's total.
  const old = saved.e ? Object.values(saved.e).reduce((n, x) => n + (Number(x) || 0), 0) : 0;
  return { d, t: (Number(saved.t) || 0) + old, o: saved.o || {}, s: saved.s || [] };
}

function apply(day: SpendDay, b: Booking): boolean {
  if (b.when.slice(0, 10) !== day.d || !Number.isFinite(b.credits)) return false;
  if (b.open) {
    if (day.o[b.id] !== undefined || day.s.includes(b.id)) return false;
    day.o[b.id] = b.credits;
    const ids = Object.keys(day.o);
    // More open outcomes than kept: the oldest counts on at its high, so the figure never drops.
    if (ids.length > OPEN_MAX) {
      day.t += day.o[ids[0]!]!;
      delete day.o[ids[0]!];
    }
    return true;
  }
  if (day.s.includes(b.id)) return false;
  delete day.o[b.id];
  day.t += b.credits;
  day.s = [...day.s, b.id].slice(-SEEN_MAX);
  return true;
}

const myHint = (svc: Pick<Services, 'user'>) => publicSettings(svc.user).keyHint || '';

/**
 * Books a record row under the key that paid: in this person's day when it is their key, otherwise
 * kept in the document for that key's person to pick up. A refund counts on the day it is seen.
 */
export function book(svc: Pick<Services, 'user' | 'doc' | 'clock'>, key: string, b: Booking): void {
  if (key === myHint(svc)) {
    const day = spendDay(svc.user, svc.clock);
    if (apply(day, b)) setJson(svc.user, USER_KEYS.spend, day);
    return;
  }
  if (!key) return;
  const owed = getJson<Booking[]>(svc.doc, owedKey(key)) || [];
  setJson(svc.doc, owedKey(key), [...owed.filter((x) => x.when.slice(0, 10) === utcDay(svc.clock)), b].slice(-OWED_MAX));
}

/** Takes up what others booked for this person's key in this document (refunds they saw first). */
export function pickUpOwed(svc: Pick<Services, 'user' | 'doc' | 'clock'>): void {
  const hint = myHint(svc);
  const owed = hint ? getJson<Booking[]>(svc.doc, owedKey(hint)) : null;
  if (!owed) return;
  const day = spendDay(svc.user, svc.clock);
  for (const b of owed) apply(day, b);
  setJson(svc.user, USER_KEYS.spend, day);
  setJson(svc.doc, owedKey(hint), null);
}

/** Credits this person spent today (UTC), net of refunds at what is proven, unknown outcomes at their high. */
export function spentTodayBy(svc: Pick<Services, 'user' | 'clock'>): number {
  const day = spendDay(svc.user, svc.clock);
  return Math.max(
    0,
    Object.values(day.o).reduce((n, x) => n + x, day.t),
  );
}
