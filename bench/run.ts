// `npm run bench`: the DESIGN §7 budgets measured on the built bundle (stand-in + simulator, manual clock); prints markdown and writes bench/results.md.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_STAGES } from '../dev/sim/render';
import { SIM_WORKSPACES } from '../dev/sim/types';
import { leadRow, startAddon, type Addon } from '../test/e2e/harness';

const ROOT = join(__dirname, '..');
/** The videos list's order is not in the spec: the newest-first simulator is the usual case, oldest-first the worst. */
const CASES: { leads: number; videosOrder: 'newest' | 'oldest' }[] = [
  { leads: 100, videosOrder: 'newest' }, { leads: 1000, videosOrder: 'newest' }, { leads: 5000, videosOrder: 'newest' },
  { leads: 5000, videosOrder: 'oldest' },
];
/** src/refresh/refresh.ts HUNT_LIMIT: leads polled a pass, at most, while renders run. */
const HUNT_LIMIT = 50;
const SEED = 1;
const TIMER_MS = 5 * 60_000;
const PASSES_PER_DAY = (24 * 60 * 60_000) / TIMER_MS;
/** UrlFetchApp calls per day for a consumer (gmail.com) account; Workspace accounts get 100,000. */
const URLFETCH_QUOTA = 20_000;
const VIDEOS_CAP = 500;
const PUSH_BATCH = 1000;
const STAGE_MS = 6000;
/** Every leadRow has a website, so each render runs the simulator's lookup stage before the base ones. */
const STAGES_PER_VIDEO = BASE_STAGES.length + 1;
const SHARE_PER_PASS = 0.1;

/**
 * Render slots that finish SHARE_PER_PASS of the leads in one timer interval. All slots start together at
 * generate, so completions come in waves of `concurrency` every STAGES_PER_VIDEO × STAGE_MS (30 s), exactly
 * TIMER_MS / 30 s = 10 waves per 5 minutes: 10 × N/100 = 10% of N per interval.
 */
function concurrencyFor(leads: number): number {
  const c = (leads * SHARE_PER_PASS * STAGES_PER_VIDEO * STAGE_MS) / TIMER_MS;
  if (!Number.isInteger(c) || c < 1) throw new Error(`no whole render concurrency gives 10% per pass for ${leads} leads`);
  return c;
}

type Situation = 'first' | 'a' | 'b' | 'c';

interface Pass {
  situation: Situation;
  /** Videos finished in the simulator when the pass started, out of the campaign's leads. */
  completeAtStart: number;
  /** UrlFetchApp.fetch calls (what the daily quota counts). */
  requests: number;
  detail: number;
  videos: number;
  leads: number;
  other: number;
  rateLimited: number;
  /** One GET /leads/{id} per row still waiting for a video: what a client without the counts/videos shortcut makes. */
  naive: number;
  rangeCalls: number;
  /** Virtual time the run took (Utilities.sleep of the request pacer moves it). */
  virtualMs: number;
}

interface PushResult { calls: number; requests: number; rangeCalls: number; wallMs: number }

interface SizeResult { leads: number; videosOrder: 'newest' | 'oldest'; concurrency: number; push: PushResult; passes: Pass[]; wallMs: number }

async function leadCount(a: Addon, campaignId: string): Promise<number> {
  return (await a.state()).campaigns.find((c) => c.id === campaignId)?.leads.length ?? 0;
}

async function simComplete(a: Addon, campaignId: string): Promise<number> {
  const campaign = (await a.state()).campaigns.find((c) => c.id === campaignId);
  if (!campaign) throw new Error(`campaign ${campaignId} is not in the simulator`);
  return campaign.leads.filter((l) => l.status === 'complete').length;
}

/** Rows the add-on still has to resolve, by the rule of src/refresh/row-status.ts isUnresolved (read host-side: not counted). */
function unresolvedRows(a: Addon): number {
  return a.rows().filter((r) => {
    const status = String(r['Video Status']);
    return status === 'pending' || status === 'rendering' || (status === 'complete' && !r['Video URL']);
  }).length;
}

/** Freezes or thaws the simulator's renders (the `stall` fault), so nothing finishes while a measured pass runs. */
async function freeze(a: Addon, on: boolean): Promise<void> {
  await a.sim.control({ action: 'configure', config: { faults: { stall: on } } });
}

