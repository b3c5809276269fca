// Person fields as the sidebar shows them: the server's labels, limits and validation (src/shared/people),
// fallback hints, and the check of the first selected row before anything is sent.
import { FIELD_LABELS, FIELD_LIMITS, validatePerson, type PersonProblem } from '../src/shared/people';
import { PERSON_FIELDS, type PersonField, type PersonInput } from '../src/shared/person';
import type { FieldMap } from '../src/server/contract';

export { FIELD_LABELS, FIELD_LIMITS, PERSON_FIELDS };
export type { PersonField, PersonProblem };

/** Suggested fallback, shown as a placeholder. */
export const FALLBACK_HINTS: Partial<FieldMap<string>> = {
  firstName: 'there',
  company: 'your team',
  ctaLabel: 'Book a call',
};

/**
 * What the server would refuse in the sample row once its fallbacks fill the empty fields: the same
 * validatePerson that marks rows invalid, so the sidebar never warns about a row the server sends.
 */
export function sampleProblems(sample: Partial<FieldMap<string>> | null, fallbacks: Partial<FieldMap<string>>): PersonProblem[] {
  if (!sample) return [];
  const person: PersonInput = {};
  for (const f of PERSON_FIELDS) {
    const v = (sample[f] ?? '').trim() || (fallbacks[f] ?? '').trim();
    if (v) person[f] = v;
  }
  const check = validatePerson(person);
  return check.ok ? [] : check.problems;
}
