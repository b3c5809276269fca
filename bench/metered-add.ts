// A 20,000-row Add under the stand-in's metered reading of Sheets calls (docs/rules.md#budgets): every Spreadsheet, Sheet
// and Range call costs virtual time, so per-row calls would show in the press's run time. `npx tsx bench/metered-add.ts`
// (after `npm run build`) prints the press's virtual time, its calls and whether it finished within one press's budget.
import { SHEET_CALL_MS } from '../dev/standin';
import { RUN_BUDGET_MS } from '../src/server/context';
import { leadRow, startAddon } from '../test/e2e/harness';

/** The figures of one Add of n new rows under the metered reading. */
export async function meteredAdd(n: number) {
  const a = await startAddon({}, { readings: { sheetCalls: 'metered' } });
  try {
    a.connect();
    a.sheet(Array.from({ length: n }, (_, i) => leadRow(i)));
    a.createCampaign();
    a.selectRows(2, n + 1);
    a.gas.counters.reset();
    const started = a.gas.clock.now();
    const wall = performance.now();
    const r = a.call<{ ok: boolean; added: number; remaining: number }>('addSelectedRows');
    const c = a.gas.counters;
    const visibility = (c.byMember['Sheet.isRowHiddenByUser'] ?? 0) + (c.byMember['Sheet.isRowHiddenByFilter'] ?? 0);
    return {
      rows: n,
      added: r.added,
      remaining: r.remaining,
      virtualMs: a.gas.clock.now() - started,
      sheetsCalls: c.sheetCalls + c.rangeCalls + c.rangeListCalls + c.spreadsheetCalls,
      visibility,
      wallMs: Math.round(performance.now() - wall),
    };
  } finally {
    await a.close();
  }
}

async function main(): Promise<void> {
  for (const n of [1000, 20_000, 30_000]) {
    const m = await meteredAdd(n);
    const within = m.remaining === 0 && m.virtualMs <= RUN_BUDGET_MS;
    process.stdout.write(
      `${n} rows, Sheets calls ${SHEET_CALL_MS} ms each: added ${m.added}, left ${m.remaining}; ${m.sheetsCalls} Sheets calls ` +
        `(${m.visibility} of them visibility); ${(m.virtualMs / 1000).toFixed(1)} s of the press's ${RUN_BUDGET_MS / 1000} s budget` +
        `${within ? ' — within one press' : ' — NOT within one press'}; wall ${m.wallMs} ms\n`,
    );
  }
}

if (require.main === module) void main();
