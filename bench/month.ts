// A list left running (docs/rules.md#budgets): auto mode fed 1,000 new rows a day in 20 bursts, on a published
// add-on's hourly timer and an unpublished one's 5-minute timer. Per day: requests, trigger minutes and property
// operations; at the checkpoints: parts, the largest stored value, the stores' total, and the cells of the
// add-on's own tabs. Every run of the timer is fired; only the virtual clock is fast.
import { SIM_PRICES } from '../dev/sim/types';
import { leadRow, type Addon } from '../test/e2e/harness';
import { addCosts, Meter, simLeads, withAddon, type Cost } from './meter';
import { fireTimer, fund } from './setup';

export const MONTH = { rowsPerDay: 1000, burstsPerDay: 20 };
/**
 * Minutes between the runs the bench fires: the unpublished add-on's 5-minute timer, the published one's hourly timer,
 * or one run a day, which takes a year of the list to its stores and cells in under an hour of this machine (each run
 * reads the whole list, so the hourly year would take most of a day).
 */
export type Cadence = 5 | 60 | 1440;
/** Each cadence's words in the results, and the block of bench/results.md it writes. */
export const CADENCES: Record<Cadence, { timer: MonthResult['timer']; block: string }> = {
  5: { timer: 'every 5 minutes', block: 'five' },
  60: { timer: 'hourly', block: 'hourly' },
  1440: { timer: 'one run a day', block: 'daily' },
};
const DAY_MS = 86_400_000;
const OWN_TABS = ['Video register', 'Video credits'];

export interface Checkpoint {
  day: number;
  rows: number;
  complete: number;
  people: number;
  parts: number;
  largestValue: number;
  storeBytes: number;
  ownCells: number;
  /** Bytes of the stores by the first word of their keys ("refresh", "settled", "campaign", …), largest first. */
  byKind: [string, number][];
}

export interface MonthResult {
  timer: 'hourly' | 'every 5 minutes' | 'one run a day';
  days: number;
  /** The days the run was asked for, when it was stopped before (read back from its stream). */
  planned?: number;
  /** The busiest day's figures (each the maximum over the days). */
  perDay: { requests: number; triggerMinutes: number; propertyOps: number };
  checkpoints: Checkpoint[];
  errors: string[];
}

const tab = (a: Addon) => a.gas.spreadsheet.getSheetByName('Leads')!;

function stores(a: Addon): { largest: number; total: number; byKind: [string, number][] } {
  const all = [a.gas.properties.document, a.gas.properties.user()].flatMap((s) => Object.entries(s.getProperties()));
  const kinds = new Map<string, number>();
  for (const [k, v] of all) kinds.set(k.split('.')[0]!, (kinds.get(k.split('.')[0]!) ?? 0) + Buffer.byteLength(k) + Buffer.byteLength(v));
  return {
    largest: Math.max(0, ...all.map(([, v]) => Buffer.byteLength(v))),
    total: [...kinds.values()].reduce((n, x) => n + x, 0),
    byKind: [...kinds].sort((x, y) => y[1] - x[1]),
  };
}

function ownCells(a: Addon): number {
  return OWN_TABS.map((n) => a.gas.spreadsheet.getSheetByName(n))
    .filter((s) => !!s)
    .reduce((n, s) => n + s!.getMaxRows() * s!.getMaxColumns(), 0);
}

async function checkpoint(a: Addon, day: number, rows: number): Promise<Checkpoint> {
  const leads = await simLeads(a);
  const parts = new Set([...leads.values()].map((l) => l.campaignId)).size;
  const complete = a.rows(tab(a)).filter((r) => r['Video Status'] === 'complete' && r['Video URL']).length;
  const s = stores(a);
  return { day, rows, complete, people: leads.size, parts, largestValue: s.largest, storeBytes: s.total, ownCells: ownCells(a), byKind: s.byKind };
}

