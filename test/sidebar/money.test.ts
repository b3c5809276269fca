// Money section: the estimate before spending, Generate blocked when unaffordable, confirmations
// naming the credits, one charge per click, and Stop.
import { openCard, type Sidebar, thrown, useSidebars } from './harness';
import { CAMPAIGNS, context, fail, ok, progress, readyReplies, state } from './fixtures';
import { spendBlock } from '../../sidebar/money';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const section = () => sb!.page.locator('#money');
// Stop sits in Progress, beside what it stops, and says there what it did; that card may be folded while Stop is off.
const stopCard = () => sb!.page.locator('#progress');
const button = (name: string) =>
  name === 'Stop' ? stopCard().getByRole('button', { name, exact: true, includeHidden: true }) : section().getByRole('button', { name, exact: true });
const dialog = () => sb!.page.getByRole('alertdialog');
const affordable = ok({ leads: 15, low: 30, high: 45, balance: 120, affordable: true });
const short = ok({ leads: 10, low: 20, high: 30, balance: 12, affordable: false });
const autoOn = { on: true, intervalMinutes: 5 };

/** Opens the sidebar and counts native dialogs (window.confirm/alert), which must never appear. */
async function open(extra: Record<string, unknown>, delays?: Record<string, number>) {
  sb = await sidebars.open({ replies: { ...readyReplies(), ...extra }, ...(delays ? { delays } : {}) });
  const native = { count: 0 };
  sb.page.on('dialog', (d) => {
    native.count += 1;
    void d.dismiss();
  });
  // The card folds when nothing waits and nothing can be stopped: opened as a person would.
  await openCard(sb.page, 'money');
  return native;
}

describe('money section', () => {
  it('should show people, the credit range and the balance from the estimate', async () => {
    await open({ getEstimate: affordable });
    await button('Check estimate').click();
    const figures = section().locator('dl.figures');
    await figures.waitFor();
    expect(await figures.locator('dt').allTextContents()).toEqual(['People', 'Cost', 'Balance', 'Balance after']);
    expect(await figures.locator('dd').allTextContents()).toEqual(['15', '30–45 credits', '120 credits', '75 credits']);
    // The range is explained: the lookup surcharge makes the difference.
    await section().getByText('Up to 15 credits is the lookup surcharge, once per company website not yet looked up.', { exact: false }).waitFor();
    // Enabled again once the call and the progress read after it are over.
    await section().locator('button.btn-primary:enabled', { hasText: 'Generate videos' }).waitFor();
  });

  it('should disable Generate with the reason in text when the balance does not cover it', async () => {
    await open({ getEstimate: short });
    await button('Check estimate').click();
    await section().getByText('Your balance of 12 credits is less than 30 credits. Top up or send fewer people.').waitFor();
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
    // It carries the campaign that was shown and the high figure that was confirmed.
    expect((await sb!.calls('startGenerate')).map((c) => c.args)).toEqual([[{ campaignId: 'cmp_1', high: 45 }]]);
    // Auto-refresh was switched on by the server and the sidebar says so.
    await sb!.page.locator('#progress .switch-state').getByText('every 5 minutes').waitFor();
    expect(native.count).toBe(0);
  });

  it('should say before charging that the estimate includes people no row of the tab names any more', async () => {
    await open({ getEstimate: ok({ leads: 15, low: 30, high: 45, balance: 120, affordable: true, orphans: 3 }) });
    await button('Generate videos').click();
    await dialog().waitFor();
    expect(await dialog().locator('p').textContent()).toBe(
      'Generate videos for 15 people? This charges up to 45 credits. This includes 3 people no longer in this tab (rows edited or deleted since); they are charged too.',
    );
    expect(await sb!.calls('startGenerate')).toHaveLength(0);
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
    await section().getByText('Your balance of 12 credits is less than 30 credits.', { exact: false }).waitFor();
    expect(await dialog().count()).toBe(0);
    expect(await sb!.calls('startGenerate')).toHaveLength(0);
  });

  it('should confirm a preview with its credits and report what it made', async () => {
    await open({ getEstimate: affordable, startPreview: ok({ made: 3, creditsCharged: 9, autoRefresh: autoOn }) });
    await button('Preview').click();
    await dialog().getByText('This charges up to 45 credits.', { exact: false }).waitFor();
    await dialog().getByRole('button', { name: 'Make preview' }).click();
    await section().getByText('Preview started for 3 videos. 9 credits charged.').waitFor();
    expect((await sb!.calls('startPreview')).map((c) => c.args)).toEqual([[{ campaignId: 'cmp_1' }]]);
    // The reply's auto-refresh is the latest word on it (in the Progress card, opened: the preview's people still wait here).
    await openCard(sb!.page, 'progress');
    await sb!.page.locator('#progress .switch-state').getByText('every 5 minutes').waitFor();
  });

  it('should show a charging failure inline', async () => {
    await open({ getEstimate: affordable, startGenerate: fail('insufficient_credits', 'Your balance is too low. Top up or send fewer people.') });
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await section().getByRole('alert').getByText('Your balance is too low.', { exact: false }).waitFor();
  });

  it('should ask before stopping and then show stopped and still rendering', async () => {
    await open({ getProgress: progress(), stopCampaign: ok({ stopped: 12, stillRendering: 3, status: 'stopped' }) });
    await button('Stop').click();
    await dialog().getByText('Videos already rendering finish', { exact: false }).waitFor();
    await sb!.reply('getProgress', progress({ status: 'stopped' }));
    await dialog().getByRole('button', { name: 'Stop campaign' }).click();
    await stopCard().getByText('Stopped: 12 videos cancelled and refunded.').waitFor();
    await stopCard().getByText('3 videos still rendering; they finish, charged.').waitFor();
    await sb!.page.locator('#progress .status-line').getByText('Stopped').waitFor();
    expect((await sb!.calls('stopCampaign')).map((c) => c.args)).toEqual([[{ campaignId: 'cmp_1' }]]);
  });
});

