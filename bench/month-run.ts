// `npx tsx bench/month-run.ts [days] [60|5]`: the list left running on its own (a long run, apart from
// `npm run bench`), printed and kept in bench/results.md under its own heading, one block per timer.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, table } from './format';
import { monthOfAutoMode, type MonthResult } from './month';
import { keepBlock } from './month-block';

function render(r: MonthResult): string {
  const head = ['timer', 'day', 'rows', 'complete', 'people', 'parts', 'largest value (bytes)', 'stores (bytes)', 'own tabs (cells)'];
  const rows = r.checkpoints.map((c) => [r.timer, c.day, c.rows, c.complete, c.people, c.parts, c.largestValue, c.storeBytes, c.ownCells]);
  const day = `Busiest day (${r.timer}, ${r.days} days): ${fmt(r.perDay.requests)} requests, ${r.perDay.triggerMinutes.toFixed(1)} trigger minutes, ${fmt(r.perDay.propertyOps)} property operations.`;
  const last = r.checkpoints.at(-1);
  const kinds = last ? `The stores on day ${last.day}, by kind of key: ${last.byKind.map(([k, n]) => `${k} ${fmt(n)}`).join(', ')} bytes.` : '';
  return [table(head, rows), day, kinds, r.errors.length ? `Errors: ${r.errors.join('; ')}` : 'No run failed.'].filter(Boolean).join('\n\n');
}

async function main(): Promise<void> {
  const days = Number(process.argv[2] ?? 30);
  const minutes = process.argv[3] === '5' ? 5 : 60;
  const at = [1, 7, 14, 21, 30, 91, 182, 365].filter((d) => d <= days);
  const md = render(await monthOfAutoMode(minutes, days, at.includes(days) ? at : [...at, days]));
  process.stdout.write(`${md}\n`);
  const file = join(__dirname, 'results.md');
  writeFileSync(file, keepBlock(readFileSync(file, 'utf8'), minutes === 5 ? 'five' : 'hourly', md));
}

// Exits when done: something of the closed simulator or stand-in (not yet found) kept a finished run alive.
main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
