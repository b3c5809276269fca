// Columns section: detected columns, overrides, sample values, flags before sending, fallbacks, Save.
import { type Sidebar, useSidebars } from './harness';
import { HEADERS, ok, readyReplies, sidebarState, state } from './fixtures';
import type { SidebarState } from '../../src/server/contract';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const section = () => sb!.page.locator('#columns');
const row = (label: string) => section().locator('.map-row', { has: sb!.page.getByLabel(label, { exact: true }) });
const open = (over: Partial<SidebarState> = {}, timing?: { statePollMs: number }) =>
  sidebars.open({ replies: { ...readyReplies(), getSidebarState: state(over) }, ...(timing ? { timing } : {}) });

describe('columns section', () => {
  it('should list every person field with its detected column and the sample value', async () => {
    sb = await open();
    await row('First name').getByText('Sample: Ada').waitFor();
    const labels = await section().locator('.map-row > label').allTextContents();
    expect(labels).toEqual(['First name', 'Company', 'Email', 'Website', 'Role', 'Profile URL', 'Hook', 'CTA label', 'CTA URL', 'Headline']);
    expect(await row('Role').locator('.map-source').textContent()).toBe('Detected: Job title');
    expect(await row('CTA URL').locator('.map-source').textContent()).toBe('No column found');
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

  it('should flag values over their limit and a missing first name before sending', async () => {
    sb = await open({ sample: { firstName: '', company: 'c'.repeat(121), hook: 'h'.repeat(230), ctaLabel: 'b'.repeat(40), headline: 'x'.repeat(161) } });
    await row('Hook').getByText('Too long: 230 of 200 characters', { exact: false }).waitFor();
    await row('Company').getByText('Too long: 121 of 120 characters', { exact: false }).waitFor();
    await row('Headline').getByText('Too long: 161 of 160 characters', { exact: false }).waitFor();
    await row('First name').getByText('Required', { exact: false }).waitFor();
    expect(await row('CTA label').locator('.flag').isHidden()).toBe(true);
    expect(await section().locator('.card-status').textContent()).toBe('4 to fix');
    // A fallback for the first name settles the requirement at once.
    await row('First name').getByLabel('If empty').fill('there');
    await row('First name').locator('.flag').waitFor({ state: 'hidden' });
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
    await row('CTA label').getByLabel('If empty').fill('Book a call');
    await row('Company').getByLabel('If empty').fill('');
    await sb.reply('getSidebarState', state({ mapping: saved, overrides: ['headline'], fallbacks, sample: { firstName: 'Ada', headline: 'Hello from Notes' } }));
    await section().getByRole('button', { name: 'Save columns' }).click();
    await section().getByText('Columns saved for this tab.').waitFor();
    const [call] = await sb.calls('saveColumnMapping');
    const args = call!.args[0] as { mapping: Record<string, string | null>; fallbacks: Record<string, string> };
    expect(args.mapping).toEqual({ firstName: null, company: null, email: null, website: null, role: null, profileUrl: null, hook: null, ctaLabel: null, ctaUrl: null, headline: 'Notes' });
    expect(args.fallbacks).toMatchObject({ company: '', ctaLabel: 'Book a call', firstName: '' });
    await row('Headline').getByText('Chosen: Notes').waitFor();
    // The sample follows the saved mapping, so it is read again.
    await row('Headline').getByText('Sample: Hello from Notes').waitFor();
    expect(await row('Company').getByLabel('If empty').inputValue()).toBe('');
  });

  it('should keep an unsaved choice through polls while updating the sample', async () => {
    sb = await open({}, { statePollMs: 50 });
    await row('First name').getByText('Sample: Ada').waitFor();
    await section().getByLabel('Headline', { exact: true }).selectOption('Notes');
    await section().getByLabel('Headline', { exact: true }).blur();
    await sb.reply('getSidebarState', state({ sample: { firstName: 'Grace', company: 'Navy' } }));
    await row('First name').getByText('Sample: Grace').waitFor();
    expect(await section().getByLabel('Headline', { exact: true }).inputValue()).toBe('Notes');
  });

  it('should show the new tab\'s headers and mapping after a tab switch', async () => {
    sb = await open({}, { statePollMs: 50 });
    await row('First name').getByText('Sample: Ada').waitFor();
    await section().getByLabel('Headline', { exact: true }).selectOption('Notes');
    await sb.reply('getSidebarState', state({
      sheet: { id: 2, name: 'Events', headers: ['Given name', 'Org'] },
      mapping: { ...sidebarState().mapping, firstName: 'Given name', company: 'Org', email: null, website: null, role: null, profileUrl: null, hook: null },
      sample: null,
    }));
    await row('First name').getByText('Detected: Given name').waitFor();
    expect(await section().getByLabel('Headline', { exact: true }).locator('option').allTextContents()).toEqual(['Detect automatically', 'Given name', 'Org']);
    expect(await section().getByLabel('Headline', { exact: true }).inputValue()).toBe('');
    await section().getByText('Select a row in the sheet to see its values here.').waitFor();
  });
});
