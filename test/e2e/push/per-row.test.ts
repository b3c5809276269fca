// Per-row service calls of a push (docs/rules.md#budgets): only row visibility is asked once per row; every other
// Spreadsheet, Sheet and Range call is a constant of the press, from 100 rows to 1,000.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { SHEET_CALL_MS } from '../../../dev/standin';
import { RUN_BUDGET_MS } from '../../../src/server/context';
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

/** One Add of n new rows under the metered reading: its reply, the press's virtual time and the Lead IDs written. */
async function meteredAdd(n: number): Promise<{ r: { ok: boolean; added: number; remaining: number }; ms: number; ids: number }> {
  const a: Addon = await startAddon({}, { readings: { sheetCalls: 'metered' } });
  try {
    a.connect();
    a.sheet(Array.from({ length: n }, (_, i) => leadRow(i)));
    a.createCampaign();
    a.selectRows(2, n + 1);
    const start = a.gas.clock.now();
    const r = a.call<{ ok: boolean; added: number; remaining: number }>('addSelectedRows');
    return { r, ms: a.gas.clock.now() - start, ids: a.column('Lead ID').filter(Boolean).length };
  } finally {
    await a.close();
  }
}

describe('a push longer than one press under metered Sheets calls', () => {
  it('should send the rows it read before the deadline and count every other row as left', async () => {
    const { r, ids } = await meteredAdd(30_000);
    console.log(`30,000 rows at ${SHEET_CALL_MS} ms a Sheets call: ${JSON.stringify(r).slice(0, 300)}`);
    // Visibility alone (a call per row) would take longer than the press: it stops with time to send what it read.
    expect(r.added).toBeGreaterThan(20_000);
    expect(r.added + r.remaining).toBe(30_000);
    expect(ids).toBe(r.added);
  });
});

describe('a 20,000-row Add under metered Sheets calls', () => {
  it('should send every row in one press, within the press’s budget', async () => {
    const { r, ms, ids } = await meteredAdd(20_000);
    expect(r).toMatchObject({ ok: true, added: 20_000, remaining: 0 });
    expect(ms).toBeLessThanOrEqual(RUN_BUDGET_MS);
    expect(ids).toBe(20_000);
  });
});