describe('money section: Stop in Progress', () => {
  it('should open Progress on Stop while everyone still waits in a generated part', async () => {
    const queued = progress({
      status: 'rendering',
      counts: { total: 12, pending: 12, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0 },
      stages: {},
      parts: { count: 1, rendering: [{ id: 'cmp_1', name: 'Q3 outreach' }] },
    });
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: queued, getEstimate: ok({ leads: 0, low: 0, high: 0, balance: 50, affordable: true }) },
    });
    const stop = stopCard().getByRole('button', { name: 'Stop', exact: true });
    await stop.and(sb.page.locator(':enabled')).waitFor();
    expect(await stop.isVisible()).toBe(true);
  });

  it('should say beside Stop, in Progress, why a read-only key cannot stop, though Cost and generate says it too', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ settings: { baseUrl: 'https://api.example.com/api/v1', keyHint: '••••0000', connected: true, canWrite: false } }),
        getProgress: progress(),
      },
    });
    await stopCard().getByText('This key is read-only', { exact: false }).waitFor();
    expect(await button('Stop').isDisabled()).toBe(true);
    // Without a key, Refresh beside it says so once.
    await sb.reply('getSidebarState', state({ settings: { baseUrl: null, keyHint: null, connected: false } }));
    await sb.reply('getActiveContext', context({ sheetId: 2, sheetName: 'Leads' }));
    const connectFirst = stopCard().locator('p.reason:not([hidden])', { hasText: 'Connect under Connection first' });
    await connectFirst.first().waitFor();
    expect(await connectFirst.count()).toBe(1);
  });

  it('should fold Cost and generate while videos render, Stop staying one click away', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: progress({ counts: { total: 12, pending: 0, rendering: 4, complete: 8, failed: 0, cancelled: 0, skipped: 0 } }),
      },
    });
    await section().locator('.card-status').getByText('Nobody waiting').waitFor();
    expect(await section().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await stopCard().getByRole('button', { name: 'Stop', exact: true }).and(sb.page.locator(':enabled')).waitFor();
  });
});

describe('spendBlock', () => {
  it('should block when nobody is waiting or the balance is short, and not otherwise', () => {
    expect(spendBlock({ leads: 0, low: 0, high: 0, balance: 100, affordable: true })).toMatch(/^Nobody is waiting/);
    expect(spendBlock({ leads: 1, low: 3, high: 3, balance: 1, affordable: false })).toBe(
      'Your balance of 1 credit is less than 3 credits. Top up or send fewer people.',
    );
    expect(spendBlock({ leads: 1, low: 3, high: 3, balance: 10, affordable: true })).toBeNull();
  });
});

