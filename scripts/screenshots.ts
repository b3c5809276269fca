// `npm run screenshots`: writes every README image into docs/ (the playground after a campaign, its
// sidebar included, and a recipient page playing its video). Tests never write there.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startPlayground } from '../dev/playground/server';
import { launch } from '../test/sidebar/harness';
import { addRows, allComplete, column, columnOf, connect, createCampaign, generate, selectSampleRows, sortBy } from '../test/dev/playground/tour';
import { buildAll } from './build';

const ROOT = join(__dirname, '..');
const DOCS = join(ROOT, 'docs');
const written: string[] = [];
const out = (file: string) => {
  written.push(`docs/${file}`);
  return join(DOCS, file);
};

function newest(path: string): number {
  const st = statSync(path);
  return st.isDirectory() ? Math.max(0, ...readdirSync(path).map((n) => newest(join(path, n)))) : st.mtimeMs;
}

/** Builds dist/ when a built file is missing or older than its sources: the images show the current add-on. */
async function buildIfStale(): Promise<void> {
  const built = ['Code.js', 'Sidebar.html', 'appsscript.json'].map((f) => join(ROOT, 'dist', f));
  const sources = Math.max(...['src', 'sidebar', 'appsscript.json'].map((p) => newest(join(ROOT, p))));
  if (built.every((f) => existsSync(f) && statSync(f).mtimeMs >= sources)) return;
  console.log('Building dist/ first…');
  await buildAll();
}

/** The playground after a finished campaign sorted by company, and one recipient's page playing its video. */
async function playground(browser: Browser): Promise<void> {
  // Quick renders and a quick timer: the picture is the same as after a minute of the real pace.
  const pg = await startPlayground({ port: 0, timerEveryMs: 1000, sim: { stageMs: 400 } });
  const context = await browser.newContext({ viewport: { width: 1400, height: 800 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(pg.url);
    const sidebar = page.frameLocator('#sidebar-frame');
    await connect(sidebar, pg.session.sim.baseUrl);
    await createCampaign(sidebar, 'Q3 founders outreach');
    await selectSampleRows(page, sidebar);
    await addRows(page, sidebar);
    await generate(sidebar);
    await allComplete(page);
    await sortBy(page, 'Company', 'A→Z', 'Bluepeak Analytics');
    await sidebar.getByRole('button', { name: 'Refresh now', exact: true }).click();
    await sidebar.locator('[data-key="complete"] strong', { hasText: /^47$/ }).waitFor();
    // The output columns in view beside the frozen first names; the progress section in the sidebar.
    const leadId = await columnOf(page, 'Lead ID');
    await page.locator(`table.grid td[data-r="2"][data-c="${leadId}"]`).click();
    await page.evaluate((c) => {
      const wrap = document.getElementById('grid-wrap')!;
      const head = document.querySelector<HTMLElement>(`table.grid td[data-r="1"][data-c="${c}"]`)!;
      const frozen = document.querySelector<HTMLElement>('table.grid td[data-r="1"][data-c="2"]')!;
      wrap.scrollLeft = head.offsetLeft - frozen.offsetLeft;
    }, leadId);
    await sidebar.locator('#progress').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: out('playground.png') });

    const first = (await column(page, 'Page URL'))[0]!;
    await recipientPage(await context.newPage(), first.text);
  } finally {
    await context.close();
    await pg.close();
  }
}

async function recipientPage(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 800, height: 760 });
  await page.goto(url);
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
  // Past the first frame, so the picture shows the clip rather than a black box.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const v = document.querySelector('video')!;
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = 2;
      }),
  );
  // The player's loading ring fades out after a seek.
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 3);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: out('recipient-page.png') });
}

/**
 * tsx compiles with esbuild's keepNames, which wraps named functions (here and in the sidebar harness)
 * in a __name helper; code handed to a page carries those calls, so every page gets a no-op one.
 */
function withNameHelper(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript('globalThis.__name = (target) => target;');
    return context;
  };
  return browser;
}

async function main(): Promise<void> {
  await buildIfStale();
  const browser = withNameHelper(await launch());
  try {
    await playground(browser);
  } finally {
    await browser.close();
  }
  console.log(`Wrote ${written.join(', ')}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
