// `npm run bench`: the budgets of docs/rules.md#budgets measured on the built bundle (stand-in + simulator on one virtual clock);
// prints the report and writes bench/results.md, with the wall time on stdout only (results.md stays reproducible).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { keptSections } from './money-section';
import { join } from 'node:path';
import { monthSection } from './month-block';
import { report } from './report';
import { runSuite } from './suite';

async function main(): Promise<void> {
  const wall0 = performance.now();
  const wall: string[] = [];
  const file = join(__dirname, 'results.md');
  // Sections measured on their own (bench/money.ts, bench/month-run.ts) are kept as they stand.
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const kept = monthSection(old);
  const md = report(await runSuite(wall)) + keptSections(old);
  writeFileSync(file, `${md}\n${kept ? `\n${kept}\n` : ''}`);
  process.stdout.write(`${md}\n`);
  process.stdout.write(`\nWall time: ${wall.join('; ')}; total ${((performance.now() - wall0) / 1000).toFixed(1)} s. Written to bench/results.md.\n`);
}

// Exits when done, as bench/month-run.ts does: a finished bench stayed alive, busy, on a handle of its closed stand-ins.
main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
