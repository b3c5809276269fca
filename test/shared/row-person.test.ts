import type { ColumnLayout } from '../../src/shared/headers';
import { fingerprint, nameKey, personFromRow } from '../../src/shared/row-person';

const layout = (fields: ColumnLayout['fields'], fullName: number | null = null): ColumnLayout => ({ fields, fullName, outputs: {} });

describe('personFromRow', () => {
  it('should take each mapped field from its column as clean text, leaving unmapped fields out', () => {
    const r = personFromRow(['  Jane ', 'Acme\u00a0 Inc', 'ignored', 'jane@acme.test'], layout({ firstName: 0, company: 1, email: 3 }), {});
    expect(r).toEqual({ person: { firstName: 'Jane', company: 'Acme Inc', email: 'jane@acme.test' }, notes: [], empty: false });
  });

  it('should leave out an empty or error cell rather than send it', () => {
    const r = personFromRow(['Jane', '#N/A', ''], layout({ firstName: 0, company: 1, role: 2 }), {});
    expect(r.person).toEqual({ firstName: 'Jane' });
  });

  it('should take the first word of the full name when there is no first-name column', () => {
    const r = personFromRow(['Acme', '  Jane   Q. Doe '], layout({ company: 0 }, 1), {});
    expect(r.person).toEqual({ firstName: 'Jane', company: 'Acme' });
    expect(r.empty).toBe(false);
  });

  it('should prefer a first-name column over the full name', () => {
    const r = personFromRow(['Janie', 'Jane Doe'], layout({ firstName: 0 }, 1), {});
    expect(r.person.firstName).toBe('Janie');
  });

  it('should use a fallback for an empty field and say so in the notes', () => {
    const r = personFromRow(['', 'Acme'], layout({ firstName: 0, company: 1 }), { firstName: ' there ', company: 'Ignored Co' });
    expect(r.person).toEqual({ firstName: 'there', company: 'Acme' });
    expect(r.notes).toEqual(['First name was empty, so “there” was used.']);
  });

  it('should use a fallback for a field with no column at all, and for an empty full name', () => {
    const r = personFromRow(['Acme', ''], layout({ company: 0 }, 1), { firstName: 'friend', ctaLabel: 'Book a call' });
    expect(r.person).toEqual({ firstName: 'friend', company: 'Acme', ctaLabel: 'Book a call' });
    expect(r.notes).toEqual(['First name was empty, so “friend” was used.', 'Button text was empty, so “Book a call” was used.']);
  });

  it('should ignore a fallback of only spaces', () => {
    const r = personFromRow([''], layout({ firstName: 0 }), { firstName: '   ' });
    expect(r.person).toEqual({});
    expect(r.notes).toEqual([]);
  });

  it('should call a row empty when no mapped cell holds anything, even if fallbacks fill it', () => {
    const r = personFromRow(['', ' ', 'unmapped'], layout({ firstName: 0, company: 1 }), { firstName: 'friend' });
    expect(r.empty).toBe(true);
    expect(r.person).toEqual({ firstName: 'friend' });
    expect(personFromRow([], layout({ firstName: 0 }), {}).empty).toBe(true);
  });
});

describe('fingerprint', () => {
  it('should be equal for rows with the same content whatever the key order', () => {
    expect(fingerprint({ firstName: 'Jane', company: 'Acme' })).toBe(fingerprint({ company: 'Acme', firstName: 'Jane' }));
  });

  it('should tell apart rows that differ in any field, or in which field holds a value', () => {
    const prints = [
      { firstName: 'Jane', company: 'Acme' },
      { firstName: 'Jane', company: 'Acme', hook: 'Hi' },
      { firstName: 'Jane', email: 'Acme' },
      { firstName: 'Jane' },
      { firstName: 'jane', company: 'Acme' },
    ].map(fingerprint);
    expect(new Set(prints).size).toBe(prints.length);
  });
});

describe('nameKey', () => {
  it('should compare first name and company ignoring case and extra spaces', () => {
    expect(nameKey('  Jane ', 'ACME   Inc')).toBe(nameKey('jane', 'acme inc'));
  });

  it('should treat a missing value as empty', () => {
    expect(nameKey(null, undefined)).toBe(nameKey('', ''));
    expect(nameKey('Jane', null)).toBe(nameKey('jane', ''));
  });

  it('should keep the first name and the company apart', () => {
    expect(nameKey('Jane Acme', '')).not.toBe(nameKey('Jane', 'Acme'));
    expect(nameKey('Jane', 'Acme')).not.toBe(nameKey('Jane', 'Acme2'));
  });
});
