// A silent API (docs/rules.md#budgets, docs/rules.md#budgets): a campaign is rendering when the service stops answering (every
// request hangs until UrlFetchApp gives up); the timer fires on its 5-minute cadence through a day of silence; then
// the service answers again and the timer catches up. Only the timer runs: no sidebar is open. Run under both
// readings of UrlFetchApp's timeout: about 60 s and fixed, or 360 s unless timeoutSeconds says less.
import type { Readings } from '../dev/standin';
import { minutes, table, verdict } from './format';
import { control, withAddon } from './meter';
import { pushedTab, timerRun } from './setup';
import { generateClick } from './sidebar';
import type { Target } from './format';

export const SILENCE_MS = 2 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const LEADS = 100;
/** Two silent hours: at most 15 trigger minutes under the 60 s reading, 20 under the 360 s one; a silent day at most 45. */
const BUDGET_MS: Record<Readings['fetchTimeout'], number> = { 'fixed-60': 15 * 60_000, 'option-360': 20 * 60_000 };
const DAY_BUDGET_MS = 45 * 60_000;

export interface SilenceResult {
  fetchTimeout: Readings['fetchTimeout'];
  /** Timer runs during the first two hours, and the requests they sent (each went unanswered; the rest waited out the back-off). */
  runs: number;
  requests: number;
  runtimeMs: number;
  /** Trigger runtime over the whole silent day. */
  dayRuntimeMs: number;
  /** Runs after the service answered again until the timer removed itself, and the minutes that took. */
  catchUpRuns: number;
  catchUpMs: number;
  rowsComplete: number;
}

export function silentApi(fetchTimeout: Readings['fetchTimeout'] = 'fixed-60'): Promise<SilenceResult> {
  // One render at a time: the campaign is still rendering when the silence starts.
  return withAddon({ concurrency: 1, readings: { fetchTimeout } }, async (a) => {
    const { meter } = await pushedTab(a, LEADS);
    await meter.measure(() => generateClick(a));
    const since = a.gas.clock.now();
    await timerRun(meter, since);
    await control(a, { action: 'configure', config: { faults: { hang: true } } });
    const start = a.gas.clock.now();
    const fetches0 = a.gas.fetches.length;
    let runs = 0;
    let runtimeMs = 0;
    let requests = 0;
    let dayRuntimeMs = 0;
    while (a.gas.clock.now() - start < DAY_MS) {
      const cost = (await timerRun(meter, since)).cost.runtimeMs;
      dayRuntimeMs += cost;
      if (a.gas.clock.now() - start <= SILENCE_MS) {
        runtimeMs += cost;
        runs++;
        requests = a.gas.fetches.length - fetches0;
      }
    }
    await control(a, { action: 'configure', config: { faults: { hang: false } } });
    const back = a.gas.clock.now();
    let catchUpRuns = 0;
    while (a.gas.triggers.length > 0 && catchUpRuns < 40) {
      await timerRun(meter, since);
      catchUpRuns++;
    }
    const rowsComplete = a.column('Video Status').filter((s) => s === 'complete').length;
    return { fetchTimeout, runs, requests, runtimeMs, dayRuntimeMs, catchUpRuns, catchUpMs: a.gas.clock.now() - back, rowsComplete };
  });
}

export function silenceTargets(all: SilenceResult[]): Target[] {
  return all.flatMap((s) => [
    {
      what: `Two hours of a silent API (${s.fetchTimeout}): trigger runtime`,
      budget: `≤ ${minutes(BUDGET_MS[s.fetchTimeout])} min`,
      measured: `${minutes(s.runtimeMs)} min`,
      pass: s.runtimeMs <= BUDGET_MS[s.fetchTimeout],
    },
    {
      what: `A silent day (${s.fetchTimeout}): trigger runtime`,
      budget: `≤ ${minutes(DAY_BUDGET_MS)} min`,
      measured: `${minutes(s.dayRuntimeMs)} min`,
      pass: s.dayRuntimeMs <= DAY_BUDGET_MS,
    },
    {
      what: `After the silence (${s.fetchTimeout}): every row complete, timer removed`,
      budget: `${LEADS} / ${LEADS}`,
      measured: `${s.rowsComplete} / ${LEADS}`,
      pass: s.rowsComplete === LEADS,
    },
  ]);
}

export function silenceTable(all: SilenceResult[]): string {
  return table(
    [
      'timeout reading',
      'timer runs (2 h)',
      'requests sent (2 h)',
      'trigger minutes (2 h)',
      'budget',
      'trigger minutes (day)',
      'budget',
      'runs to catch up',
      'minutes to the last link',
      'rows complete',
    ],
    all.map((s) => [
      s.fetchTimeout,
      s.runs,
      s.requests,
      minutes(s.runtimeMs),
      `≤ ${minutes(BUDGET_MS[s.fetchTimeout])} ${verdict(s.runtimeMs <= BUDGET_MS[s.fetchTimeout])}`,
      minutes(s.dayRuntimeMs),
      `≤ ${minutes(DAY_BUDGET_MS)} ${verdict(s.dayRuntimeMs <= DAY_BUDGET_MS)}`,
      s.catchUpRuns,
      minutes(s.catchUpMs),
      `${s.rowsComplete} / ${LEADS}`,
    ]),
  );
}

export const SILENCE_NOTE =
  `Every request passes timeoutSeconds of its one-minute allowance, so the 360 s reading costs what the 60 s one does. ` +
  `${LEADS} leads generated, one timer run, then every API request hangs for a day: a run checks its deadline before each request (a minute each), sends nothing more once one went unanswered, and later runs back off (5, 10, 20, 40, then 60 minutes). Then the service answers again and only the timer runs (no sidebar open, whose poll would end the back-off at once).`;
