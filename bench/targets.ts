// The budgets of docs/rules.md#budgets as checks on the measured figures, one row each.
import { autoTargets } from './auto';
import { crowdedTargets, THREE_HOURS_LABEL } from './crowded';
import { generateToEnd, type CaseResult } from './campaign';
import { fmt, minutes, seconds, type Target } from './format';
import type { StopResult } from './stop';
import { HOUR_S } from './idle';
import type { QuietResult } from './quiet';
import { count } from './requests';
import { PART_SIZE, type TimerRun } from './setup';
import { silenceTargets } from './silence';
import { storageTargets } from './storage';
import { caseName, EDGE_LEADS, OLD_PACE, TARGET_SIZE, type BenchResults } from './suite';
import { kb, KB } from '../scripts/sizes';

export type { Target } from './format';

const WHOLE_REQUESTS = 1000;
const WHOLE_RUNTIME_MS = 10 * 60_000;
/** The old bench's Range calls per 1,000-row push batch (bench/results.md before parts). */
const OLD_RANGE_PER_BATCH = 24;
/** "Within a few seconds". */
const STOP_ANSWER_MS = 5000;
const IDLE_PROPERTY_OPS = 300;
const RUNS_AFTER_LAST_RENDER = 2;

export function targets(r: BenchResults): Target[] {
  return [
    ...r.cases.filter((c) => c.spec.leads === TARGET_SIZE).flatMap(wholeCampaign),
    rowsRight(r.cases),
    timersGone(r.cases),
    no429InRuns(r.cases),
    runsWithoutError(r),
    ...push(r.cases),
    ...quiet(r),
    ...stops(r),
    ...idle(r),
    edgeClick(r),
    ...watching(r),
    rushed(r),
    pushRanges(r.cases),
    ...silenceTargets(r.silence),
    ...autoTargets(r.auto),
    ...crowdedTargets(r.crowded),
    ...crowdedTargets(r.crowdedSlow, THREE_HOURS_LABEL),
    ...storageTargets(r.storage),
    ...r.bundle.map((b) => ({
      what: `Bundle: ${b.file}`,
      budget: `≤ ${b.budgetKb} KB`,
      measured: kb(b.bytes),
      pass: b.bytes <= b.budgetKb * KB,
    })),
  ];
}

/** docs/rules.md#budgets: a 20,000-lead campaign, Generate to the last link, in at most 1,000 requests and 10 minutes of trigger runtime. */
export function wholeCampaignOk(c: CaseResult): boolean {
  const all = generateToEnd(c);
  return all.requests.total <= WHOLE_REQUESTS && all.runtimeMs <= WHOLE_RUNTIME_MS;
}

function wholeCampaign(c: CaseResult): Target[] {
  const all = generateToEnd(c);
  const name = `${caseName(c.spec)}${c.spec.concurrency === OLD_PACE ? ' (a second look, not the chosen speed)' : ''}`;
  return [
    {
      what: `${name}: requests, Generate to the last link`,
      budget: `≤ ${fmt(WHOLE_REQUESTS)}`,
      measured: fmt(all.requests.total),
      pass: all.requests.total <= WHOLE_REQUESTS,
    },
    {
      what: `${name}: trigger runtime`,
      budget: `≤ ${minutes(WHOLE_RUNTIME_MS)} min`,
      measured: `${minutes(all.runtimeMs)} min`,
      pass: all.runtimeMs <= WHOLE_RUNTIME_MS,
    },
  ];
}

function rowsRight(cases: CaseResult[]): Target {
  const wrong = cases.filter((c) => c.rows.wrong > 0);
  return {
    what: 'Every row right at the end (Video Status, Video URL, Page URL, Campaign ID = the lead its Lead ID names), every campaign',
    budget: '0 wrong rows',
    measured: wrong.length === 0 ? `0 wrong in ${cases.length} campaigns` : wrong.map((c) => `${caseName(c.spec)}: ${fmt(c.rows.wrong)} wrong`).join('; '),
    pass: wrong.length === 0,
  };
}

function timersGone(cases: CaseResult[]): Target {
  const stuck = cases.filter((c) => !c.timerRemoved);
  return {
    what: 'The timer removes itself once every row is settled, every campaign',
    budget: 'removed',
    measured: stuck.length === 0 ? `removed in ${cases.length} campaigns` : `still installed: ${stuck.map((c) => caseName(c.spec)).join('; ')}`,
    pass: stuck.length === 0,
  };
}

function no429InRuns(cases: CaseResult[]): Target {
  const n = cases.reduce(
    (s, c) => s + c.push.reduce((m, p) => m + p.cost.requests.rateLimited, 0) + c.passes.reduce((m, p) => m + p.cost.requests.rateLimited, 0),
    0,
  );
  return { what: 'No push or timer run trips 429 on its own, every campaign', budget: '0', measured: fmt(n), pass: n === 0 };
}

