// Today's spend and the daily limit (docs/rules.md#spending-limit): one person's running total per UTC
// day in their UserProperties, bounded whatever the day holds; the check and the charge it allows run
// as one step under the person's own lock, so two documents, tabs or timers never pass it together.
import { utcDay, type Clock } from '../../core/clock';
import { getJson, setJson } from '../../records/json-props';
import type { Props, Services } from '../../core/services';
import { DOC_KEYS, USER_KEYS } from '../../records/state-keys';
import { generateFits, previewFits, type LimitFigures } from '../../shared/limit-rule';
import type { Reply, SpendToday } from '../contract';
import { AddonError } from '../failure';
import { handle } from '../handle';
import { publicSettings } from '../../records/settings';
import { dailyLimit, saveLimit } from '../../records/limit';

/**
 * The day: `t` the running total of figures known (a range at its spending end), `o` open unknown
 * outcomes at their quoted high by id, `s` the last ids booked (a row booked twice counts once).
 */
interface SpendDay {
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

function today(props: Props, clock: Clock): SpendDay {
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
    const day = today(svc.user, svc.clock);
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
  const day = today(svc.user, svc.clock);
  for (const b of owed) apply(day, b);
  setJson(svc.user, USER_KEYS.spend, day);
  setJson(svc.doc, owedKey(hint), null);
}

/** Credits this person spent today (UTC), net of refunds at what is proven, unknown outcomes at their high. */
export function spentTodayBy(svc: Pick<Services, 'user' | 'clock'>): number {
  const day = today(svc.user, svc.clock);
  return Math.max(
    0,
    Object.values(day.o).reduce((n, x) => n + x, day.t),
  );
}

/** "Charged today" beside the balance: the known figures, and how many outcomes are still unknown. */
export function spentToday(svc: Pick<Services, 'user' | 'clock'>): SpendToday {
  const day = today(svc.user, svc.clock);
  return { chargedToday: Math.max(0, day.t), unknownToday: Object.keys(day.o).length };
}

/** The limit and today's spending, as getSidebarState and setSpendingLimit answer them. */
export function limitFigures(svc: Pick<Services, 'user' | 'clock'>): LimitFigures {
  return { creditsPerDay: dailyLimit(svc.user), spentToday: spentTodayBy(svc) };
}

/** Credits left today under the limit (0 once reached), or null when the person has no limit. */
export function roomToday(svc: Pick<Services, 'user' | 'clock'>): number | null {
  const f = limitFigures(svc);
  return f.creditsPerDay === null ? null : Math.max(0, f.creditsPerDay - f.spentToday);
}

function overLimit(f: LimitFigures & { creditsPerDay: number }, what: string): AddonError {
  return new AddonError(
    'over_limit',
    `${what} Your limit is ${f.creditsPerDay} credits a day and ${f.spentToday} are spent today (UTC), so nothing was charged. Raise the limit or wait until tomorrow.`,
    { limit: f },
  );
}

/** Refuses a Generate whose confirmed high would pass today's limit (before any request that charges). */
export function assertGenerateFits(svc: Pick<Services, 'user' | 'clock'>, high: number): void {
  const f = limitFigures(svc);
  if (f.creditsPerDay === null || generateFits(f, high)) return;
  throw overLimit({ ...f, creditsPerDay: f.creditsPerDay }, `This would spend up to ${high} credits.`);
}

/** Refuses a Preview once today's limit is reached (its cost is not known in advance). */
export function assertPreviewFits(svc: Pick<Services, 'user' | 'clock'>): void {
  const f = limitFigures(svc);
  if (f.creditsPerDay === null || previewFits(f)) return;
  throw overLimit({ ...f, creditsPerDay: f.creditsPerDay }, 'Today’s limit is reached.');
}

/** How long a click or timer waits for the person's other run to finish its charge. */
const USER_LOCK_WAIT_MS = 30_000;

/**
 * Runs the limit check and the charge it allows as one step under the person's own lock, with their
 * day read afresh inside it (docs/rules.md#spending-limit). Without a limit no lock is needed.
 */
export function withSpendLock<T>(svc: Services, fn: () => T): T {
  if (dailyLimit(svc.user) === null) return fn();
  const lock = svc.userLock && svc.userLock();
  if (lock && !lock.tryLock(USER_LOCK_WAIT_MS))
    throw new AddonError('locked', 'Another of your runs is spending right now (another document, tab or timer). Wait a moment and press again.');
  try {
    if (svc.user.forget) svc.user.forget();
    pickUpOwed(svc);
    return fn();
  } finally {
    lock?.releaseLock();
  }
}

/** The largest limit accepted (a typo of several zeros is not a limit anyone means). */
const LIMIT_MAX = 10_000_000;

export function setSpendingLimit(svc: Services, args: { creditsPerDay?: unknown }): Reply<LimitFigures> {
  return handle(() => {
    const raw = args?.creditsPerDay;
    if (raw === null || raw === undefined || raw === '') {
      saveLimit(svc.user, null);
    } else {
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0 || n > LIMIT_MAX)
        throw new AddonError('bad_input', 'The daily limit is a whole number of credits (0 or more), or empty for none.');
      saveLimit(svc.user, n);
    }
    try {
      pickUpOwed(svc);
    } catch {
      /* the person's own figure stands */
    }
    return limitFigures(svc);
  });
}
