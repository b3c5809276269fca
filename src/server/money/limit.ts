// The person's daily spending limit (docs/rules.md#spending-limit): credits per UTC day, net of
// refunds, across every document, counted from their own record. The record is kept in the person's
// UserProperties: one entry per row of a `Video credits` tab booked under their key today, keyed by
// the row's identity, so reading the same row twice (two documents, a colleague's refund, a settled
// unknown outcome) changes the entry, never adds a second one.
import type { Clock } from '../../core/clock';
import { getJson, setJson } from '../../core/json-props';
import type { Props, Services } from '../../core/services';
import { USER_KEYS } from '../../core/state-keys';
import { generateFits, previewFits, type LimitFigures } from '../../core/limit-rule';
import type { Reply } from '../contract';
import { AddonError } from '../failure';
import { handle } from '../handle';

/** Today's entries: row id → credits (negative for a refund); an unknown outcome counts at its quoted high. */
interface SpendDay {
  d: string;
  e: Record<string, number>;
}

/** The most entries a day keeps (each ~20 bytes, well under the 9 KB a value may hold). */
const MAX_ENTRIES = 300;
const CARRIED = '_carried';

function utcDay(clock: Clock): string {
  return new Date(clock.now()).toISOString().slice(0, 10);
}

function today(props: Props, clock: Clock): SpendDay {
  const day = utcDay(clock);
  const saved = getJson<SpendDay>(props, USER_KEYS.spend);
  return saved && saved.d === day && saved.e && typeof saved.e === 'object' ? saved : { d: day, e: {} };
}

/** The person's limit in credits per UTC day, or null for none. */
export function dailyLimit(props: Props): number | null {
  const v = Number(props.getProperty(USER_KEYS.limit) ?? '');
  return props.getProperty(USER_KEYS.limit) && Number.isFinite(v) && v >= 0 ? v : null;
}

/** A record row's identity: its time, part and action (what the tab row keeps for ever). */
export function spendId(when: string, part: string, action: string): string {
  const t = Date.parse(when);
  return `${Number.isFinite(t) ? t.toString(36) : when}.${part.slice(-6)}.${action.slice(0, 3)}`;
}

/**
 * Books one row of the record in the person's day (a charge, a refund as a negative figure, or an
 * unknown outcome at its quoted high). Booking the same id again replaces its figure. Only rows of
 * today (UTC) count: a refund counts on the day it is seen.
 */
export function bookSpend(svc: Pick<Services, 'userProps' | 'clock'>, entry: { id: string; when: string; credits: number }): void {
  const day = today(svc.userProps, svc.clock);
  if (entry.when.slice(0, 10) !== day.d || !Number.isFinite(entry.credits)) return;
  if (day.e[entry.id] === entry.credits) return;
  day.e[entry.id] = entry.credits;
  const ids = Object.keys(day.e).filter((id) => id !== CARRIED);
  // Oldest entries fold into one carried figure, so the day's total stays right.
  if (ids.length > MAX_ENTRIES) {
    const folded = ids.slice(0, ids.length - MAX_ENTRIES);
    day.e[CARRIED] = folded.reduce((n, id) => n + (day.e[id] ?? 0), day.e[CARRIED] ?? 0);
    for (const id of folded) delete day.e[id];
  }
  setJson(svc.userProps, USER_KEYS.spend, day);
}

/** Credits this person spent today (UTC), net of refunds, unknown outcomes at their high. */
export function spentTodayBy(svc: Pick<Services, 'userProps' | 'clock'>): number {
  const day = today(svc.userProps, svc.clock);
  return Math.max(
    0,
    Object.values(day.e).reduce((n, x) => n + (Number(x) || 0), 0),
  );
}

/** The limit and today's spending, as getSidebarState and setSpendingLimit answer them. */
export function limitFigures(svc: Pick<Services, 'userProps' | 'clock'>): LimitFigures {
  return { creditsPerDay: dailyLimit(svc.userProps), spentToday: spentTodayBy(svc) };
}

/** Credits left today under the limit (0 once reached), or null when the person has no limit. */
export function roomToday(svc: Pick<Services, 'userProps' | 'clock'>): number | null {
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
export function assertGenerateFits(svc: Pick<Services, 'userProps' | 'clock'>, high: number): void {
  const f = limitFigures(svc);
  if (f.creditsPerDay === null || generateFits(f, high)) return;
  throw overLimit({ ...f, creditsPerDay: f.creditsPerDay }, `This would spend up to ${high} credits.`);
}

/** Refuses a Preview once today's limit is reached (its cost is not known in advance). */
export function assertPreviewFits(svc: Pick<Services, 'userProps' | 'clock'>): void {
  const f = limitFigures(svc);
  if (f.creditsPerDay === null || previewFits(f)) return;
  throw overLimit({ ...f, creditsPerDay: f.creditsPerDay }, 'Today’s limit is reached.');
}

/** The largest limit accepted (a typo of several zeros is not a limit anyone means). */
const LIMIT_MAX = 10_000_000;

/** `sync` first books today's rows of the active document's record under the person's key (refunds others saw). */
export function setSpendingLimit(svc: Services, args: { creditsPerDay?: unknown }, sync?: () => void): Reply<LimitFigures> {
  return handle(() => {
    const raw = args?.creditsPerDay;
    if (raw === null || raw === undefined || raw === '') {
      svc.userProps.deleteProperty(USER_KEYS.limit);
    } else {
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0 || n > LIMIT_MAX)
        throw new AddonError('bad_input', 'The daily limit is a whole number of credits (0 or more), or empty for none.');
      svc.userProps.setProperty(USER_KEYS.limit, String(n));
    }
    try {
      sync?.();
    } catch {
      /* the person's own figure stands */
    }
    return limitFigures(svc);
  });
}
