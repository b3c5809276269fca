// Driving the playground page in Chromium, step by step as a person would: shared by the playground's
// browser test (which checks each step) and scripts/screenshots.ts (which photographs the result).
import type { FrameLocator, Page } from 'playwright-core';
import { SIM_KEYS } from '../../../dev/sim/types';

/** Polls `read` until `ok` holds of its value; fails with the last value seen. */
export async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 250));
    last = await read();
  }
  return last;
}

/** Display text of the grid's column under a header, rows 2.., with the link each cell holds (if any). */
export async function column(page: Page, header: string): Promise<{ row: number; text: string; href: string | null }[]> {
  return page.evaluate((name) => {
    const head = Array.from(document.querySelectorAll<HTMLElement>('table.grid td[data-r="1"]')).find((td) => td.textContent === name);
    if (!head) return [];
    const c = head.dataset.c;
    return Array.from(document.querySelectorAll<HTMLElement>(`table.grid td[data-c="${c}"]`))
      .map((td) => ({ row: Number(td.dataset.r), text: td.textContent ?? '', href: td.querySelector('a')?.getAttribute('href') ?? null }))
      .filter((x) => x.row > 1 && x.text !== '');
  }, header);
}

export const count = async (page: Page, header: string, pick: (x: { text: string }) => boolean = () => true) =>
  (await column(page, header)).filter(pick).length;

/** Every non-empty data row of the grid as header → display text, wherever the columns are now. */
export async function rows(page: Page): Promise<Record<string, string>[]> {
  return page.evaluate(() => {
    const heads = new Map<string, string>();
    document.querySelectorAll<HTMLElement>('table.grid td[data-r="1"]').forEach((td) => {
      if (td.textContent) heads.set(td.dataset.c!, td.textContent);
    });
    const byRow = new Map<string, Record<string, string>>();
    document.querySelectorAll<HTMLElement>('table.grid td.cell').forEach((td) => {
      const name = heads.get(td.dataset.c!);
      if (!name || td.dataset.r === '1') return;
      const row = byRow.get(td.dataset.r!) ?? {};
      row[name] = td.textContent ?? '';
      byRow.set(td.dataset.r!, row);
    });
    return [...byRow.values()].filter((r) => Object.values(r).some((v) => v !== ''));
  });
}

/** The 1-based column a header sits in now. */
export const columnOf = async (page: Page, header: string) =>
  Number(await page.locator('table.grid td[data-r="1"]', { hasText: new RegExp(`^${header}$`) }).getAttribute('data-c'));

/** Selects a column by clicking its letter, found by its header wherever it is now; the column tools name it. */
export async function selectColumn(page: Page, header: string): Promise<void> {
  await page.locator(`table.grid th.colhead[data-c="${await columnOf(page, header)}"]`).click();
  await page.locator('[data-testid="active-column"]', { hasText: `· ${header}` }).waitFor();
}

/** Sorts the sheet by a column from the column tools, and waits for the grid to show `first` on top. */
export async function sortBy(page: Page, header: string, order: 'A→Z' | 'Z→A', first: string): Promise<void> {
  await selectColumn(page, header);
  await page.getByRole('button', { name: `Sort ${order}` }).click();
  await until(
    async () => (await column(page, header))[0]?.text,
    (t) => t === first,
  );
}

/** Types the simulator's address and write key into the sidebar's Connection section and saves them. */
export async function connect(sidebar: FrameLocator, baseUrl: string, key: string = SIM_KEYS.write): Promise<void> {
  await sidebar.locator('input[name="baseUrl"]').fill(baseUrl);
  await sidebar.locator('input[name="apiKey"]').fill(key);
  await sidebar.getByRole('button', { name: 'Save and test' }).click();
  // The section folds once connected; its message stays in it.
  await sidebar.getByText('Connected. The key works.').waitFor({ state: 'attached' });
}

/** Creates a campaign bound to the Leads tab, on the one usable template (taken by itself: its card folds to its name). */
export async function createCampaign(sidebar: FrameLocator, name: string): Promise<void> {
  await sidebar.locator('#template .card-status').getByText('Warm intro (Sam)').waitFor();
  await sidebar.locator('input[name="campaignName"]').fill(name);
  await sidebar.getByRole('button', { name: 'Create campaign' }).click();
  await sidebar.getByTestId('top-campaign').getByText(`Tab Leads · campaign “${name}”`).waitFor();
}

/** Selects the 50 sample rows: row 2's number, then shift-click row 51's. */
export async function selectSampleRows(page: Page, sidebar: FrameLocator): Promise<void> {
  await page.locator('th.rowhead[data-r="2"]').click();
  await page.locator('th.rowhead[data-r="51"]').click({ modifiers: ['Shift'] });
  await sidebar.getByText('50 rows selected').waitFor();
}

/** Adds the selected rows (47 valid of 50) and waits for their Lead IDs in the grid (links come when the videos are ready). */
export async function addRows(page: Page, sidebar: FrameLocator): Promise<void> {
  await sidebar.getByRole('button', { name: 'Add selected rows', exact: true }).click();
  await sidebar.getByText('Added 47 people.').waitFor();
  await until(
    () => count(page, 'Lead ID'),
    (n) => n === 47,
  );
}

/** Checks the estimate, then generates the 47 videos through the confirmation. */
export async function generate(sidebar: FrameLocator): Promise<void> {
  await sidebar.getByRole('button', { name: 'Check estimate', exact: true }).click();
  await sidebar.locator('dl.figures dd', { hasText: /^47$/ }).waitFor();
  await sidebar.getByRole('button', { name: 'Generate videos', exact: true }).click();
  const dialog = sidebar.getByRole('alertdialog');
  await dialog.getByText('Generate videos for 47 people?', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await sidebar.getByText(/Started 47 videos/).waitFor();
}

/** Waits until the timer has filled every Video URL and every status says complete. */
export async function allComplete(page: Page, timeoutMs = 60_000): Promise<void> {
  await until(
    () => count(page, 'Video URL'),
    (n) => n === 47,
    timeoutMs,
  );
  await until(
    () => count(page, 'Video Status', (x) => x.text === 'complete'),
    (n) => n === 47,
    timeoutMs,
  );
}
