// Columns section: detected columns, overrides, sample values, flags before sending, fallbacks, Save, and the columns
// a tab leaves unused.
import { type Sidebar, useSidebars } from './harness';
import { context, HEADERS, ok, readyReplies, sidebarState, state } from './fixtures';
import type { SidebarState } from '../../src/server/contract';

const sidebars = useSidebars();

let sb: Sidebar | null = null;

const section = () => sb!.page.locator('#columns');

const row = (label: string) => section().locator('.map-row', { has: sb!.page.getByLabel(label, { exact: true }) });

/** Opens the sidebar, then the Columns card (folded once set up), as a person would. */
const open = async (over: Partial<SidebarState> = {}, extra: Record<string, unknown> = {}) => {
  const opened = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state(over), ...extra }, timing: { contextPollMs: 50 } });
  await opened.page.locator('#columns .map-row').first().waitFor({ state: 'attached' });
  await opened.page.evaluate(() => {
    (document.getElementById('columns') as HTMLDetailsElement).open = true;
  });
  return opened;
};

const button = (name: string) => sb!.page.getByRole('button', { name, exact: true, includeHidden: true });

const send = () => sb!.page.locator('#send');

const estimate = ok({ leads: 5, low: 10, high: 15, balance: 100, affordable: true });

describe('columns section', () => {
  it('should list every person field with its detected column and the sample value', async () => {
    sb = await open();
    await row('First name').getByText('Sample: Ada').waitFor();
    const labels = await section().locator('.map-row > label').allTextContents();
    expect(labels).toEqual(['First name', 'Company', 'Email', 'Website', 'Role', 'Profile link', 'Hook', 'Button text', 'Button link', 'Headline']);
    expect(await row('Role').locator('.map-source').textContent()).toBe('Detected: Job title');
    expect(await row('Button link').locator('.map-source').textContent()).toBe('No column found');
    expect(await row('Company').locator('.map-sample').textContent()).toBe('Sample: Analytical Engines');
    const options = await section().getByLabel('Headline', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(['Detect automatically', ...HEADERS]);
    expect(await section().getByLabel('Headline', { exact: true }).inputValue()).toBe('');
    expect(await row('Company').getByLabel('If empty').inputValue()).toBe('your team');
  });

  it('should show a chosen column as chosen, selected in its dropdown', async () => {
    sb = await open({ overrides: ['headline'], mapping: { ...sidebarState().mapping, headline: 'Notes' } });
    await row('Headline').getByText('Chosen: Notes').waitFor();
    expect(await section().getByLabel('Headline', { exact: true }).inputValue()).toBe('Notes');
  });

  it("should flag values over their limit and a missing first name before sending, in the server's words, as the row's", async () => {
    sb = await open({
      sampleRow: 8,
      sample: { firstName: '', company: 'c'.repeat(121), hook: 'h'.repeat(230), ctaLabel: 'b'.repeat(40), headline: 'x'.repeat(161) },
    });
    await row('Hook').getByText('Hook is 230 characters; the limit is 200.').waitFor();
    await row('Company').getByText('Company is 121 characters; the limit is 120.').waitFor();
    await row('Headline').getByText('Headline is 161 characters; the limit is 160.').waitFor();
    await row('First name').getByText('First name is empty', { exact: false }).waitFor();
    expect(await row('Button text').locator('.flag').isHidden()).toBe(true);
    // Every column is found: what is left to fix is the row's, and the status names the row.
    expect(await section().locator('.card-status').textContent()).toBe('Row 8: 4 to fix');
    // A fallback for the first name settles the requirement at once.
    await row('First name').getByLabel('If empty').fill('there');
    await row('First name').locator('.flag').waitFor({ state: 'hidden' });
  });

  it("should say which column the tab's people were sent from is gone, and how many people the document has sent", async () => {
    sb = await open({ missingColumns: [{ field: 'company', header: 'Company' }], sentPeople: 1234 });
    await section().getByText('Not found: “Company”. Sent rows keep their people.').waitFor();
    await section().getByText('This document has sent 1234 people.', { exact: false }).waitFor();
  });

  it('should flag a first name with no column at all', async () => {
    sb = await open({ mapping: { ...sidebarState().mapping, firstName: null }, sample: null });
    await row('First name').getByText('Required: no first-name column', { exact: false }).waitFor();
  });

  it('should save overrides, automatic detection and fallbacks', async () => {
    const saved = { ...sidebarState().mapping, headline: 'Notes', email: null };
    sb = await open();
    const fallbacks = { ctaLabel: 'Book a call' };
    await sb.reply('saveColumnMapping', ok({ mapping: saved, overrides: ['headline'], fallbacks }));
    await row('First name').getByText('Sample: Ada').waitFor();
    await section().getByLabel('Headline', { exact: true }).selectOption('Notes');
    await row('Headline').getByText('Unsaved choice').waitFor();
    await row('Button text').getByLabel('If empty').fill('Book a call');
    await row('Company').getByLabel('If empty').fill('');
    await sb.reply(
      'getSidebarState',
      state({ mapping: saved, overrides: ['headline'], fallbacks, sample: { firstName: 'Ada', headline: 'Hello from Notes' } }),
    );
    await section().getByRole('button', { name: 'Save columns' }).click();
    await section().getByText('Columns saved for this tab.').waitFor();
    const [call] = await sb.calls('saveColumnMapping');
    const args = call!.args[0] as { mapping: Record<string, string | null>; fallbacks: Record<string, string> };
    expect(args.mapping).toEqual({
      firstName: null,
      company: null,
      email: null,
      website: null,
      role: null,
      profileUrl: null,
      hook: null,
      ctaLabel: null,
      ctaUrl: null,
      headline: 'Notes',
    });
    expect(args.fallbacks).toMatchObject({ company: '', ctaLabel: 'Book a call', firstName: '' });
    await row('Headline').getByText('Chosen: Notes').waitFor();
    // The sample follows the saved mapping, so it is read again.
    await row('Headline').getByText('Sample: Hello from Notes').waitFor();
    expect(await row('Company').getByLabel('If empty').inputValue()).toBe('');
  });

  it('should keep an unsaved choice through polls while updating the sample from the selection', async () => {
    sb = await open({}, { getActiveContext: context() });
    await row('First name').getByText('Sample: Ada').waitFor();
    await section().getByLabel('Headline', { exact: true }).selectOption('Notes');
    await section().getByLabel('Headline', { exact: true }).blur();
    await sb.reply('getActiveContext', context({ sampleRow: { row: 5, cells: ['Grace', 'Navy'] } }));
    await row('First name').getByText('Sample: Grace').waitFor();
    expect(await section().getByLabel('Headline', { exact: true }).inputValue()).toBe('Notes');
    // The sample comes from the cheap poll: the state is read once, at load.
    expect(await sb.calls('getSidebarState')).toHaveLength(1);
  });

  it("should take the first word of a full-name column as the sample's first name, as the server reads it", async () => {
    const headers = ['Full name', 'Company'];
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({
          sheet: { ...sidebarState().sheet, headers },
          mapping: { ...sidebarState().mapping, firstName: 'Full name', company: 'Company' },
          firstNameFromFullName: true,
        }),
        getActiveContext: context({ sampleRow: { row: 3, cells: ['Grace Hopper', 'Navy'] } }),
      },
    });
    // The card is folded (every field has its column): the sample is there, not shown until opened.
    await row('First name').getByText('Sample: Grace', { exact: true }).waitFor({ state: 'attached' });
  });

  it("should show the selected row's values within a second, read with a chosen column", async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ overrides: ['headline'], mapping: { ...sidebarState().mapping, headline: 'Notes' } }),
        getActiveContext: context({ sampleRow: null, selection: { rows: 0 } }),
      },
    });
    await section().locator('summary').click();
    await section().getByText('Select a row in the sheet to see its values.').waitFor();
    await sb.reply('getActiveContext', context({ sampleRow: { row: 7, cells: ['Lin', 'Acme', '', '', '', '', '', 'Hello Lin'] } }));
    await row('Headline').getByText('Sample: Hello Lin').waitFor({ timeout: 1500 });
    await row('First name').getByText('Sample: Lin').waitFor();
  });

  it('should not flag a selected row that already has a Lead ID (the poll skips it)', async () => {
    // The state's sample is a sent row with an empty first name; the poll finds nothing left to send.
    sb = await open({ sample: { firstName: '' } }, { getActiveContext: context({ sampleRow: null, selection: { rows: 1 } }) });
    await sb.waitForCalls('getActiveContext');
    await section().getByText('Select a row in the sheet to see its values.').waitFor();
    expect(await row('First name').locator('.flag').isHidden()).toBe(true);
    expect(await sb.page.locator('#send .flag').isHidden()).toBe(true);
  });

  it("should not offer the add-on's output columns as inputs", async () => {
    const headers = [...HEADERS, 'Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note'];
    sb = await open({ sheet: { id: 1, name: 'Leads', headers } });
    await row('First name').getByText('Detected: First name').waitFor();
    const options = await section().getByLabel('Website', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(['Detect automatically', ...HEADERS]);
  });

  it('should show a long detected header whole, wrapping instead of cutting it off', async () => {
    const long = 'Company name as registered with the chamber of commerce';
    sb = await open({ sheet: { id: 1, name: 'Leads', headers: ['First name', long] }, mapping: { ...sidebarState().mapping, company: long } });
    const source = row('Company').locator('.map-source');
    await source.getByText(`Detected: ${long}`).waitFor();
    const fits = await source.evaluate((e) => e.scrollWidth <= e.clientWidth && getComputedStyle(e).textOverflow !== 'ellipsis');
    expect(fits).toBe(true);
  });

  it("should show the new tab's headers and mapping after a tab switch", async () => {
    sb = await open({}, { getActiveContext: context() });
    await row('First name').getByText('Sample: Ada').waitFor();
    await section().getByLabel('Headline', { exact: true }).selectOption('Notes');
    await sb.reply(
      'getSidebarState',
      state({
        sheet: { id: 2, name: 'Events', headers: ['Given name', 'Org'] },
        mapping: { ...sidebarState().mapping, firstName: 'Given name', company: 'Org', email: null, website: null, role: null, profileUrl: null, hook: null },
        sample: null,
      }),
    );
    await sb.reply('getActiveContext', context({ sheetId: 2, sheetName: 'Events', sampleRow: null, selection: { rows: 0 } }));
    await row('First name').getByText('Detected: Given name').waitFor();
    expect(await section().getByLabel('Headline', { exact: true }).locator('option').allTextContents()).toEqual(['Detect automatically', 'Given name', 'Org']);
    expect(await section().getByLabel('Headline', { exact: true }).inputValue()).toBe('');
    await section().getByText('Select a row in the sheet to see its values.').waitFor();
  });
});

