// End-to-end harness: the built dist/Code.js in the Apps Script stand-in, talking to the simulator run in the
// same thread (answered in place, dev/sim/in-process.ts), with one virtual time on both sides.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppsScriptStandin, readingsFromEnv, type StandinOptions } from '../../dev/standin';
import type { SimHandle } from '../../dev/sim/server';
import { startSimulator } from '../../dev/sim/server';
import { SIM_KEYS, SIM_TEMPLATES, type SimConfig, type SimState } from '../../dev/sim/types';

export const BUNDLE = join(__dirname, '..', '..', 'dist', 'Code.js');
const BUILD_SCRIPT = join(__dirname, '..', '..', 'scripts', 'build.ts');

/**
 * A folder holding the server as a published build listing `allowlist` (its Code.js, its appsscript.json and a blank
 * Sidebar.html), built once a jest run for every test file that asks: a build takes seconds. Only to read from.
 */
export async function publishedBuild(allowlist: string[]): Promise<string> {
  const key = createHash('sha256').update(readFileSync(BUNDLE)).update(readFileSync(BUILD_SCRIPT)).update(JSON.stringify(allowlist)).digest('hex').slice(0, 16);
  // The jest run's own folder (scripts/jest-global.cjs), which goes with the run.
  const dir = join(process.env.VPS_RUN_DIR ?? join(tmpdir(), 'vps-run'), 'published', key);
  if (existsSync(join(dir, 'Code.js'))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'appsscript.json'), JSON.stringify({ urlFetchWhitelist: allowlist }));
  writeFileSync(join(dir, 'Sidebar.html'), '<html></html>');
  // Written aside and renamed: a file of another worker never reads half a bundle.
  const part = join(dir, `Code.${process.pid}.tmp`);
  // Loaded only here: the bundler and minifier are no weight for the files that never publish.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildServer } = require('../../scripts/build') as typeof import('../../scripts/build');
  // One round of the minifier: the bytes are the deployed build's to meet, and a second round doubles the time.
  await buildServer({ allowlist, file: part, rounds: 1 });
  renameSync(part, join(dir, 'Code.js'));
  return dir;
}

export const HEADERS = ['First name', 'Last name', 'Company', 'Email', 'Website', 'Hook', 'CTA URL'];

/** A plausible lead row; i makes it unique and matchable (email). */
export function leadRow(i: number, over: Partial<Record<'first' | 'company' | 'email' | 'hook' | 'cta', string>> = {}): string[] {
  return [
    over.first ?? `Person${i}`,
    `Last${i}`,
    over.company ?? `Company ${i}`,
    over.email ?? `p${i}@example.com`,
    `https://company${i}.example.com`,
    over.hook ?? `Loved your post number ${i}.`,
    over.cta ?? 'https://cal.example.com/me',
  ];
}

export type Addon = Awaited<ReturnType<typeof startAddon>>;

/** The reading of Apps Script this run plays (docs/rules.md#readings): a jest project's global, or STANDIN_READING. */
export const READING: string = (globalThis as { STANDIN_READING?: string }).STANDIN_READING ?? process.env.STANDIN_READING ?? 'default';

/** Stand-in options, or a function of the simulator's origin giving them (a published build naming its address). */
export type StandinSetup = Partial<StandinOptions> | ((origin: string) => Promise<Partial<StandinOptions>>);

/**
 * Simulators this test file has finished with. A reset to a test's config
 * gives the state a fresh start would (same seed, clock, config, empty logs), so the next test takes one from here.
 */
const idle: SimHandle[] = [];

if (typeof afterAll === 'function') afterAll(async () => Promise.all(idle.splice(0).map((s) => s.close())));

/** A simulator in the state a fresh start with `config` has: one of this file's idle ones reset, or a new one. */
async function simulator(config: Omit<SimConfig, 'port' | 'clock'>): Promise<SimHandle> {
  const sim = idle.pop() ?? (await startSimulator({ port: 0, clock: 'manual' }));
  try {
    await sim.control({ action: 'reset', config });
    return sim;
  } catch (e) {
    await sim.close();
    throw e;
  }
}

