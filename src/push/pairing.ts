// Pairing the people of an add-people reply with the rows sent, without trusting the reply's order.
import type { AddedPerson } from '../api/types';
import { nameKey } from './row-person';

export interface SentRow {
  /** nameKey of the person sent. */
  key: string;
  /** fingerprint of the person sent. */
  fp: string;
}

export interface Pairing {
  /** The person for each sent row (same index), or null when the reply cannot say which. */
  people: (AddedPerson | null)[];
  /** Indexes of rows whose person is among several the reply does not tell apart. */
  ambiguous: number[];
}

export function pairPeople(sent: readonly SentRow[], reply: readonly AddedPerson[]): Pairing {
  const keyOf = (p: AddedPerson) => nameKey(p.firstName, p.company);
  // Same length and every position agrees on name and company: the reply kept our order.
  if (reply.length === sent.length && reply.every((p, i) => keyOf(p) === sent[i]!.key)) {
    return { people: [...reply], ambiguous: [] };
  }
  const replyByKey = new Map<string, AddedPerson[]>();
  for (const p of reply) replyByKey.set(keyOf(p), [...(replyByKey.get(keyOf(p)) ?? []), p]);
  const sentByKey = new Map<string, number[]>();
  sent.forEach((s, i) => sentByKey.set(s.key, [...(sentByKey.get(s.key) ?? []), i]));

  const people: (AddedPerson | null)[] = sent.map(() => null);
  const ambiguous: number[] = [];
  for (const [key, rows] of sentByKey) {
    const found = replyByKey.get(key) ?? [];
    const ids = new Set(found.map((p) => p.id));
    if (ids.size === 1) {
      // One person: every row with this name and company is that person (the API matched them).
      for (const i of rows) people[i] = found[0]!;
    } else if (ids.size > 1 && found.length === rows.length && new Set(rows.map((i) => sent[i]!.fp)).size === 1) {
      // Identical rows added as separate people: any pairing is the right one.
      rows.forEach((i, k) => { people[i] = found[k]!; });
    } else if (ids.size > 1) {
      ambiguous.push(...rows);
    }
  }
  return { people, ambiguous };
}
