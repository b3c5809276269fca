// A day of random money actions by two people with two keys (docs/rules.md#money-record): after every
// step, per key, the record's spend is never below the simulator's ledger and equals it wherever every
// figure is stated or proven; the owner's limit is never passed.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import * as fc from 'fast-check';
import { SIM_KEYS } from '../../../dev/sim/types';
import { keyHint } from '../../../src/records/settings';
import { leadRow, startAddon, type Addon } from '../harness';
import { creditsRows, netCharged } from '../steps';
import { rangeOf } from './figures';

jest.setTimeout(600_000);

const OWNER = 'alice@example.com';
const COLLEAGUE = 'colleague@example.com';
const KEYS: Record<string, string> = { [OWNER]: SIM_KEYS.write, [COLLEAGUE]: SIM_KEYS.lowCap };
const LIMIT = 60;

type Action =
  { kind: 'generate' | 'preview' | 'stop' | 'poll' | 'lost-generate' } | { kind: 'wait'; minutes: number } | { kind: 'switch' } | { kind: 'add'; n: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.constantFrom<Action>({ kind: 'generate' }, { kind: 'stop' }), weight: 4 },
  { arbitrary: fc.constantFrom<Action>({ kind: 'preview' }, { kind: 'poll' }, { kind: 'lost-generate' }, { kind: 'switch' }), weight: 3 },
  { arbitrary: fc.integer({ min: 1, max: 6 }).map((minutes): Action => ({ kind: 'wait', minutes })), weight: 2 },
  { arbitrary: fc.integer({ min: 1, max: 6 }).map((n): Action => ({ kind: 'add', n })), weight: 2 },
);

/** People i: every third shares one company website, so only the first of them pays its lookup. */
function person(i: number): string[] {
  const r = leadRow(i);
  if (i % 3 === 0) r[4] = 'https://acme.example.com';
  return r;
}

async function step(a: Addon, s: { user: string; next: number }, x: Action): Promise<void> {
  const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
  switch (x.kind) {
    case 'generate':
      a.generate();
      return;
    case 'preview':
      a.preview();
      return;
    case 'stop':
      a.stop();
      return;
    case 'poll':
      a.call('getProgress');
      return;
    case 'lost-generate':
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      a.generate();
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 0 } } });
      return;
    case 'wait':
      a.gas.clock.advance(x.minutes * 60_000);
      a.gas.fireTimeTriggers();
      return;
    case 'switch':
      s.user = s.user === OWNER ? COLLEAGUE : OWNER;
      a.gas.setUser(s.user);
      return;
    case 'add':
      for (let i = 0; i < x.n; i++) sheet.appendRow(person(s.next++));
      a.selectRows(sheet.getLastRow() - x.n + 1, sheet.getLastRow());
      a.call('addSelectedRows');
  }
}

async function check(a: Addon, trail: Action[]): Promise<void> {
  const rows = creditsRows(a);
  for (const key of Object.values(KEYS)) {
    const mine = rows.filter((r) => r.Key === keyHint(key));
    const ranges = mine.map((r) => rangeOf(r['Credits charged'], r['Credits quoted']));
    const high = ranges.reduce((n, [, h]) => n + h, 0);
    const ledger = await netCharged(a, key);
    const why = `${key} after ${JSON.stringify(trail)}`;
    expect({ why, high: high >= ledger }).toEqual({ why, high: true });
    // Every figure stated or proven, and nothing left to see: the record is the ledger.
    const settled = ranges.every(([l, h]) => l === h) && mine.every((r) => typeof r['Credits charged'] === 'number');
    const quiet = !(await a.state()).campaigns.some((c) => c.leads.some((l) => l.status === 'rendering'));
    if (settled && quiet && mine.length > 0 && rows.every((r) => r.Action !== 'refund' || typeof r['Credits charged'] === 'number')) {
      // Failures not yet seen by any reader are the only gap: read once, then compare.
      a.call('getProgress');
      const again = creditsRows(a).filter((r) => r.Key === keyHint(key));
      if (again.every((r) => typeof r['Credits charged'] === 'number'))
        expect({ why, net: again.reduce((n, r) => n + (r['Credits charged'] as number), 0) }).toEqual({ why, net: ledger });
    }
  }
  expect(await netCharged(a, KEYS[OWNER]!)).toBeLessThanOrEqual(LIMIT);
}

/** One day: the world set up, then the actions, each checked (docs/rules.md#money-record). */
async function runDay(actions: Action[]): Promise<void> {
  const a = await startAddon({ concurrency: 2, stageMs: 30_000, faults: { failPeople: ['p4@example.com', 'p7@example.com', 'p12@example.com'] } });
  try {
    await a.sim.control({ action: 'setKey', key: SIM_KEYS.lowCap, dailyCap: 100_000 });
    for (const user of [COLLEAGUE, OWNER]) {
      a.gas.setUser(user);
      a.connect(KEYS[user]!);
      a.call('setSpendingLimit', { creditsPerDay: LIMIT });
    }
    a.sheet(Array.from({ length: 8 }, (_, i) => person(i)));
    a.createCampaign('Day');
    a.selectRows(2, 9);
    a.call('addSelectedRows');
    const s = { user: OWNER, next: 8 };
    const trail: Action[] = [];
    for (const x of actions) {
      trail.push(x);
      await step(a, s, x);
      await check(a, trail);
    }
  } finally {
    await a.close();
  }
}

/** Fixed so CI answers the same every time; DAY_SEED=<n> explores others. */
const SEED = Number(process.env.DAY_SEED) || 20261126;

describe('a day of money actions', () => {
  it("should keep each key's record never below the ledger, equal where stated, and the limit never passed", async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 12 }), runDay), { numRuns: 12, seed: SEED });
  });

  // Found by this test: a part reopened for newcomers while its Generate's answer was lost, and the late charge took them too.
  it('should keep newcomers out of a part whose Generate answer was lost, so its late charge is the one quoted', async () => {
    await runDay([
      { kind: 'lost-generate' },
      { kind: 'add', n: 1 },
      { kind: 'preview' },
      { kind: 'preview' },
      { kind: 'wait', minutes: 1 },
      { kind: 'wait', minutes: 1 },
    ]);
  });
});
