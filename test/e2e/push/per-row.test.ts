// Per-row service calls of a push (docs/rules.md#budgets): only row visibility is asked once per row; every other
// Spreadsheet, Sheet and Range call is a constant of the press, from 100 rows to 1,000.
import { leadRow, startAddon, type Addon } from '../harness';

jest.setTimeout(120_000);

/** Visibility: asked once per row to be sent, and the only per-row call allowed. */
const VISIBILITY = new Set(['Sheet.isRowHiddenByUser', 'Sheet.isRowHiddenByFilter']);

/** Spreadsheet, Sheet and Range calls of one press adding n new rows, visibility apart, by member. */
async function pushCalls(n: number): Promise<{ total: number; byMember: Record<string, number> }> {
  const a: Addon = await startAddon();
  try {
    a.connect();
    a.sheet(Array.from({ length: n }, (_, i) => leadRow(i)));
    a.createCampaign();
    a.selectRows(2, n + 1);
    a.gas.counters.reset();
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: n, remaining: 0 });
    const byMember = Object.fromEntries(
      Object.entries(a.gas.counters.byMember).filter(([k]) => /^(Spreadsheet|Sheet|Range|RangeList)\./.test(k) && !VISIBILITY.has(k)),
    );
    return { total: Object.values(byMember).reduce((s, x) => s + x, 0), byMember };
  } finally {
    await a.close();
  }
}

describe('a push’s Sheets calls', () => {
  it('should make as many Spreadsheet, Sheet and Range calls, visibility apart, for 1,000 rows as for 100', async () => {
    const small = await pushCalls(100);
    const large = await pushCalls(1000);
    console.log(`push Sheets calls (visibility apart): 100 rows → ${small.total}, 1,000 rows → ${large.total}`);
    // Two parts for 1,000 (500 a part): one more round's constant calls at most.
    const grown = Object.entries(large.byMember).filter(([k, x]) => x > 2 * (small.byMember[k] ?? 0) + 2);
    expect(grown).toEqual([]);
    expect(large.total).toBeLessThanOrEqual(small.total + 10);
  });
});
