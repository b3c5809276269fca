// Finding columns by header: input fields by forgiving name matching with synonyms, output columns by exact name.
import { PERSON_FIELDS, type PersonField } from './person';

import { OUTPUT_HEADERS, type OutputColumn } from './output-headers';

export { OUTPUT_HEADERS, type OutputColumn };
/** Computed here, not beside the headers: the sidebar takes those and must not carry this (docs/rules.md#budgets). */
export const OUTPUT_COLUMNS = Object.keys(OUTPUT_HEADERS) as OutputColumn[];

/** Case, spaces, underscores and punctuation do not matter: "First_Name", "first name" and "FirstName" are one header. */
export function normalizeHeader(h: string): string {
  return String(h)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const SYNONYMS: Record<PersonField, string[]> = {
  firstName: ['firstName', 'First name', 'First', 'Given name', 'Forename'],
  company: ['company', 'Company name', 'Organization', 'Organisation', 'Account', 'Account name'],
  email: ['email', 'E-mail', 'Work email', 'Email address'],
  website: ['website', 'Domain', 'Company website', 'Site', 'URL'],
  role: ['role', 'Title', 'Job title', 'Position'],
  profileUrl: ['profileUrl', 'LinkedIn', 'Profile', 'Profile URL', 'LinkedIn URL'],
  hook: ['hook', 'Icebreaker', 'Personal line', 'Personal note', 'Personalized line', 'Personalisation', 'Personalization', 'Opener', 'Intro line'],
  ctaLabel: ['ctaLabel', 'CTA label', 'CTA', 'CTA text', 'Button text', 'Button label'],
  ctaUrl: [
    'ctaUrl',
    'CTA URL',
    'CTA link',
    'Button link',
    'Calendar link',
    'Calendar',
    'Calendar URL',
    'Booking link',
    'Booking URL',
    'Meeting link',
    'Scheduling link',
    'Calendly',
  ],
  headline: ['headline', 'Page headline', 'Page title'],
};

const FULL_NAME = ['Full name', 'Name', 'Contact name', 'Contact', 'Person'].map(normalizeHeader);
const OUTPUT_NORMALIZED = new Set(Object.values(OUTPUT_HEADERS).map(normalizeHeader));
const SYNONYMS_NORMALIZED = Object.fromEntries(PERSON_FIELDS.map((f) => [f, SYNONYMS[f].map(normalizeHeader)])) as Record<PersonField, string[]>;

/** A column as an index into a row's cells: 0-based (column A is 0). Only a Range call adds 1. */
export type ColumnIndex = number;

export interface ColumnLayout {
  /** Column per field, when found. */
  fields: Partial<Record<PersonField, ColumnIndex>>;
  /** A full-name column, used for firstName only when no first-name column exists. */
  fullName: ColumnIndex | null;
  /** Each output column, when present. */
  outputs: Partial<Record<OutputColumn, ColumnIndex>>;
}

/** Columns found by header; overrides (field → header text) win over detection. */
export function detectColumns(headers: string[], overrides: Partial<Record<PersonField, string>> = {}): ColumnLayout {
  const norm = headers.map((h) => normalizeHeader(h));
  const outputs: Partial<Record<OutputColumn, number>> = {};
  for (const col of OUTPUT_COLUMNS) {
    const i = headers.findIndex((h) => String(h).trim() === OUTPUT_HEADERS[col]);
    if (i >= 0) outputs[col] = i;
  }
  const usable = (i: number) => i >= 0 && norm[i] !== '' && !OUTPUT_NORMALIZED.has(norm[i]!);
  const fields: Partial<Record<PersonField, number>> = {};
  for (const f of PERSON_FIELDS) {
    const chosen = overrides[f];
    if (chosen) {
      const i = headers.findIndex((h) => String(h).trim() === chosen.trim());
      const j = i >= 0 ? i : norm.indexOf(normalizeHeader(chosen));
      if (j >= 0) fields[f] = j;
      continue;
    }
    // Earlier synonyms are stronger: "Company" beats "Account" when both exist.
    for (const syn of SYNONYMS_NORMALIZED[f]) {
      const i = norm.indexOf(syn);
      if (usable(i)) {
        fields[f] = i;
        break;
      }
    }
  }
  let fullName: number | null = null;
  for (const syn of FULL_NAME) {
    const i = norm.indexOf(syn);
    if (usable(i)) {
      fullName = i;
      break;
    }
  }
  return { fields, fullName, outputs };
}

/** The override headers that no longer exist in the sheet. */
export function missingOverrides(headers: string[], overrides: Partial<Record<PersonField, string>>): PersonField[] {
  const layout = detectColumns(headers, overrides);
  return PERSON_FIELDS.filter((f) => !!overrides[f] && layout.fields[f] === undefined);
}

/** The rest of a person's name: the service has no field for it, and the first name speaks for the person. */
const NAME_REST = new Set(['Last name', 'Surname', 'Family name'].map(normalizeHeader));

/**
 * Headers of the tab that no field, name column or output column uses: what a person typed
 * there goes nowhere, so it is named before anyone is charged (docs/rules.md#columns).
 */
export function unusedColumns(headers: string[], layout: ColumnLayout): string[] {
  // A full-name column feeds first names, or says again whom a first-name column names.
  const used = new Set<number>([...Object.values(layout.fields), ...Object.values(layout.outputs), layout.fullName!]);
  return headers
    .filter((h, i) => {
      const n = normalizeHeader(h);
      return !used.has(i) && n !== '' && !OUTPUT_NORMALIZED.has(n) && !NAME_REST.has(n);
    })
    .map((h) => String(h).trim());
}