export async function startAddon(config: Omit<SimConfig, 'port' | 'clock'> = {}, setup: StandinSetup = {}) {
  const sim = await simulator(config);
  const standin = typeof setup === 'function' ? await setup(sim.origin) : setup;
  const start = ((await sim.control({ action: 'state' })) as SimState).now;
  const gas = new AppsScriptStandin({
    bundlePath: BUNDLE,
    simOrigin: sim.origin,
    startTime: start,
    ...standin,
    readings: { ...readingsFromEnv(READING), ...standin.readings },
  });

  let closed = false;
  const addon = {
    sim,
    gas,
    call<T = any>(name: string, ...args: unknown[]): T {
      return gas.call<T>(name, ...args);
    },
    connect(apiKey: string = SIM_KEYS.write) {
      const r = gas.call<any>('saveSettings', { baseUrl: sim.baseUrl, apiKey });
      if (!r.ok) throw new Error(`saveSettings failed: ${JSON.stringify(r)}`);
      return r;
    },
    /** A tab named Leads with the header row and these rows, active. */
    sheet(rows: unknown[][], headers: string[] = HEADERS, name = 'Leads') {
      const sheet = gas.spreadsheet.addSheet(name, [headers, ...rows]);
      gas.spreadsheet.setActiveSheet(sheet);
      return sheet;
    },
    /** Selects whole rows [first, last] (1-based) of the active sheet. */
    selectRows(first: number, last: number) {
      const sheet = gas.spreadsheet.getActiveSheet();
      gas.spreadsheet.select(sheet, [`A${first}:${columnLetter(sheet.getLastColumn())}${last}`]);
    },
    createCampaign(name = 'Q3 outreach') {
      const r = gas.call<any>('createCampaign', { templateId: SIM_TEMPLATES.ready, name });
      if (!r.ok) throw new Error(`createCampaign failed: ${JSON.stringify(r)}`);
      return r.campaign as { id: string; name: string };
    },
    /** A tab of n plausible leads, a new campaign bound to it, and every row sent. */
    pushedCampaign(n: number, name = 'Q3 outreach') {
      addon.sheet(Array.from({ length: n }, (_, i) => leadRow(i)));
      const campaign = addon.createCampaign(name);
      addon.selectRows(2, n + 1);
      const pushed = gas.call<any>('addSelectedRows');
      if (!pushed.ok || pushed.remaining) throw new Error(`push failed: ${JSON.stringify(pushed)}`);
      return campaign;
    },
    /** The campaign the active tab is bound to, as the sidebar shows it. */
    boundCampaignId(): string {
      return gas.call<any>('getSidebarState').campaign?.id ?? '';
    },
    /** Generate as the sidebar does: the shown campaign and the estimate's high figure, confirmed. */
    generate(high?: number) {
      const campaignId = addon.boundCampaignId();
      const confirmed = high ?? gas.call<any>('getEstimate').high ?? 0;
      return gas.call<any>('startGenerate', { campaignId, high: confirmed });
    },
    preview() {
      return gas.call<any>('startPreview', { campaignId: addon.boundCampaignId() });
    },
    stop() {
      return gas.call<any>('stopCampaign', { campaignId: addon.boundCampaignId() });
    },
    /** Fires the timer every 5 virtual minutes until it removes itself (or maxRuns); returns the runs. */
    runTimerUntilDone(maxRuns = 40): number {
      let runs = 0;
      while (gas.triggers.length > 0 && runs < maxRuns) {
        gas.clock.advance(5 * 60_000);
        gas.fireTimeTriggers();
        runs++;
      }
      return runs;
    },
    async state(): Promise<SimState> {
      return (await sim.control({ action: 'state' })) as SimState;
    },
    async requests(): Promise<{ method: string; path: string; status: number; code?: string }[]> {
      return ((await sim.control({ action: 'requests' })) as { requests: any[] }).requests;
    },
    /** Column values by header, rows 2..last, as stored. */
    column(header: string, sheet = gas.spreadsheet.getActiveSheet()): unknown[] {
      const values = sheet.getDataRange().getValues() as unknown[][];
      const i = (values[0] ?? []).indexOf(header);
      if (i < 0) throw new Error(`no column ${header}`);
      return values.slice(1).map((r) => r[i]);
    },
    /** Rows as objects keyed by header. */
    rows(sheet = gas.spreadsheet.getActiveSheet()): Record<string, unknown>[] {
      const values = sheet.getDataRange().getValues() as unknown[][];
      const head = (values[0] ?? []).map(String);
      return values.slice(1).map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
    },
    /** Stops the stand-in's HTTP worker and leaves the simulator for the file's next test; a second call does nothing. */
    async close() {
      if (closed) return;
      closed = true;
      await gas.close();
      idle.push(sim);
    },
  };
  return addon;
}

export function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** Fires the timer every 5 virtual minutes until nothing of the campaign renders. */
export async function renderAll(a: Addon, campaignId: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const leads = (await a.state()).campaigns.find((c) => c.id === campaignId)!.leads;
    if (!leads.some((l) => l.status === 'rendering')) return;
    a.gas.clock.advance(5 * 60_000);
    a.gas.fireTimeTriggers();
  }
  throw new Error('renders did not finish');
}
