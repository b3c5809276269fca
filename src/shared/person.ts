// The person fields a row sends (docs/api.md#endpoints): the one list the server and the sidebar both read.
export type PersonField = 'firstName' | 'company' | 'email' | 'website' | 'role' | 'profileUrl' | 'hook' | 'ctaLabel' | 'ctaUrl' | 'headline';

export const PERSON_FIELDS: readonly PersonField[] = [
  'firstName',
  'company',
  'email',
  'website',
  'role',
  'profileUrl',
  'hook',
  'ctaLabel',
  'ctaUrl',
  'headline',
];

export type PersonInput = Partial<Record<PersonField, string>>;
