// `npm run explore -- --seeds N --days D | --hours H [--no-shrink]`: longer histories than CI runs (docs/rules.md#explorer), a short
// report written to --out (default explore-report.md), and the ready test of any failure.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NAMED_READINGS } from '../../dev/standin';
import { explore, type Outcome } from './explore';
import { Lab } from './world';

/** Actions a history takes to cover a day of virtual time, on average (its waits, the timer and midnights). */
const ACTIONS_A_DAY = 48;

const { values: v } = parseArgs({
  options: {
    seeds: { type: 'string', default: '10' },
    first: { type: 'string', default: '1' },
    runs: { type: 'string', default: '1' },
    days: { type: 'string' },
    hours: { type: 'string' },
    actions: { type: 'string' },
    reading: { type: 'string', default: 'default' },
    out: { type: 'string', default: 'explore-report.md' },
    // A build kept aside (a copy of dist/Code.js), so rebuilding dist during a long run does not change what it explores.
    bundle: { type: 'string' },
    // Long histories: report the first failure of a seed unshrunk, its actions written beside the report for
    // `npm run explore:minimize` (fast-check's shrinking of arrays of hundreds of actions takes hours).
    'no-shrink': { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const readings = NAMED_READINGS[v.reading!];
  if (!readings) throw new Error(`--reading ${v.reading} is none of ${Object.keys(NAMED_READINGS).join(', ')}`);
  const days = v.hours !== undefined ? Number(v.hours) / 24 : Number(v.days ?? 1);
  const actions = Number(v.actions ?? Math.max(1, Math.round(days * ACTIONS_A_DAY)));
  const bundle = v.bundle === undefined ? {} : { bundleSource: readFileSync(v.bundle, 'utf8') };
  const lab = await Lab.open();
  const started = Date.now();
  const outcomes: Outcome[] = [];
  try {
    for (let s = Number(v.first); s < Number(v.first) + Number(v.seeds); s++) {
      const out = await explore(lab, { seed: s, runs: Number(v.runs), actions, minActions: actions, readings, noShrink: v['no-shrink']!, ...bundle });
      if (out.failure && v['no-shrink']) writeFileSync(`${v.out}.seed${s}.json`, JSON.stringify(out.failure.actions));
      outcomes.push(out);
      console.log(`seed ${s}: ${out.histories} histories, ${out.actions} actions${out.failure ? ` — BROKEN: ${out.failure.broken[0]}` : ''}`);
      // Written after every seed, so a run stopped at a deadline still reports what it did.
      writeFileSync(v.out!, `${report(outcomes, actions, started)}\n`);
    }
  } finally {
    await lab.close();
  }
  console.log(report(outcomes, actions, started));
  if (outcomes.some((o) => o.failure)) process.exitCode = 1;
}

function report(outcomes: Outcome[], actions: number, started: number): string {
  const sum = (f: (o: Outcome) => number) => outcomes.reduce((n, o) => n + f(o), 0);
  const failures = outcomes.filter((o) => o.failure);
  return [
    `# Explorer run (${new Date().toISOString()})`,
    '',
    `reading: ${v.reading}; seeds ${v.first}..${Number(v.first) + Number(v.seeds) - 1}, ${v.runs} histories a seed of at least ${actions} actions`,
    '',
    `histories: ${sum((o) => o.histories)} · actions: ${sum((o) => o.actions)} · invariants checked: ${sum((o) => o.invariantsChecked)} · wall time: ${Math.round((Date.now() - started) / 1000)} s`,
    `failures: ${failures.length}`,
    ...failures.flatMap((o) => ['', `## seed ${o.seed}`, '', ...o.failure!.broken.map((b) => `- ${b}`), '', '```ts', o.failure!.test, '```']),
    '',
    'Reproduce a seed: `npm run explore -- --first <seed> --seeds 1 --actions <n> --reading <name>`.',
  ].join('\n');
}

void main();