/** `days` days of the list, checkpoints at the days named; the timer every `minutes`. */
export function monthOfAutoMode(minutes: Cadence, days: number, at: readonly number[]): Promise<MonthResult> {
  return withAddon({}, async (a) => {
    if (minutes >= 60) a.gas.addonMode = true;
    // A year's list is read whole at every run: that time is the add-on's, and Apps Script counts it (docs/rules.md#budgets).
    a.gas.countHostTime = true;
    a.connect();
    a.sheet([]);
    const c = a.createCampaign('Left running');
    await fund(a, MONTH.rowsPerDay * days * 2);
    const high = SIM_PRICES.video + SIM_PRICES.lookup;
    a.call('setSpendingLimit', { creditsPerDay: MONTH.rowsPerDay * high * 2 });
    const on = a.call<{ ok: boolean; on: boolean }>('setAutoMode', { campaignId: c.id, on: true });
    if (!on.ok) throw new Error(`setAutoMode failed: ${JSON.stringify(on)}`);
    const meter = new Meter(a);
    await meter.begin();
    const burstMs = DAY_MS / MONTH.burstsPerDay;
    const perBurst = MONTH.rowsPerDay / MONTH.burstsPerDay;
    const start = a.gas.clock.now();
    let rows = 0;
    let nextBurst = start;
    const daily: Cost[] = [];
    const checkpoints: Checkpoint[] = [];
    const errors: string[] = [];
    for (let day = 1; day <= days; day++) {
      const runs: Cost[] = [];
      for (let t = start + (day - 1) * DAY_MS + minutes * 60_000; t <= start + day * DAY_MS; t += minutes * 60_000) {
        for (; nextBurst < t; nextBurst += burstMs) {
          for (let i = 0; i < perBurst; i++) tab(a).appendRow(leadRow(rows + i));
          rows += perBurst;
        }
        a.gas.clock.advance(t - a.gas.clock.now());
        const run = await fireTimer(meter, start);
        runs.push(run.cost);
        errors.push(...run.errors);
      }
      // The lead tab as wide as its columns once the first run added the add-on's: a new tab's 26 would fill the
      // spreadsheet's 10 million cells with blanks before a year of rows.
      if (day === 1) {
        const t = tab(a);
        if (t.getMaxColumns() > t.getLastColumn()) t.deleteColumns(t.getLastColumn() + 1, t.getMaxColumns() - t.getLastColumn());
      }
      daily.push(addCosts(runs));
      if (at.includes(day)) checkpoints.push(await checkpoint(a, day, rows));
      // A long run says how far it is, on stderr (the results go to stdout and bench/results.md): a run stopped early
      // still leaves its checkpoints and each day's figures.
      const c = daily.at(-1)!;
      const line = { day, rows, requests: c.requests.total, triggerMinutes: c.runtimeMs / 60_000, propertyOps: c.propertyOps, errors: errors.length };
      process.stderr.write(`${new Date().toISOString()} ${JSON.stringify(at.includes(day) ? { ...line, checkpoint: checkpoints.at(-1) } : line)}\n`);
    }
    const most = (f: (c: Cost) => number) => Math.max(...daily.map(f));
    return {
      timer: CADENCES[minutes].timer,
      days,
      perDay: { requests: most((c) => c.requests.total), triggerMinutes: most((c) => c.runtimeMs) / 60_000, propertyOps: most((c) => c.propertyOps) },
      checkpoints,
      errors: [...new Set(errors)].slice(0, 5),
    };
  });
}

/** What a run stopped early leaves: its stream of days (stderr, one JSON a line after the time) read back as its result. */
export function fromStream(text: string, minutes: Cadence, planned: number): MonthResult {
  const days = text
    .split('\n')
    .filter((l) => l.includes(' {'))
    .map(
      (l) =>
        JSON.parse(l.slice(l.indexOf(' ') + 1)) as {
          day: number;
          requests: number;
          triggerMinutes: number;
          propertyOps: number;
          errors: number;
          checkpoint?: Checkpoint;
        },
    );
  const most = (f: (d: (typeof days)[number]) => number) => Math.max(0, ...days.map(f));
  const last = days.at(-1)?.day ?? 0;
  return {
    timer: CADENCES[minutes].timer,
    days: last,
    ...(planned > last ? { planned } : {}),
    perDay: { requests: most((d) => d.requests), triggerMinutes: most((d) => d.triggerMinutes), propertyOps: most((d) => d.propertyOps) },
    checkpoints: days.flatMap((d) => (d.checkpoint ? [d.checkpoint] : [])),
    errors: most((d) => d.errors) > 0 ? [`${most((d) => d.errors)} run errors (see the run's stream)`] : [],
  };
}
