// Sidebar test harness: builds dist/Sidebar.html when stale, opens it in headless Chromium at
// 300 px with a scripted google.script.run stand-in that records every call.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import type { ServerFunctions } from '../../src/server/contract';
import type { Timing } from '../../sidebar/app';
import { buildSidebar } from '../../scripts/build';
import { addCalls } from '../../bench/uncalled';

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
export const SIDEBAR_HTML = join(DIST, 'Sidebar.html');
const SOURCES = join(ROOT, 'sidebar');
const LOCK = join(DIST, '.sidebar-build.lock');
const PAGE_URL = 'http://sidebar.test/';

export type FnName = keyof ServerFunctions;
/** What the stand-in answers: a reply, a thrown error ({ throw }), or a sequence (the last one repeats). */
export type Scripted = unknown;
export type Replies = Partial<Record<FnName, Scripted | Scripted[]>>;

export interface GasCall {
  name: string;
  args: unknown[];
}

export interface OpenOptions {
  replies: Replies;
  /** Reply delay per function in ms (default 20: replies are async, as in Apps Script). */
  delays?: Partial<Record<FnName, number>>;
  timing?: Partial<Timing>;
  width?: number;
  height?: number;
  /** The browser's time zone (IANA), e.g. Europe/Paris; the machine's by default. */
  timezoneId?: string;
  /** Another build of the sidebar to open (the screenshots' "before"); the current one by default. */
  html?: string;
}

export interface Sidebar {
  page: Page;
  /** Every call so far, or those of one function. */
  calls(name?: FnName): Promise<GasCall[]>;
  /** Replaces the scripted reply of one function. */
  reply(name: FnName, scripted: Scripted | Scripted[]): Promise<void>;
  /** Waits until `name` has been called at least `n` times. */
  waitForCalls(name: FnName, n?: number, timeoutMs?: number): Promise<GasCall[]>;
  close(): Promise<void>;
}

/**
 * Opens a card the sidebar folded by itself, as a person does: a click on its heading, once the card has read the state
 * that decides its fold (its status is said).
 */
export async function openCard(page: Page | FrameLocator, id: string): Promise<void> {
  const card = page.locator(`details#${id}`);
  await card.locator('> summary .card-status').filter({ hasText: /\S/ }).waitFor();
  if (!(await card.evaluate((d) => (d as HTMLDetailsElement).open))) await card.locator('> summary').click();
}

/** A scripted thrown server error (the failure handler path). */
export function thrown(message: string): { throw: string } {
  return { throw: message };
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    newest = Math.max(newest, st.isDirectory() ? newestSource(p) : st.mtimeMs);
  }
  return newest;
}

function isFresh(): boolean {
  return existsSync(SIDEBAR_HTML) && statSync(SIDEBAR_HTML).mtimeMs >= newestSource(SOURCES);
}

/** Builds the sidebar if dist/Sidebar.html is missing or older than sidebar/; one builder at a time across jest workers. */
export async function ensureBuilt(): Promise<string> {
  mkdirSync(DIST, { recursive: true });
  const deadline = Date.now() + 60000;
  while (!isFresh()) {
    try {
      mkdirSync(LOCK);
    } catch {
      if (Date.now() > deadline) throw new Error(`sidebar build lock ${LOCK} held too long; remove it if stale`);
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      if (!isFresh()) await buildSidebar();
    } finally {
      rmdirSync(LOCK);
    }
  }
  return readFileSync(SIDEBAR_HTML, 'utf8');
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** Runs in the page before the sidebar: the google.script.run stand-in. */
function installStandin(init: { replies: Record<string, unknown>; delays: Record<string, number> }): void {
  type Handler = ((v: unknown) => void) | null;
  const store = {
    replies: init.replies,
    delays: init.delays,
    counts: {} as Record<string, number>,
    calls: [] as { name: string; args: unknown[] }[],
  };
  (window as unknown as { __gas: typeof store }).__gas = store;
  const next = (name: string): unknown => {
    const spec = store.replies[name];
    const i = store.counts[name] ?? 0;
    store.counts[name] = i + 1;
    if (spec === undefined) return { ok: false, error: { code: 'internal', message: `Test did not script ${name}.` } };
    if (Array.isArray(spec)) return spec[Math.min(i, spec.length - 1)];
    return spec;
  };
  const runner = (ok: Handler, fail: Handler): unknown =>
    new Proxy(
      {},
      {
        get(_t, prop) {
          if (prop === 'withSuccessHandler') return (fn: Handler) => runner(fn, fail);
          if (prop === 'withFailureHandler') return (fn: Handler) => runner(ok, fn);
          if (typeof prop !== 'string') return undefined;
          return (...args: unknown[]) => {
            // Apps Script serializes arguments; a Date would not survive, so the record is what the server would see.
            store.calls.push({ name: prop, args: JSON.parse(JSON.stringify(args)) as unknown[] });
            const spec = next(prop);
            setTimeout(() => {
              if (spec && typeof spec === 'object' && 'throw' in spec) fail?.(new Error(String((spec as { throw: unknown }).throw)));
              else ok?.(JSON.parse(JSON.stringify(spec)));
            }, store.delays[prop] ?? 20);
          };
        },
      },
    );
  (window as unknown as { google: unknown }).google = { script: { run: runner(null, null) } };
}

/** Set by `npm run uncalled` (bench/uncalled.ts): where the page's calls of each function are written as each sidebar closes. */
const UNCALLED_DIR = process.env.UNCALLED_DIR;

/** Calls by script (its length) and function span, "start:end"; a page a test closed itself has none to give. */
async function countCalls(page: Page, again: boolean): Promise<void> {
  if (!UNCALLED_DIR) return;
  const calls: Record<string, Record<string, number>> = {};
  for (const e of await page.coverage.stopJSCoverage().catch(() => [])) {
    addCalls((calls[String(e.source?.length ?? 0)] ??= {}), e.functions);
  }
  writeFileSync(join(UNCALLED_DIR, `sidebar-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`), JSON.stringify(calls));
  if (again) await page.coverage.startJSCoverage({ resetOnNavigation: false });
}

/** A browser tab the sidebar is served in: PAGE_URL answers with `html`, and errors thrown in the page are kept. */
interface Tab {
  context: BrowserContext;
  page: Page;
  html: string;
  errors: Error[];
}

async function newTab(browser: Browser, opts: Pick<OpenOptions, 'width' | 'height' | 'timezoneId'>): Promise<Tab> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 300, height: opts.height ?? 643 },
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  if (UNCALLED_DIR) await page.coverage.startJSCoverage({ resetOnNavigation: false });
  const tab: Tab = { context, page, html: '', errors: [] };
  page.on('pageerror', (e) => tab.errors.push(e));
  await page.route(PAGE_URL, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: tab.html }));
  return tab;
}

