// One sheet row as person input (docs/rules.md#sheet): the rule the sidebar's sample and the server's push, refresh
// and export all read a row by.
import { FIELD_LABELS } from './people';
import { PERSON_FIELDS, type PersonField, type PersonInput } from './person';
import { cellText } from './cells';
import type { ColumnLayout } from './headers';

export interface RowPerson {
  person: PersonInput;
  /** Sentences about fallbacks used, for the row's note. */
  notes: string[];
  /** True when no mapped cell of the row holds anything. */
  empty: boolean;
}

export type Fallbacks = Partial<Record<PersonField, string>>;

export function personFromRow(cells: readonly unknown[], layout: ColumnLayout, fallbacks: Fallbacks): RowPerson {
  const person: PersonInput = {};
  const notes: string[] = [];
  let empty = true;
  for (const f of PERSON_FIELDS) {
    const col = layout.fields[f];
    let value = col === undefined ? '' : cellText(cells[col]);
    if (f === 'firstName' && col === undefined && layout.fullName !== null) {
      value = cellText(cells[layout.fullName]).split(' ')[0] || '';
    }
    if (value) empty = false;
    const fallback = (fallbacks[f] || '').trim();
    if (!value && fallback) {
      value = fallback;
      notes.push(`${FIELD_LABELS[f]} was empty, so “${fallback}” was used.`);
    }
    if (value) person[f] = value;
  }
  return { person, notes, empty };
}

/** The identity of a row's content: two rows with the same fingerprint are interchangeable. */
export function fingerprint(p: PersonInput): string {
  return PERSON_FIELDS.map((f) => p[f] || '').join('\u0001');
}

/** How the API pairs people: first name and company, compared ignoring case and spacing. */
export function nameKey(firstName: string | null | undefined, company: string | null | undefined): string {
  const n = (s: string | null | undefined) => (s || '').trim().replace(/\s+/g, ' ').toLowerCase();
  return `${n(firstName)}\u0001${n(company)}`;
}
