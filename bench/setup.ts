// Building the bench's documents: tabs of lead rows bound to new campaigns, pushes run to their end,
// credits for the generate, and the timer fired on its 5-minute cadence.
import { SIM_WORKSPACES } from '../dev/sim/types';
import { leadRow, type Addon } from '../test/e2e/harness';
import { control, Meter, type Cost } from './meter';

export const TIMER_MS = 5 * 60_000;
/** A person's minute between steps (push, generate): each step meets the API's per-minute limit on its own. */
export const PERSON_MS = 60_000;
/** src/server/parts.ts PART_SIZE. */
export const PART_SIZE = 500;

/** A new active tab of `leads` distinct people (from `first` on), bound to a new campaign, its rows selected. */
export function leadTab(a: Addon, name: string, leads: number, first = 0): void {
  a.sheet(
    Array.from({ length: leads }, (_, i) => leadRow(first + i)),
    undefined,
    name,
  );
  a.createCampaign(`Bench ${name}`);
  a.selectRows(2, leads + 1);
}

export function activate(a: Addon, name: string): void {
  const sheet = a.gas.spreadsheet.getSheetByName(name);
  if (!sheet) throw new Error(`no tab ${name}`);
  a.gas.spreadsheet.setActiveSheet(sheet);
}

export interface PushReply {
  ok: boolean;
  added: number;
  invalid: number;
  remaining: number;
  error?: unknown;
}
export interface PushCall {
  reply: PushReply;
  cost: Cost;
}

/** "Add selected rows" pressed until nothing remains: a run stops in time and the next press goes on. */
export async function pushAll(meter: Meter, leads: number): Promise<PushCall[]> {
  const calls: PushCall[] = [];
  const most = Math.ceil(leads / PART_SIZE) + 3;
  for (let remaining = 1; remaining > 0;) {
    if (calls.length >= most) throw new Error(`a push of ${leads} rows did not finish in ${most} presses`);
    const { value: reply, cost } = await meter.measure(() => meter.a.call<PushReply>('addSelectedRows'));
    if (!reply.ok) throw new Error(`addSelectedRows failed: ${JSON.stringify(reply)}`);
    calls.push({ reply, cost });
    remaining = reply.remaining;
  }
  return calls;
}

/** The seeded balance covers about 3,000 leads; the bench is not about money. */
export async function fund(a: Addon, leads: number): Promise<void> {
  await control(a, { action: 'setWorkspace', workspaceId: SIM_WORKSPACES.main, balance: leads * 10 });
}

/**
 * A connected document with one tab of `leads` rows pushed to a new campaign and funded, a person's
 * minute later (or `pause`); the meter starts just before the push.
 */
export async function pushedTab(a: Addon, leads: number, pause = PERSON_MS): Promise<{ meter: Meter; push: PushCall[] }> {
  a.connect();
  leadTab(a, 'Leads', leads);
  const meter = new Meter(a);
  await meter.begin();
  const push = await pushAll(meter, leads);
  await fund(a, leads);
  a.gas.clock.advance(pause);
  return { meter, push };
}

/** The renders freeze (the simulator's stall fault) or go on. */
export async function stall(a: Addon, on: boolean): Promise<void> {
  await control(a, { action: 'configure', config: { faults: { stall: on } } });
}

export interface TimerRun {
  /** Virtual minutes since `since` when the run started. */
  minute: number;
  cost: Cost;
  /** Errors the run's handlers threw (Apps Script swallows them for add-ons). */
  errors: string[];
}

/** The next run on the timer's cadence (every 5 minutes from `since`); a slot still taken by a long run is skipped. */
export function nextSlot(since: number, now: number): number {
  return since + (Math.floor((now - since) / TIMER_MS) + 1) * TIMER_MS;
}

/** The clock moves to the timer's next slot. */
export function waitForSlot(a: Addon, since: number): void {
  a.gas.clock.advance(nextSlot(since, a.gas.clock.now()) - a.gas.clock.now());
}

/** The installed triggers fire now (as their owners), measured. */
export async function fireTimer(meter: Meter, since: number): Promise<TimerRun> {
  const { gas } = meter.a;
  const minute = (gas.clock.now() - since) / 60_000;
  const failedBefore = gas.triggerErrors.length;
  const { cost } = await meter.measure(() => gas.fireTimeTriggers({ tolerateErrors: true }));
  return { minute, cost, errors: gas.triggerErrors.slice(failedBefore).map((e) => e.message) };
}

export async function timerRun(meter: Meter, since: number): Promise<TimerRun> {
  waitForSlot(meter.a, since);
  return fireTimer(meter, since);
}
