// Person input: body forms, field checks, match keys and lookup domains.
import { matchKeys, readPeople, websiteDomain } from '../../../dev/sim/people';

describe('readPeople', () => {
  it('should read a list or a single person, dropping empty and null fields', () => {
    expect(readPeople({ people: [{ firstName: 'A', company: '' }, { email: null }] })).toEqual([{ firstName: 'A' }, {}]);
    expect(readPeople({ firstName: 'Solo', unknown: 5 })).toEqual([{ firstName: 'Solo' }]);
  });

  it('should name the field in its message, without a prefix for a single person', () => {
    expect(() => readPeople({ hook: 'x'.repeat(201) })).toThrow('hook is longer than 200 characters.');
    expect(() => readPeople({ people: [{}, { ctaLabel: 'y'.repeat(41) }] })).toThrow('people[1].ctaLabel is longer than 40 characters.');
    expect(() => readPeople({ people: [{ role: ['x'] }] })).toThrow('people[0].role must be a string, not a list.');
  });

  it('should count characters, not UTF-16 units', () => {
    expect(readPeople({ firstName: '😀'.repeat(80) })).toHaveLength(1);
  });
});

describe('matchKeys', () => {
  it('should key on email, profile and first name plus company, case- and space-insensitive', () => {
    expect(matchKeys({ email: ' A@B.c ', profileUrl: 'https://x', firstName: ' Ann ', company: 'ACME' })).toEqual([
      'email:a@b.c',
      'profile:https://x',
      'name:ann\u0000acme',
    ]);
    expect(matchKeys({ firstName: 'Ann' })).toEqual([]);
  });
});

describe('websiteDomain', () => {
  it('should reduce a website to its domain', () => {
    expect(websiteDomain('https://www.Acme.com/about')).toBe('acme.com');
    expect(websiteDomain('acme.com')).toBe('acme.com');
    expect(websiteDomain('  ')).toBeNull();
  });
});
