// What a push costs at scale (docs/rules.md#budgets): requests and Range calls that do not grow with the campaign or the register.
// Not under sheets-metered: there a 20,000-row Add takes two presses (docs/rules.md#budgets; test/e2e/push/per-row.test.ts).
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { HEADERS, leadRow, startAddon, type Addon } from '../harness';

jest.setTimeout(600_000);

const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => leadRow(from + i));

/** Requests of one press, by "METHOD path-shape", and its Range calls. */
async function measure(a: Addon, press: () => unknown) {
  await a.sim.control({ action: 'clearRequests' });
  a.gas.counters.reset();
  const result = press();
  const requests: Record<string, number> = {};
  for (const q of await a.requests()) {
    const shape = `${q.method} ${q.path.replace(/\/campaigns\/[^/]+/, '/campaigns/:id').replace(/\/leads\/[^/]+/, '/leads/:id')}`;
    requests[shape] = (requests[shape] ?? 0) + 1;
  }
  return { result, requests, rangeCalls: a.gas.counters.rangeCalls };
}

/** A new tab of these rows with a new campaign, and the press that adds them all. */
function pushTab(a: Addon, name: string, data: string[][]) {
  a.sheet(data, HEADERS, name);
  a.createCampaign(name);
  a.selectRows(2, data.length + 1);
  return () => a.call('addSelectedRows');
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('checking every row against the campaign, at scale', () => {
  it('should add nobody and charge nothing when 2,000 rows are pasted again under a generated 2,000-row campaign', async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(2000);
    expect(a.generate()).toMatchObject({ ok: true });
    const spent = (await a.state()).ledger.filter((e) => e.kind === 'charge').length;
    const sheet = a.gas.spreadsheet.getActiveSheet();
    sheet.setValuesRaw(rows(0, 2000), 2002, 1);
    a.selectRows(2002, 4001);
    const m = await measure(a, () => a.call('addSelectedRows'));
    expect(m.result).toMatchObject({ ok: true, added: 0, invalid: 2000, remaining: 0 });
    expect(m.requests).toEqual({});
    const notes = a.column('Video Note').slice(2000);
    expect(notes.every((n, i) => String(n).startsWith(`Same person as row ${i + 2} (same email)`))).toBe(true);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 0, orphans: 0 });
    expect((await a.state()).ledger.filter((e) => e.kind === 'charge').length).toBe(spent);
  });

  it('should push 1,000 rows into a campaign holding 20,000 with the requests and Range calls of one holding 500', async () => {
    a = await startAddon();
    a.connect();
    const empty = await measure(a, pushTab(a, 'Empty', rows(100_000, 1000)));
    expect(pushTab(a, 'Small', rows(200_000, 500))()).toMatchObject({ ok: true, added: 500 });
    a.gas.spreadsheet.getActiveSheet().setValuesRaw(rows(210_000, 1000), 502, 1);
    a.selectRows(502, 1501);
    const small = await measure(a, () => a.call('addSelectedRows'));
    expect(pushTab(a, 'Big', rows(0, 20_000))()).toMatchObject({ ok: true, added: 20_000, remaining: 0 });
    a.gas.spreadsheet.getActiveSheet().setValuesRaw(rows(20_000, 1000), 20_002, 1);
    a.selectRows(20_002, 21_001);
    const big = await measure(a, () => a.call('addSelectedRows'));
    console.log(
      `push of 1,000 rows: into an empty campaign ${JSON.stringify(empty.requests)} ${empty.rangeCalls} Range calls; ` +
        `into 500 ${JSON.stringify(small.requests)} ${small.rangeCalls}; into 20,000 ${JSON.stringify(big.requests)} ${big.rangeCalls}`,
    );
    for (const m of [empty, small, big]) expect(m.result).toMatchObject({ ok: true, added: 1000, invalid: 0 });
    // Both campaigns' last part is full: two new parts and two calls of 500, nothing read.
    expect(big.requests).toEqual({ 'POST /campaigns': 2, 'POST /campaigns/:id/leads': 2 });
    expect(big.requests).toEqual(small.requests);
    // An empty campaign already has its first part: one part fewer to make, nothing else.
    expect(empty.requests).toEqual({ 'POST /campaigns': 1, 'POST /campaigns/:id/leads': 2 });
    // Range calls do not grow with the people already there (the tab is read once, whatever its size).
    expect(big.rangeCalls).toBe(small.rangeCalls);
    expect(big.rangeCalls).toBeLessThanOrEqual(empty.rangeCalls + 1);
  });
});
