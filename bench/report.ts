// bench/results.md: the method, the targets with PASS/FAIL, and the tables behind them.
import { DEFAULT_CONFIG } from '../dev/sim/config';
import { BASE_STAGES } from '../dev/sim/render';
import { CONSUMER_QUOTAS } from '../dev/standin';
import { AUTO_NOTE, autoTable } from './auto';
import { CROWDED_NOTE, crowdedTable, THREE_HOURS_NOTE } from './crowded';
import { generateToEnd, lastLinkRun, type CaseResult } from './campaign';
import { fmt, minutes, pct, seconds, section, spread, subsection, table, verdict, type Cell } from './format';
import { HOUR_S } from './idle';
import { addCosts, LATENCY_MS, SEED, type Cost } from './meter';
import { BIG_TAB, SMALL_TAB, type DocumentResult, type QuietResult } from './quiet';
import { count, describeKinds } from './requests';
import { PART_SIZE, PERSON_MS, TIMER_MS } from './setup';
import { CONTEXT_POLL_MS, READ_ESTIMATE_MS } from './sidebar';
import { SILENCE_NOTE, silenceTable } from './silence';
import { STORAGE_NOTE, storageTable } from './storage';
import { LATE_STOP_AFTER_MS, STOP_AFTER_MS, type StopResult } from './stop';
import { caseName, EDGE_LEADS, OLD_PACE, TARGET_SIZE, type BenchResults } from './suite';
import { quietMost, rangePerBatch, runsAfterLastRender, stopBudget, stopOk, targets, wholeCampaignOk } from './targets';
import { KB } from '../scripts/sizes';

/** Every lead row has a website, so each render runs the simulator's lookup stage before the base ones. */
const STAGES = BASE_STAGES.length + 1;
const RUNS_PER_DAY = (24 * 60 * 60_000) / TIMER_MS;

export function report(r: BenchResults): string {
  return [
    '# Benchmarks (`npm run bench`)',
    method(),
    section('Targets (docs/rules.md#budgets)', targetTable(r)),
    section('Whole campaign, Generate to the last link (per campaign)', wholeTable(r.cases), WHOLE_NOTE),
    section('Per day (byDay: push, Generate and every timer run of the campaign)', dayTable(r.cases), DAY_NOTE),
    section('Requests by kind', kindsTable(r.cases)),
    section('Push (`addSelectedRows`)', pushTable(r.cases), PUSH_NOTE),
    section('A refresh run in which nothing changed', quietTable(r.document), QUIET_NOTE),
    section('Stop', stopTable(r), STOP_NOTE, ...stopTraces(r)),
    section('An open sidebar left idle for an hour', idleTable(r), IDLE_NOTE),
    section('The Generate click', clickTable(r), CLICK_NOTE),
    section('An open sidebar watching a render', watchTable(r), watchNote(r)),
    section('A silent API', silenceTable(r.silence), SILENCE_NOTE),
    section('Auto mode', autoTable(r.auto), AUTO_NOTE),
    section('100,000 leads in a crowded workspace', crowdedTable(r.crowded), CROWDED_NOTE),
    section('100,000 leads in a crowded workspace, three-hour renders', crowdedTable(r.crowdedSlow), THREE_HOURS_NOTE),
    section('Stored records at 200 parts', storageTable(r.storage), STORAGE_NOTE),
    section('Bundle', bundleTable(r)),
    section('Timer runs, one by one', ...r.cases.map((c) => subsection(caseName(c.spec), traceTable(c)))),
  ].join('\n\n');
}