/** One timer run (onRefreshTimer through the stand-in's fireTimeTriggers), counted. */
async function timerPass(a: Addon, campaignId: string, situation: Situation): Promise<Pass> {
  const naive = unresolvedRows(a);
  const completeAtStart = await simComplete(a, campaignId);
  await a.sim.control({ action: 'clearRequests' });
  a.gas.counters.reset();
  const t0 = a.gas.clock.now();
  a.gas.fireTimeTriggers();
  const virtualMs = a.gas.clock.now() - t0;
  const { fetches: requests, rangeCalls } = a.gas.counters;
  const log = await a.requests();
  // The simulator's log and the stand-in's fetch count must agree, else a request went astray.
  if (log.length !== requests) throw new Error(`simulator logged ${log.length} requests, the stand-in counted ${requests}`);
  const count = (re: RegExp) => log.filter((q) => q.method === 'GET' && re.test(q.path)).length;
  const detail = count(/^\/campaigns\/[^/]+$/);
  const videos = count(/^\/campaigns\/[^/]+\/videos$/);
  const leads = count(/^\/leads\/[^/]+$/);
  const rateLimited = log.filter((q) => q.status === 429).length;
  return {
    // Once the simulator has finished every video, what is left is the add-on catching up.
    situation: completeAtStart === (await leadCount(a, campaignId)) ? 'c' : situation,
    completeAtStart, requests, detail, videos, leads, other: requests - detail - videos - leads, rateLimited, naive, rangeCalls, virtualMs,
  };
}

async function benchCase({ leads, videosOrder }: (typeof CASES)[number]): Promise<SizeResult> {
  const wall0 = performance.now();
  const concurrency = concurrencyFor(leads);
  const a = await startAddon({ seed: SEED, stageMs: STAGE_MS, concurrency, videosOrder });
  try {
    a.connect();
    a.sheet(Array.from({ length: leads }, (_, i) => leadRow(i)));
    const campaign = a.createCampaign(`Bench ${leads}`);
    a.selectRows(2, leads + 1);

    await a.sim.control({ action: 'clearRequests' });
    a.gas.counters.reset();
    const push0 = performance.now();
    let calls = 0;
    for (let remaining = 1; remaining > 0; calls++) {
      if (calls >= Math.ceil(leads / PUSH_BATCH) + 2) throw new Error(`push of ${leads} rows did not finish in ${calls} calls`);
      const r = a.call<{ ok: boolean; remaining?: number; error?: unknown }>('addSelectedRows');
      if (!r.ok) throw new Error(`addSelectedRows failed: ${JSON.stringify(r)}`);
      remaining = r.remaining ?? 0;
    }
    const push: PushResult = { calls, requests: a.gas.counters.fetches, rangeCalls: a.gas.counters.rangeCalls, wallMs: performance.now() - push0 };

    // The seeded balance covers about 3,000 leads; the bench is not about money.
    await a.sim.control({ action: 'setWorkspace', workspaceId: SIM_WORKSPACES.main, balance: leads * 10 });
    const gen = a.call<{ ok: boolean; started?: number }>('startGenerate');
    if (!gen.ok || gen.started !== leads) throw new Error(`startGenerate failed: ${JSON.stringify(gen)}`);

    // Method: renders run only while the bench thaws them for exactly one timer interval (5 virtual minutes =
    // 10% of the leads finishing, see concurrencyFor), then are frozen again before the timer fires. So each
    // (b) pass sees exactly 10% newly complete however long the pass itself runs (pacer sleeps move the
    // clock); the last one, after which the add-on removes its trigger, is (c). After each (b) the clock moves
    // another 5 minutes with renders frozen and the timer fires again: (a), nothing changed since the last pass.
    // Frozen renders mean the detail carries `stalled`; the refresh pass does not branch on it.
    await freeze(a, true);
    const passes: Pass[] = [];
    // Before any video is done: the first look after generate (its counts memo was forgotten), then one with no news.
    a.gas.clock.advance(TIMER_MS);
    passes.push(await timerPass(a, campaign.id, 'first'));
    a.gas.clock.advance(TIMER_MS);
    passes.push(await timerPass(a, campaign.id, 'a'));
    for (let step = 0; a.gas.triggers.length > 0; step++) {
      if (step > 2 / SHARE_PER_PASS + 20) throw new Error(`the timer was still installed after ${step} intervals`);
      await freeze(a, false);
      a.gas.clock.advance(TIMER_MS);
      await freeze(a, true);
      passes.push(await timerPass(a, campaign.id, 'b'));
      if (a.gas.triggers.length === 0) break;
      a.gas.clock.advance(TIMER_MS);
      passes.push(await timerPass(a, campaign.id, 'a'));
    }
    const done = await simComplete(a, campaign.id);
    if (done !== leads || unresolvedRows(a) !== 0) throw new Error(`after the timer stopped: ${done} of ${leads} complete, ${unresolvedRows(a)} rows unresolved`);
    return { leads, videosOrder, concurrency, push, passes, wallMs: performance.now() - wall0 };
  } finally {
    await a.close();
    await a.gas.close();
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');
const label = (r: SizeResult) => (r.videosOrder === 'oldest' ? `${fmt(r.leads)}, videos list oldest-first` : fmt(r.leads));
const pct = (n: number) => `${((100 * n) / URLFETCH_QUOTA).toFixed(1)}%`;
const range = (xs: number[]) => {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
};
const table = (head: string[], rows: (string | number)[][]) =>
  [head, head.map(() => '---'), ...rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)))]
    .map((r) => `| ${r.join(' | ')} |`).join('\n');

