// An open sidebar left idle for an hour (docs/rules.md#budgets: at most 300 property operations an hour, no UrlFetch
// while nothing renders), on a tab whose 100-lead campaign has finished: the sidebar's load, then its poll.
import { withAddon, type Cost } from './meter';
import { pushedTab, timerRun } from './setup';
import { generateClick, idlePolls, openSidebar } from './sidebar';

const LEADS = 100;
export const HOUR_S = 3600;

export interface IdleResult {
  /** The calls the sidebar makes as it opens, and their cost. */
  load: { calls: string[]; cost: Cost };
  /** getActiveContext once a second for an hour. */
  polls: { calls: number; cost: Cost };
}

export function idleSidebar(): Promise<IdleResult> {
  return withAddon({}, async (a) => {
    const { meter } = await pushedTab(a, LEADS);
    await meter.measure(() => generateClick(a));
    const since = a.gas.clock.now();
    // The renders end and the timer removes itself: nothing renders while the sidebar sits open.
    while (a.gas.triggers.length > 0) await timerRun(meter, since);
    const load = await meter.measure(() => openSidebar(a));
    const polls = await meter.measure(() => idlePolls(a, HOUR_S));
    return { load: { calls: load.value, cost: load.cost }, polls: { calls: polls.value, cost: polls.cost } };
  });
}
