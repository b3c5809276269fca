// Pure: the simulator's request log sorted into the endpoints the budgets name, in all and per UTC day.
import type { SimRequestLogEntry } from '../dev/sim/types';

export type Kind = 'list' | 'create' | 'detail' | 'videos' | 'estimate' | 'addPeople' | 'generate' | 'preview' | 'stop' | 'lead' | 'templates' | 'other';

/** How each kind is named in the tables, in the order they are listed. */
export const KIND_LABELS: Record<Kind, string> = {
  list: 'GET /campaigns',
  create: 'POST /campaigns',
  detail: 'GET /campaigns/{id}',
  videos: 'GET /campaigns/{id}/videos',
  estimate: 'GET /campaigns/{id}/estimate',
  addPeople: 'POST /campaigns/{id}/leads',
  generate: 'POST …/generate',
  preview: 'POST …/preview',
  stop: 'POST …/stop',
  lead: 'GET /leads/{id}',
  templates: 'GET /templates',
  other: 'other',
};

export type LogEntry = Pick<SimRequestLogEntry, 'at' | 'method' | 'path' | 'status'>;

export interface Tally {
  total: number;
  /** 429 replies (rate_limited or cap_reached). */
  rateLimited: number;
  kinds: Partial<Record<Kind, number>>;
}

const ROUTES: [method: string, path: RegExp, kind: Kind][] = [
  ['GET', /^\/campaigns$/, 'list'],
  ['POST', /^\/campaigns$/, 'create'],
  ['GET', /^\/campaigns\/[^/]+$/, 'detail'],
  ['GET', /^\/campaigns\/[^/]+\/videos$/, 'videos'],
  ['GET', /^\/campaigns\/[^/]+\/estimate$/, 'estimate'],
  ['POST', /^\/campaigns\/[^/]+\/leads$/, 'addPeople'],
  ['POST', /^\/campaigns\/[^/]+\/generate$/, 'generate'],
  ['POST', /^\/campaigns\/[^/]+\/preview$/, 'preview'],
  ['POST', /^\/campaigns\/[^/]+\/stop$/, 'stop'],
  ['GET', /^\/leads\/[^/]+$/, 'lead'],
  ['GET', /^\/templates$/, 'templates'],
];

export function kindOf(e: Pick<LogEntry, 'method' | 'path'>): Kind {
  return ROUTES.find(([m, re]) => m === e.method && re.test(e.path))?.[2] ?? 'other';
}

export const emptyTally = (): Tally => ({ total: 0, rateLimited: 0, kinds: {} });

export function tally(entries: readonly LogEntry[]): Tally {
  const t = emptyTally();
  for (const e of entries) {
    const k = kindOf(e);
    t.total++;
    t.kinds[k] = (t.kinds[k] ?? 0) + 1;
    if (e.status === 429) t.rateLimited++;
  }
  return t;
}

export function addTallies(ts: readonly Tally[]): Tally {
  const sum = emptyTally();
  for (const t of ts) {
    sum.total += t.total;
    sum.rateLimited += t.rateLimited;
    for (const [k, n] of Object.entries(t.kinds) as [Kind, number][]) sum.kinds[k] = (sum.kinds[k] ?? 0) + n;
  }
  return sum;
}

export const count = (t: Tally, k: Kind): number => t.kinds[k] ?? 0;

export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** Entries grouped by the UTC day of the simulator's clock, oldest day first. */
export function tallyByDay(entries: readonly LogEntry[]): Map<string, Tally> {
  const days = new Map<string, LogEntry[]>();
  for (const e of [...entries].sort((x, y) => x.at - y.at)) {
    const d = utcDay(e.at);
    const list = days.get(d) ?? [];
    list.push(e);
    days.set(d, list);
  }
  return new Map([...days].map(([d, es]) => [d, tally(es)]));
}

/** "40 GET /campaigns/{id}, 40 GET /campaigns/{id}/videos, 1 GET /campaigns", in KIND_LABELS order. */
export function describeKinds(t: Tally): string {
  const parts = (Object.keys(KIND_LABELS) as Kind[]).filter((k) => count(t, k) > 0).map((k) => `${count(t, k).toLocaleString('en-US')} ${KIND_LABELS[k]}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}