const SITUATIONS: Record<Situation, string> = {
  first: 'first pass after generate, none complete',
  a: '(a) nothing changed',
  b: '(b) 10% newly complete',
  c: '(c) all complete (final pass)',
};

function summary(results: SizeResult[]): string {
  const rows: (string | number)[][] = [];
  for (const r of results) {
    for (const s of ['first', 'a', 'b', 'c'] as const) {
      const ps = r.passes.filter((p) => p.situation === s);
      if (ps.length === 0) continue;
      rows.push([
        label(r), SITUATIONS[s], ps.length, range(ps.map((p) => p.requests)), range(ps.map((p) => p.leads)),
        range(ps.map((p) => p.naive)), range(ps.map((p) => p.rangeCalls)),
      ]);
    }
  }
  return table(['leads', 'situation', 'passes', 'requests per pass', 'of which GET /leads/{id}', 'naive (GET /leads per unresolved row)', 'Range calls per pass'], rows);
}

/** 288 nothing-changed passes a day, for a campaign whose renders all wait (every row unresolved for the naive client). */
function projection(results: SizeResult[]): string {
  return table(
    ['leads', 'requests per nothing-changed pass: fewest / median', 'per day (×288), fewest', `of ${fmt(URLFETCH_QUOTA)}/day`, 'per day, median', 'of quota', 'naive per day', 'naive of quota'],
    results.map((r) => {
      const as = r.passes.filter((p) => p.situation === 'a').map((p) => p.requests).sort((x, y) => x - y);
      // Median: what such a campaign mostly costs; fewest: the cost when no unfinished pass is being repeated.
      const median = as[Math.floor(as.length / 2)] ?? 0;
      const fewest = as[0] ?? 0;
      const naiveDay = r.leads * PASSES_PER_DAY;
      return [
        label(r), `${fmt(fewest)} / ${fmt(median)}`, fewest * PASSES_PER_DAY, pct(fewest * PASSES_PER_DAY),
        median * PASSES_PER_DAY, pct(median * PASSES_PER_DAY), naiveDay, pct(naiveDay),
      ];
    }),
  );
}

function whole(results: SizeResult[]): string {
  return table(
    ['leads', 'timer runs', 'requests, all runs', 'of which GET /leads/{id}', 'naive, all runs', 'minutes the runs took (virtual)', '429 replies'],
    results.map((r) => {
      const sum = (f: (p: Pass) => number) => r.passes.reduce((n, p) => n + f(p), 0);
      return [label(r), r.passes.length, sum((p) => p.requests), sum((p) => p.leads), sum((p) => p.naive), (sum((p) => p.virtualMs) / 60_000).toFixed(1), sum((p) => p.rateLimited)];
    }),
  );
}

