// The register at scale (docs/rules.md#budgets): read in one Range call, appended in one, and refresh passes that do not grow with it.
// Not under sheets-metered: there a 20,000-row Add takes two presses (docs/rules.md#budgets; test/e2e/push/per-row.test.ts).
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered (readings of jest.config.cjs this file is not run under)
import { leadRow, startAddon, type Addon } from '../harness';

jest.setTimeout(900_000);

/** Range calls and rows updated of one refreshNow after every video of the tab finished. */
function refreshOnceAllDone(a: Addon): { rangeCalls: number; updated: number } {
  a.gas.clock.advance(3 * 60 * 60_000);
  a.gas.counters.reset();
  const r = a.call('refreshNow');
  expect(r).toMatchObject({ ok: true, remaining: 0 });
  return { rangeCalls: a.gas.counters.rangeCalls, updated: r.updated };
}

/** A tab of n rows sent (parts of 500) and generated. */
async function generated(a: Addon, n: number): Promise<void> {
  await a.sim.control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 1_000_000 });
  a.pushedCampaign(n, `Tab ${n}`);
  expect(a.generate()).toMatchObject({ ok: true });
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('the register at scale', () => {
  it('should write a refresh pass with the same Range calls for 100 rows in 1 part, 1,000 in 2 and 20,000 in 40', async () => {
    const figures: string[] = [];
    const calls: number[] = [];
    for (const n of [100, 1000, 20_000]) {
      a = await startAddon();
      a.connect();
      await generated(a, n);
      const m = refreshOnceAllDone(a);
      expect(m.updated).toBe(n);
      expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
      figures.push(`${n} rows in ${Math.ceil(n / 500)} parts: ${m.rangeCalls}`);
      calls.push(m.rangeCalls);
      await a.close();
    }
    console.log(`refresh pass writing every row, Range calls: ${figures.join('; ')}`);
    // One call more per 1,000 rows written at most: here every row is one block, so none.
    expect(calls[1]).toBe(calls[0]);
    expect(calls[2]).toBe(calls[0]);
  });

  it('should read the register in one Range call and append a batch in one, with 20,000 or 100,000 people in it', async () => {
    const figures: string[] = [];
    const calls: number[] = [];
    for (const people of [20_000, 100_000]) {
      a = await startAddon();
      a.connect();
      const sheet = a.sheet([leadRow(1)]);
      a.createCampaign();
      a.selectRows(2, 2);
      a.call('addSelectedRows');
      // Other tabs' people, as a document that sent this many would hold them.
      const register = a.gas.spreadsheet.getSheetByName('Video register')!;
      register.setValuesRaw(
        Array.from({ length: people - 1 }, (_, i) => [
          `ld_x${i}`,
          'cmp_elsewhere',
          'cmp_elsewhere',
          '99',
          '1',
          'sent',
          `First${i}`,
          `Co ${i}`,
          `x${i}@example.com`,
          '',
          'First name|Company|Email|',
        ]),
        3,
        1,
      );
      // Written around the add-on's writer: taken as a register from before fingerprints (docs/rules.md#register-whole),
      // which kept none in DocumentProperties nor in the tab's first cell.
      a.gas.properties.document.deleteProperty('register.print');
      register.getRange(1, 1).setNote('');
      sheet.typeValues(
        Array.from({ length: 10 }, (_, i) => leadRow(10 + i)),
        3,
        1,
      );
      a.selectRows(3, 12);
      a.gas.counters.reset();
      const started = Date.now();
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 10 });
      const ms = Date.now() - started;
      expect(a.call('getSidebarState')).toMatchObject({ ok: true, sentPeople: people + 10 });
      figures.push(
        `${people} people: ${a.gas.counters.rangeCalls} Range calls for a 10-row push, register read ${people * 11} cells, append 110 cells, ${ms} ms wall`,
      );
      calls.push(a.gas.counters.rangeCalls);
      await a.close();
    }
    console.log(`register: ${figures.join('; ')}`);
    expect(calls[1]).toBe(calls[0]);
  });

  it("should read in a refresh only the register rows of the tab's own people", async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(2);
    const register = a.gas.spreadsheet.getSheetByName('Video register')!;
    // Rows past this tab's people, here one that would claim row 2's Lead ID for someone else.
    const id = String(a.rows()[0]!['Lead ID']);
    register.setValuesRaw(
      [
        ['x', 'cmp_elsewhere', 'cmp_elsewhere', '99', '1', 'sent', 'Other', 'Elsewhere', 'o@example.com', '', 'First name|Company|Email|'],
        [id, 'cmp_elsewhere', 'cmp_elsewhere', '99', '1', 'sent', 'Other', 'Elsewhere', 'o@example.com', '', 'First name|Company|Email|'],
      ],
      4,
      1,
    );
    // Written around the add-on's writer: taken as a register from before fingerprints (docs/rules.md#register-whole).
    a.gas.properties.document.deleteProperty('register.print');
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect(a.rows()[0]).toMatchObject({ 'Lead ID': id, 'Video Status': 'pending' });
  });
});
