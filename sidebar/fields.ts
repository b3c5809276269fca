// Person fields as the sidebar shows them: labels, length limits, fallbacks, and the checks
// made on a sample row before anything is sent.
import { PERSON_FIELDS, type PersonField } from '../src/api/types';
import type { FieldMap } from '../src/server/contract';
import { formatNumber } from './format';

export { PERSON_FIELDS };
export type { PersonField };

export const FIELD_LABELS: FieldMap<string> = {
  firstName: 'First name', company: 'Company', email: 'Email', website: 'Website', role: 'Role',
  profileUrl: 'Profile URL', hook: 'Hook', ctaLabel: 'CTA label', ctaUrl: 'CTA URL', headline: 'Headline',
};

/** api-spec section 8. */
export const FIELD_LIMITS: Partial<FieldMap<number>> = {
  firstName: 80, company: 120, hook: 200, ctaLabel: 40, headline: 160,
};

/** Suggested fallback, shown as a placeholder. */
export const FALLBACK_HINTS: Partial<FieldMap<string>> = {
  firstName: 'there', company: 'your team', ctaLabel: 'Book a call',
};

export interface FieldIssue { field: PersonField; text: string }

/**
 * What is wrong with the sample row for one field: over its limit, or a missing first name
 * (with no fallback), which the service cannot personalize.
 */
export function fieldIssue(field: PersonField, value: string | undefined, fallback: string | undefined): FieldIssue | null {
  const limit = FIELD_LIMITS[field];
  const v = value ?? '';
  if (limit !== undefined && v.length > limit) {
    return { field, text: `Too long: ${formatNumber(v.length)} of ${formatNumber(limit)} characters. This row will not be sent.` };
  }
  if (field === 'firstName' && v.trim() === '' && !(fallback ?? '').trim()) {
    return { field, text: 'Required: the first name is empty. Add it or set a fallback.' };
  }
  return null;
}

/** Every issue of the sample row, in field order. */
export function sampleIssues(sample: Partial<FieldMap<string>> | null, fallbacks: Partial<FieldMap<string>>): FieldIssue[] {
  if (!sample) return [];
  return PERSON_FIELDS.map((f) => fieldIssue(f, sample[f], fallbacks[f])).filter((i): i is FieldIssue => i !== null);
}
