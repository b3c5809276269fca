// One whole campaign: N rows pushed, Generate clicked, then the real timer every 5 virtual minutes until it
// removes itself; its cost per campaign and per day, and every row checked against the simulator.
import type { QuotaUsage } from '../dev/standin';
import { addCosts, requestLog, simLeads, withAddon, type Cost, type Meter } from './meter';
import { count, tallyByDay } from './requests';
import { checkRows, linkedRows, unresolvedRows, type RowCheck } from './rows';
import { pushedTab, timerRun, type PushCall, type TimerRun } from './setup';
import { generateClick } from './sidebar';

export interface CaseSpec {
  leads: number;
  videosOrder: 'newest' | 'oldest';
  /** Renders in flight per part; undefined: the simulator's default. */
  concurrency?: number;
}

export interface Pass extends TimerRun {
  /** Rows still waiting for news when the run started: what one GET /leads per row would have cost. */
  unresolvedBefore: number;
  /** Rows with a Video URL after the run. */
  linkedAfter: number;
}

export interface DayUsage extends QuotaUsage {
  date: string;
  leadRequests: number;
  rateLimited: number;
}

export interface CaseResult {
  spec: CaseSpec;
  parts: number;
  push: PushCall[];
  click: Cost;
  passes: Pass[];
  /** The timer removed itself (nothing left in flight) within the runs allowed. */
  timerRemoved: boolean;
  rows: RowCheck;
  /** From the first push to the end, per UTC day of the virtual clock. */
  days: DayUsage[];
  wallMs: number;
}

/** Five hours of 5-minute runs: far more than any case here needs. */
const MAX_RUNS = 60;

export function runCase(spec: CaseSpec): Promise<CaseResult> {
  const wall0 = performance.now();
  return withAddon(spec, async (a) => {
    const { meter, push } = await pushedTab(a, spec.leads);
    const { value: gen, cost: click } = await meter.measure(() => generateClick(a));
    if (gen.started !== spec.leads) throw new Error(`Generate started ${gen.started} of ${spec.leads}`);
    const passes = await timerPasses(meter, a.gas.clock.now());
    const rows = a.rows();
    return {
      spec,
      parts: new Set(rows.map((r) => r['Campaign ID'])).size,
      push,
      click,
      passes,
      timerRemoved: a.gas.triggers.length === 0,
      rows: checkRows(rows, await simLeads(a)),
      days: await days(meter),
      wallMs: performance.now() - wall0,
    };
  });
}

async function timerPasses(meter: Meter, since: number): Promise<Pass[]> {
  const passes: Pass[] = [];
  while (meter.a.gas.triggers.length > 0 && passes.length < MAX_RUNS) {
    const unresolvedBefore = unresolvedRows(meter.a.rows());
    const run = await timerRun(meter, since);
    passes.push({ ...run, unresolvedBefore, linkedAfter: linkedRows(meter.a.rows()) });
  }
  return passes;
}

/** The stand-in's daily quotas beside the simulator's log of the same days. */
async function days(meter: Meter): Promise<DayUsage[]> {
  const log = tallyByDay((await requestLog(meter.a)).slice(meter.firstEntry));
  return meter.a.gas.quota.byDay().map(({ day, ...usage }) => {
    const t = log.get(day);
    return { date: day, ...usage, leadRequests: t ? count(t, 'lead') : 0, rateLimited: t?.rateLimited ?? 0 };
  });
}

/** Generate to the end: the click and every timer run. */
export const generateToEnd = (r: CaseResult): Cost => addCosts([r.click, ...r.passes.map((p) => p.cost)]);

/** The run after which the last row got its link (1-based), or 0 if none did. */
export function lastLinkRun(r: CaseResult): number {
  const final = r.passes[r.passes.length - 1]?.linkedAfter ?? 0;
  return r.passes.findIndex((p) => p.linkedAfter === final) + 1;
}