/** Every timer run the bench fired, in every setting. */
function allRuns(r: BenchResults): TimerRun[] {
  const { one, two, stop } = r.document;
  return [
    ...r.cases.flatMap((c) => c.passes),
    ...[one, two].flatMap((q) => [q.catchUp, ...q.quiet]),
    ...[stop, r.stops.early, r.stops.late].flatMap((s) => s.passes),
  ];
}

function runsWithoutError(r: BenchResults): Target {
  const runs = allRuns(r);
  const errors = runs.flatMap((run) => run.errors);
  return {
    what: 'Timer runs that threw (Apps Script would drop the error silently), every setting',
    budget: '0',
    measured: errors.length === 0 ? `0 of ${fmt(runs.length)} runs` : `${errors.length}: ${[...new Set(errors)].slice(0, 2).join('; ')}`,
    pass: errors.length === 0,
  };
}

function push(cases: CaseResult[]): Target[] {
  const c = cases.find((x) => x.spec.leads === TARGET_SIZE && x.spec.concurrency === undefined && x.spec.videosOrder === 'newest')!;
  const calls = c.push.map((p) => p.cost);
  const sum = (f: (k: (typeof calls)[number]) => number) => calls.reduce((n, k) => n + f(k), 0);
  const posts = sum((k) => count(k.requests, 'addPeople'));
  const creates = sum((k) => count(k.requests, 'create'));
  const parts = Math.ceil(c.spec.leads / PART_SIZE);
  const perBatch = Math.max(...cases.filter((x) => x.spec.concurrency === undefined).map(rangePerBatch));
  return [
    { what: `Push of ${fmt(c.spec.leads)} rows: POST /campaigns/{id}/leads`, budget: `≤ ${parts} (ceil(N/500))`, measured: fmt(posts), pass: posts <= parts },
    {
      what: `Push of ${fmt(c.spec.leads)} rows: POST /campaigns`,
      budget: `${parts - 1} (one per new part)`,
      measured: fmt(creates),
      pass: creates === parts - 1,
    },
    {
      what: 'Push: Range calls per 1,000-row batch, largest over the sizes',
      budget: `≤ ${OLD_RANGE_PER_BATCH} (the old figure)`,
      measured: perBatch.toFixed(1),
      pass: perBatch <= OLD_RANGE_PER_BATCH,
    },
  ];
}

/** Range calls over the push's 1,000-row batches (a smaller push is one batch), as the old bench counted them. */
export const rangePerBatch = (c: CaseResult): number => c.push.reduce((n, p) => n + p.cost.rangeCalls, 0) / Math.ceil(c.spec.leads / 1000);

/** The most requests any nothing-changed run cost. */
export const quietMost = (q: QuietResult): number => Math.max(...q.quiet.map((run) => run.cost.requests.total));

function quiet(r: BenchResults): Target[] {
  return [r.document.one, r.document.two].map((q) => {
    const most = quietMost(q);
    return {
      what: `Refresh run in which nothing changed: ${fmt(q.parts)} parts on ${q.tabs} tab${q.tabs > 1 ? 's' : ''}, renders stalled mid-way`,
      budget: '1 request',
      measured: `${fmt(most)} (most of ${q.quiet.length} runs)`,
      pass: most === 1,
    };
  });
}

function stops(r: BenchResults): Target[] {
  const one = [
    ['Stop on one part, pressed before the first timer run', r.stops.early],
    ['Stop on one part, pressed after a timer run showed the rows rendering', r.stops.late],
  ] as const;
  return [
    ...one.flatMap(([name, s]) => [
      { what: `${name}: requests`, budget: `≤ ${stopBudget(s)}`, measured: fmt(s.click.requests.total), pass: s.click.requests.total <= stopBudget(s) },
      {
        what: `${name}: virtual time to answer`,
        budget: `≤ ${seconds(STOP_ANSWER_MS)} s`,
        measured: `${seconds(s.click.virtualMs)} s`,
        pass: s.click.virtualMs <= STOP_ANSWER_MS,
      },
      settles(name, s),
    ]),
    {
      what: `Stop over ${r.document.stop.parts} parts: requests`,
      budget: `≤ ${stopBudget(r.document.stop)} (one per part plus one)`,
      measured: fmt(r.document.stop.click.requests.total),
      pass: r.document.stop.click.requests.total <= stopBudget(r.document.stop),
    },
    settles(`Stop over ${r.document.stop.parts} parts`, r.document.stop),
  ];
}

/** Timer runs after the last render until every row of the tab shows cancelled or complete. */
export function runsAfterLastRender(s: StopResult): number {
  return s.passes.filter((p) => p.afterLastRender).length;
}

