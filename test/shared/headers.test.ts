import { detectColumns, missingOverrides, normalizeHeader, unusedColumns } from '../../src/shared/headers';

describe('normalizeHeader', () => {
  it('should ignore case, spaces, underscores and punctuation', () => {
    expect(normalizeHeader('First_Name')).toBe('firstname');
    expect(normalizeHeader(' first name ')).toBe('firstname');
    expect(normalizeHeader('E-mail:')).toBe('email');
  });
});

describe('detectColumns', () => {
  it('should find input fields by their synonyms', () => {
    const l = detectColumns([
      'Given name',
      'Organization',
      'Work email',
      'Domain',
      'Job title',
      'LinkedIn',
      'Icebreaker',
      'Button text',
      'Calendar link',
      'Headline',
    ]);
    expect(l.fields).toEqual({ firstName: 0, company: 1, email: 2, website: 3, role: 4, profileUrl: 5, hook: 6, ctaLabel: 7, ctaUrl: 8, headline: 9 });
  });

  it('should prefer the stronger synonym when two match', () => {
    expect(detectColumns(['Account', 'Company']).fields.company).toBe(1);
  });

  it('should find a full-name column for the first-name split', () => {
    const l = detectColumns(['Full Name', 'Company']);
    expect(l.fields.firstName).toBeUndefined();
    expect(l.fullName).toBe(0);
  });

  it('should find output columns by exact header wherever they are', () => {
    const l = detectColumns(['Video Status', 'First name', 'Lead ID']);
    expect(l.outputs).toEqual({ status: 0, leadId: 2 });
    expect(l.fields.firstName).toBe(1);
  });

  it('should never take an output column as an input field', () => {
    expect(detectColumns(['Page URL']).fields.website).toBeUndefined();
  });

  it('should let an override win over detection', () => {
    const l = detectColumns(['First name', 'Nickname'], { firstName: 'Nickname' });
    expect(l.fields.firstName).toBe(1);
  });

  it('should report overrides whose column is gone', () => {
    expect(missingOverrides(['First name'], { company: 'Employer' })).toEqual(['company']);
  });
});

describe('detectColumns › the names people give their own columns', () => {
  it('should recognise a personal note, a calendar and a booking link', () => {
    expect(detectColumns(['First name', 'Personal note', 'Calendar']).fields).toMatchObject({ hook: 1, ctaUrl: 2 });
    expect(detectColumns(['first_name', 'Personalization', 'Booking URL']).fields).toMatchObject({ hook: 1, ctaUrl: 2 });
    expect(detectColumns(['First name', 'Meeting link', 'CTA']).fields).toMatchObject({ ctaUrl: 1, ctaLabel: 2 });
  });
});

describe('unusedColumns', () => {
  it('should name the headers no field or output column uses, and nothing empty', () => {
    const headers = ['First name', 'Company', 'Favourite colour', '', 'Lead ID', 'Video Note', ' Notes '];
    expect(unusedColumns(headers, detectColumns(headers))).toEqual(['Favourite colour', 'Notes']);
  });

  it("should not name the rest of the person's name: a full name beside the first name, a last name, a surname", () => {
    const headers = ['First name', 'Last name', 'Full name', 'Surname', 'Family name', 'Company', 'Last contacted'];
    expect(unusedColumns(headers, detectColumns(headers))).toEqual(['Last contacted']);
  });

  it('should count a full-name column as used when it gives the first names', () => {
    const headers = ['Name', 'Company'];
    expect(unusedColumns(headers, detectColumns(headers))).toEqual([]);
  });

  it('should name a column the person moved a field away from', () => {
    const headers = ['First name', 'Icebreaker', 'Personal note'];
    expect(unusedColumns(headers, detectColumns(headers, { hook: 'Personal note' }))).toEqual(['Icebreaker']);
  });
});
