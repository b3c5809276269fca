// The daily limit against today's spend (docs/rules.md#spending-limit; the day's record is src/records/spend-day.ts):
// the check and the charge it allows run as one step under the person's own lock, so two documents, tabs or timers
// never pass it together.
import type { Services } from '../../core/services';
import { pickUpOwed, spendDay, spentTodayBy } from '../../records/spend-day';
import { generateFits, previewFits, type LimitFigures } from '../../shared/limit-rule';
import type { Reply, SpendToday } from '../contract';
import { AddonError, badInput } from '../failure';
import { handle } from '../handle';
import { dailyLimit, saveLimit } from '../../records/limit';

/** "Charged today" beside the balance: the known figures, and how many outcomes are still unknown. */
export function spentToday(svc: Pick<Services, 'user' | 'clock'>): SpendToday {
  const day = spendDay(svc.user, svc.clock);
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
      if (!Number.isInteger(n) || n < 0 || n > LIMIT_MAX) throw badInput('The daily limit is a whole number of credits (0 or more), or empty for none.');
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
