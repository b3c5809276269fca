// Each part's charges as evidence (docs/rules.md#refunds): who paid, for how many people, what it cost
// and what one person may cost. Refunds are taken from these, under the key that paid for the people
// given back, at what the evidence proves: never an average price.
import type { Estimate } from '../../api/types';
import type { Services } from '../../core/services';
import { chargesOf, saveCharges, type PartCharge } from '../../records/part-charges';
import { exact, type Figure } from './ledger';

/**
 * Whether what any number of a part's people would give back is already proven by its charges: every
 * charge's people each paid one known price (all the low, or all the high). Then a Stop needs no balance read.
 */
export function pricesProven(svc: Pick<Services, 'doc'>, part: string): boolean {
  return chargesOf(svc, part).every((c) => !c.u && c.lo === c.hi && (c.lo === c.p * c.a || c.lo === c.p * c.b));
}

/** A price range per person from the quote read just before the call; without one, anything up to the whole charge. */
export function perPerson(quote: Estimate | undefined, charged: number, people: number): { a: number; b: number } {
  if (quote && quote.leads > 0) return { a: quote.low / quote.leads, b: quote.high / quote.leads };
  return { a: 0, b: people > 0 ? charged : 0 };
}

/**
 * n people given back from a part's charges, newest charge first (people not yet started are the last
 * queued): per paying key, the credits the evidence proves. `moved` is the balance's rise measured
 * around the call; it is the figure when one charge alone explains it and it lies in that charge's range.
 */
export function takeBack(
  svc: Pick<Services, 'doc'>,
  part: string,
  n: number,
  moved: number | null = null,
  anyone = false,
): { key: string; people: number; figure: Figure }[] {
  const list = chargesOf(svc, part);
  const out: { key: string; people: number; figure: Figure; c: PartCharge }[] = [];
  // A failed video may be any charge's person: with several charges still holding people, one may have cost the least any did.
  const open = list.filter((c) => c.p > 0);
  const any = anyone && open.length > 1;
  for (let i = list.length - 1, left = n; i >= 0 && left > 0; i--) {
    const c = list[i]!;
    const m = Math.min(left, c.p);
    if (m <= 0) continue;
    left -= m;
    const lo = any ? m * Math.min(...open.map((x) => x.a)) : Math.max(m * c.a, c.lo - (c.p - m) * c.b);
    const hi = any ? m * Math.max(...open.map((x) => x.b)) : Math.max(lo, Math.min(m * c.b, c.hi - (c.p - m) * c.a));
    out.push({ key: c.k, people: m, figure: { lo: Math.ceil(lo), hi: Math.floor(hi) < Math.ceil(lo) ? Math.ceil(lo) : Math.floor(hi) }, c });
  }
  const proven = moved !== null && out.length === 1 && moved >= out[0]!.figure.lo && moved <= out[0]!.figure.hi;
  if (proven) out[0]!.figure = exact(moved);
  for (const x of out) {
    x.c.p -= x.people;
    x.c.lo = Math.max(x.c.p * x.c.a, x.c.lo - x.figure.hi);
    x.c.hi = Math.max(x.c.lo, Math.min(x.c.p * x.c.b, x.c.hi - x.figure.lo));
  }
  saveCharges(svc, part, list);
  return out.map(({ key, people, figure }) => ({ key, people, figure: { lo: -figure.hi, hi: -figure.lo } }));
}
