// The sample lead lists: 50 rows under the add-on's headers, exactly three invalid by the add-on's own checks, unique people.
import { validatePerson } from '../../../src/shared/people';
import type { PersonInput } from '../../../src/shared/person';
import { followUpLeads, LEAD_HEADERS, sampleLeads } from '../../../dev/playground/leads';

/** A row as the add-on would send it (Last name is not a field it sends). */
function person(row: string[]): PersonInput {
  const [firstName, , company, email, website, hook, ctaUrl] = row;
  return { firstName, company, email, website, hook, ctaUrl };
}

describe('sample leads', () => {
  it('should have the header row and 50 leads of seven columns', () => {
    const rows = sampleLeads();
    expect(rows[0]).toEqual([...LEAD_HEADERS]);
    expect(rows).toHaveLength(51);
    expect(rows.every((r) => r.length === LEAD_HEADERS.length)).toBe(true);
  });

  it('should have exactly three invalid rows, each for a different reason', () => {
    const problems = sampleLeads()
      .slice(1)
      .map((r, i) => ({ row: i + 2, check: validatePerson(person(r)) }))
      .filter((x) => !x.check.ok)
      .map((x) => ({ row: x.row, fields: x.check.ok ? [] : x.check.problems.map((p) => p.field) }));
    expect(problems).toEqual([
      { row: 8, fields: ['firstName'] },
      { row: 20, fields: ['hook'] },
      { row: 34, fields: ['ctaUrl'] },
    ]);
  });

  it('should give every lead its own email, so each is matchable and unique', () => {
    const emails = sampleLeads()
      .slice(1)
      .map((r) => r[3]);
    expect(new Set(emails).size).toBe(50);
  });

  it('should give the second tab five valid leads under the same headers', () => {
    const rows = followUpLeads();
    expect(rows[0]).toEqual([...LEAD_HEADERS]);
    expect(rows).toHaveLength(6);
    expect(rows.slice(1).every((r) => validatePerson(person(r)).ok)).toBe(true);
  });
});
