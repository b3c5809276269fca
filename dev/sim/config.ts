// Simulator settings: defaults, merging a partial config over a full one, and checking the values.
import type { SimConfig, SimFaults, SimState } from './types';

export type ResolvedConfig = SimState['config'];
export type ConfigPatch = Omit<SimConfig, 'port' | 'host'>;

export const DEFAULT_FAULTS: SimFaults = {
  stall: false,
  error500Rate: 0,
  rate429Rate: 0,
  latencyMs: 0,
  apiOff: false,
  shufflePeople: false,
  dropReplies: 0,
  html502Replies: 0,
  garbledReplies: 0,
  lateReplies: 0,
  lateMs: 5000,
  faultAfter: 0,
  failPeople: [],
};

export const DEFAULT_CONFIG: ResolvedConfig = {
  clock: 'real',
  speed: 1,
  stageMs: 6000,
  concurrency: 25,
  workspaceConcurrency: 0,
  failRate: 0,
  seed: 1,
  rateLimitPerMinute: 120,
  idPrefix: '',
  idLength: 'realistic',
  videosOrder: 'newest',
  videoReadyLagMs: 0,
  faults: DEFAULT_FAULTS,
};

/** `over` wins key by key, faults included; undefined values leave the base alone. Throws on a bad value. */
export function mergeConfig(base: ResolvedConfig, over: ConfigPatch | undefined): ResolvedConfig {
  const { faults, ...rest } = over ?? {};
  const merged: ResolvedConfig = { ...base, ...defined(rest), faults: { ...base.faults, ...defined(faults ?? {}) } };
  check(merged);
  return merged;
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function check(c: ResolvedConfig): void {
  if (c.clock !== 'real' && c.clock !== 'manual') throw new Error(`clock must be "real" or "manual", not ${JSON.stringify(c.clock)}.`);
  positive('speed', c.speed);
  positive('stageMs', c.stageMs);
  positive('concurrency', c.concurrency);
  if (!(Number.isInteger(c.workspaceConcurrency) && c.workspaceConcurrency >= 0)) throw new Error('workspaceConcurrency must be a whole number, 0 or more.');
  positive('rateLimitPerMinute', c.rateLimitPerMinute);
  share('failRate', c.failRate);
  share('faults.error500Rate', c.faults.error500Rate);
  share('faults.rate429Rate', c.faults.rate429Rate);
  if (c.videosOrder !== 'newest' && c.videosOrder !== 'oldest')
    throw new Error(`videosOrder must be "newest" or "oldest", not ${JSON.stringify(c.videosOrder)}.`);
  if (c.idLength !== 'realistic' && c.idLength !== 'short') throw new Error(`idLength must be "realistic" or "short", not ${JSON.stringify(c.idLength)}.`);
  if (!Number.isFinite(c.seed)) throw new Error('seed must be a number.');
  if (!(c.videoReadyLagMs >= 0)) throw new Error('videoReadyLagMs must be 0 or more.');
  if (!(c.faults.latencyMs >= 0)) throw new Error('faults.latencyMs must be 0 or more.');
  for (const k of ['dropReplies', 'html502Replies', 'garbledReplies', 'lateReplies', 'lateMs', 'faultAfter'] as const) {
    if (!(c.faults[k] >= 0)) throw new Error(`faults.${k} must be 0 or more.`);
  }
  if (!Array.isArray(c.faults.failPeople) || !c.faults.failPeople.every((p) => typeof p === 'string')) {
    throw new Error('faults.failPeople must be an array of strings.');
  }
  if (c.faults.dropMatch !== undefined) new RegExp(c.faults.dropMatch);
  if (c.faults.badInputMatch !== undefined) new RegExp(c.faults.badInputMatch);
}

function positive(name: string, v: number): void {
  if (!(typeof v === 'number' && v > 0 && Number.isFinite(v))) throw new Error(`${name} must be a number above 0.`);
}

function share(name: string, v: number): void {
  if (!(typeof v === 'number' && v >= 0 && v <= 1)) throw new Error(`${name} must be a number from 0 to 1.`);
}