function method(): string {
  const partMinutes = (concurrency: number) => ((PART_SIZE / concurrency) * STAGES * DEFAULT_CONFIG.stageMs) / 60_000;
  return [
    `The built \`dist/Code.js\` runs in the Apps Script stand-in against the simulator, both on one virtual clock (seed ${SEED}).`,
    `Every API request takes ${LATENCY_MS} ms of virtual time (the simulator's \`latencyMs\` fault, which moves the clock), so requests, the pacer's sleeps and the runs' length are all on the clock.`,
    '',
    "- **Render speed**: the simulator's defaults, kept: " +
      `${STAGES} stages of ${DEFAULT_CONFIG.stageMs / 1000} s (a lookup stage, then ${BASE_STAGES.join(', ')}), ${DEFAULT_CONFIG.concurrency} renders in flight per API campaign (part), every part at once, ` +
      `so a part of ${PART_SIZE} renders in ${partMinutes(DEFAULT_CONFIG.concurrency)} minutes whatever the campaign's size. They keep the 20,000-lead case to seconds of wall time, so nothing was sped up. ` +
      `As a second look at the largest size, "old pace" runs ${OLD_PACE} per part (${partMinutes(OLD_PACE)} minutes a part: 10% of the leads per 5-minute interval, the old bench's pace); it is not the chosen speed.`,
    `- **A campaign**: a tab of N distinct lead rows, \`createCampaign\`, all rows selected, "Add selected rows" (\`addSelectedRows\`) pressed until nothing remains; a person's minute (${PERSON_MS / 1000} s); ` +
      `then the Generate click as the sidebar makes it: \`getSidebarState\`, \`getEstimate\`, ${READ_ESTIMATE_MS / 1000} s to read it, \`startGenerate({ campaignId, high })\`. ` +
      `From then on the real timer handler (\`gas.fireTimeTriggers()\`, i.e. \`onRefreshTimer\`) fires every ${TIMER_MS / 60_000} virtual minutes on the trigger's cadence until it removes its own trigger. ` +
      "Renders never pause: they run during the runs too. The sidebar's own progress poll is not part of this figure.",
    "- **Counts**: requests are UrlFetch calls, split by endpoint from the simulator's request log (which must agree with the stand-in's UrlFetch quota count); " +
      "property operations, UrlFetch and trigger runtime (virtual time inside timer runs) are the stand-in's daily quota counters (`gas.quota`), per campaign and per UTC day of the virtual clock; " +
      "Range calls are the stand-in's count of `Range` method calls.",
    "- **Rows right**: at the end every row's Video Status, Video URL (only once the video is ready), Page URL and Campaign ID equal the simulator's lead with that Lead ID.",
    `- **Nothing changed**: one document with a ${fmt(BIG_TAB.leads)}-lead tab (40 parts), generated; the first run reads it half rendered, then the simulator's \`stall\` fault freezes every render; ` +
      `then a second tab's ${fmt(SMALL_TAB.leads)}-lead campaign is generated beside it. The first run after each change is shown apart (it still reads what moved before); the ones after it are the nothing-changed runs.`,
    `- **Stop**: on a campaign of one part (${PART_SIZE} leads) pressed ${STOP_AFTER_MS / 60_000} minutes after Generate (before any timer run) and ${LATE_STOP_AFTER_MS / 60_000} minutes after (after the 5-minute run showed the queued rows as rendering); ` +
      `and on the ${fmt(BIG_TAB.leads)}-lead document's 40 parts, with the renders going again. Then the timer runs until every row of the tab shows cancelled or complete; "after the last render" counts the runs that started with nothing of that campaign rendering in the simulator.`,
    `- **Idle sidebar**: on a finished 100-lead campaign (the timer gone): the calls the page makes as it opens, then \`getActiveContext\` every ${CONTEXT_POLL_MS / 1000} s for ${HOUR_S / 3600} hour (nothing renders, so no progress poll).`,
  ].join('\n');
}

function targetTable(r: BenchResults): string {
  return table(
    ['target', 'budget', 'measured', 'result'],
    targets(r).map((t) => [t.what, t.budget, t.measured, verdict(t.pass)]),
  );
}

const orderOf = (c: CaseResult) => `${c.spec.videosOrder}-first`;
const paceOf = (c: CaseResult) => `${c.spec.concurrency ?? DEFAULT_CONFIG.concurrency} per part${c.spec.concurrency === OLD_PACE ? ' (old pace)' : ''}`;
const naive = (c: CaseResult) => c.passes.reduce((n, p) => n + p.unresolvedBefore, 0);
const isTarget = (c: CaseResult) => c.spec.leads === TARGET_SIZE;
const defaultPace = (c: CaseResult) => c.spec.concurrency === undefined;

function lastLink(c: CaseResult): string {
  const run = lastLinkRun(c);
  return run === 0 ? '—' : `run ${run}, minute ${fmt(Math.round(c.passes[run - 1]!.minute))}`;
}