describe('money section: the campaign the person saw', () => {
  it("should close the Generate confirmation as a cancel when the tab's campaign changes, and never charge", async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getActiveContext: context(),
        getEstimate: affordable,
        startGenerate: ok({ started: 15, creditsCharged: 45, autoRefresh: autoOn }),
      },
      timing: { contextPollMs: 100 },
    });
    await button('Generate videos').click();
    await dialog().waitFor();
    // The person switches to a tab bound to another campaign while the dialog is open.
    await sb.reply('getSidebarState', state({ sheet: { id: 2, name: 'Events', headers: [] }, campaign: { id: 'cmp_2', name: 'Webinar attendees' } }));
    await sb.reply('getActiveContext', context({ sheetId: 2, sheetName: 'Events' }));
    await dialog().waitFor({ state: 'detached' });
    await sb.page.getByTestId('top-campaign').getByText('Tab Events · campaign “Webinar attendees”').waitFor();
    await sb.page.waitForTimeout(200);
    expect(await sb.calls('startGenerate')).toHaveLength(0);
  });

  it('should close the Stop confirmation as soon as the poll sees another tab', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: progress(),
        getActiveContext: context(),
        stopCampaign: ok({ stopped: 1, stillRendering: 0, status: 'stopped' }),
      },
      timing: { contextPollMs: 100 },
    });
    await button('Stop').click();
    await dialog().waitFor();
    await sb.reply('getSidebarState', state({ sheet: { id: 5, name: 'Other', headers: [] }, campaign: null }));
    await sb.reply('getActiveContext', context({ sheetId: 5, sheetName: 'Other' }));
    await dialog().waitFor({ state: 'detached' });
    expect(await sb.calls('stopCampaign')).toHaveLength(0);
  });

  it('should show campaign_changed, reload the state and charge nothing', async () => {
    await open({
      getEstimate: affordable,
      startGenerate: {
        ...fail('campaign_changed', 'This tab is now bound to “Webinar attendees”; nothing was started.'),
        campaign: { id: 'cmp_2', name: 'Webinar attendees' },
      },
    });
    await sb!.reply('getSidebarState', state({ campaign: { id: 'cmp_2', name: 'Webinar attendees' } }));
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await section().getByText('This tab is now bound to “Webinar attendees”; nothing was started.').waitFor();
    await sb!.page.getByTestId('top-campaign').getByText('Tab Leads · campaign “Webinar attendees”').waitFor();
    expect(await sb!.calls('getSidebarState')).toHaveLength(2);
  });

  it('should ask again with the new figures on quote_changed and send the new high', async () => {
    const higher = { leads: 20, low: 40, high: 60, balance: 120, affordable: true };
    await open({
      getEstimate: affordable,
      startGenerate: [
        { ...fail('quote_changed', 'Someone added people: the estimate is now up to 60 credits.'), estimate: higher },
        ok({ started: 20, creditsCharged: 58, autoRefresh: autoOn }),
      ],
    });
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await dialog().getByText('Someone added people: the estimate is now up to 60 credits.').waitFor();
    expect(await dialog().textContent()).toContain('Generate videos for 20 people? This charges up to 60 credits.');
    await section().locator('dd', { hasText: '40–60 credits' }).waitFor({ state: 'attached' });
    expect(await sb!.calls('startGenerate')).toHaveLength(1);
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await section().getByText('Started 20 videos. 58 credits charged.').waitFor();
    expect((await sb!.calls('startGenerate')).map((c) => c.args[0])).toEqual([
      { campaignId: 'cmp_1', high: 45 },
      { campaignId: 'cmp_1', high: 60 },
    ]);
  });

  it('should charge nothing when the person cancels the new quote', async () => {
    await open({
      getEstimate: affordable,
      startGenerate: { ...fail('quote_changed', 'The estimate went up.'), estimate: { leads: 20, low: 40, high: 60, balance: 120, affordable: true } },
    });
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await dialog().getByText('The estimate went up.').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await sb!.calls('startGenerate')).toHaveLength(1);
  });
});

