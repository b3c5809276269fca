// Checks people before they are sent (docs/api.md#limits, docs/rules.md#sending), matchability and batching.
import { digest } from '../core/hash';
import { PERSON_FIELDS, type PersonField, type PersonInput } from './person';

export const MAX_PEOPLE_PER_CALL = 1000;

/** Maximum lengths in characters (String.length), per docs/api.md#limits. */
export const FIELD_LIMITS: Readonly<Partial<Record<PersonField, number>>> = {
  firstName: 80,
  company: 120,
  hook: 200,
  ctaLabel: 40,
  headline: 160,
};

/** The names a person knows the fields by. */
export const FIELD_LABELS: Readonly<Record<PersonField, string>> = {
  firstName: 'First name',
  company: 'Company',
  email: 'Email',
  website: 'Website',
  role: 'Role',
  profileUrl: 'Profile link',
  hook: 'Hook',
  ctaLabel: 'Button text',
  ctaUrl: 'Button link',
  headline: 'Headline',
};

export interface PersonProblem {
  field: PersonField;
  message: string;
}

export type PersonCheck = { ok: true; person: PersonInput } | { ok: false; problems: PersonProblem[] };

// No URL global in Apps Script: a scheme, a dotted host (or localhost / IPv4), an optional port, then no spaces.
const WEB_ADDRESS = /^https?:\/\/(?:localhost|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,}$/i;

export function isEmailAddress(v: string): boolean {
  return EMAIL.test(v);
}

export function isWebAddress(v: string): boolean {
  return WEB_ADDRESS.test(v);
}

/** Trims every field, drops empty ones, and reports every problem in sentences that name the field. */
export function validatePerson(input: PersonInput): PersonCheck {
  const person: PersonInput = {};
  for (const f of PERSON_FIELDS) {
    const raw = input[f];
    if (typeof raw !== 'string') continue;
    const v = raw.trim();
    if (v !== '') person[f] = v;
  }

  const problems: PersonProblem[] = [];
  if (person.firstName === undefined) {
    problems.push({ field: 'firstName', message: `${FIELD_LABELS.firstName} is empty; the video has nobody to name without it.` });
  }
  for (const f of PERSON_FIELDS) {
    const v = person[f];
    const limit = FIELD_LIMITS[f];
    if (v !== undefined && limit !== undefined && v.length > limit) {
      problems.push({ field: f, message: `${FIELD_LABELS[f]} is ${v.length} characters; the limit is ${limit}.` });
    }
  }
  if (person.email !== undefined && !isEmailAddress(person.email)) {
    problems.push({ field: 'email', message: `${FIELD_LABELS.email} “${preview(person.email)}” does not look like an email address.` });
  }
  if (person.ctaUrl !== undefined && !isWebAddress(person.ctaUrl) && !isEmailAddress(person.ctaUrl)) {
    problems.push({
      field: 'ctaUrl',
      message: `${FIELD_LABELS.ctaUrl} “${preview(person.ctaUrl)}” must be a web address starting with http:// or https://, or an email address.`,
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, person };
}

/**
 * The keys the service recognises a person by (docs/api.md#endpoints): email, profile link, and
 * first name plus company when both are there. Two people sharing a key are one person to it.
 */
export function matchKeys(person: PersonInput): string[] {
  const [email, profile, first, company] = (['email', 'profileUrl', 'firstName', 'company'] as const).map((f) => idKey(f, person[f]));
  const keys: string[] = [];
  if (email) keys.push(`email:${email}`);
  if (profile) keys.push(`profile:${profile}`);
  if (first && company) keys.push(`name:${first}\u0001${company}`);
  return keys;
}

/**
 * An identifier as compared: names ignoring case and spacing; an email or a profile link (ignoring case and a
 * trailing slash) as its digest, which the register keeps instead of the address (docs/rules.md#register).
 */
export function idKey(f: PersonField, s: string | null | undefined): string {
  const t = String(s || '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
  if (f !== 'email' && f !== 'profileUrl') return t;
  const u = t.replace(/\/+$/, '');
  // A digest read back from the register is already one.
  return !u || u[0] === '#' ? u : digest(u);
}

/** Whether the service can recognise this person on a repeat send: email, profile link, or first name plus company. */
export function isMatchable(person: PersonInput): boolean {
  return matchKeys(person).length > 0;
}

export function chunk<T>(items: readonly T[], size = MAX_PEOPLE_PER_CALL): T[][] {
  if (!(size >= 1)) throw new RangeError(`chunk size must be at least 1, not ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function preview(v: string): string {
  return v.length > 60 ? `${v.slice(0, 57)}…` : v;
}
