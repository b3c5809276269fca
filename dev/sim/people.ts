// Person input of POST /campaigns/{id}/leads: reading and checking the body, and the keys people are matched on.
import { badInput } from './errors';
import type { Person, PersonField } from './state';

export const MAX_PEOPLE_PER_CALL = 1000;

const FIELDS: readonly PersonField[] = ['firstName', 'company', 'email', 'website', 'role', 'profileUrl', 'hook', 'ctaLabel', 'ctaUrl', 'headline'];

export const FIELD_LIMITS: Partial<Record<PersonField, number>> = {
  firstName: 80,
  company: 120,
  hook: 200,
  ctaLabel: 40,
  headline: 160,
};

/** The people of a body `{ people: [...] }` or of a single person object. Throws bad_input naming the field. */
export function readPeople(body: unknown): Person[] {
  if (!isObject(body)) throw badInput('The body must be a person object or { "people": [...] }.');
  if (!('people' in body)) return [readPerson(body, '')];
  const people = body.people;
  if (!Array.isArray(people)) throw badInput('people must be a list of person objects.');
  if (people.length > MAX_PEOPLE_PER_CALL) {
    throw badInput(`people has ${people.length} entries; at most ${MAX_PEOPLE_PER_CALL} can be sent in one call.`);
  }
  return people.map((p: unknown, i) => readPerson(p, `people[${i}]`));
}

function readPerson(raw: unknown, label: string): Person {
  const at = (field: string): string => (label ? `${label}.${field}` : field);
  if (!isObject(raw)) throw badInput(`${label || 'The body'} must be a person object.`);
  const person: Person = {};
  for (const field of FIELDS) {
    const value = raw[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw badInput(`${at(field)} must be a string, not ${typeName(value)}.`);
    const limit = FIELD_LIMITS[field];
    // Characters are counted as code points, as a person would count them.
    if (limit !== undefined && [...value].length > limit) {
      throw badInput(`${at(field)} is longer than ${limit} characters.`);
    }
    if (value !== '') person[field] = value;
  }
  return person;
}

/** The keys a person is matched on: email, profile link, first name plus company. None → never matched. */
export function matchKeys(p: Person): string[] {
  const norm = (s: string | undefined): string => (s ?? '').trim().toLowerCase();
  const keys: string[] = [];
  if (norm(p.email)) keys.push(`email:${norm(p.email)}`);
  if (norm(p.profileUrl)) keys.push(`profile:${norm(p.profileUrl)}`);
  if (norm(p.firstName) && norm(p.company)) keys.push(`name:${norm(p.firstName)}\u0000${norm(p.company)}`);
  return keys;
}

/** Whether a person has a first name to speak (a video without one has nothing to personalize). */
export function hasFirstName(p: Person): boolean {
  return (p.firstName ?? '').trim() !== '';
}

/** The domain a website lookup is charged for, e.g. "https://www.Acme.com/about" → "acme.com". */
export function websiteDomain(website: string | undefined): string | null {
  const s = (website ?? '').trim();
  if (!s) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `http://${s}`).hostname.toLowerCase();
    return host.replace(/^www\./, '') || null;
  } catch {
    return s.toLowerCase();
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function typeName(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