function wholeTable(cases: CaseResult[]): string {
  return table(
    [
      'leads',
      'videos list',
      'renders',
      'parts',
      'timer runs',
      'last link',
      'requests',
      'of which the click',
      'GET /leads/{id}',
      'naive',
      'trigger minutes',
      'property ops',
      '429 replies',
      'rows right',
      '≤ 1,000 requests, ≤ 10 min',
    ],
    cases.map((c) => {
      const all = generateToEnd(c);
      return [
        fmt(c.spec.leads),
        orderOf(c),
        paceOf(c),
        c.parts,
        c.passes.length,
        lastLink(c),
        all.requests.total,
        c.click.requests.total,
        count(all.requests, 'lead'),
        naive(c),
        minutes(all.runtimeMs),
        all.propertyOps,
        all.requests.rateLimited,
        `${fmt(c.rows.rows - c.rows.wrong)} / ${fmt(c.rows.rows)}`,
        isTarget(c) ? verdict(wholeCampaignOk(c)) : '—',
      ];
    }),
  );
}

const WHOLE_NOTE =
  'Requests, trigger minutes and property operations run from the Generate click (included) to the run that removed the timer. ' +
  '"naive" is what a client polling one `GET /leads/{id}` per unresolved row each run would have spent (the old bench\'s comparison). ' +
  'The budget is checked on the 20,000-lead rows.';

function dayTable(cases: CaseResult[]): string {
  const q = CONSUMER_QUOTAS;
  return table(
    [
      'leads',
      'videos list',
      'renders',
      'day (UTC, virtual)',
      `UrlFetch (of ${fmt(q.urlFetch)})`,
      'GET /leads/{id}',
      `property ops (of ${fmt(q.propertyOps)})`,
      `trigger minutes (of ${minutes(q.triggerRuntimeMs)})`,
      '429 replies',
    ],
    cases.flatMap((c) =>
      c.days.map((d) => [
        fmt(c.spec.leads),
        orderOf(c),
        paceOf(c),
        d.date,
        `${fmt(d.urlFetch)} (${pct(d.urlFetch, q.urlFetch)})`,
        d.leadRequests,
        `${fmt(d.propertyOps)} (${pct(d.propertyOps, q.propertyOps)})`,
        `${minutes(d.triggerRuntimeMs)} (${pct(d.triggerRuntimeMs, q.triggerRuntimeMs)})`,
        d.rateLimited,
      ]),
    ),
  );
}

const DAY_NOTE =
  "A day here holds everything the campaign cost that day, the push and the click included; every campaign starts at 09:00 UTC (the simulator's manual clock) and ends the same day.";

function kindsTable(cases: CaseResult[]): string {
  return table(
    ['leads', 'videos list', 'renders', 'push', 'Generate click', 'timer runs'],
    cases.map((c) => [
      fmt(c.spec.leads),
      orderOf(c),
      paceOf(c),
      describeKinds(addCosts(c.push.map((p) => p.cost)).requests),
      describeKinds(c.click.requests),
      describeKinds(addCosts(c.passes.map((p) => p.cost)).requests),
    ]),
  );
}

function pushTable(cases: CaseResult[]): string {
  return table(
    [
      'leads',
      'parts',
      'addSelectedRows calls',
      'POST /campaigns/{id}/leads (≤ ceil(N/500))',
      'POST /campaigns',
      'other requests',
      'Range calls',
      'per 1,000-row batch (was 24)',
      'per call, most',
      'rows checked one by one',
      'longest call (virtual s)',
      'property ops',
      '429 replies',
    ],
    cases
      .filter((c) => defaultPace(c) && c.spec.videosOrder === 'newest')
      .map((c) => {
        const costs = c.push.map((p) => p.cost);
        const all = addCosts(costs);
        const posts = count(all.requests, 'addPeople');
        const creates = count(all.requests, 'create');
        return [
          fmt(c.spec.leads),
          c.parts,
          c.push.length,
          `${fmt(posts)} (${Math.ceil(c.spec.leads / PART_SIZE)})`,
          creates,
          all.requests.total - posts - creates,
          all.rangeCalls,
          rangePerBatch(c).toFixed(1),
          Math.max(...costs.map((k) => k.rangeCalls)),
          all.perRowCalls,
          seconds(Math.max(...costs.map((k) => k.virtualMs))),
          all.propertyOps,
          all.requests.rateLimited,
        ];
      }),
  );
}

const PUSH_NOTE =
  'The first part is made by `createCampaign`, so a push makes one `POST /campaigns` per further part. ' +
  '"rows checked one by one" counts `Sheet.isRowHiddenByUser`/`ByFilter` calls (docs/rules.md#budgets: only rows that would be sent). ' +
  "The stand-in charges no time for sheet calls, so a call's virtual time is its requests and the pacer; on Apps Script the per-row calls would add to it. " +
  "The videos list's order does not touch the push: the oldest-first campaigns pushed the same.";

