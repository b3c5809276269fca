// Checks on the sample row: length limits and the required first name.
import { fieldIssue, sampleIssues } from '../../sidebar/fields';

describe('fieldIssue', () => {
  it('should flag a value over its limit and accept one at the limit', () => {
    expect(fieldIssue('hook', 'x'.repeat(201), undefined)?.text).toMatch(/^Too long: 201 of 200/);
    expect(fieldIssue('hook', 'x'.repeat(200), undefined)).toBeNull();
    expect(fieldIssue('ctaLabel', 'x'.repeat(41), undefined)?.text).toMatch(/41 of 40/);
    expect(fieldIssue('company', 'x'.repeat(121), undefined)).not.toBeNull();
    expect(fieldIssue('headline', 'x'.repeat(161), undefined)).not.toBeNull();
    expect(fieldIssue('firstName', 'x'.repeat(81), undefined)).not.toBeNull();
  });

  it('should not limit fields without a limit', () => {
    expect(fieldIssue('website', 'x'.repeat(5000), undefined)).toBeNull();
  });

  it('should require a first name unless a fallback is set', () => {
    expect(fieldIssue('firstName', '  ', undefined)?.text).toMatch(/^Required/);
    expect(fieldIssue('firstName', '', 'there')).toBeNull();
    expect(fieldIssue('company', '', undefined)).toBeNull();
  });
});

describe('sampleIssues', () => {
  it('should list every issue in field order, and none without a sample', () => {
    const issues = sampleIssues({ firstName: '', hook: 'y'.repeat(250) }, {});
    expect(issues.map((i) => i.field)).toEqual(['firstName', 'hook']);
    expect(sampleIssues(null, {})).toEqual([]);
  });
});
