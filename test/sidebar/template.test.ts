// Template section: usable recordings selectable, blocked ones disabled with their reason as text.
import { type Sidebar, useSidebars } from './harness';
import { fail, ok, readyReplies, state, TEMPLATES } from './fixtures';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const section = () => sb!.page.locator('#template');
const noCampaign = () => ({ ...readyReplies(), getSidebarState: state({ campaign: null }) });

describe('template section', () => {
  it('should offer usable templates and show unusable ones disabled with their reason', async () => {
    sb = await sidebars.open({ replies: noCampaign() });
    await section().getByText('Founder intro').waitFor();
    const blocked = section().getByRole('radio', { name: 'Demo walkthrough' });
    expect(await blocked.isDisabled()).toBe(true);
    expect(await section().getByRole('radio', { name: 'Founder intro' }).isDisabled()).toBe(false);
    await section().getByText('The voice is still being prepared.').waitFor();
    // The reason is tied to the radio for screen readers.
    const describedBy = await blocked.getAttribute('aria-describedby');
    expect(await sb.page.locator(`#${describedBy}`).textContent()).toBe('The voice is still being prepared.');
    expect(await sb.calls('listTemplates')).toHaveLength(1);
  });

  it('should select a template with the keyboard and show it in the heading', async () => {
    sb = await sidebars.open({ replies: noCampaign() });
    const first = section().getByRole('radio', { name: 'Founder intro' });
    await first.waitFor();
    await first.focus();
    await sb.page.keyboard.press('Space');
    await section().locator('.card-status', { hasText: 'Founder intro' }).waitFor();
    // Arrow keys skip the disabled one.
    await sb.page.keyboard.press('ArrowDown');
    await section().locator('.card-status', { hasText: 'Conference follow-up' }).waitFor();
    expect(await section().getByRole('radio', { name: 'Conference follow-up' }).isChecked()).toBe(true);
  });

  it('should pick the only usable template by itself and fold to its name, the others a click away', async () => {
    sb = await sidebars.open({ replies: { ...noCampaign(), listTemplates: ok({ templates: TEMPLATES.slice(0, 2) }) } });
    await section().locator('.card-status', { hasText: 'Founder intro' }).waitFor();
    // Nothing to choose: the card folds, so Campaign (the next step) is what stands open.
    await section().locator('.choices').waitFor({ state: 'hidden' });
    expect(await section().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await section().locator('summary').click();
    expect(await section().getByRole('radio', { name: 'Founder intro' }).isChecked()).toBe(true);
    await section().getByText('The voice is still being prepared.').waitFor();
  });

  it('should stay open on a choice of two usable templates, the one picked shown in the heading', async () => {
    sb = await sidebars.open({ replies: noCampaign() });
    await section().getByRole('radio', { name: 'Founder intro' }).check();
    await section().locator('.card-status', { hasText: 'Founder intro' }).waitFor();
    await sb.page.waitForTimeout(200);
    expect(await section().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  });

  it('should show a template name with markup as text and run nothing', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    sb = await sidebars.open({ replies: { ...noCampaign(), listTemplates: ok({ templates: [{ ...TEMPLATES[0]!, name: evil }, TEMPLATES[2]!] }) } });
    let dialogs = 0;
    sb.page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await section().getByText(evil, { exact: true }).waitFor();
    await sb.page.waitForTimeout(200);
    expect(await sb.page.locator('img').count()).toBe(0);
    expect(dialogs).toBe(0);
  });

  it('should show a listing failure inline and reload on request', async () => {
    sb = await sidebars.open({
      replies: { ...noCampaign(), listTemplates: [fail('internal', 'The service had a problem. Try again.'), ok({ templates: TEMPLATES })] },
    });
    await section().getByRole('alert').getByText('The service had a problem. Try again.').waitFor();
    await section().getByRole('button', { name: 'Reload list' }).click();
    await section().getByText('Founder intro').waitFor();
    expect(await section().getByRole('alert').count()).toBe(0);
  });

  it('should say to connect first when not connected', async () => {
    sb = await sidebars.open({ replies: { getSidebarState: state({ settings: { baseUrl: null, keyHint: null, connected: false }, campaign: null }) } });
    await section().getByText('Connect to the service first.').waitFor();
    expect(await section().getByRole('button', { name: 'Reload list' }).isDisabled()).toBe(true);
    expect(await sb.calls('listTemplates')).toHaveLength(0);
  });
});
