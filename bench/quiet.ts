// One big document: a refresh pass in which nothing changed (docs/rules.md#budgets: one request, however many parts
// and tabs) over a 20,000-lead campaign of 40 parts stalled mid-render, first alone, then beside a second
// tab's campaign; then Stop over the 40 parts, with the renders going again.
import type { Addon } from '../test/e2e/harness';
import { Meter, withAddon } from './meter';
import { activate, fund, leadTab, PERSON_MS, pushAll, stall, timerRun, type TimerRun } from './setup';
import { generateClick } from './sidebar';
import { stopAndSettle, STOP_AFTER_MS, type StopResult } from './stop';

export const BIG_TAB = { name: 'Leads', leads: 20_000 };
export const SMALL_TAB = { name: 'More leads', leads: 1_000 };
/** Nothing-changed runs measured in each setting. */
const QUIET_RUNS = 3;

export interface QuietResult {
  tabs: number;
  parts: number;
  /** The first run after the stall, which still reads what moved before it. */
  catchUp: TimerRun;
  quiet: TimerRun[];
}

export interface DocumentResult {
  one: QuietResult;
  two: QuietResult;
  stop: StopResult;
}

export function bigDocument(): Promise<DocumentResult> {
  return withAddon({}, async (a) => {
    a.connect();
    const meter = new Meter(a);
    await meter.begin();
    for (const [i, tab] of [BIG_TAB, SMALL_TAB].entries()) {
      await meter.measure(() => leadTab(a, tab.name, tab.leads, i * BIG_TAB.leads));
      await pushAll(meter, tab.leads);
    }
    await fund(a, BIG_TAB.leads + SMALL_TAB.leads);
    const since = await generate(meter, BIG_TAB.name);
    // Five minutes in, every part is half rendered; the first run reads them all, then the renders freeze.
    await timerRun(meter, since);
    await stall(a, true);
    const one = await quietRuns(meter, since, [BIG_TAB.name]);
    await generate(meter, SMALL_TAB.name);
    const two = await quietRuns(meter, since, [BIG_TAB.name, SMALL_TAB.name]);
    await stall(a, false);
    a.gas.clock.advance(STOP_AFTER_MS);
    return { one, two, stop: await stopAndSettle(meter, BIG_TAB.name, since) };
  });
}

/** Generate on a tab after a person's minute; returns when it was pressed (the timer's cadence starts there). */
async function generate(meter: Meter, tab: string): Promise<number> {
  activate(meter.a, tab);
  meter.a.gas.clock.advance(PERSON_MS);
  await meter.measure(() => generateClick(meter.a));
  return meter.a.gas.clock.now();
}

/** The runs after the stall, over the tabs that have been generated. */
async function quietRuns(meter: Meter, since: number, tabs: string[]): Promise<QuietResult> {
  const catchUp = await timerRun(meter, since);
  const quiet: TimerRun[] = [];
  for (let i = 0; i < QUIET_RUNS; i++) quiet.push(await timerRun(meter, since));
  return { tabs: tabs.length, parts: partsOf(meter.a, tabs), catchUp, quiet };
}

/** Distinct Campaign IDs on these tabs: the parts a run looks at. */
function partsOf(a: Addon, tabs: string[]): number {
  const rows = tabs.flatMap((name) => a.rows(a.gas.spreadsheet.getSheetByName(name)!));
  return new Set(rows.map((r) => String(r['Campaign ID']))).size;
}
