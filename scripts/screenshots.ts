// `npm run screenshots`: writes every README image into docs/ (the playground after a campaign, a
// recipient page playing its video, the sidebar's states at 300 px). Tests never write there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startPlayground } from '../dev/playground/server';
import { context, fail, freshState, ok, progress, readyReplies, sidebarState, state } from '../test/sidebar/fixtures';
import { launch, openSidebar, thrown, type OpenOptions, type Sidebar } from '../test/sidebar/harness';
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

/** The sidebar's states, each in a 300 px page with scripted server replies. */
async function sidebarStates(browser: Browser): Promise<void> {
  const shoot = async (opts: OpenOptions, file: string, act: (s: Sidebar) => Promise<void>, cards?: string[]) => {
    const s = await openSidebar(browser, opts);
    try {
      await act(s);
      if (cards) {
        await s.page.evaluate(
          (ids) =>
            document.querySelectorAll('details.card').forEach((d) => {
              (d as HTMLDetailsElement).open = ids.includes(d.id);
            }),
          cards,
        );
      }
      await s.page.screenshot({ path: out(file), fullPage: true });
    } finally {
      await s.close();
    }
  };

  await shoot({ replies: { getSidebarState: freshState() } }, 'sidebar-connect.png', (s) => s.page.getByText('No key saved yet.').waitFor());
  await shoot(
    { replies: { ...readyReplies(), getSidebarState: state({ campaign: null }) } },
    'sidebar-campaign.png',
    async (s) => {
      await s.page.getByLabel('Founder intro').check();
      await s.page.getByLabel('Campaign name').fill('Q3 outreach to founders');
    },
    ['template', 'campaign'],
  );
  await shoot(
    { replies: { ...readyReplies(), getSidebarState: state({ sample: { firstName: '', company: 'Analytical Engines', hook: 'x'.repeat(230) } }) } },
    'sidebar-columns.png',
    async (s) => {
      // Folded once set up (every field it needs has a column): opened as a person would.
      await s.page.locator('#columns summary').click();
      await s.page.locator('#columns').getByText('Hook is 230 characters; the limit is 200.').waitFor();
    },
    ['columns'],
  );
  const money = { replies: { ...readyReplies(), getEstimate: ok({ leads: 15, low: 30, high: 45, balance: 120, affordable: true, chargedToday: 12 }) } };
  const estimate = async (s: Sidebar) => {
    await s.page.getByText('Bound to tab').waitFor();
    await s.page.getByRole('button', { name: 'Check estimate', exact: true }).click();
    await s.page.getByText('30–45 credits').first().waitFor();
  };
  await shoot(money, 'sidebar-money.png', estimate, ['money']);
  await shoot(money, 'sidebar-money-confirm.png', async (s) => {
    await estimate(s);
    await s.page.getByRole('button', { name: 'Generate videos', exact: true }).click();
    await s.page.getByRole('alertdialog').waitFor();
  });
  await shoot(
    {
      replies: {
        ...readyReplies(),
        getSidebarState: state({
          autoRefresh: { on: true, intervalMinutes: 5, owner: { keyHint: '••••1a2b', you: true } },
          lastRefresh: { at: new Date(Date.now() - 180_000).toISOString(), error: null },
        }),
        getProgress: progress({ stages: { queued: 2, tts: 1, lipsync: 3, colour_grade: 1 } }),
      },
    },
    'sidebar-progress.png',
    (s) => s.page.locator('.legend').waitFor(),
    ['progress'],
  );
  // What a sales team sees beyond the basics (docs/rules.md#money-record).
  const problems = { rows: 3, byStatus: { invalid: 2, failed: 1 } };
  await shoot(
    { replies: { ...readyReplies(), getSidebarState: state({ problems }), getActiveContext: context() } },
    'sidebar-problem-rows.png',
    (s) => s.page.getByRole('button', { name: /Select 3 problem rows/ }).waitFor(),
    ['send'],
  );
  await shoot(
    {
      replies: {
        ...readyReplies(),
        getSidebarState: state({
          autoRefresh: { on: true, intervalMinutes: 60, owner: { keyHint: '••••9c3d', you: false } },
          lastRefresh: { at: new Date(Date.now() - 1_200_000).toISOString(), error: null },
        }),
        getProgress: progress({ counts: { total: 47, pending: 0, rendering: 5, complete: 40, failed: 2, cancelled: 0, skipped: 0 } }),
      },
    },
    'sidebar-shared.png',
    (s) => s.page.locator('.owner-line').waitFor(),
    ['progress'],
  );
  await shoot(
    { replies: { getSidebarState: thrown("ScriptError: We're sorry, a server error occurred while reading from storage. Error code PERMISSION_DENIED.") } },
    'sidebar-accounts.png',
    (s) => s.page.getByText('signed in to several at once', { exact: false }).waitFor(),
  );
}

/**
 * The six screens a newcomer met at their worst, each with the same scripted replies: `after-*.png` from
 * this build; `before-*.png` from another build's Sidebar.html when `--before <file>` names one
 * (an earlier commit's `npm run build` output), to compare.
 */