function quietRow(label: string, q: QuietResult): Cell[] {
  const per = (f: (c: Cost) => number) => spread(q.quiet.map((run) => f(run.cost)));
  const most = quietMost(q);
  return [
    label,
    q.tabs,
    q.parts,
    `${fmt(q.catchUp.cost.requests.total)} (${describeKinds(q.catchUp.cost.requests)})`,
    q.quiet.length,
    per((c) => c.requests.total),
    describeKinds(q.quiet[0]!.cost.requests),
    per((c) => c.propertyOps),
    per((c) => c.rangeCalls),
    spread(q.quiet.map((run) => run.cost.runtimeMs / 1000)),
    `${fmt(most * RUNS_PER_DAY)} (${pct(most * RUNS_PER_DAY, CONSUMER_QUOTAS.urlFetch)})`,
    verdict(most === 1),
  ];
}

function quietTable(d: DocumentResult): string {
  return table(
    [
      'document',
      'tabs',
      'parts',
      'first run after the change',
      'nothing-changed runs',
      'requests per run',
      'of which',
      'property ops per run',
      'Range calls per run',
      'trigger s per run',
      'per day at 288 runs',
      '1 request',
    ],
    [quietRow(`${fmt(BIG_TAB.leads)} leads`, d.one), quietRow(`${fmt(BIG_TAB.leads)} + ${fmt(SMALL_TAB.leads)} leads`, d.two)],
  );
}

const QUIET_NOTE = 'Both tabs belong to one person, so one timer run refreshes both. The budget: one request per run however many parts and tabs.';

function stops(r: BenchResults): [string, string, StopResult][] {
  return [
    [`${PART_SIZE} leads`, `${STOP_AFTER_MS / 60_000} min after Generate, before any timer run`, r.stops.early],
    [`${PART_SIZE} leads`, `${LATE_STOP_AFTER_MS / 60_000} min after Generate, after the 5-minute run`, r.stops.late],
    [`${fmt(BIG_TAB.leads)} leads (second tab beside it)`, 'mid-render, after the nothing-changed runs', r.document.stop],
  ];
}

function stopTable(r: BenchResults): string {
  return table(
    [
      'campaign',
      'parts',
      'pressed',
      'requests',
      'budget',
      'virtual s to answer',
      'stopped / still rendering',
      'timer runs until settled',
      'of which after the last render (≤ 2)',
      'rows right',
      'timer after',
      'result',
    ],
    stops(r).map(([campaign, pressed, s]) => {
      return [
        campaign,
        s.parts,
        pressed,
        `${fmt(s.click.requests.total)} (${describeKinds(s.click.requests)})`,
        `≤ ${stopBudget(s)}`,
        seconds(s.click.virtualMs),
        `${fmt(s.reply.stopped)} / ${fmt(s.reply.stillRendering)}`,
        s.settled ? s.passes.length : `not settled after ${s.passes.length}`,
        runsAfterLastRender(s),
        `${fmt(s.rows.rows - s.rows.wrong)} / ${fmt(s.rows.rows)}`,
        s.timerLeft ? 'still installed' : 'removed',
        verdict(stopOk(s)),
      ];
    }),
  );
}

const STOP_NOTE =
  "Runs on the big document refresh both tabs, so their requests include the second tab's. A row is settled when it shows cancelled, failed or skipped, or complete with its link. " +
  'A timer left installed over rows that never settle keeps costing one request (and its runtime) every 5 minutes.';

function stopTraces(r: BenchResults): string[] {
  return stops(r).map(([campaign, pressed, s]) =>
    subsection(
      `Stop: ${campaign}, pressed ${pressed}`,
      table(
        ['run', 'minute', 'after the last render', 'requests', 'of which', 'rows settled after'],
        s.passes.map((p, i) => [
          i + 1,
          fmt(Math.round(p.minute)),
          p.afterLastRender ? 'yes' : 'no',
          p.cost.requests.total,
          describeKinds(p.cost.requests),
          `${fmt(p.settledAfter)} / ${fmt(s.leads)}`,
        ]),
      ),
      ...(s.rows.examples.length > 0 ? [`Rows wrong at the end, e.g.: ${s.rows.examples.join('; ')}.`] : []),
    ),
  );
}

