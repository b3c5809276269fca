// The largest campaign of docs/rules.md#budgets: 100,000 leads (200 parts, 36-character ids) in a workspace where a
// colleague's newer campaigns push every part out of the list of 100, watched by an open sidebar until the timer
// removes itself. Requests and trigger runtime from Generate to the last link, the largest stored value, every row.
import type { Addon } from '../test/e2e/harness';
import { colleagueCampaigns } from '../test/e2e/steps';
import { fmt, minutes, table, type Cell } from './format';
import { addCosts, simLeads, withAddon, type AddonOptions, type Cost } from './meter';
import { describeKinds } from './requests';
import type { Target } from './format';
import { checkRows, type RowCheck } from './rows';
import { fireTimer, nextSlot, pushedTab } from './setup';
import { tryGenerateClick } from './sidebar';
import { PROGRESS_POLL_MS } from './watch';

export const CROWDED_LEADS = 100_000;
/** The colleague's campaigns: as many as the list of 100 holds, all newer than every part. */
const COLLEAGUE_CAMPAIGNS = 100;
/** The watch stops here at the latest: far past the render's end. */
const MAX_POLLS = 600;

export interface CrowdedResult {
  leads: number;
  parts: number;
  /** Generate to the last link: the click, every progress poll and every timer run. */
  cost: Cost;
  /** The same, by step: the presses, the timer runs, the polls. */
  byStep: { presses: Cost; runs: Cost; polls: Cost };
  polls: number;
  /** Generate presses until every part had started. */
  presses: number;
  timerRuns: number;
  timerRemoved: boolean;
  /** Bytes of the largest value in the document's and the person's stores at the end. */
  largestValue: number;
  rows: RowCheck;
}

function largestValue(a: Addon): number {
  const stores = [a.gas.properties.document, a.gas.properties.user()];
  return Math.max(0, ...stores.flatMap((s) => Object.values(s.getProperties()).map((v) => Buffer.byteLength(v))));
}

/** The render's pace: the simulator's default (every part at once, done in minutes), or the service's shared capacity. */
export type CrowdedPace = Pick<AddonOptions, 'concurrency' | 'workspaceConcurrency' | 'stageMs'>;

/** Three hours from Generate to the last render: 400 at a time across the workspace, earliest first; 5 stages of 8.64 s. */
export const THREE_HOURS: CrowdedPace = { concurrency: 400, workspaceConcurrency: 400, stageMs: 8640 };

export function crowdedWorkspace(pace: CrowdedPace = {}): Promise<CrowdedResult> {
  return withAddon(pace, async (a) => {
    const { meter } = await pushedTab(a, CROWDED_LEADS);
    await colleagueCampaigns(a, COLLEAGUE_CAMPAIGNS);
    await meter.skip();
    // The colleague's requests are their own minute's: the add-on's pacer counts only its own.
    a.gas.clock.advance(60_000);
    // A run ends before 200 parts are all started: the person presses Generate again for the rest.
    const costs: Cost[] = [];
    const runs: Cost[] = [];
    const pollCosts: Cost[] = [];
    let presses = 0;
    for (let started = 0; started < CROWDED_LEADS && presses < 5; presses++) {
      const { value, cost } = await meter.measure(() => tryGenerateClick(a));
      costs.push(cost);
      started += value.ok ? value.started : Number(/(\d+) videos, /.exec(value.error?.message ?? '')?.[1] ?? 0);
    }
    const since = a.gas.clock.now();
    let polls = 0;
    let timerRuns = 0;
    while (polls < MAX_POLLS) {
      const at = a.gas.clock.now() + PROGRESS_POLL_MS;
      while (a.gas.triggers.length > 0 && nextSlot(since, a.gas.clock.now()) <= at) {
        a.gas.clock.advance(nextSlot(since, a.gas.clock.now()) - a.gas.clock.now());
        runs.push((await fireTimer(meter, since)).cost);
        timerRuns++;
      }
      if (at > a.gas.clock.now()) a.gas.clock.advance(at - a.gas.clock.now());
      const done = a.gas.triggers.length === 0;
      pollCosts.push((await meter.measure(() => a.call('getProgress'))).cost);
      polls++;
      if (done) break;
    }
    const rows = a.rows();
    return {
      leads: CROWDED_LEADS,
      parts: new Set(rows.map((r) => r['Campaign ID'])).size,
      cost: addCosts([...costs, ...runs, ...pollCosts]),
      byStep: { presses: addCosts(costs), runs: addCosts(runs), polls: addCosts(pollCosts) },
      polls,
      presses,
      timerRuns,
      timerRemoved: a.gas.triggers.length === 0,
      largestValue: largestValue(a),
      rows: checkRows(rows, await simLeads(a)),
    };
  });
}

