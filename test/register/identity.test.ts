import { detectColumns } from '../../src/shared/headers';
import {
  asRecovered,
  headerIndex,
  namesByPart,
  namesSomeoneElse,
  norm,
  RECOVERED,
  Register,
  rowNamesSomeoneElse,
  sentIds,
  type Entry,
  type Ids,
} from '../../src/register/identity';

const HEADERS = ['First name', 'Company', 'Email', 'LinkedIn'];
const ids = (over: Partial<Ids> = {}): Ids => ({ firstName: 'Sarah', company: 'Google', email: 'sarah@google.example', profileUrl: '', ...over });
const entry = (over: Partial<Entry> = {}): Entry => ({
  at: 2,
  leadId: 'ld_1',
  part: 'cmp_1',
  campaign: 'cmp_1',
  tab: '0',
  batch: '1',
  state: 'sent',
  columns: 'First name|Company|Email|',
  ...ids(),
  ...over,
});

describe('norm', () => {
  it('should compare names ignoring case and spacing', () => {
    expect(norm('firstName', '  sarah   ANN ')).toBe(norm('firstName', 'Sarah Ann'));
  });

  it('should compare emails and profile links ignoring case and a trailing slash', () => {
    expect(norm('profileUrl', 'https://LinkedIn.com/in/sarah/')).toBe(norm('profileUrl', 'https://linkedin.com/in/sarah'));
    expect(norm('email', ' Sarah@Google.example ')).toBe(norm('email', 'sarah@google.example'));
    expect(norm('email', 'sarah@google.example')).not.toBe(norm('email', 'sara@google.example'));
  });

  it('should compare an email or a profile link as a digest that holds no part of the address, and keep a digest as it is', () => {
    const d = norm('email', 'sarah@google.example');
    expect(d).toMatch(/^#[0-9a-z.]+$/);
    expect(d).not.toContain('sarah');
    expect(norm('email', d)).toBe(d);
    expect(norm('email', '')).toBe('');
  });
});

describe('namesSomeoneElse', () => {
  it('should say a different non-empty first name or company names someone else', () => {
    expect(namesSomeoneElse(ids({ firstName: 'Nadia' }), ids())).toBe('firstName');
    expect(namesSomeoneElse(ids({ company: 'Alphabet' }), ids())).toBe('company');
  });

  it('should say a different non-empty email or profile link names someone else', () => {
    expect(namesSomeoneElse(ids({ email: 'sarah.baker@google.example' }), ids())).toBe('email');
    expect(namesSomeoneElse(ids({ profileUrl: 'https://x.example/b' }), ids({ profileUrl: 'https://x.example/a' }))).toBe('profileUrl');
  });

  it('should take a fix of capitalisation or spacing as the same person', () => {
    expect(namesSomeoneElse(ids({ firstName: ' SARAH ', company: 'google' }), ids())).toBeNull();
  });

  it('should take an empty cell as no evidence', () => {
    expect(namesSomeoneElse({ firstName: '', company: '', email: '', profileUrl: '' }, ids())).toBeNull();
  });

  it('should take a value where none was sent as no evidence', () => {
    expect(namesSomeoneElse(ids({ profileUrl: 'https://x.example/a' }), ids())).toBeNull();
  });
});

describe('rowNamesSomeoneElse', () => {
  const find = headerIndex(HEADERS);
  const sent = (over: Partial<Entry> = {}) => entry({ email: norm('email', 'sarah@google.example'), ...over });

  it('should name the identifier a row now gives differently, read from the column it was sent from', () => {
    expect(rowNamesSomeoneElse(['Sarah', 'Google', 'S@G.example', ''], sent(), find)).toBe('email');
    expect(rowNamesSomeoneElse(['Nadia', 'Alphabet', 'n@a.example', ''], sent(), find)).toBe('firstName');
    expect(rowNamesSomeoneElse([' SARAH ', 'google', 'Sarah@Google.example', ''], sent(), find)).toBeNull();
  });

  it('should read nothing from a column no longer found (renamed or deleted)', () => {
    const renamed = headerIndex(['First name', 'Employer', 'Email']);
    expect(rowNamesSomeoneElse(['Sarah', 'Alphabet', 'sarah@google.example'], sent(), renamed)).toBeNull();
  });

  it('should read nothing from an error value or a formula still loading', () => {
    expect(rowNamesSomeoneElse(['#N/A', 'Loading...', '#REF!', ''], sent(), find)).toBeNull();
  });

  it('should read the columns as sent whatever the mapping is now', () => {
    const moved = headerIndex(['Company', 'First name', 'Email', 'LinkedIn']);
    expect(rowNamesSomeoneElse(['Google', 'Sarah', 'sarah@google.example', ''], sent(), moved)).toBeNull();
    expect(rowNamesSomeoneElse(['Alphabet', 'Sarah', 'sarah@google.example', ''], sent(), moved)).toBe('company');
  });

  it('should take the first word of a full-name column the first name came from', () => {
    const full = headerIndex(['Full name']);
    expect(rowNamesSomeoneElse(['Sarah Adams'], sent({ columns: '~Full name|||' }), full)).toBeNull();
    expect(rowNamesSomeoneElse(['Nadia Adams'], sent({ columns: '~Full name|||' }), full)).toBe('firstName');
  });

  it('should take no value where the person was sent without one as evidence', () => {
    expect(
      rowNamesSomeoneElse(['Sarah', 'Google', 'sarah@google.example', 'https://x.example/b'], sent({ columns: 'First name|Company|Email|LinkedIn' }), find),
    ).toBeNull();
    expect(rowNamesSomeoneElse(['Sarah', 'Google', 'other@google.example', ''], sent({ email: '' }), find)).toBeNull();
  });

  it('should agree, row after row of one pass, with the identifiers read one by one', () => {
    const rows = [
      ['Sarah', 'Google', 'sarah@google.example', ''],
      ['Sarah', 'Google', 'sara@google.example', ''],
      ['', '', '', ''],
      ['Bob', '#N/A', 'sarah@google.example', ''],
    ];
    const expected = rows.map((r) =>
      namesSomeoneElse(
        { firstName: norm('firstName', r[0]), company: r[1] === '#N/A' ? '' : norm('company', r[1]), email: norm('email', r[2]), profileUrl: '' },
        sent(),
      ),
    );
    expect(rows.map((r) => rowNamesSomeoneElse(r, sent(), find))).toEqual(expected);
    expect(expected).toEqual([null, 'email', null, 'firstName']);
  });
});

describe('asRecovered', () => {
  it("should read the row's first name only for an entry the repair rebuilt", () => {
    const read = jest.fn(() => 'Nadia');
    expect(asRecovered(entry(), read)).toBe('theirs');
    expect(read).not.toHaveBeenCalled();
    expect(asRecovered(entry({ batch: RECOVERED }), read)).toBe('other');
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('sentIds', () => {
  it('should record no column for a value that came from a fallback', () => {
    const layout = detectColumns(HEADERS);
    const sent = sentIds(['Sarah', '', 's@g.example', ''], HEADERS, layout, { firstName: 'Sarah', company: 'your team', email: 's@g.example' });
    expect(sent).toEqual({ ids: { firstName: 'Sarah', company: 'your team', email: 's@g.example', profileUrl: '' }, columns: 'First name||Email|' });
  });
});

describe('Register', () => {
  it('should give the newest entry of a Lead ID', () => {
    const r = new Register([entry({ at: 2 }), entry({ at: 3, part: 'cmp_2' }), entry({ at: 4, leadId: '', state: 'sending' })]);
    expect(r.byLead('ld_1')!.part).toBe('cmp_2');
  });

  it('should hold per part the names the service merges on, never of people not added', () => {
    const m = namesByPart([entry(), entry({ part: 'cmp_2', firstName: 'Bob', state: 'void' }), entry({ part: 'cmp_3', company: '' })]);
    expect([...m]).toEqual([['cmp_1', new Set(['sarah\u0001google'])]]);
  });
});