function trace(r: SizeResult): string {
  return table(
    ['run', 'situation', 'complete at start', 'requests', 'detail', 'videos', 'leads', 'other', 'naive', 'Range calls', 'virtual s'],
    r.passes.map((p, i) => [
      i + 1, p.situation, `${fmt(p.completeAtStart)} (${Math.round((100 * p.completeAtStart) / r.leads)}%)`,
      p.requests, p.detail, p.videos, p.leads, p.other, p.naive, p.rangeCalls, Math.round(p.virtualMs / 1000),
    ]),
  );
}

function pushTable(results: SizeResult[]): string {
  return table(
    ['leads', 'addSelectedRows calls', 'requests', 'budget ceil(N/1000)', 'Range calls', 'Range calls per 1000-row batch'],
    results.filter((r) => r.videosOrder === 'newest').map((r) => {
      const batches = Math.ceil(r.leads / PUSH_BATCH);
      return [fmt(r.leads), r.push.calls, r.push.requests, batches, r.push.rangeCalls, (r.push.rangeCalls / batches).toFixed(1)];
    }),
  );
}

function bundleTable(): string {
  return table(['file', 'bytes', 'KB'], ['Code.js', 'Sidebar.html'].map((f) => {
    const bytes = statSync(join(ROOT, 'dist', f)).size;
    return [`dist/${f}`, bytes, (bytes / 1024).toFixed(1)];
  }));
}

/** DESIGN §7 read as checks on the numbers above; each failure names the sizes and runs. */
function checks(results: SizeResult[]): string[] {
  const out: string[] = [];
  const check = (ok: boolean, text: string, why: string) => out.push(`- ${ok ? 'OK' : '**OVER BUDGET**'}: ${text}${ok ? '' : ` — ${why}`}`);
  const where = (f: (p: Pass) => boolean) => results.flatMap((r) => r.passes.map((p, i) => ({ r, p, i })).filter(({ p }) => f(p)))
    .map(({ r, p, i }) => `${label(r)} leads, run ${i + 1} (${p.situation}): ${p.requests} requests, ${p.leads} GET /leads`);
  const costlyA = where((p) => p.situation === 'a' && p.requests !== 1);
  check(costlyA.length === 0, 'a pass over a campaign whose counts did not change costs one request', costlyA.join('; '));
  // Renders never fail here (failRate 0) and at most 500 finish between passes, so the newest-first videos list
  // holds every new one: any GET /leads is a lead polled while the counts could already settle it.
  const polled = where((p) => p.situation !== 'a' && p.leads > 0).filter((w) => !w.includes('oldest-first'));
  check(polled.length === 0, `finished videos come from GET /campaigns/{id}/videos (≤ ${VIDEOS_CAP} new per pass here), not per-lead polls`, polled.join('; '));
  // Oldest-first, new videos are missing from the list: they are hunted lead by lead, a few a pass while renders run.
  const hunts = where((p) => p.situation !== 'c' && p.leads > HUNT_LIMIT);
  check(hunts.length === 0, `while renders run, a pass polls at most ${HUNT_LIMIT} leads (the rest wait for the end)`, hunts.join('; '));
  const pushes = results.filter((r) => r.push.requests !== Math.ceil(r.leads / PUSH_BATCH));
  check(pushes.length === 0, 'pushing N rows costs ceil(N/1000) requests', pushes.map((r) => `${fmt(r.leads)} leads: ${r.push.requests}`).join('; '));
  const limited = where((p) => p.rateLimited > 0);
  check(limited.length === 0, 'no run trips 429 on its own', limited.join('; '));
  // Passes differ in work (detail only; + videos list; + lead polls), so Range calls are compared per kind of work across sizes.
  const shape = (p: Pass) => [p.detail && 'detail', p.videos && 'videos', p.leads && 'leads'].filter(Boolean).join('+');
  const byShape = new Map<string, Map<number, number[]>>();
  for (const r of results) for (const p of r.passes) {
    const sizes = byShape.get(shape(p)) ?? new Map<number, number[]>();
    sizes.set(r.leads, [...(sizes.get(r.leads) ?? []), p.rangeCalls]);
    byShape.set(shape(p), sizes);
  }
  const shapes = [...byShape].map(([k, sizes]) => ({ k, maxima: [...sizes].map(([n, xs]) => [n, Math.max(...xs)] as const) }));
  const grows = shapes.filter(({ maxima }) => new Set(maxima.map(([, m]) => m)).size > 1);
  const described = shapes.map(({ k, maxima }) => `${k}: ${maxima.map(([n, m]) => `${fmt(n)} leads ≤ ${m}`).join(', ')}`).join('; ');
  check(grows.length === 0, `Range calls per refresh pass do not grow with rows (${described})`, grows.map(({ k }) => k).join(', '));
  const perBatch = results.map((r) => r.push.rangeCalls / Math.ceil(r.leads / PUSH_BATCH));
  check(Math.max(...perBatch) <= Math.min(...perBatch) * 1.5, 'Range calls in a push are constant per 1000-row batch', `per batch by size: ${perBatch.map((x) => x.toFixed(1)).join(', ')}`);
  return out;
}

