// The playground end to end in headless Chromium: connect, campaign, select 50 sample rows, add, estimate,
// generate; sort the rows and move the Video URL column while the timer fills the links, and every link
// still lands on its own person's row; the finished page plays its video; the header's switches work.
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { startPlayground, type Playground } from '../../../dev/playground/server';
import { SIM_KEYS, type SimState } from '../../../dev/sim/types';
import { launch } from '../../sidebar/harness';
import { addRows, allComplete, column, columnOf, connect, count, createCampaign, generate, rows, selectColumn, sortBy, until } from './tour';

jest.setTimeout(180_000);

describe('playground', () => {
  let pg: Playground;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let sidebar: FrameLocator;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // Quick renders (5 stages of 1 s, 25 at a time: two waves, about 10 s) and a fast timer, so 47 videos
    // finish in seconds while leaving time to sort and rearrange the sheet in the middle of it.
    pg = await startPlayground({ port: 0, timerEveryMs: 1000, sim: { stageMs: 1000 } });
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1400, height: 800 } });
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

  it('should show the sample leads, the simulator address, the write and read-only keys and the balance', async () => {
    await page.locator('[data-testid="balance"]', { hasText: 'credits' }).waitFor();
    expect(await page.locator('[data-testid="base-url"]').textContent()).toBe(pg.session.sim.baseUrl);
    expect(await page.locator('[data-testid="write-key"]').textContent()).toBe(SIM_KEYS.write);
    expect(await page.locator('table.grid td[data-r="2"][data-c="1"]').textContent()).toBe('Ava');
    expect(await page.locator('th.rowhead[data-r="51"]').count()).toBe(1);
    expect(await page.locator('[data-testid="read-key"]').textContent()).toBe(SIM_KEYS.readOnly);
    expect(await page.locator('.tab').allTextContents()).toEqual(['Leads', 'Follow-ups', '+']);
  });

  it('should connect the sidebar with the address and key from the header', async () => {
    await connect(sidebar, pg.session.sim.baseUrl);
  });

  it('should pick the usable template and create a campaign bound to the Leads tab', async () => {
    await createCampaign(sidebar, 'Playground test');
    await sidebar.getByText(/Created “Playground test” and bound it to tab Leads/).waitFor({ state: 'attached' });
  });

  it('should select rows 2 to 51 by row header click and shift-click, and the sidebar should count 50', async () => {
    await page.locator('th.rowhead[data-r="2"]').click();
    await page.locator('th.rowhead[data-r="51"]').click({ modifiers: ['Shift'] });
    expect(await page.locator('th.rowhead.sel-head').count()).toBe(50);
    await until(
      () => pg.session.gas.spreadsheet.getActiveRange()?.getA1Notation(),
      (a) => a === 'A2:Z51',
    );
    await sidebar.getByText('50 rows selected').waitFor();
  });

  it('should add the selected rows: 47 added and 3 invalid, with Lead IDs in the grid and no link before the videos are ready', async () => {
    await addRows(page, sidebar);
    await sidebar.getByText(/3 rows not sent/).waitFor();
    const statuses = (await column(page, 'Video Status')).map((x) => x.text);
    expect(statuses.filter((s) => s === 'invalid')).toHaveLength(3);
    expect(await count(page, 'Page URL')).toBe(0);
  });

  it('should estimate and generate, and while the timer fills the links, sort the rows and move the Video URL column', async () => {
    await generate(sidebar);

    // The README's promise: sort, rearrange, and no link lands on the wrong row.
    await sortBy(page, 'Company', 'A→Z', 'Bluepeak Analytics');
    const videoAt = await columnOf(page, 'Video URL');
    await selectColumn(page, 'Video URL');
    await page.getByRole('button', { name: '◀ Move left' }).click();
    await until(
      () => columnOf(page, 'Video URL'),
      (c) => c === videoAt - 1,
    );
    // Sort again once some links are in and others are still coming.
    const partway = await until(
      () => count(page, 'Video URL'),
      (n) => n > 0,
      60_000,
    );
    await sortBy(page, 'First name', 'Z→A', 'Zoe');
    expect(partway).toBeGreaterThan(0);

    await allComplete(page);
    const videos = await column(page, 'Video URL');
    expect(videos.every((x) => x.href === x.text && /^http:\/\/127\.0\.0\.1:\d+\/p\/[^/]+\/video$/.test(x.text))).toBe(true);
  });

  it('should have every Lead ID, Page URL and Video URL on the row of its own person', async () => {
    const sim = (await pg.session.sim.control({ action: 'state' })) as SimState;
    const leads = new Map(sim.campaigns.flatMap((c) => c.leads).map((l) => [l.id, l]));
    const withIds = (await rows(page)).filter((r) => r['Lead ID']);
    expect(withIds).toHaveLength(47);
    for (const row of withIds) {
      const lead = leads.get(row['Lead ID']!);
      expect({ id: row['Lead ID'], firstName: row['First name'], company: row.Company, page: row['Page URL'], video: row['Video URL'] }).toEqual({
        id: lead?.id,
        firstName: lead?.firstName,
        company: lead?.company,
        page: lead?.url,
        video: lead?.videoUrl,
      });
    }
    // The grid is the stand-in's sheet: the same holds there, by header.
    const sheet = pg.session.gas.spreadsheet.getSheetByName('Leads')!.values();
    const at = (name: string) => sheet[0]!.indexOf(name);
    for (const line of sheet.slice(1).filter((l) => l[at('Lead ID')])) {
      const lead = leads.get(String(line[at('Lead ID')]));
      expect([line[at('First name')], line[at('Company')], line[at('Video URL')]]).toEqual([lead?.firstName, lead?.company, lead?.videoUrl]);
    }
  });

  it("should play the sample video on a finished recipient page, with the person's name and company", async () => {
    const row = (await rows(page)).find((r) => r['Video Status'] === 'complete')!;
    const recipient = await context.newPage();
    try {
      await recipient.goto(row['Page URL']!);
      await recipient.getByRole('heading', { name: `Hi ${row['First name']}, this video is for you` }).waitFor();
      await recipient.getByText(`A personal video for ${row['First name']} at ${row.Company}`).waitFor();
      await recipient.getByText('Sample video', { exact: true }).waitFor();
      await recipient.locator('a.cta').waitFor();
      await recipient.evaluate(() => {
        const v = document.querySelector('video')!;
        v.muted = true;
        void v.play();
      });
      await recipient.waitForFunction(
        () => {
          const v = document.querySelector('video');
          return v !== null && v.readyState >= 2 && v.error === null;
        },
        undefined,
        { timeout: 15_000 },
      );
      expect(await recipient.evaluate(() => document.querySelector('video')!.duration)).toBeGreaterThan(3);
    } finally {
      await recipient.close();
    }
  });

  it('should show the finished progress in the sidebar', async () => {
    // Refresh now reads the progress at once (the sidebar's own poll is every 30 s).
    await sidebar.getByRole('button', { name: 'Refresh now', exact: true }).click();
    await sidebar.locator('[data-key="complete"] strong', { hasText: /^47$/ }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('should hide the rows the filter leaves out, and show them again on Clear', async () => {
    await page.getByLabel('Filter column').selectOption({ label: 'Company' });
    await page.getByLabel('Filter text').fill('copperleaf');
    await page.getByLabel('Filter text').press('Enter');
    await page.getByText('45 rows hidden').waitFor();
    // The header and the five Copperleaf rows, wherever the sort put them.
    expect(await page.locator('table.grid tbody th.rowhead').count()).toBe(1 + 5 + 10);
    expect((await rows(page)).map((r) => r.Company)).toEqual(Array(5).fill('Copperleaf'));
    await page.getByRole('button', { name: 'Clear' }).click();
    await until(
      () => page.locator('table.grid th.rowhead[data-r="3"]').count(),
      (n) => n === 1,
    );
  });

  it('should edit a cell on double-click, typing and Enter, in the stand-in spreadsheet', async () => {
    await page.locator('#grid-wrap').evaluate((w) => {
      w.scrollLeft = 0;
    });
    await page.locator('table.grid td[data-r="3"][data-c="2"]').dblclick();
    await page.getByLabel('Cell value').fill('Brookes');
    await page.getByLabel('Cell value').press('Enter');
    await until(
      () => pg.session.gas.spreadsheet.getSheetByName('Leads')!.getRange('B3').getValue(),
      (v) => v === 'Brookes',
    );
    await page.locator('table.grid td[data-r="3"][data-c="2"]', { hasText: 'Brookes' }).waitFor();
  });

  it('should switch tabs, and the sidebar should follow to the tab without a campaign', async () => {
    await page.getByRole('button', { name: 'Follow-ups' }).click();
    await page.locator('table.grid td[data-r="2"][data-c="1"]', { hasText: 'Iris' }).waitFor();
    await sidebar.getByTestId('top-campaign').getByText('Tab Follow-ups · no campaign').waitFor();
    await page.getByRole('button', { name: 'Leads' }).click();
    await sidebar.getByTestId('top-campaign').getByText('Tab Leads · campaign “Playground test”').waitFor();
  });

  it('should run a menu item and show the toast it raises', async () => {
    await page.getByRole('button', { name: 'Extensions ▾' }).click();
    await page.getByRole('menuitem', { name: 'Refresh video status now' }).click();
    await page.locator('#toast', { hasText: 'Video status' }).waitFor();
  });

  it("should show Check setup's report in a dialog over the page, as Sheets does, until it is closed", async () => {
    await page.getByRole('button', { name: 'Extensions ▾' }).click();
    await page.getByRole('menuitem', { name: 'Check setup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check setup' });
    await dialog.waitFor();
    await dialog.frameLocator('iframe').getByText('Timer (auto-refresh)', { exact: false }).first().waitFor();
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('should sign in as another person, whose sidebar asks for their own key, and back', async () => {
    await page.getByLabel('Sign in as another person').check();
    await page.locator('[data-testid="user"]', { hasText: 'bob@example.com' }).waitFor();
    await sidebar.getByText('No key saved yet.').waitFor({ state: 'attached' });
    await page.getByLabel('Sign in as another person').uncheck();
    await page.locator('[data-testid="user"]', { hasText: 'alice@example.com' }).waitFor();
    await sidebar.getByText(/^Key saved: /).waitFor({ state: 'attached' });
  });

  it('should switch render failures on and off from the header', async () => {
    const failures = page.getByLabel('Render failures');
    await failures.check();
    await until(
      async () => ((await pg.session.sim.control({ action: 'state' })) as SimState).config.failRate,
      (r) => r === 0.2,
    );
    await failures.uncheck();
    await until(
      async () => ((await pg.session.sim.control({ action: 'state' })) as SimState).config.failRate,
      (r) => r === 0,
    );
  });

  it('should delete the rows a person selects, and add a tab the sidebar follows to', async () => {
    await page.getByRole('button', { name: 'Follow-ups' }).click();
    await page.locator('table.grid td[data-r="2"][data-c="1"]', { hasText: 'Iris' }).waitFor();
    await page.locator('th.rowhead[data-r="2"]').click();
    await page.getByRole('button', { name: 'Delete rows' }).click();
    await page.locator('table.grid td[data-r="2"][data-c="1"]', { hasText: 'Jonas' }).waitFor();
    await page.getByRole('button', { name: 'Add a tab' }).click();
    const added = page.getByRole('button', { name: /^Sheet\d+$/, pressed: true });
    await added.waitFor();
    await sidebar
      .getByTestId('top-campaign')
      .getByText(`Tab ${await added.textContent()} · no campaign`)
      .waitFor();
    await page.getByRole('button', { name: 'Leads' }).click();
  });

  it('should switch a simulator fault from the header', async () => {
    const apiOff = page.getByLabel('API off');
    await apiOff.check();
    await until(
      async () => (await pg.session.sim.control({ action: 'state' })).config.faults.apiOff as boolean,
      (on) => on,
    );
    await apiOff.uncheck();
    await until(
      async () => (await pg.session.sim.control({ action: 'state' })).config.faults.apiOff as boolean,
      (on) => !on,
    );
    expect(pageErrors).toEqual([]);
  });
});