const CROWDED_REQUESTS = 2500;
const CROWDED_RUNTIME_MS = 15 * 60_000;
const VALUE_LIMIT = 9 * 1024;

/** `pace` names a render pace other than the simulator's default, e.g. "three-hour renders, 400 at a time". */
export function crowdedTargets(r: CrowdedResult, pace?: string): Target[] {
  const what = `${fmt(r.leads)} leads in ${r.parts} parts, every part pushed out of the list of 100, sidebar open${pace ? `, ${pace}` : ''}`;
  return [
    {
      what: `${what}: requests, Generate to the last link`,
      budget: `≤ ${fmt(CROWDED_REQUESTS)}`,
      measured: fmt(r.cost.requests.total),
      pass: r.cost.requests.total <= CROWDED_REQUESTS,
    },
    {
      what: `${what}: trigger runtime`,
      budget: `≤ ${minutes(CROWDED_RUNTIME_MS)} min`,
      measured: `${minutes(r.cost.runtimeMs)} min`,
      pass: r.cost.runtimeMs <= CROWDED_RUNTIME_MS,
    },
    { what: `${what}: 429 replies`, budget: '0', measured: fmt(r.cost.requests.rateLimited), pass: r.cost.requests.rateLimited === 0 },
    {
      what: `${what}: largest stored value`,
      budget: `≤ ${fmt(VALUE_LIMIT)} bytes`,
      measured: `${fmt(r.largestValue)} bytes`,
      pass: r.largestValue <= VALUE_LIMIT,
    },
    {
      what: `${what}: every row right, timer removed`,
      budget: `0 wrong of ${fmt(r.leads)}, removed`,
      measured: `${fmt(r.rows.wrong)} wrong of ${fmt(r.rows.rows)}, ${r.timerRemoved ? 'removed' : 'still there'}`,
      pass: r.rows.wrong === 0 && r.rows.rows === r.leads && r.timerRemoved,
    },
  ];
}

export function crowdedTable(r: CrowdedResult): string {
  const line = (name: string, c: Cost, n: number | string): Cell[] => [
    name,
    n,
    c.requests.total,
    describeKinds(c.requests),
    c.requests.rateLimited,
    minutes(c.runtimeMs),
  ];
  return table(
    ['step', 'how many', 'requests', 'by kind', '429', 'trigger minutes'],
    [
      line('Generate presses (estimate read, confirmed, sent)', r.byStep.presses, r.presses),
      line('timer runs', r.byStep.runs, r.timerRuns),
      line('progress polls, every 30 s', r.byStep.polls, r.polls),
      line('in all', r.cost, '—'),
    ],
  );
}

export const THREE_HOURS_LABEL = 'three-hour renders, 400 at a time';

export const THREE_HOURS_NOTE =
  `The same campaign with the renders the service's shared capacity allows: ${THREE_HOURS.workspaceConcurrency} at a time across the workspace, the earliest started first (the simulator's \`workspaceConcurrency\`), ` +
  `5 stages of ${THREE_HOURS.stageMs! / 1000} s, so three hours from the first render to the last; most parts wait in the queue most of the time.`;

export const CROWDED_NOTE =
  `${fmt(CROWDED_LEADS)} rows pushed (parts of 500), then a colleague makes ${COLLEAGUE_CAMPAIGNS} campaigns of their own in the same workspace, so none of the parts is among the newest 100 the list holds. ` +
  'Generate is pressed as the sidebar does it (estimate, 10 s, confirm), again whenever a press ends before every part started; then the sidebar polls progress every 30 s and the timer fires on its 5-minute cadence until it removes itself. ' +
  'The largest stored value is read from the document and user stores at the end.';
