// When an unknown money outcome is settled (docs/rules.md#unknown-outcomes): by evidence only, on both
// sides of the wire. Plain numbers in, a verdict out.

/** How long an unknown outcome may take to show: no move by then means it did not happen. */
export const SETTLE_MS = 2 * 60_000;

/** When the evidence will have told (ms since the epoch). */
export function knownBy(at: number): number {
  return at + SETTLE_MS;
}

/** What the evidence says: it happened, it did not, it cannot be told, or not yet (null). */
export type OutcomeVerdict = 'happened' | 'not_happened' | 'cannot_tell' | null;

/** The call as it was left: when, how many people waited just before it (null when not known), the balance then. */
export interface OpenOutcome {
  at: number;
  pending: number | null;
  balance?: number;
}

/** Whether the evidence has told by now: people left waiting (then it happened), or two minutes passed. */
export function outcomeShown(o: OpenOutcome, waitingNow: number, now: number): boolean {
  return (o.pending !== null && waitingNow < o.pending) || now - o.at >= SETTLE_MS;
}

/**
 * Happened when people left waiting; did not happen only when two minutes passed with neither the
 * waiting count nor the balance moving; otherwise, two minutes on, it cannot be told. `balance` is read
 * only when needed (it may cost a request); without it, two minutes on is "cannot tell".
 */
export function outcomeVerdict(o: OpenOutcome, waitingNow: number, now: number, balance?: () => number | null): OutcomeVerdict {
  if (o.pending !== null && waitingNow < o.pending) return 'happened';
  if (!outcomeShown(o, waitingNow, now)) return null;
  const b = balance ? balance() : null;
  return o.pending === waitingNow && b !== null && b === o.balance ? 'not_happened' : 'cannot_tell';
}

/** A Stop left without an answer: when, and how many people of its part were cancelled just before (null when not known). */
export interface OpenStop {
  at: number;
  cancelledBefore: number | null;
}

/**
 * A Stop happened when its part shows it stopped or more people cancelled; it did not when, two minutes
 * on, neither shows. A stop charges nothing, so no balance is needed to tell.
 */
export function stopVerdict(o: OpenStop, part: { stopped: boolean; cancelled: number }, now: number): Exclude<OutcomeVerdict, 'cannot_tell'> {
  if (part.stopped || part.cancelled > (o.cancelledBefore || 0)) return 'happened';
  return now - o.at >= SETTLE_MS ? 'not_happened' : null;
}