async function main(): Promise<void> {
  const wall0 = performance.now();
  const results: SizeResult[] = [];
  for (const c of CASES) results.push(await benchCase(c));

  const md = [
    '# Benchmarks (`npm run bench`)',
    '',
    `The built \`dist/Code.js\` in the Apps Script stand-in against the simulator on a manual clock (seed ${SEED}). ` +
      `Each campaign is pushed with \`addSelectedRows\`, generated with \`startGenerate\`, then refreshed by the real timer handler ` +
      `(\`onRefreshTimer\`) every 5 virtual minutes until it removes its own trigger. Renders: ${STAGES_PER_VIDEO} stages of ${STAGE_MS / 1000} s, ` +
      `concurrency N/100, so exactly 10% of the leads finish in each 5-minute interval before a (b) or (c) pass; renders are frozen (the simulator's \`stall\` switch) while a pass runs and during the 5 minutes before each (a) pass. ` +
      'Requests are UrlFetchApp calls (checked against the simulator\'s request log); Range calls are the stand-in\'s count of `Range` method calls. ' +
      `The last campaign runs on a simulator whose videos list keeps the oldest ${VIDEOS_CAP} (the spec leaves the order open), the worst case: ` +
      `new videos are then missing from the list and are hunted with \`GET /leads/{id}\`, at most ${HUNT_LIMIT} a pass while renders run and the rest once they end ` +
      '(the (c) passes: every video done in the simulator, the add-on catching up, each run within its 4.5-minute budget).',
    '',
    '## Requests and Range calls per refresh pass',
    '',
    summary(results),
    '',
    'Ranges are min–max over the passes of that kind in one campaign. "naive" is one `GET /leads/{id}` for every row still waiting for a video, and nothing else.',
    '',
    '## Projected UrlFetch calls per day (5-minute timer, 288 passes, nothing changing)',
    '',
    projection(results),
    '',
    `Quota: Apps Script's ${fmt(URLFETCH_QUOTA)} UrlFetch calls per day for consumer accounts (Workspace: 100,000). ` +
      'The naive client polls every row each pass while nothing finishes. A nothing-changed pass costs more than one request when the pass before it was cut short (see the checks).',
    '',
    '## Whole campaign, generate to done',
    '',
    whole(results),
    '',
    'Run time is virtual: it is the request pacer\'s `Utilities.sleep` (at most 100 requests a minute). Time-driven triggers may run 90 minutes a day in all on consumer accounts (6 hours on Workspace).',
    '',
    '## Push (`addSelectedRows`)',
    '',
    pushTable(results),
    '',
    '## Bundle',
    '',
    bundleTable(),
    '',
    '## Checks against DESIGN §7',
    '',
    ...checks(results),
    '',
    '## Runs, one by one',
    '',
    ...results.flatMap((r) => [`### ${label(r)} leads (render concurrency ${r.concurrency})`, '', trace(r), '']),
  ].join('\n');

  writeFileSync(join(__dirname, 'results.md'), md);
  process.stdout.write(`${md}\n`);
  // Wall-clock timings vary run to run, so they go to stdout only and results.md stays reproducible.
  const timings = results.map((r) => `${label(r)} leads ${(r.wallMs / 1000).toFixed(1)} s (push ${(r.push.wallMs / 1000).toFixed(1)} s)`);
  process.stdout.write(`\nWall time: ${timings.join('; ')}; total ${((performance.now() - wall0) / 1000).toFixed(1)} s. Written to bench/results.md.\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exit(1);
});