describe('columns: what a tab leaves out', () => {
  const gaps: SidebarState['gaps'] = {
    unsent: { rows: 10, empty: { hook: 6 } },
    waiting: { rows: 5, empty: { hook: 2, ctaUrl: 1 } },
  };

  it('should name the unused columns and count the empty personal lines before Add and in the Generate confirmation', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: ok({ ...sidebarState(), gaps, unusedColumns: ['Favourite colour', 'Notes'] }),
        getActiveContext: context(),
        getEstimate: estimate,
      },
    });
    await send().getByText('Not used by any field: Favourite colour, Notes. Map what the video needs under Columns.').waitFor();
    await send().getByText('6 people have no personal line.').waitFor();
    // The folded Columns card does not read as done while columns go unused.
    await sb.page.locator('#columns .card-status.card-status-warn').getByText('7 of 10 found · 2 unused').waitFor();
    await button('Generate videos').click();
    const dialog = sb.page.getByRole('alertdialog');
    await dialog.getByText('Not used by any field: Favourite colour, Notes.', { exact: false }).waitFor();
    await dialog.getByText('2 people have no personal line.').waitFor();
    await dialog.getByText('1 person has no button link.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await sb.calls('startGenerate')).toHaveLength(0);
  });

  it('should say before Add, and only there, which first names a video would say oddly', async () => {
    const odd = '1 first name would be said as written, so check before Add: “jon smith” (lower case).';
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: ok({ ...sidebarState(), gaps: { ...gaps, unsent: { ...gaps.unsent, odd } } }),
        getActiveContext: context(),
        getEstimate: estimate,
      },
    });
    await send().getByText(odd).waitFor();
    await button('Generate videos').click();
    const dialog = sb.page.getByRole('alertdialog');
    await dialog.getByText('2 people have no personal line.').waitFor();
    expect(await dialog.innerText()).not.toContain('jon smith');
  });
});
