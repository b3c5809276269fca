// Stop pressed mid-render: what the click costs and how long it takes to answer, then the timer runs until
// every row of the tab shows cancelled or complete (with its link), counting the runs after the last render.
import type { SimState } from '../dev/sim/types';
import type { Addon } from '../test/e2e/harness';
import { control, simLeads, withAddon, type Cost, type Meter } from './meter';
import { checkRows, settledRows, type RowCheck } from './rows';
import { activate, fireTimer, nextSlot, pushedTab, timerRun, waitForSlot, type TimerRun } from './setup';
import { generateClick, shownCampaign, stopClick, type StopReply } from './sidebar';

export interface StopPass extends TimerRun {
  /** Nothing of the stopped campaign was rendering in the simulator when the run started. */
  afterLastRender: boolean;
  /** Rows of the tab settled after the run. */
  settledAfter: number;
}

export interface StopResult {
  tab: string;
  parts: number;
  leads: number;
  click: Cost;
  reply: StopReply;
  passes: StopPass[];
  /** Every row of the tab settled within the runs allowed. */
  settled: boolean;
  /** The timer was still installed after the last run (it removes itself once nothing of its tabs is in flight). */
  timerLeft: boolean;
  rows: RowCheck;
}

/** Runs allowed after Stop before the tab is called unsettled (the target is two after the last render). */
const MAX_RUNS = 6;

/** Presses Stop on the tab's campaign and fires the timer on its cadence (from `since`) until the tab settles. */
export async function stopAndSettle(meter: Meter, tab: string, since: number): Promise<StopResult> {
  const { a } = meter;
  activate(a, tab);
  const campaignId = shownCampaign(a);
  const { value: reply, cost: click } = await meter.measure(() => stopClick(a, campaignId));
  const sheet = a.gas.spreadsheet.getSheetByName(tab)!;
  const parts = new Set(a.rows(sheet).map((r) => String(r['Campaign ID'])));
  const passes: StopPass[] = [];
  const total = a.rows(sheet).length;
  while (settledRows(a.rows(sheet)) < total && passes.length < MAX_RUNS) {
    waitForSlot(a, since);
    const afterLastRender = !(await rendering(a, parts));
    const run = await fireTimer(meter, since);
    passes.push({ ...run, afterLastRender, settledAfter: settledRows(a.rows(sheet)) });
  }
  const leads = await simLeads(a);
  return {
    tab,
    parts: parts.size,
    leads: total,
    click,
    reply,
    passes,
    settled: settledRows(a.rows(sheet)) === total,
    timerLeft: a.gas.triggers.length > 0,
    rows: checkRows(a.rows(sheet), leads),
  };
}

/** Whether any lead of these parts is still rendering in the simulator (read host-side: not counted). */
async function rendering(a: Addon, parts: ReadonlySet<string>): Promise<boolean> {
  const state = await control<SimState>(a, { action: 'state' });
  return state.campaigns.some((c) => parts.has(c.id) && c.leads.some((l) => l.status === 'rendering'));
}

const ONE_PART = 500;
/** Two minutes after Generate: some videos done, a slot's worth rendering, the rest queued; no timer run yet. */
export const STOP_AFTER_MS = 2 * 60_000;
/** Seven minutes after Generate: the 5-minute run has already shown the queued rows as rendering. */
export const LATE_STOP_AFTER_MS = 7 * 60_000;

/** Stop on a campaign of one part (500 leads), pressed `afterMs` after Generate, the timer running meanwhile. */
export function stopOnePart(afterMs: number): Promise<StopResult> {
  return withAddon({}, async (a) => {
    const { meter } = await pushedTab(a, ONE_PART);
    await meter.measure(() => generateClick(a));
    const since = a.gas.clock.now();
    while (nextSlot(since, a.gas.clock.now()) <= since + afterMs) await timerRun(meter, since);
    a.gas.clock.advance(since + afterMs - a.gas.clock.now());
    return stopAndSettle(meter, 'Leads', since);
  });
}
