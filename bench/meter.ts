// The add-on under measurement: started at 300 ms a request, its simulator read safely, and each step's
// cost taken from the simulator's log (requests by kind) and the stand-in (quotas, service calls, clock).
import type { SimControl, SimLeadState, SimRequestLogEntry, SimState } from '../dev/sim/types';
import type { Readings } from '../dev/standin';
import { startAddon, type Addon } from '../test/e2e/harness';
import { addTallies, tally, type Tally } from './requests';

export const SEED = 1;
/** Every API request takes this long on the virtual clock (docs/rules.md#budgets: "requests at 300 ms each"). */
export const LATENCY_MS = 300;

export interface AddonOptions {
  videosOrder?: 'newest' | 'oldest';
  /** Renders in flight per API campaign (part); the simulator's default when left out. */
  concurrency?: number;
  /** Renders in flight across the workspace, the earliest started first; none beyond the per-part limit when left out. */
  workspaceConcurrency?: number;
  /** Virtual milliseconds a render spends in each of its five stages; the simulator's default when left out. */
  stageMs?: number;
  /** The readings of Apps Script the stand-in plays (default: the kind one of each). */
  readings?: Partial<Readings>;
}

/** Runs `body` on a fresh simulator and stand-in, closing both after. */
export async function withAddon<T>(o: AddonOptions, body: (a: Addon) => Promise<T>): Promise<T> {
  const { readings, ...sim } = o;
  const a = await startAddon({ seed: SEED, ...sim, faults: { latencyMs: LATENCY_MS } }, { readings: readings ?? {} });
  try {
    return await body(a);
  } finally {
    await a.close();
    await a.gas.close();
  }
}

/** A control action on the bench's simulator, which runs in this thread (dev/sim/in-process.ts): no socket to lose. */
export async function control<T = unknown>(a: Addon, msg: SimControl): Promise<T> {
  return (await a.sim.control(msg)) as T;
}

/** The main workspace's leads by id (the seeded other workspace is not the add-on's). */
export async function simLeads(a: Addon): Promise<Map<string, SimLeadState>> {
  const state = await control<SimState>(a, { action: 'state' });
  const ours = state.campaigns.filter((c) => c.workspaceId === 'ws_main');
  return new Map(ours.flatMap((c) => c.leads).map((l) => [l.id, l]));
}

export async function requestLog(a: Addon): Promise<SimRequestLogEntry[]> {
  return (await control<{ requests: SimRequestLogEntry[] }>(a, { action: 'requests' })).requests;
}

export interface Cost {
  requests: Tally;
  propertyOps: number;
  /** Virtual time spent inside time-driven trigger runs (the stand-in's trigger-runtime quota). */
  runtimeMs: number;
  /** Virtual time the step took. */
  virtualMs: number;
  rangeCalls: number;
  /** Service calls made once per row (Sheet.isRowHiddenBy*): docs/rules.md#budgets keeps them to rows that would be sent. */
  perRowCalls: number;
}

const PER_ROW_MEMBERS = ['Sheet.isRowHiddenByUser', 'Sheet.isRowHiddenByFilter'];

/** Measures steps one after another; the simulator's log is read from where the last step left it. */
export class Meter {
  /** Where the log stood at begin(): entries before it belong to setting up. */
  firstEntry = 0;
  private seen = 0;

  constructor(readonly a: Addon) {}

  /** Forgets what happened before (setting up), so the quotas and the log start with the first step. */
  async begin(): Promise<void> {
    this.a.gas.quota.reset();
    this.firstEntry = this.seen = (await requestLog(this.a)).length;
  }

  /** Leaves out of every step what was sent meanwhile by someone else (a colleague's own requests). */
  async skip(): Promise<void> {
    this.seen = (await requestLog(this.a)).length;
  }

  async measure<T>(step: () => T): Promise<{ value: T; cost: Cost }> {
    const { gas } = this.a;
    const before = gas.quota.total();
    const t0 = gas.clock.now();
    gas.counters.reset();
    const value = step();
    const virtualMs = gas.clock.now() - t0;
    const after = gas.quota.total();
    const log = await requestLog(this.a);
    const fresh = log.slice(this.seen);
    this.seen = log.length;
    // The stand-in counts what the quota counts; the simulator logs what arrived: they must agree.
    if (fresh.length !== after.urlFetch - before.urlFetch) {
      throw new Error(`the simulator logged ${fresh.length} requests, the stand-in counted ${after.urlFetch - before.urlFetch} UrlFetch calls`);
    }
    const perRowCalls = PER_ROW_MEMBERS.reduce((n, m) => n + (gas.counters.byMember[m] ?? 0), 0);
    return {
      value,
      cost: {
        requests: tally(fresh),
        propertyOps: after.propertyOps - before.propertyOps,
        runtimeMs: after.triggerRuntimeMs - before.triggerRuntimeMs,
        virtualMs,
        rangeCalls: gas.counters.rangeCalls,
        perRowCalls,
      },
    };
  }
}

/** Sums of several steps' costs. */
export function addCosts(costs: readonly Cost[]): Cost {
  const sum = (f: (c: Cost) => number) => costs.reduce((n, c) => n + f(c), 0);
  return {
    requests: addTallies(costs.map((c) => c.requests)),
    propertyOps: sum((c) => c.propertyOps),
    runtimeMs: sum((c) => c.runtimeMs),
    virtualMs: sum((c) => c.virtualMs),
    rangeCalls: sum((c) => c.rangeCalls),
    perRowCalls: sum((c) => c.perRowCalls),
  };
}