describe('money section: unknown outcomes', () => {
  const settled = progress({ status: 'rendering', counts: { total: 12, pending: 9, rendering: 3, complete: 0, failed: 0, cancelled: 0, skipped: 0 } });

  it('should say a preview may have happened when google.script.run fails, and keep the buttons off until progress is read', async () => {
    const first = readyReplies().getProgress;
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getEstimate: affordable,
        startPreview: thrown('NetworkError: Connection failure due to HTTP 0'),
        getProgress: [first, fail('network', 'The service did not answer.')],
      },
      timing: { progressPollMs: 300 },
    });
    await section().getByRole('button', { name: 'Check estimate' }).waitFor();
    await button('Preview').click();
    await dialog().getByRole('button', { name: 'Make preview' }).click();
    await section().getByText('The preview may have happened, and may have charged credits', { exact: false }).waitFor();
    await sb.waitForCalls('getProgress', 2);
    for (const name of ['Preview', 'Generate videos', 'Stop']) expect(await button(name).isDisabled()).toBe(true);
    await section().getByText('wait until the campaign is read', { exact: false }).first().waitFor();
    expect(await section().textContent()).not.toMatch(/try again/i);
    // The state is read (an older server without): the buttons come back, the message goes, and the top line says the state.
    await sb.reply('getProgress', settled);
    await section().locator('button:enabled', { hasText: 'Generate videos' }).waitFor();
    await section().getByText('The preview may have happened', { exact: false }).waitFor({ state: 'detached' });
    await sb.page.getByTestId('top-line').getByText('0 of 12 videos ready · next: wait, links fill in alone', { exact: false }).waitFor();
    expect(await sb.calls('startPreview')).toHaveLength(1);
    expect(await section().textContent()).not.toMatch(/try again/i);
  });

  it('should treat a network reply to Generate the same way and show the progress it carries', async () => {
    const carried = progress({ status: 'rendering', counts: { total: 12, pending: 0, rendering: 12, complete: 0, failed: 0, cancelled: 0, skipped: 0 } });
    await open({
      getEstimate: affordable,
      startGenerate: {
        ...fail('network', 'No answer from the service: the generate may have started and charged. The campaign’s state is shown below.'),
        progress: carried,
      },
    });
    await sb!.reply('getProgress', fail('network', 'The service did not answer.'));
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    // The state it carries is the evidence (everyone left the waiting list): it went through, and says so.
    await section().getByText('Generate went through: 12 people no longer wait', { exact: false }).waitFor();
    await sb!.page.locator('#progress .legend li[data-key=rendering]').getByText('12').waitFor();
    expect(await button('Generate videos').isDisabled()).toBe(true);
    // It happened, so Stop can cancel what has not started.
    expect(await button('Stop').isDisabled()).toBe(false);
  });

  it('should show no error for a slow reply that ends well (the server retried)', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getEstimate: affordable, startGenerate: ok({ started: 15, creditsCharged: 45, autoRefresh: autoOn }) },
      delays: { startGenerate: 1200, getEstimate: 600 },
    });
    await sb.page.evaluate(() => {
      const w = window as unknown as { __errors: string[] };
      w.__errors = [];
      new MutationObserver(() => {
        document.querySelectorAll('[role=alert], .msg-error, .msg-warn').forEach((n) => {
          if (!(n as HTMLElement).hidden && n.textContent) w.__errors.push(n.textContent);
        });
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await section().getByText('Started 15 videos. 45 credits charged.').waitFor();
    expect(await sb.page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)).toEqual([]);
  });
});

