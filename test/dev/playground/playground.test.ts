// The playground end to end in headless Chromium: connect, campaign, select 50 sample rows, add, estimate, generate, and the timer fills every Video URL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { startPlayground, type Playground } from '../../../dev/playground/server';
import { SIM_KEYS } from '../../../dev/sim/types';
import { launch } from '../../sidebar/harness';

const SCREENSHOT = join(__dirname, '..', '..', '..', 'docs', 'playground.png');
jest.setTimeout(180_000);

/** Display text of the grid's column under a header, rows 2.., with the link each cell holds (if any). */
async function column(page: Page, header: string): Promise<{ row: number; text: string; href: string | null }[]> {
  return page.evaluate((name) => {
    const head = Array.from(document.querySelectorAll<HTMLElement>('table.grid td[data-r="1"]')).find((td) => td.textContent === name);
    if (!head) return [];
    const c = head.dataset.c;
    return Array.from(document.querySelectorAll<HTMLElement>(`table.grid td[data-c="${c}"]`))
      .map((td) => ({ row: Number(td.dataset.r), text: td.textContent ?? '', href: td.querySelector('a')?.getAttribute('href') ?? null }))
      .filter((x) => x.row > 1 && x.text !== '');
  }, header);
}

/** Polls `read` until `ok` holds of its value; fails with the last value seen. */
async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 250));
    last = await read();
  }
  return last;
}

const count = async (page: Page, header: string, pick: (x: { text: string }) => boolean = () => true) =>
  (await column(page, header)).filter(pick).length;