async function worstScreens(browser: Browser, prefix: 'after' | 'before', html?: string): Promise<void> {
  const shoot = async (file: string, replies: OpenOptions['replies'], act: (s: Sidebar) => Promise<void>, cards: string[]) => {
    const s = await openSidebar(browser, { replies, ...(html ? { html } : {}) });
    try {
      await s.page.getByText('Bound to tab').waitFor();
      await s.page.waitForTimeout(300);
      await act(s);
      await s.page.evaluate(
        (ids) =>
          document.querySelectorAll('details.card').forEach((d) => {
            (d as HTMLDetailsElement).open = ids.includes(d.id);
          }),
        cards,
      );
      await s.page.waitForTimeout(200);
      await s.page.screenshot({ path: out(`${prefix}-${file}`), fullPage: true });
    } finally {
      await s.close();
    }
  };
  const none = async () => undefined;
  const headers = ['First name', 'Company', 'Email', 'Personal note', 'Calendar', 'Favourite colour'];
  // 1. A tab whose columns are named the person's way: before, "Personal note" and "Calendar" went nowhere, silently.
  const before = {
    ...sidebarState(),
    sheet: { id: 1, name: 'Leads', headers },
    mapping: { ...sidebarState().mapping, profileUrl: null, hook: html ? null : 'Personal note', ctaUrl: html ? null : 'Calendar', website: null, role: null },
    gaps: { unusedColumns: ['Favourite colour'], unsent: { rows: 10, empty: { hook: 6 } }, waiting: { rows: 0, empty: {} } },
  };
  await shoot('columns.png', { ...readyReplies(), getSidebarState: ok(before), getActiveContext: context() }, none, ['send']);
  // 2. A person without a key on a shared tab.
  await shoot(
    'no-key.png',
    {
      ...readyReplies(),
      getSidebarState: state({ settings: { baseUrl: null, keyHint: null, connected: false } }),
      getProgress: fail('no_settings', 'Connect first: enter the API address and your key under Connection.'),
    },
    none,
    ['money', 'progress'],
  );
  // 3. The campaign picker, opened as a list.
  const list = [
    {
      id: 'cmp_4',
      name: 'Q4 outreach',
      status: 'rendering',
      leadCount: 50,
      waiting: 3,
      complete: 47,
      failed: 0,
      nextStep: '',
      createdAt: '2024-05-04T10:00:00Z',
    },
    {
      id: 'cmp_7',
      name: 'Q4 outreach · part 2',
      status: 'draft',
      leadCount: 3,
      waiting: 3,
      complete: 0,
      failed: 0,
      nextStep: '',
      createdAt: '2024-05-05T10:00:00Z',
    },
    { id: 'cmp_6', name: 'Summer', status: 'stopped', leadCount: 30, waiting: 0, complete: 8, failed: 0, nextStep: '', createdAt: '2024-05-01T10:00:00Z' },
  ];
  // This build folds parts in the server: its list has no part of its own.
  await shoot(
    'picker.png',
    { ...readyReplies(), listCampaigns: ok({ campaigns: html ? list : list.filter((c) => !c.name.includes('part')) }) },
    async (s) => {
      await s.page.evaluate(() =>
        document.querySelectorAll<HTMLDetailsElement>('#campaign, #campaign details.sub').forEach((d) => {
          d.open = true;
        }),
      );
      await s.page.locator('select[name="campaignPick"]').focus();
      await s.page.locator('select[name="campaignPick"] option', { hasText: 'Summer' }).waitFor({ state: 'attached' });
      await s.page.waitForTimeout(300);
      await s.page.locator('select[name="campaignPick"]').evaluate((e) => {
        (e as HTMLSelectElement).size = 4;
      });
    },
    ['campaign'],
  );
  // 4. Status words at 50 of 50 done, with a status word the API does not define.
  await shoot(
    'status.png',
    {
      ...readyReplies(),
      getProgress: progress({
        status: 'delivered',
        counts: { total: 50, pending: 0, rendering: 0, complete: 50, failed: 0, cancelled: 0, skipped: 0 },
        stages: {},
      }),
      getEstimate: ok({ leads: 3, low: 6, high: 9, balance: 100, affordable: true }),
    },
    async (s) => {
      await s.page.getByRole('button', { name: 'Check estimate', exact: true }).click();
      await s.page.locator('dl.figures').waitFor();
    },
    ['money', 'progress'],
  );
  // 5. Three problem rows.
  const named = [
    { row: 4, status: 'invalid', note: 'First name is empty; the video has nobody to name without it.' },
    { row: 8, status: 'invalid', note: 'Same email as row 2.' },
    { row: 12, status: 'failed', note: 'The video could not be made; its credits were refunded.' },
  ];
  await shoot(
    'problem-rows.png',
    {
      ...readyReplies(),
      getSidebarState: state({ problems: { rows: 3, byStatus: { invalid: 2, failed: 1 }, named } }),
      getActiveContext: context(),
      selectProblemRows: ok({ rows: 3, byStatus: { invalid: 2, failed: 1 }, named }),
    },
    async (s) => {
      await s.page.getByRole('button', { name: /Select 3 problem rows/ }).click();
      await s.page.getByText(/Selected/).waitFor();
    },
    ['send'],
  );
  // 6. After a Stop: 22 cancelled.
  await shoot(
    'stopped.png',
    {
      ...readyReplies(),
      getProgress: progress({
        status: 'stopped',
        counts: { total: 50, pending: 0, rendering: 0, complete: 28, failed: 0, cancelled: 22, skipped: 0 },
        stages: {},
      }),
    },
    none,
    ['send', 'money'],
  );
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
    const i = process.argv.indexOf('--before');
    if (i >= 0) {
      // Only the comparison: the old build's pictures of the same six screens.
      await worstScreens(browser, 'before', readFileSync(process.argv[i + 1]!, 'utf8'));
    } else {
      await playground(browser);
      await sidebarStates(browser);
      await worstScreens(browser, 'after');
    }
  } finally {
    await browser.close();
  }
  console.log(`Wrote ${written.join(', ')}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
