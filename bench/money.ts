// `npx tsx bench/money.ts`: the money record against the simulator's ledger over Stops of the bench's campaign
// shapes (docs/rules.md#money-record), and what the balance reads around a Stop cost (docs/rules.md#refunds).
// Writes its section of bench/results.md ("The money record against the ledger"); runs in about a minute.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIM_KEYS, type SimState } from '../dev/sim/types';
import { keyHint } from '../src/records/settings';
import { leadRow, startAddon, type Addon } from '../test/e2e/harness';
import { creditsRows } from '../test/e2e/steps';
import { rangeOf } from '../test/e2e/money/figures';
import { withMoneySection } from './money-section';

interface Case {
  name: string;
  leads: number;
  /** Every nth person shares one company website (only the first pays its lookup); 0: all distinct. */
  shareEvery: number;
}

const CASES: Case[] = [
  { name: '500 leads, one part, every website distinct (the bench campaign)', leads: 500, shareEvery: 0 },
  { name: '500 leads, one part, every 5th person at one company', leads: 500, shareEvery: 5 },
  { name: '2,000 leads, 4 parts, every 5th person at one company', leads: 2000, shareEvery: 5 },
];

function row(i: number, shareEvery: number): string[] {
  const r = leadRow(i);
  if (shareEvery > 0 && i % shareEvery === 0) r[4] = 'https://acme.example.com';
  return r;
}

async function measure(c: Case): Promise<string> {
  const a: Addon = await startAddon({ concurrency: 25, stageMs: 30_000 });
  try {
    a.connect();
    a.sheet(Array.from({ length: c.leads }, (_, i) => row(i, c.shareEvery)));
    a.createCampaign('Bench money');
    a.selectRows(2, c.leads + 1);
    for (let i = 0; i < 10 && a.call<{ remaining?: number }>('addSelectedRows').remaining; i++) a.gas.clock.advance(60_000);
    const gen = a.generate();
    if (!gen.ok) throw new Error(`generate: ${JSON.stringify(gen)}`);
    a.gas.clock.advance(2 * 60_000);
    await a.sim.control({ action: 'clearRequests' });
    const stop = a.stop();
    const requests = (await a.requests()).map((r) => `${r.method} ${r.path.replace(/\/campaigns\/[^/]+/, '/campaigns/…')}`);
    const reads = requests.filter((r) => r.endsWith('/estimate')).length;
    const state = (await a.sim.control({ action: 'state' })) as SimState;
    const ledger = state.ledger.filter((e) => e.key === SIM_KEYS.write).reduce((n, e) => n + (e.kind === 'charge' ? e.credits : -e.credits), 0);
    const [lo, hi] = creditsRows(a)
      .filter((r) => r.Key === keyHint(SIM_KEYS.write))
      .map((r) => rangeOf(r['Credits charged'], r['Credits quoted']))
      .reduce(([l, h], [x, y]) => [l + x, h + y], [0, 0]);
    const record = lo === hi ? `${lo}` : `${lo}–${hi}`;
    const verdict = hi >= ledger && lo <= ledger ? (lo === hi ? 'equal' : 'brackets') : 'WRONG';
    return `| ${c.name} | ${stop.stopped ?? '?'} | ${requests.length} | ${reads} | ${ledger} | ${record} | ${a.call('getEstimate').chargedToday} | ${verdict} |`;
  } finally {
    await a.close();
  }
}

const HEAD = `## The money record against the ledger

A Stop pressed 2 minutes after Generate (renders 30 s a stage, 25 at once per part), key \`${keyHint(SIM_KEYS.write)}\`: the Stop's requests (the balance is read just before and just after only where the charges cannot prove what comes back, i.e. where people paid different prices), the simulator's ledger net for the key against the record's net (a range "lo–hi" where only bounds are proven) and "Charged today".
`;
const NOTE = `
Where every person of a part paid one known price the charges prove the refund and the Stop costs what it did (one request per part plus one). Where prices differ (a company's first lookup costs more) the balance is read before the first stop and after each: one request per such part plus one. Before the record booked refunds this way (an average price per person), the same Stops left the record at 70 against 71 and 280 against 281: below what the service took.`;

async function main(): Promise<void> {
  const lines = [
    '| campaign | stopped | Stop requests | of which balance reads | ledger net (key) | record net (key) | Charged today | record vs ledger |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const c of CASES) lines.push(await measure(c));
  const body = [HEAD, ...lines, NOTE].join('\n');
  const file = join(__dirname, 'results.md');
  writeFileSync(file, withMoneySection(readFileSync(file, 'utf8'), body));
  process.stdout.write(`${body}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
