import { chunk, FIELD_LABELS, FIELD_LIMITS, isMatchable, MAX_PEOPLE_PER_CALL, validatePerson } from '../../src/shared/people';
import { PERSON_FIELDS, type PersonField, type PersonInput } from '../../src/shared/person';

function problems(input: PersonInput): { field: PersonField; message: string }[] {
  const r = validatePerson(input);
  return r.ok ? [] : r.problems;
}

describe('validatePerson', () => {
  it('should trim values and drop empty ones', () => {
    const r = validatePerson({ firstName: '  Ada ', company: '   ', email: '', hook: ' Loved your talk. ' });
    expect(r).toEqual({ ok: true, person: { firstName: 'Ada', hook: 'Loved your talk.' } });
  });

  it('should require a first name', () => {
    const p = problems({ company: 'ACME' });
    expect(p).toHaveLength(1);
    expect(p[0]!.field).toBe('firstName');
    expect(p[0]!.message).toMatch(/^First name is empty/);
  });

  it('should count a whitespace-only first name as missing', () => {
    expect(problems({ firstName: ' \t ' }).map((x) => x.field)).toEqual(['firstName']);
  });

  it('should state the length and the limit in a sentence', () => {
    expect(problems({ firstName: 'Ada', hook: 'h'.repeat(231) })).toEqual([{ field: 'hook', message: 'Hook is 231 characters; the limit is 200.' }]);
  });

  it.each(Object.entries(FIELD_LIMITS) as [PersonField, number][])('should accept %s at exactly %i characters and refuse one more', (field, limit) => {
    const base: PersonInput = { firstName: 'Ada' };
    expect(validatePerson({ ...base, [field]: 'x'.repeat(limit) }).ok).toBe(true);
    expect(problems({ ...base, [field]: 'x'.repeat(limit + 1) })).toEqual([
      { field, message: `${FIELD_LABELS[field]} is ${limit + 1} characters; the limit is ${limit}.` },
    ]);
  });

  it('should hold the limits of the spec', () => {
    expect(FIELD_LIMITS).toEqual({ firstName: 80, company: 120, hook: 200, ctaLabel: 40, headline: 160 });
  });

  it('should measure length after trimming', () => {
    expect(validatePerson({ firstName: `  ${'x'.repeat(80)}  ` }).ok).toBe(true);
  });

  it.each([
    'https://cal.com/ada',
    'http://example.co.uk/path?q=1#x',
    'https://www.calendly.com/ada/30min',
    'https://localhost:8787/book',
    'ada@example.com',
    'ada.lovelace+demo@mail.example.org',
  ])('should accept %s as a button link', (ctaUrl) => {
    expect(validatePerson({ firstName: 'Ada', ctaUrl }).ok).toBe(true);
  });

  it.each([
    'www.calendly.com/ada',
    'calendly.com',
    'ftp://example.com/file',
    'javascript:alert(1)',
    'mailto:ada@example.com',
    'https://exa mple.com',
    'https://',
    'ada@',
    'Book a call',
  ])('should refuse %s as a button link, naming the field', (ctaUrl) => {
    const p = problems({ firstName: 'Ada', ctaUrl });
    expect(p).toHaveLength(1);
    expect(p[0]!.field).toBe('ctaUrl');
    expect(p[0]!.message).toMatch(/^Button link .* must be a web address starting with http:\/\/ or https:\/\/, or an email address\.$/);
  });

  it.each(['ada', 'ada@example', 'ada @example.com', '@example.com', 'ada@@example.com'])('should refuse %s as an email', (email) => {
    const p = problems({ firstName: 'Ada', email });
    expect(p.map((x) => x.field)).toEqual(['email']);
    expect(p[0]!.message).toContain('does not look like an email address');
  });

  it('should report every problem of a row at once', () => {
    const p = problems({ company: 'c'.repeat(121), email: 'nope', ctaUrl: 'nope', headline: 'h'.repeat(161) });
    expect(p.map((x) => x.field).sort()).toEqual(['company', 'ctaUrl', 'email', 'firstName', 'headline']);
  });

  it('should shorten a long bad value in its message', () => {
    const [p] = problems({ firstName: 'Ada', email: 'x'.repeat(300) });
    expect(p!.message.length).toBeLessThan(150);
  });

  it('should leave fields without a limit alone', () => {
    const long = 'x'.repeat(5000);
    expect(validatePerson({ firstName: 'Ada', role: long, website: long }).ok).toBe(true);
  });
});

describe('FIELD_LABELS', () => {
  it('should name every field', () => {
    for (const f of PERSON_FIELDS) expect(FIELD_LABELS[f]).toMatch(/^[A-Z][a-z ]+$/);
  });
});

describe('isMatchable', () => {
  it.each<[PersonInput, boolean]>([
    [{ email: 'a@b.co' }, true],
    [{ profileUrl: 'https://linkedin.com/in/ada' }, true],
    [{ firstName: 'Ada', company: 'ACME' }, true],
    [{ firstName: 'Ada' }, false],
    [{ company: 'ACME' }, false],
    [{ firstName: 'Ada', company: '  ' }, false],
    [{ firstName: 'Ada', website: 'acme.com', role: 'CTO' }, false],
  ])('should judge %j as %s', (person, expected) => {
    expect(isMatchable(person)).toBe(expected);
  });
});

describe('chunk', () => {
  it('should split into batches of 1000 by default', () => {
    const items = Array.from({ length: 2501 }, (_, i) => i);
    const batches = chunk(items);
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 501]);
    expect(batches.flat()).toEqual(items);
    expect(MAX_PEOPLE_PER_CALL).toBe(1000);
  });

  it('should give no batch for no items and one for a short list', () => {
    expect(chunk([])).toEqual([]);
    expect(chunk([1, 2], 5)).toEqual([[1, 2]]);
  });

  it('should refuse a size below 1', () => {
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});
