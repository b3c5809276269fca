// The bench's pure helpers: request kinds and days from the simulator's log, and rows checked against leads.
import { count, describeKinds, kindOf, tally, tallyByDay } from '../../bench/requests';
import { checkRows, expectedCells, settledRows, unresolvedRows, type LeadView } from '../../bench/rows';
import { keptSections, MONEY_END, MONEY_START } from '../../bench/money-section';

const at = (iso: string) => Date.parse(iso);

describe('request kinds', () => {
  it('should name each endpoint the budgets count', () => {
    expect(kindOf({ method: 'GET', path: '/campaigns' })).toBe('list');
    expect(kindOf({ method: 'POST', path: '/campaigns' })).toBe('create');
    expect(kindOf({ method: 'GET', path: '/campaigns/cmp_1' })).toBe('detail');
    expect(kindOf({ method: 'GET', path: '/campaigns/cmp_1/videos' })).toBe('videos');
    expect(kindOf({ method: 'POST', path: '/campaigns/cmp_1/leads' })).toBe('addPeople');
    expect(kindOf({ method: 'GET', path: '/leads/ld_9' })).toBe('lead');
    expect(kindOf({ method: 'POST', path: '/campaigns/cmp_1/stop' })).toBe('stop');
    expect(kindOf({ method: 'DELETE', path: '/campaigns/cmp_1' })).toBe('other');
  });

  it('should count 429 replies and split the log by UTC day', () => {
    const log = [
      { at: at('2026-01-05T23:59:59Z'), method: 'GET', path: '/campaigns', status: 200 },
      { at: at('2026-01-06T00:00:00Z'), method: 'GET', path: '/leads/ld_1', status: 429 },
      { at: at('2026-01-06T00:00:01Z'), method: 'GET', path: '/leads/ld_1', status: 200 },
    ];
    const t = tally(log);
    expect([t.total, t.rateLimited, count(t, 'lead'), count(t, 'list')]).toEqual([3, 1, 2, 1]);
    const days = tallyByDay(log);
    expect([...days.keys()]).toEqual(['2026-01-05', '2026-01-06']);
    expect(days.get('2026-01-06')).toMatchObject({ total: 2, rateLimited: 1 });
    expect(describeKinds(t)).toBe('1 GET /campaigns, 2 GET /leads/{id}');
  });
});

describe('rows against leads', () => {
  const lead = (id: string, status: LeadView['status'], videoReady = status === 'complete'): LeadView => ({
    id,
    campaignId: 'cmp_1',
    status,
    url: `p/${id}`,
    videoUrl: `p/${id}/video`,
    videoReady,
  });
  const rowOf = (l: LeadView, over: Record<string, unknown> = {}): Record<string, unknown> => ({ 'Lead ID': l.id, ...expectedCells(l), ...over });
  const leads = new Map([lead('a', 'complete'), lead('b', 'cancelled'), lead('c', 'complete', false)].map((l) => [l.id, l]));

  it('should accept rows that say what their lead says, a link only once the file is there', () => {
    const rows = [...leads.values()].map((l) => rowOf(l));
    expect(checkRows(rows, leads)).toEqual({ rows: 3, wrong: 0, examples: [] });
    expect(rows[2]!['Video URL']).toBe('');
  });

  it('should want no Page URL on a row whose video is not ready (docs/rules.md#links-when-ready)', () => {
    expect(expectedCells(leads.get('b')!)['Page URL']).toBe('');
    expect(expectedCells(leads.get('c')!)['Page URL']).toBe('');
    expect(expectedCells(leads.get('a')!)['Page URL']).toBe('p/a');
    expect(checkRows([rowOf(leads.get('b')!, { 'Page URL': 'p/b' })], leads).wrong).toBe(1);
  });

  it('should name a wrong status, a missing link and a row without a lead', () => {
    const rows = [rowOf(leads.get('a')!, { 'Video URL': '' }), rowOf(leads.get('b')!, { 'Video Status': 'pending' }), { 'Lead ID': '' }];
    const check = checkRows(rows, leads);
    expect(check.wrong).toBe(3);
    expect(check.examples[0]).toContain('Video URL is ""');
    expect(check.examples[1]).toContain('Video Status is "pending"');
    expect(check.examples[2]).toBe('row 4: no Lead ID');
  });

  it('should tell unresolved rows from settled ones', () => {
    const rows = [
      { 'Video Status': 'complete', 'Video URL': 'x' },
      { 'Video Status': 'complete', 'Video URL': '' },
      { 'Video Status': 'rendering' },
      { 'Video Status': 'cancelled' },
      { 'Video Status': 'invalid' },
    ];
    expect(unresolvedRows(rows)).toBe(2);
    expect(settledRows(rows)).toBe(2);
  });
});

describe('sections npm run bench keeps', () => {
  it('should keep the explorer and money sections of the old results, each whole, and nothing else', () => {
    const old = [
      '# Benchmarks',
      'old measured text',
      '<!-- explorer: npm run explore, by hand -->\n## The explorer\nhistories\n<!-- /explorer -->',
      `${MONEY_START}\nmoney table\n${MONEY_END}`,
    ].join('\n\n');
    const kept = keptSections(old);
    expect(kept).toContain('## The explorer\nhistories\n<!-- /explorer -->');
    expect(kept).toContain(`${MONEY_START}\nmoney table\n${MONEY_END}`);
    expect(kept).not.toContain('old measured text');
    expect(keptSections('# Benchmarks')).toBe('');
  });
});
