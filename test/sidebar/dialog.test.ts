// The in-page confirmation: keyboard only, focus kept inside, Escape closes, focus returns.
import { type Sidebar, useSidebars } from './harness';
import { ok, progress, readyReplies } from './fixtures';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const focusedText = () => sb!.page.evaluate(() => document.activeElement?.textContent ?? '');

describe('confirm dialog', () => {
  it('should open on Enter, keep Tab inside, close on Escape and give focus back', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: progress(), stopCampaign: ok({ stopped: 1, stillRendering: 0, status: 'stopped' }) },
    });
    const stop = sb.page.locator('#progress').getByRole('button', { name: 'Stop', exact: true });
    await stop.focus();
    await sb.page.keyboard.press('Enter');
    const dialog = sb.page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await focusedText()).toBe('Cancel');
    await sb.page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Stop campaign');
    await sb.page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Cancel');
    await sb.page.keyboard.press('Shift+Tab');
    expect(await focusedText()).toBe('Stop campaign');
    await sb.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText()).toBe('Stop');
    expect(await sb.calls('stopCampaign')).toHaveLength(0);
  });

  it('should confirm with Space on the confirm button', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: progress(), stopCampaign: ok({ stopped: 1, stillRendering: 0, status: 'stopped' }) },
    });
    await sb.page.locator('#progress').getByRole('button', { name: 'Stop', exact: true }).click();
    await sb.page.getByRole('alertdialog').waitFor();
    await sb.page.keyboard.press('Tab');
    await sb.page.keyboard.press('Space');
    await sb.waitForCalls('stopCampaign');
    await sb.page.locator('#progress').getByText('Stopped: 1 video cancelled and refunded.').waitFor();
  });

  it('should label itself by its title and describe itself by its question', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: progress() } });
    await sb.page.locator('#progress').getByRole('button', { name: 'Stop', exact: true }).click();
    const dialog = sb.page.getByRole('alertdialog', { name: 'Stop the campaign' });
    await dialog.waitFor();
    const describedBy = await dialog.getAttribute('aria-describedby');
    expect(await sb.page.locator(`#${describedBy}`).textContent()).toMatch(/^Stop this campaign\?/);
  });
});
