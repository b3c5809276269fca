// The check of the first selected row: the server's own validatePerson, after fallbacks.
import { FIELD_LABELS, sampleProblems } from '../../sidebar/fields';
import { FIELD_LABELS as SERVER_LABELS } from '../../src/shared/people';

describe('sampleProblems', () => {
  it('should report what the server would refuse, in its words, field by field', () => {
    const problems = sampleProblems({ firstName: '', hook: 'y'.repeat(250), email: 'not-an-email' }, {});
    expect(problems.map((p) => p.field)).toEqual(['firstName', 'hook', 'email']);
    expect(problems[1]!.message).toBe('Hook is 250 characters; the limit is 200.');
  });

  it('should let a fallback fill an empty field before checking', () => {
    expect(sampleProblems({ firstName: ' ', company: '' }, { firstName: 'there' })).toEqual([]);
  });

  it('should accept a value at its limit and have no problems without a sample', () => {
    expect(sampleProblems({ firstName: 'A', ctaLabel: 'x'.repeat(40) }, {})).toEqual([]);
    expect(sampleProblems(null, {})).toEqual([]);
  });

  it("should use the server's labels, not a copy", () => {
    expect(FIELD_LABELS).toBe(SERVER_LABELS);
  });
});