/** JSON that can sit inside <script>…</script>. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/** The page with the google.script.run stand-in and the test's timing run first in its head, as init scripts would. */
function servedHtml(html: string, opts: OpenOptions): string {
  const init = { replies: opts.replies as Record<string, unknown>, delays: (opts.delays ?? {}) as Record<string, number> };
  const timing = opts.timing ? `window.sidebarTiming=${scriptJson(opts.timing)};` : '';
  const boot = `<script>(${installStandin.toString()})(${scriptJson(init)});${timing}</script>`;
  return html.replace(/<head[^>]*>/i, (head) => head + boot);
}

/**
 * Opens the sidebar in `shared` when given (a tab the file reuses: a new context and page cost about 0.3 s, and a
 * navigation starts the page from nothing), else in a tab of its own, closed with it.
 */
export async function openSidebar(browser: Browser, opts: OpenOptions, shared?: Tab): Promise<Sidebar & { tab: Tab }> {
  const tab = shared ?? (await newTab(browser, opts));
  if (shared) {
    tab.errors.length = 0;
    await tab.page.setViewportSize({ width: opts.width ?? 300, height: opts.height ?? 643 });
  }
  tab.html = servedHtml(opts.html ?? (await ensureBuilt()), opts);
  const { page, errors } = tab;
  await page.goto(PAGE_URL);

  const calls = async (name?: FnName): Promise<GasCall[]> => {
    const all = await page.evaluate(() => (window as unknown as { __gas: { calls: GasCall[] } }).__gas.calls);
    return name ? all.filter((c) => c.name === name) : all;
  };
  return {
    tab,
    page,
    calls,
    async reply(name, scripted) {
      await page.evaluate(
        ([n, s]) => {
          const g = (window as unknown as { __gas: { replies: Record<string, unknown>; counts: Record<string, number> } }).__gas;
          g.replies[n] = s;
          g.counts[n] = 0;
        },
        [name, scripted] as const,
      );
    },
    async waitForCalls(name, n = 1, timeoutMs = 5000) {
      await page.waitForFunction(
        ([fn, min]) => (window as unknown as { __gas: { calls: GasCall[] } }).__gas.calls.filter((c) => c.name === fn).length >= min,
        [name, n] as const,
        { timeout: timeoutMs },
      );
      return calls(name);
    },
    async close() {
      await countCalls(page, Boolean(shared));
      // A shared tab leaves the sidebar for a blank page: its timers and polls stop with it.
      if (shared) await page.goto('about:blank');
      else await tab.context.close();
      // Any uncaught error in the page fails the test that caused it.
      if (errors.length) throw new Error(`page errors: ${errors.map((e) => e.message).join('; ')}`);
    },
  };
}

/**
 * The jest hooks every sidebar test file needs: one browser for the file, and each sidebar opened
 * with `open` closed after its test.
 */
export function useSidebars(): { open(opts: OpenOptions): Promise<Sidebar> } {
  let browser: Browser | null = null;
  // The file's reusable tab (default zone), and whether a sidebar open now holds it.
  let shared: Tab | null = null;
  let held = false;
  const opened: Sidebar[] = [];
  beforeAll(async () => {
    await ensureBuilt();
    browser = await launch();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    held = false;
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(opts) {
      if (!browser) throw new Error('useSidebars: open is for use inside a test');
      // Two sidebars at once, or another time zone, get a tab of their own.
      const reuse = !held && !opts.timezoneId;
      if (reuse) {
        shared ??= await newTab(browser, {});
        held = true;
      }
      const sb = await openSidebar(browser, opts, reuse ? shared! : undefined);
      opened.push(sb);
      return sb;
    },
  };
}