function idleTable(r: BenchResults): string {
  const { load, polls } = r.idle;
  const row = (what: string, calls: number, c: Cost, budget: string): Cell[] => [what, calls, c.requests.total, c.propertyOps, c.rangeCalls, budget];
  const hour = addCosts([load.cost, polls.cost]);
  return table(
    ['phase', 'server calls', 'UrlFetch', 'property ops', 'Range calls', 'budget'],
    [
      row(`the page opens: ${load.calls.join(', ')}`, load.calls.length, load.cost, '—'),
      row(`\`getActiveContext\` every ${CONTEXT_POLL_MS / 1000} s for an hour`, polls.calls, polls.cost, '0 UrlFetch'),
      row('the hour in all', load.calls.length + polls.calls, hour, '≤ 300 property ops'),
    ],
  );
}

const IDLE_NOTE = "The UrlFetch calls at load are the person opening the sidebar (the lists and the campaign's progress), not the idle hour.";

function clickTable(r: BenchResults): string {
  const rows = r.cases
    .filter((c) => defaultPace(c) && c.spec.videosOrder === 'newest')
    .map(
      (c) =>
        [
          fmt(c.spec.leads),
          c.parts,
          c.click.requests.total,
          describeKinds(c.click.requests),
          c.click.requests.rateLimited,
          seconds(c.click.virtualMs),
          'all started',
        ] as Cell[],
    );
  const e = r.edge;
  rows.push([
    fmt(EDGE_LEADS),
    Math.ceil(EDGE_LEADS / PART_SIZE),
    e.cost.requests.total,
    describeKinds(e.cost.requests),
    e.cost.requests.rateLimited,
    seconds(e.cost.virtualMs),
    e.reply.ok ? 'all started' : `**${e.reply.error?.code}**: ${e.reply.error?.message}`,
  ]);
  return table(['leads', 'parts', 'requests', 'of which', '429 replies', 'virtual s (with the reading)', 'outcome'], rows);
}

const CLICK_NOTE =
  `The click is two runs of the server a few seconds apart: \`getEstimate\` reads every part's estimate, then \`startGenerate\` reads the campaign list once, estimates again only the parts whose waiting count moved, and sends one generate per part. ` +
  'Each run paces itself to 100 requests a minute; the API counts 120 a minute per key across runs, and a generate is never retried, so the click keeps to about two requests per part.';

function bundleTable(r: BenchResults): string {
  return table(
    ['file', 'bytes', 'KB (1,000 bytes)', 'budget', 'result'],
    r.bundle.map((b) => [b.file, b.bytes, (b.bytes / KB).toFixed(1), `${b.budgetKb} KB`, verdict(b.bytes <= b.budgetKb * KB)]),
  );
}

function traceTable(c: CaseResult): string {
  return table(
    ['run', 'minute', 'requests', 'of which', 'property ops', 'trigger s', 'rows unresolved at start', 'rows with a link after'],
    c.passes.map((p, i) => [
      i + 1,
      fmt(Math.round(p.minute)),
      p.cost.requests.total,
      describeKinds(p.cost.requests),
      p.cost.propertyOps,
      seconds(p.cost.runtimeMs),
      p.unresolvedBefore,
      p.linkedAfter,
    ]),
  );
}

function watchTable(r: BenchResults): string {
  const w = r.watch;
  const totals = w.polls.map((p) => p.requests.total);
  const all = addCosts(w.polls);
  return table(
    ['leads', 'polls', 'requests per poll, most', 'all polls', 'of which', 'busiest hour', 'property ops per poll, most', '429 replies'],
    [
      [
        fmt(w.leads),
        w.polls.length,
        Math.max(...totals),
        all.requests.total,
        describeKinds(all.requests),
        w.busiestHour,
        Math.max(...w.polls.map((p) => p.propertyOps)),
        all.requests.rateLimited,
      ],
    ],
  );
}

function watchNote(r: BenchResults): string {
  const { rush } = r;
  const outcome = rush.reply.ok ? 'every part started' : (rush.reply.error?.code ?? 'failed');
  return (
    'From the Generate click on, `getProgress` every 30 s of virtual time until the timer removed itself (and one poll more); the timer fires on its 5-minute cadence in between and is not counted here. ' +
    `Then Generate pressed at once after a ${fmt(rush.leads)}-row push, with no minute between (the push, the estimate and the click in one minute of one key): ${outcome}, ` +
    `${rush.push + rush.cost.requests.rateLimited} × 429 (push ${rush.push}, click ${rush.cost.requests.rateLimited}); the click made ${rush.cost.requests.total} requests in ${seconds(rush.cost.virtualMs)} virtual s.`
  );
}
