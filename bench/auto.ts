// Auto mode (docs/rules.md#auto-mode): what a run costs with nothing to do, beside an idle refresh of
// the same tab; and 1,000 rows arriving 100 per run, from the first row to the last video, within the
// daily limit (requests, trigger minutes, credits).
import { SIM_PRICES } from '../dev/sim/types';
import { leadRow, type Addon } from '../test/e2e/harness';
import { fmt, minutes, seconds, table } from './format';
import { addCosts, Meter, simLeads, withAddon, type Cost } from './meter';
import { describeKinds } from './requests';
import { fund, timerRun, type TimerRun } from './setup';
import type { Target } from './format';

export const ARRIVING = { rows: 1000, perRun: 100 };
/** Every arriving person quoted at its high figure: the limit that just lets them all through. */
export const AUTO_LIMIT = ARRIVING.rows * (SIM_PRICES.video + SIM_PRICES.lookup);
const MAX_RUNS = 60;

export interface AutoResult {
  /** A run of the auto-mode tab with no new row and nothing waiting (two in a row: the second is shown). */
  idleAuto: TimerRun;
  /** A run of the same tab with auto mode off and auto-refresh on, nothing changed. */
  idleRefresh: TimerRun;
  arrival: {
    runs: number;
    /** The run (1-based) in which the last video was seen complete by the add-on. */
    lastVideoRun: number;
    cost: Cost;
    complete: number;
    people: number;
    spent: number;
    limit: number;
    generates: number;
    errors: string[];
  };
}

const tab = (a: Addon) => a.gas.spreadsheet.getSheetByName('Leads')!;
const doneRows = (a: Addon) => a.rows(tab(a)).filter((r) => r['Video Status'] === 'complete' && r['Video URL']).length;

export function autoMode(): Promise<AutoResult> {
  return withAddon({}, async (a) => {
    a.connect();
    a.sheet([]);
    const c = a.createCampaign('Bench auto');
    await fund(a, ARRIVING.rows);
    a.call('setSpendingLimit', { creditsPerDay: AUTO_LIMIT });
    const on = a.call<{ ok: boolean }>('setAutoMode', { campaignId: c.id, on: true });
    if (!on.ok) throw new Error(`setAutoMode failed: ${JSON.stringify(on)}`);
    const meter = new Meter(a);
    await meter.begin();
    const since = a.gas.clock.now();
    const runs: TimerRun[] = [];
    let lastVideoRun = 0;
    for (let i = 0; i < MAX_RUNS; i++) {
      if (i < ARRIVING.rows / ARRIVING.perRun) for (let k = 0; k < ARRIVING.perRun; k++) tab(a).appendRow(leadRow(i * ARRIVING.perRun + k));
      runs.push(await timerRun(meter, since));
      if (doneRows(a) === ARRIVING.rows) {
        lastVideoRun = runs.length;
        break;
      }
    }
    const leads = [...(await simLeads(a)).values()];
    const ledger = (await a.state()).ledger;
    const cost = addCosts(runs.map((r) => r.cost));
    const arrival = {
      runs: runs.length,
      lastVideoRun,
      cost,
      complete: doneRows(a),
      people: leads.length,
      limit: AUTO_LIMIT,
      spent: ledger.reduce((n, e) => n + (e.kind === 'charge' ? e.credits : -e.credits), 0),
      generates: cost.requests.kinds['generate'] ?? 0,
      errors: runs.flatMap((r) => r.errors),
    };
    await timerRun(meter, since);
    const idleAuto = await timerRun(meter, since);
    a.call('setAutoMode', { campaignId: c.id, on: false });
    a.call('setAutoRefresh', { on: true });
    const idleRefresh = await timerRun(meter, since);
    return { idleAuto, idleRefresh, arrival };
  });
}

const idleFigures = (r: TimerRun): string =>
  `${r.cost.requests.total} request (${describeKinds(r.cost.requests)}), ${r.cost.rangeCalls} Range calls, ${r.cost.propertyOps} property ops, ${seconds(r.cost.runtimeMs)} s`;

export function autoTargets(r: AutoResult): Target[] {
  const x = r.arrival;
  return [
    {
      what: 'Auto mode: a run with no new row and nothing waiting',
      budget: `what an idle refresh of the tab costs (${r.idleRefresh.cost.requests.total} request)`,
      measured: `${r.idleAuto.cost.requests.total} request`,
      pass: r.idleAuto.cost.requests.total <= r.idleRefresh.cost.requests.total && r.idleAuto.errors.length === 0,
    },
    {
      what: `Auto mode: ${fmt(ARRIVING.rows)} rows arriving ${ARRIVING.perRun} per run, every video within the daily limit`,
      budget: `${fmt(ARRIVING.rows)} / ${fmt(ARRIVING.rows)}, ≤ ${fmt(x.limit)} credits, no 429`,
      measured: `${fmt(x.complete)} / ${fmt(x.people)}, ${fmt(x.spent)} credits, ${x.cost.requests.rateLimited} × 429`,
      pass: x.complete === ARRIVING.rows && x.people === ARRIVING.rows && x.spent <= x.limit && x.cost.requests.rateLimited === 0 && x.errors.length === 0,
    },
  ];
}

export function autoTable(r: AutoResult): string {
  const x = r.arrival;
  return [
    table(
      ['run', 'cost'],
      [
        ['auto mode on, no new row, nothing waiting', idleFigures(r.idleAuto)],
        ['the same tab, auto mode off, auto-refresh on, nothing changed', idleFigures(r.idleRefresh)],
      ],
    ),
    table(
      ['rows', 'runs to the last video', 'requests', 'by kind', 'trigger minutes', 'property ops', 'Range calls', 'credits', 'limit'],
      [
        [
          fmt(x.complete),
          x.lastVideoRun,
          x.cost.requests.total,
          describeKinds(x.cost.requests),
          minutes(x.cost.runtimeMs),
          x.cost.propertyOps,
          x.cost.rangeCalls,
          fmt(x.spent),
          fmt(x.limit),
        ],
      ],
    ),
  ].join('\n\n');
}

export const AUTO_NOTE =
  `A tab bound to a new campaign, a daily limit of ${fmt(AUTO_LIMIT)} credits (every arriving person at the estimate's high figure), auto mode switched on with the tab empty; ` +
  `then ${ARRIVING.perRun} rows are appended before each of the first ${ARRIVING.rows / ARRIVING.perRun} runs of the timer, every 5 virtual minutes, until every row has its video. ` +
  'A row is sent on the run after the one that first read it (it must read the same twice), to a new part when the last one was generated, and generated in the same run. ' +
  'The idle runs are measured after that on the same tab: twice with auto mode on (the second shown), then once with auto mode off and auto-refresh on.';
