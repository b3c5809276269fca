// `npx tsx bench/month-run.ts [days] [60|5|1440]`: the list left running on its own (a long run, apart from `npm run bench`),
// printed and kept in bench/results.md under its own heading, one block per timer. `--from <its stderr> [days] [60|5|1440]`
// writes the block of such a run stopped early, from the days it streamed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, table } from './format';
import { CADENCES, fromStream, monthOfAutoMode, type Cadence, type MonthResult } from './month';
import { keepBlock } from './month-block';

function render(r: MonthResult): string {
  const head = ['timer', 'day', 'rows', 'complete', 'people', 'parts', 'largest value (bytes)', 'stores (bytes)', 'own tabs (cells)'];
  const rows = r.checkpoints.map((c) => [r.timer, c.day, c.rows, c.complete, c.people, c.parts, c.largestValue, c.storeBytes, c.ownCells]);
  const stopped = r.planned ? `Stopped after ${r.days} of ${r.planned} days; these are the figures its stream gave day by day.` : '';
  const day = `Busiest day (${r.timer}, ${r.days} days): ${fmt(r.perDay.requests)} requests, ${r.perDay.triggerMinutes.toFixed(1)} trigger minutes (the runs' waits and requests, plus this machine's own time running them: the add-on's JavaScript and the stand-in's sheet work), ${fmt(r.perDay.propertyOps)} property operations.`;
  const last = r.checkpoints.at(-1);
  const kinds = last ? `The stores on day ${last.day}, by kind of key: ${last.byKind.map(([k, n]) => `${k} ${fmt(n)}`).join(', ')} bytes.` : '';
  return [table(head, rows), stopped, day, kinds, r.errors.length ? `Errors: ${r.errors.join('; ')}` : 'No run failed.'].filter(Boolean).join('\n\n');
}

async function main(): Promise<void> {
  // `--from <stream> <days> <60|5>`: the block of a run of that many days stopped early, from what it wrote on stderr.
  const from = process.argv[2] === '--from' ? readFileSync(process.argv[3]!, 'utf8') : null;
  const args = process.argv.slice(from === null ? 2 : 4);
  const days = Number(args[0] ?? 30);
  const minutes: Cadence = args[1] === '5' ? 5 : args[1] === '1440' ? 1440 : 60;
  const at = [1, 7, 14, 21, 30, 91, 182, 365].filter((d) => d <= days);
  const md = render(from === null ? await monthOfAutoMode(minutes, days, at.includes(days) ? at : [...at, days]) : fromStream(from, minutes, days));
  process.stdout.write(`${md}\n`);
  const file = join(__dirname, 'results.md');
  writeFileSync(file, keepBlock(readFileSync(file, 'utf8'), CADENCES[minutes].block, md));
}

// Exits when done: something of the closed simulator or stand-in (not yet found) kept a finished run alive.
main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