/** docs/rules.md#budgets: one request per part plus one, at most 2 for one part. */
export const stopBudget = (s: StopResult): number => (s.parts === 1 ? 2 : s.parts + 1);

/** The request budget, the rows settled in time and, for one part, an answer within a few seconds (many parts' stops go one by one). */
export function stopOk(s: StopResult): boolean {
  const quick = s.parts > 1 || s.click.virtualMs <= STOP_ANSWER_MS;
  return quick && s.click.requests.total <= stopBudget(s) && s.settled && runsAfterLastRender(s) <= RUNS_AFTER_LAST_RENDER;
}

function settles(name: string, s: StopResult): Target {
  const n = runsAfterLastRender(s);
  const measured = s.settled ? `${n}` : `not settled after ${s.passes.length} runs (${fmt(s.rows.wrong)} rows wrong)`;
  return {
    what: `${name}: timer runs after the last render until every row shows cancelled/complete`,
    budget: `≤ ${RUNS_AFTER_LAST_RENDER}`,
    measured,
    pass: s.settled && n <= RUNS_AFTER_LAST_RENDER,
  };
}

function idle(r: BenchResults): Target[] {
  const { load, polls } = r.idle;
  const ops = load.cost.propertyOps + polls.cost.propertyOps;
  return [
    {
      what: `Sidebar open and idle for an hour: property operations (load + ${fmt(HOUR_S)} polls)`,
      budget: `≤ ${IDLE_PROPERTY_OPS}`,
      measured: fmt(ops),
      pass: ops <= IDLE_PROPERTY_OPS,
    },
    {
      what: 'Sidebar open and idle for an hour: UrlFetch calls while idle (the polls)',
      budget: '0',
      measured: fmt(polls.cost.requests.total),
      pass: polls.cost.requests.total === 0,
    },
  ];
}

function edgeClick(r: BenchResults): Target {
  const { reply, cost } = r.edge;
  const parts = Math.ceil(EDGE_LEADS / PART_SIZE);
  return {
    what: `Generate click on ${fmt(EDGE_LEADS)} leads (${parts} parts, past the budgets' sizes): every part started, no 429`,
    budget: 'all started, 0 × 429',
    measured: reply.ok
      ? `all started, ${cost.requests.rateLimited} × 429`
      : `${reply.error?.code}: ${count(cost.requests, 'generate')} generates sent, ${cost.requests.rateLimited} × 429`,
    pass: reply.ok && cost.requests.rateLimited === 0,
  };
}

/** docs/rules.md#budgets: at most 3 requests a poll however many parts, at most 360 UrlFetch an hour. */
const POLL_REQUESTS = 3;
const POLL_HOUR = 360;

function watching(r: BenchResults): Target[] {
  const w = r.watch;
  const most = Math.max(...w.polls.map((p) => p.requests.total));
  const name = `Sidebar open through a whole ${fmt(w.leads)}-lead render (${w.polls.length} progress polls every 30 s)`;
  return [
    { what: `${name}: requests per poll, most`, budget: `≤ ${POLL_REQUESTS}`, measured: fmt(most), pass: most <= POLL_REQUESTS && w.allOk },
    { what: `${name}: requests in the busiest hour of polls`, budget: `≤ ${POLL_HOUR}`, measured: fmt(w.busiestHour), pass: w.busiestHour <= POLL_HOUR },
  ];
}

function rushed(r: BenchResults): Target {
  const { reply, cost, push, leads } = r.rush;
  const n = cost.requests.rateLimited + push;
  return {
    what: `Generate pressed at once after a ${fmt(leads)}-row push (no minute between): 429 replies, push and click`,
    budget: 'all started, 0 × 429',
    measured: `${reply.ok ? 'all started' : `${reply.error?.code}`}, ${n} × 429`,
    pass: reply.ok && n === 0,
  };
}

/** Range calls of the whole push, by size: constant per 1,000-row batch however many parts (docs/rules.md#budgets). */
function pushRanges(cases: CaseResult[]): Target {
  const sizes = [100, 1000, 5000];
  const of = (n: number) => cases.find((c) => c.spec.leads === n && c.spec.concurrency === undefined && c.spec.videosOrder === 'newest');
  const calls = sizes.map((n) => of(n)?.push.reduce((m, p) => m + p.cost.rangeCalls, 0) ?? NaN);
  const one = calls[0]!;
  return {
    what: 'Push: Range calls for 100 / 1,000 / 5,000 rows (one batch each of 1,000 rows costs no more than a 100-row push)',
    budget: `≤ ${fmt(one)} per 1,000-row batch`,
    measured: calls.map(fmt).join(' / '),
    pass: sizes.every((n, i) => calls[i]! <= one * Math.ceil(n / 1000)),
  };
}
