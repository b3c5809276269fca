// An open sidebar watching a whole 20,000-lead render (its progress poll every 30 s, the timer on its
// cadence), and the Generate click pressed at once after the push, with no minute between (docs/rules.md#parts).
import { withAddon, type Cost } from './meter';
import { fireTimer, nextSlot, pushedTab } from './setup';
import { generateClick, tryGenerateClick, type GenerateReply } from './sidebar';

/** sidebar: the progress poll while renders run. */
export const PROGRESS_POLL_MS = 30_000;
export const WATCH_LEADS = 20_000;
export const RUSH_LEADS = 20_000;
/** The watch stops here at the latest: far past the render's end. */
const MAX_POLLS = 240;

export interface WatchResult {
  leads: number;
  /** Each poll's cost, in order (timer runs not included). */
  polls: Cost[];
  /** Requests of the busiest hour of polls (a window of 120 polls). */
  busiestHour: number;
  /** Every poll answered ok. */
  allOk: boolean;
}

/** Generate, then getProgress every 30 s until the timer removed itself and one poll more. */
export function watchRender(): Promise<WatchResult> {
  return withAddon({}, async (a) => {
    const { meter } = await pushedTab(a, WATCH_LEADS);
    await meter.measure(() => generateClick(a));
    const since = a.gas.clock.now();
    const polls: Cost[] = [];
    let allOk = true;
    while (polls.length < MAX_POLLS) {
      const at = a.gas.clock.now() + PROGRESS_POLL_MS;
      while (a.gas.triggers.length > 0 && nextSlot(since, a.gas.clock.now()) <= at) {
        a.gas.clock.advance(nextSlot(since, a.gas.clock.now()) - a.gas.clock.now());
        await fireTimer(meter, since);
      }
      if (at > a.gas.clock.now()) a.gas.clock.advance(at - a.gas.clock.now());
      const done = a.gas.triggers.length === 0;
      const { value, cost } = await meter.measure(() => a.call<{ ok: boolean }>('getProgress'));
      allOk &&= value.ok;
      polls.push(cost);
      if (done) break;
    }
    const perHour = 3600_000 / PROGRESS_POLL_MS;
    let busiestHour = 0;
    for (let i = 0; i < polls.length; i++) {
      busiestHour = Math.max(
        busiestHour,
        polls.slice(i, i + perHour).reduce((n, c) => n + c.requests.total, 0),
      );
    }
    return { leads: WATCH_LEADS, polls, busiestHour, allOk };
  });
}

export interface RushResult {
  leads: number;
  /** The push's presses, summed. */
  push: number;
  reply: GenerateReply;
  cost: Cost;
}

/** The push of 20,000 rows, then at once the estimate and Generate: three executions in one minute of one key. */
export function rushedClick(): Promise<RushResult> {
  return withAddon({}, async (a) => {
    const { meter, push } = await pushedTab(a, RUSH_LEADS, 0);
    const { value: reply, cost } = await meter.measure(() => tryGenerateClick(a));
    return { leads: RUSH_LEADS, push: push.reduce((n, p) => n + p.cost.requests.rateLimited, 0), reply, cost };
  });
}
