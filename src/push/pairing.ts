// Pairing the people of an add-people reply with the rows sent, without trusting the reply's order:
// the reply names only first name and company, so rows that share both are never told apart by
// position (docs/rules.md#pairing); they go to a follow-up send one per name, or are marked ambiguous.
import type { AddedPerson } from '../api/types';
import { nameKey } from '../shared/row-person';

export interface SentRow {
  /** nameKey of the person sent. */
  key: string;
  /** fingerprint of the person sent: rows with the same one are interchangeable. */
  fp: string;
  /** True when the row has an email or profile link, so a send of it alone is matched, not added. */
  identified: boolean;
}

export interface Pairing {
  /** The person for each sent row (same index), or null when the reply cannot say which. */
  people: (AddedPerson | null)[];
  /** Rows the reply does not tell apart that a send of each alone will pair safely. */
  followUp: number[];
  /** Rows the reply does not tell apart and that cannot be sent again safely. */
  ambiguous: number[];
}

export function pairPeople(sent: readonly SentRow[], reply: readonly AddedPerson[]): Pairing {
  const replyByKey = groupBy(reply, (p) => nameKey(p.firstName, p.company));
  const rowsByKey = groupBy(
    sent.map((_, i) => i),
    (i) => sent[i]!.key,
  );

  const people: (AddedPerson | null)[] = sent.map(() => null);
  const followUp: number[] = [];
  const ambiguous: number[] = [];
  for (const [key, rows] of rowsByKey) {
    const found = uniqueById(replyByKey.get(key) || []);
    if (found.length === 0) continue;
    if (rows.length === 1 && found.length === 1) {
      people[rows[0]!] = found[0]!;
    } else if (found.length === rows.length && new Set(rows.map((i) => sent[i]!.fp)).size === 1) {
      // Identical rows added as separate people: any pairing is the right one.
      rows.forEach((i, k) => {
        people[i] = found[k]!;
      });
    } else {
      for (const i of rows) (sent[i]!.identified ? followUp : ambiguous).push(i);
    }
  }
  return { people, followUp, ambiguous };
}

/**
 * Rounds of a follow-up send: each round holds at most one row per name, so its reply pairs by name
 * alone. The rows are identified (email or profile link): the service matches them, adds nobody.
 */
export function followUpRounds(sent: readonly SentRow[], rows: readonly number[]): number[][] {
  const rounds: number[][] = [];
  for (const group of groupBy(rows, (i) => sent[i]!.key).values()) {
    group.forEach((i, k) => (rounds[k] ??= []).push(i));
  }
  return rounds;
}

function groupBy<T>(items: Iterable<T>, keyOf: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const t of items) {
    const k = keyOf(t);
    const list = m.get(k);
    if (list) list.push(t);
    else m.set(k, [t]);
  }
  return m;
}

function uniqueById(people: AddedPerson[]): AddedPerson[] {
  const seen = new Set<string>();
  return people.filter((p) => !seen.has(p.id) && !!seen.add(p.id));
}
