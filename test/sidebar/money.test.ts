// Money section: the estimate before spending, Generate blocked when unaffordable, confirmations
// naming the credits, one charge per click, and Stop.
import { type Sidebar, useSidebars } from './harness';
import { fail, ok, progress, readyReplies } from './fixtures';
import { spendBlock } from '../../sidebar/money';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const section = () => sb!.page.locator('#money');
const button = (name: string) => section().getByRole('button', { name, exact: true });
const dialog = () => sb!.page.getByRole('alertdialog');
const affordable = ok({ leads: 15, low: 30, high: 45, balance: 120, affordable: true });
const short = ok({ leads: 10, low: 20, high: 30, balance: 12, affordable: false });
const autoOn = { on: true, intervalMinutes: 5 };

/** Opens the sidebar and counts native dialogs (window.confirm/alert), which must never appear. */
async function open(extra: Record<string, unknown>, delays?: Record<string, number>) {
  sb = await sidebars.open({ replies: { ...readyReplies(), ...extra }, ...(delays ? { delays } : {}) });
  const native = { count: 0 };
  sb.page.on('dialog', (d) => { native.count += 1; void d.dismiss(); });
  await section().getByRole('button', { name: 'Check estimate' }).waitFor();
  return native;
}

describe('money section', () => {
  it('should show people, the credit range and the balance from the estimate', async () => {
    await open({ getEstimate: affordable });
    await button('Check estimate').click();
    const figures = section().locator('dl.figures');
    await figures.waitFor();
    expect(await figures.locator('dt').allTextContents()).toEqual(['People', 'Cost', 'Balance']);
    expect(await figures.locator('dd').allTextContents()).toEqual(['15', '30–45 credits', '120 credits']);
    // Enabled again once the call and the progress read after it are over.
    await section().locator('button.btn-primary:enabled', { hasText: 'Generate videos' }).waitFor();
  });

  it('should disable Generate with the reason in text when the balance does not cover it', async () => {
    await open({ getEstimate: short });
    await button('Check estimate').click();
    await section().getByText('Your balance of 12 credits does not cover up to 30 credits. Top up or send fewer people.').waitFor();
    expect(await button('Generate videos').isDisabled()).toBe(true);
    expect(await button('Preview').isDisabled()).toBe(true);
    expect(await sb!.calls('startGenerate')).toHaveLength(0);
  });

  it('should confirm in the page with the credits, then generate once', async () => {
    const native = await open({
      getEstimate: affordable,
      startGenerate: ok({ started: 15, creditsCharged: 42, autoRefresh: autoOn }),
    });
    await button('Generate videos').click();
    await dialog().waitFor();
    expect(await dialog().locator('p').textContent()).toBe('Generate videos for 15 people? This charges up to 45 credits.');
    expect(await sb!.calls('startGenerate')).toHaveLength(0);
    await sb!.reply('getProgress', progress({ counts: { total: 15, pending: 15, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0 } }));
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await section().getByText('Started 15 videos. 42 credits charged.').waitFor();
    expect(await sb!.calls('startGenerate')).toHaveLength(1);
    // Auto-refresh was switched on by the server and the sidebar says so.
    await sb!.page.locator('#progress .switch-state').getByText('every 5 minutes').waitFor();
    expect(native.count).toBe(0);
  });

  it('should call startGenerate once for a double click on Generate and on its confirm', async () => {
    await open({ getEstimate: affordable, startGenerate: ok({ started: 15, creditsCharged: 45, autoRefresh: autoOn }) }, { startGenerate: 300 });
    await button('Generate videos').dblclick();
    await dialog().waitFor();
    expect(await sb!.page.locator('dialog').count()).toBe(1);
    await dialog().getByRole('button', { name: 'Generate' }).dblclick();
    expect(await button('Generate videos').isDisabled()).toBe(true);
    await section().getByText('Started 15 videos.', { exact: false }).waitFor();
    expect(await sb!.calls('startGenerate')).toHaveLength(1);
    expect(await sb!.calls('getEstimate')).toHaveLength(1);
    // Enabled again once the call and the progress read after it are over.
    await section().locator('button.btn-primary:enabled', { hasText: 'Generate videos' }).waitFor();
  });

  it('should spend nothing when the confirmation is cancelled or escaped', async () => {
    await open({ getEstimate: affordable, startGenerate: ok({ started: 15, creditsCharged: 45, autoRefresh: autoOn }) });
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await button('Generate videos').click();
    await dialog().waitFor();
    await sb!.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await sb!.calls('startGenerate')).toHaveLength(0);
  });

  it('should re-check the estimate on Generate and stop without asking when it no longer fits', async () => {
    await open({ getEstimate: [affordable, short] });
    await button('Check estimate').click();
    await section().locator('dd', { hasText: '120 credits' }).waitFor();
    await button('Generate videos').click();
    await section().getByText('Your balance of 12 credits does not cover up to 30 credits.', { exact: false }).waitFor();
    expect(await dialog().count()).toBe(0);
    expect(await sb!.calls('startGenerate')).toHaveLength(0);
  });

  it('should confirm a preview with its credits and report what it made', async () => {
    await open({ getEstimate: affordable, startPreview: ok({ made: 3, creditsCharged: 9, autoRefresh: autoOn }) });
    await button('Preview').click();
    await dialog().getByText('This charges credits for each video made, up to 45 credits.', { exact: false }).waitFor();
    await dialog().getByRole('button', { name: 'Make preview' }).click();
    await section().getByText('Preview started for 3 videos. 9 credits charged.').waitFor();
    expect(await sb!.calls('startPreview')).toHaveLength(1);
  });

  it('should show a charging failure inline', async () => {
    await open({ getEstimate: affordable, startGenerate: fail('insufficient_credits', 'Your balance is too low. Top up or send fewer people.') });
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await section().getByRole('alert').getByText('Your balance is too low.', { exact: false }).waitFor();
  });

  it('should ask before stopping and then show stopped and still rendering', async () => {
    await open({ stopCampaign: ok({ stopped: 12, stillRendering: 3, status: 'stopped' }) });
    await button('Stop').click();
    await dialog().getByText('Videos already rendering still finish', { exact: false }).waitFor();
    await sb!.reply('getProgress', progress({ status: 'stopped' }));
    await dialog().getByRole('button', { name: 'Stop campaign' }).click();
    await section().getByText('Stopped: 12 videos cancelled and refunded.').waitFor();
    await section().getByText('3 videos still rendering; they finish and stay charged.').waitFor();
    await sb!.page.locator('#progress .status-line').getByText('Stopped').waitFor();
  });
});

describe('spendBlock', () => {
  it('should block when nobody is waiting or the balance is short, and not otherwise', () => {
    expect(spendBlock({ leads: 0, low: 0, high: 0, balance: 100, affordable: true })).toMatch(/^Nobody is waiting/);
    expect(spendBlock({ leads: 1, low: 3, high: 3, balance: 1, affordable: false })).toBe('Your balance of 1 credit does not cover up to 3 credits. Top up or send fewer people.');
    expect(spendBlock({ leads: 1, low: 3, high: 3, balance: 10, affordable: true })).toBeNull();
  });
});