describe('money section: buttons that can do something', () => {
  const counts = (over: Record<string, number>) => ({ total: 0, pending: 0, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0, ...over });

  it('should disable Preview, Generate and Stop with reasons on a campaign with nobody in it', async () => {
    await open({ getProgress: progress({ status: 'draft', counts: counts({}), stages: {} }) });
    await section().getByText('Nobody is in this campaign yet. Add rows first.').waitFor();
    await stopCard().getByText('Nothing is rendering or about to: nothing to stop.').waitFor({ state: 'attached' });
    for (const name of ['Preview', 'Generate videos', 'Stop']) expect(await button(name).isDisabled()).toBe(true);
  });

  it('should disable Preview and Generate before any estimate when progress shows every video done', async () => {
    await open({ getProgress: progress({ status: 'delivered', counts: counts({ total: 47, complete: 47 }), stages: {} }) });
    await section().getByText('Everyone in this campaign was started: nothing left to generate.').waitFor();
    for (const name of ['Preview', 'Generate videos', 'Stop']) expect(await button(name).isDisabled()).toBe(true);
    // Nothing to check: the card says where things stand, not that an estimate is missing.
    expect(await section().locator('.card-status').textContent()).toBe('Nobody waiting');
  });

  it('should disable Generate when the estimate finds nobody waiting', async () => {
    await open({ getEstimate: ok({ leads: 0, low: 0, high: 0, balance: 50, affordable: true }) });
    await button('Check estimate').click();
    await section().getByText('Nobody is waiting for a video. Add rows first.').waitFor();
    expect(await button('Generate videos').isDisabled()).toBe(true);
    expect(await button('Preview').isDisabled()).toBe(true);
  });

  it('should disable Stop once everything has settled after a stop, and drop "still rendering" when they finished', async () => {
    const after = progress({ status: 'stopped', counts: counts({ total: 12, rendering: 5, cancelled: 7 }) });
    const finished = progress({ status: 'stopped', counts: counts({ total: 12, complete: 5, cancelled: 7 }), stages: {} });
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: progress(), stopCampaign: ok({ stopped: 7, stillRendering: 5, status: 'stopped' }) },
      timing: { progressPollMs: 400 },
      delays: { stopCampaign: 100 },
    });
    await button('Stop').click();
    await dialog().getByRole('button', { name: 'Stop campaign' }).click();
    await sb.reply('getProgress', [after, after, finished]);
    const still = stopCard().getByText('5 videos still rendering; they finish, charged.');
    await still.waitFor();
    await still.waitFor({ state: 'detached' });
    // Nothing is left to stop or generate: Cost and generate folds to its status; Stop, in Progress, says why it is off.
    await section().locator('.card-status').getByText('Nobody waiting').waitFor();
    expect(await section().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await stopCard().getByText('Nothing is rendering or about to: nothing to stop.').waitFor();
    expect(await button('Stop').isDisabled()).toBe(true);
  });

  it("should drop the estimate and read progress when a Generate was cut off by its run's end after some parts started", async () => {
    const cut =
      'Generate did not reach every part: this run’s time ran out, so the rest were not asked. 1 of 2 parts had started (500 videos, 1500 credits charged) before this one. Press Generate again for the parts still to do; nothing is sent twice.';
    await open({ getEstimate: affordable, startGenerate: fail('not_sent', cut) });
    await button('Check estimate').click();
    await section().locator('dl.figures').waitFor();
    const polls = (await sb!.calls('getProgress')).length;
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await section().getByRole('alert').getByText('Press Generate again', { exact: false }).waitFor();
    await sb!.waitForCalls('getProgress', polls + 1);
    expect(await section().locator('dl.figures').isHidden()).toBe(true);
  });

  it('should drop an old estimate when the next estimate fails', async () => {
    await open({ getEstimate: [ok({ leads: 0, low: 0, high: 0, balance: 0, affordable: true }), fail('api_off', 'The video service API is switched off.')] });
    await button('Check estimate').click();
    await section().locator('dl.figures').waitFor();
    await button('Check estimate').click();
    await section().getByRole('alert').getByText('The video service API is switched off.').waitFor();
    expect(await section().locator('dl.figures').isHidden()).toBe(true);
    expect(await section().getByText('Nobody is waiting', { exact: false }).count()).toBe(0);
    expect(await section().locator('.card-status').textContent()).not.toContain('credits');
  });

  it('should read the campaign list again after a generate', async () => {
    await open({ getEstimate: affordable, startGenerate: ok({ started: 15, creditsCharged: 45, autoRefresh: autoOn }) });
    await sb!.waitForCalls('listCampaigns');
    const before = (await sb!.calls('listCampaigns')).length;
    await sb!.reply('listCampaigns', ok({ campaigns: [{ ...CAMPAIGNS[0]!, status: 'rendering' }, CAMPAIGNS[1]!] }));
    await button('Generate videos').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await sb!.waitForCalls('listCampaigns', before + 1);
  });
});