describe('playground', () => {
  let pg: Playground;
  let browser: Browser;
  let page: Page;
  let sidebar: FrameLocator;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // Fast renders (5 stages of 0.4 s, 25 at a time) and a fast timer, so 47 videos finish in seconds.
    pg = await startPlayground({ port: 0, timerEveryMs: 1000, sim: { stageMs: 400 } });
    browser = await launch();
    const context = await browser.newContext({ viewport: { width: 1400, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(pg.url);
    sidebar = page.frameLocator('#sidebar-frame');
  });

  afterAll(async () => {
    await browser?.close();
    await pg?.close();
  });

  it('should show the sample leads, the simulator address, the write key and the balance', async () => {
    await page.locator('[data-testid="balance"]', { hasText: 'credits' }).waitFor();
    expect(await page.locator('[data-testid="base-url"]').textContent()).toBe(pg.session.sim.baseUrl);
    expect(await page.locator('[data-testid="write-key"]').textContent()).toBe(SIM_KEYS.write);
    expect(await page.locator('table.grid td[data-r="2"][data-c="1"]').textContent()).toBe('Ava');
    expect(await page.locator('th.rowhead[data-r="51"]').count()).toBe(1);
    expect(await page.locator('.tab').allTextContents()).toEqual(['Leads', 'Follow-ups']);
  });

  it('should connect the sidebar with the address and key from the header', async () => {
    await sidebar.locator('input[name="baseUrl"]').fill(pg.session.sim.baseUrl);
    await sidebar.locator('input[name="apiKey"]').fill(SIM_KEYS.write);
    await sidebar.getByRole('button', { name: 'Save and test' }).click();
    // The section folds once connected; its message stays in it.
    await sidebar.getByText('Connected. The key works.').waitFor({ state: 'attached' });
  });

  it('should pick the usable template and create a campaign bound to the Leads tab', async () => {
    await sidebar.getByRole('radio', { name: /Warm intro/ }).check();
    await sidebar.locator('input[name="campaignName"]').fill('Playground test');
    await sidebar.getByRole('button', { name: 'Create campaign' }).click();
    await sidebar.getByText(/Created “Playground test” and bound it to tab Leads/).waitFor({ state: 'attached' });
    await sidebar.getByText('Bound to tab Leads: Playground test').waitFor();
  });

  it('should select rows 2 to 51 by row header click and shift-click, and the sidebar should count 50', async () => {
    await page.locator('th.rowhead[data-r="2"]').click();
    await page.locator('th.rowhead[data-r="51"]').click({ modifiers: ['Shift'] });
    expect(await page.locator('th.rowhead.sel-head').count()).toBe(50);
    await until(() => pg.session.gas.spreadsheet.getActiveRange()?.getA1Notation(), (a) => a === 'A2:Z51');
    await sidebar.getByText('50 rows selected').waitFor();
  });

  it('should add the selected rows: 47 added and 3 invalid, with Lead IDs and Page URLs in the grid', async () => {
    await sidebar.getByRole('button', { name: 'Add selected rows' }).click();
    await sidebar.getByText('Added 47 people.').waitFor();
    await sidebar.getByText(/3 rows not sent/).waitFor();
    await until(() => count(page, 'Page URL'), (n) => n === 47);
    const statuses = (await column(page, 'Video Status')).map((x) => x.text);
    expect(statuses.filter((s) => s === 'invalid')).toHaveLength(3);
    const pages = await column(page, 'Page URL');
    expect(pages.every((x) => x.href === x.text && x.text.startsWith(`${pg.session.sim.pageBase}/p/`))).toBe(true);
  });

  it('should estimate, then generate after the confirmation, and the timer should fill a Video URL on every valid row', async () => {
    await sidebar.getByRole('button', { name: 'Check estimate' }).click();
    await sidebar.locator('dl.figures dd', { hasText: /^47$/ }).waitFor();
    await sidebar.getByRole('button', { name: 'Generate videos' }).click();
    const dialog = sidebar.getByRole('alertdialog');
    await dialog.getByText('Generate videos for 47 people?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await sidebar.getByText(/Started 47 videos/).waitFor();

    await until(() => count(page, 'Video URL'), (n) => n === 47, 60_000);
    const videos = await column(page, 'Video URL');
    expect(videos.every((x) => x.href === x.text && /^http:\/\/127\.0\.0\.1:\d+\/p\/[^/]+\/video$/.test(x.text))).toBe(true);
    await until(() => count(page, 'Video Status', (x) => x.text === 'complete'), (n) => n === 47);

    // A recipient link opens the simulator's video page.
    const first = (await column(page, 'Page URL'))[0]!;
    const res = await fetch(first.href!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('this video is for you');
  });

  it('should save a screenshot of the finished state for the README', async () => {
    // Refresh now reads the progress at once (the sidebar's own poll is every 30 s).
    await sidebar.getByRole('button', { name: 'Refresh now' }).click();
    await sidebar.locator('[data-key="complete"] strong', { hasText: /^47$/ }).waitFor();
    // The output columns in view beside the frozen first names; the progress section in the sidebar.
    await page.locator('table.grid td[data-r="2"][data-c="8"]').click();
    await page.evaluate(() => {
      const wrap = document.getElementById('grid-wrap')!;
      const leadId = document.querySelector<HTMLElement>('table.grid td[data-r="1"][data-c="8"]')!;
      const frozen = document.querySelector<HTMLElement>('table.grid td[data-r="1"][data-c="2"]')!;
      wrap.scrollLeft = leadId.offsetLeft - frozen.offsetLeft;
    });
    await sidebar.locator('#progress').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    expect(pageErrors).toEqual([]);
  });

  it('should hide the rows the filter leaves out, and show them again on Clear', async () => {
    await page.getByLabel('Filter column').selectOption({ label: 'Company' });
    await page.getByLabel('Filter text').fill('copperleaf');
    await page.getByLabel('Filter text').press('Enter');
    await page.getByText('45 rows hidden').waitFor();
    expect(await page.locator('table.grid tbody th.rowhead').evaluateAll((ths) => ths.map((t) => t.textContent).slice(0, 6)))
      .toEqual(['1', '4', '14', '24', '34', '44']);
    await page.getByRole('button', { name: 'Clear' }).click();
    await until(() => page.locator('table.grid th.rowhead[data-r="3"]').count(), (n) => n === 1);
  });

  it('should edit a cell on double-click, typing and Enter, in the stand-in spreadsheet', async () => {
    await page.locator('#grid-wrap').evaluate((w) => { w.scrollLeft = 0; });
    await page.locator('table.grid td[data-r="3"][data-c="2"]').dblclick();
    await page.getByLabel('Cell value').fill('Brookes');
    await page.getByLabel('Cell value').press('Enter');
    await until(() => pg.session.gas.spreadsheet.getSheetByName('Leads')!.getRange('B3').getValue(), (v) => v === 'Brookes');
    await page.locator('table.grid td[data-r="3"][data-c="2"]', { hasText: 'Brookes' }).waitFor();
  });

  it('should switch tabs, and the sidebar should follow to the tab without a campaign', async () => {
    await page.getByRole('button', { name: 'Follow-ups' }).click();
    await page.locator('table.grid td[data-r="2"][data-c="1"]', { hasText: 'Iris' }).waitFor();
    await sidebar.getByText('No campaign on tab Follow-ups yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Leads' }).click();
    await sidebar.getByText('Bound to tab Leads: Playground test').waitFor();
  });

  it('should run a menu item and show the toast it raises', async () => {
    await page.getByRole('button', { name: 'Extensions ▾' }).click();
    await page.getByRole('menuitem', { name: 'Refresh video status now' }).click();
    await page.locator('#toast', { hasText: 'Video status' }).waitFor();
  });

  it('should switch a simulator fault from the header', async () => {
    const apiOff = page.getByLabel('API off');
    await apiOff.check();
    await until(async () => (await pg.session.sim.control({ action: 'state' })).config.faults.apiOff as boolean, (on) => on);
    await apiOff.uncheck();
    await until(async () => (await pg.session.sim.control({ action: 'state' })).config.faults.apiOff as boolean, (on) => !on);
    expect(pageErrors).toEqual([]);
  });
});
