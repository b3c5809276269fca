// Each part's charges as the money record keeps them (docs/rules.md#refunds): who paid, for how many people, what it
// cost and what one person may cost, the newest twelve per part, under a short hash of the part's id.
import type { Services } from '../core/services';
import { shortHash } from '../core/hash';
import { getJson, setJson } from './json-props';
import { DOC_KEYS } from './state-keys';

/** One charge of a part, as it stands after what was given back of it. */
export interface PartCharge {
  /** When it was recorded (its row's When). */ t: string;
  /** The key hint that paid. */ k: string;
  /** People it still holds charged. */ p: number;
  /** Credits it still holds (a range once part of it came back as a range). */ lo: number;
  hi: number;
  /** What one person costs at least and at most (the quote's low and high per person). */ a: number;
  b: number;
  /** Its outcome is not known yet: people and credits are bounds. */ u?: 1;
}

const chargesKey = (part: string) => DOC_KEYS.charges(shortHash(part));
const KEPT = 12;

export function chargesOf(svc: Pick<Services, 'doc'>, part: string): PartCharge[] {
  return getJson<PartCharge[]>(svc.doc, chargesKey(part)) || [];
}

export function saveCharges(svc: Pick<Services, 'doc'>, part: string, list: PartCharge[]): void {
  setJson(svc.doc, chargesKey(part), list.length > 0 ? list.slice(-KEPT) : null);
}
