// Every measurement `npm run bench` makes, run one after another, each on its own simulator and stand-in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { autoMode, type AutoResult } from './auto';
import { crowdedWorkspace, THREE_HOURS, type CrowdedResult } from './crowded';
import { runCase, type CaseResult, type CaseSpec } from './campaign';
import { generateOnly, type ClickResult } from './click';
import { idleSidebar, type IdleResult } from './idle';
import { bigDocument, type DocumentResult } from './quiet';
import { silentApi, type SilenceResult } from './silence';
import { storedAt200Parts, type StorageResult } from './storage';
import { LATE_STOP_AFTER_MS, stopOnePart, STOP_AFTER_MS, type StopResult } from './stop';
import { rushedClick, watchRender, type RushResult, type WatchResult } from './watch';
import { BUDGETS, KB } from '../scripts/sizes';

export const SIZES = [100, 1000, 5000, 20_000] as const;
export const ORDERS = ['newest', 'oldest'] as const;
/** The largest size: the one the whole-campaign budget of docs/rules.md#budgets names. */
export const TARGET_SIZE = 20_000;
/**
 * The old bench's pace, as a second look at the largest size: 10% of each part's leads finish per 5-minute
 * interval (5 renders in flight per part instead of the simulator's 25), so the renders take 50 minutes.
 */
export const OLD_PACE = 5;
/** Just past 40 parts: where one Generate click meets the API's 120 requests a minute. */
export const EDGE_LEADS = 21_000;

export interface BenchResults {
  cases: CaseResult[];
  document: DocumentResult;
  stops: { early: StopResult; late: StopResult };
  idle: IdleResult;
  edge: ClickResult;
  /** The sidebar's progress poll through a whole 20,000-lead render. */
  watch: WatchResult;
  /** Generate pressed at once after the 20,000-row push. */
  rush: RushResult;
  silence: SilenceResult[];
  storage: StorageResult;
  /** Auto mode: an idle run beside an idle refresh, and 1,000 rows arriving 100 per run. */
  auto: AutoResult;
  /** The largest campaign, its parts all pushed out of the list, watched by an open sidebar. */
  crowded: CrowdedResult;
  /** The same at the service's shared capacity: three hours of renders. */
  crowdedSlow: CrowdedResult;
  bundle: { file: string; bytes: number; budgetKb: number }[];
}

export const CASES: CaseSpec[] = [
  ...SIZES.flatMap((leads) => ORDERS.map((videosOrder) => ({ leads, videosOrder }))),
  ...ORDERS.map((videosOrder) => ({ leads: TARGET_SIZE, videosOrder, concurrency: OLD_PACE })),
];

/** Runs a step, saying on stderr what runs and how long it took in wall time (stdout carries the report). */
async function step<T>(name: string, run: () => Promise<T>, wall: string[]): Promise<T> {
  const t0 = performance.now();
  process.stderr.write(`bench: ${name}…\n`);
  const value = await run();
  wall.push(`${name} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return value;
}

export const caseName = (c: CaseSpec): string =>
  `${c.leads.toLocaleString('en-US')} leads, ${c.videosOrder}-first${c.concurrency === OLD_PACE ? ', old pace' : ''}`;

export async function runSuite(wall: string[]): Promise<BenchResults> {
  const cases: CaseResult[] = [];
  for (const c of CASES) cases.push(await step(caseName(c), () => runCase(c), wall));
  const document = await step('two tabs, 20,000 + 1,000 leads', bigDocument, wall);
  const early = await step('stop on one part, early', () => stopOnePart(STOP_AFTER_MS), wall);
  const late = await step('stop on one part, late', () => stopOnePart(LATE_STOP_AFTER_MS), wall);
  const idle = await step('idle sidebar', idleSidebar, wall);
  const edge = await step(`generate click, ${EDGE_LEADS.toLocaleString('en-US')} leads`, () => generateOnly(EDGE_LEADS), wall);
  const watch = await step('sidebar watching a 20,000-lead render', watchRender, wall);
  const rush = await step('generate click at once after a 20,000-row push', rushedClick, wall);
  const silence = [
    await step('a silent API, 60 s timeout', () => silentApi('fixed-60'), wall),
    await step('a silent API, 360 s timeout', () => silentApi('option-360'), wall),
  ];
  const storage = storedAt200Parts();
  const auto = await step('auto mode, 1,000 rows arriving 100 per run', autoMode, wall);
  const crowded = await step('100,000 leads in a crowded workspace', () => crowdedWorkspace(), wall);
  const crowdedSlow = await step('100,000 leads in a crowded workspace, three-hour renders', () => crowdedWorkspace(THREE_HOURS), wall);
  return { cases, document, stops: { early, late }, idle, edge, watch, rush, silence, storage, auto, crowded, crowdedSlow, bundle: bundleSizes() };
}

function bundleSizes(): BenchResults['bundle'] {
  const dist = join(__dirname, '..', 'dist');
  return (Object.keys(BUDGETS) as (keyof typeof BUDGETS)[]).map((file) => ({
    file,
    bytes: readFileSync(join(dist, file.replace('dist/', ''))).length,
    budgetKb: BUDGETS[file].limit / KB,
  }));
}
