// Progress section: counts bar and legend, stages, the stalled alert, polling while in flight, status words,
// last refresh, the auto-refresh switch, Refresh now and Export.
import { openCard, type Sidebar, useSidebars } from './harness';
import { context, fail, ok, progress, readyReplies, state, countsOf } from './fixtures';
import { activeStages, inFlight, stalledLines } from '../../sidebar/progress';
import type { ProgressInfo } from '../../src/server/contract';

const sidebars = useSidebars();

let sb: Sidebar | null = null;

const section = () => sb!.page.locator('#progress');

const counts = (over: Partial<ProgressInfo['counts']>) => countsOf(10, over);

const rendering = progress({ counts: counts({ rendering: 4, complete: 6 }) });

const done = progress({ status: 'qa_ready', counts: counts({ complete: 10 }), stages: {} });

const setHidden = (hidden: boolean) =>
  sb!.page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

const button = (name: string) => sb!.page.getByRole('button', { name, exact: true, includeHidden: true });

const money = () => sb!.page.locator('#money');

const seen = () => sb!.page.locator('#app').innerText();

describe('progress section', () => {
  it('should show the status, a stacked bar with legend numbers, and every stage in flight', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: progress({ stages: { queued: 2, tts: 0, lipsync: 3, colour_grade: 4 } }) } });
    await section().locator('.status-line').getByText('8 of 20 ready', { exact: false }).waitFor();
    // Counts a person can act on, never a status word alone.
    expect(await section().locator('.status-line').textContent()).toBe('8 of 20 ready · 6 rendering · 4 waiting for Generate · 1 failed · 1 cancelled');
    const legend = await section().locator('.legend li').allTextContents();
    expect(legend).toEqual(['Ready 8', 'Rendering 6', 'Waiting 4', 'Failed 1', 'Cancelled 1']);
    // Only what is finished fills the bar.
    const widths = await section()
      .locator('.bar .seg')
      .evaluateAll((segs) => segs.map((s) => `${s.className}:${(s as HTMLElement).style.width}`));
    expect(widths).toEqual(['seg seg-complete:40%', 'seg seg-failed:5%', 'seg seg-cancelled:5%']);
    expect(await section().locator('.bar').getAttribute('aria-label')).toContain('8 complete, 6 rendering, 4 pending, 1 failed, 1 cancelled');
    expect(await section().locator('.stage-list li').allTextContents()).toEqual(['Queued 2', 'Lip sync 3', 'Colour grade 4']);
  });

  it('should give a line of the legend only to the kinds that hold people', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: progress({ counts: countsOf(47, { rendering: 47 }) }) } });
    await section().locator('.legend li').first().waitFor();
    expect(await section().locator('.legend li').allTextContents()).toEqual(['Rendering 47']);
    // The bar's label still names every kind, nobody in it too.
    expect(await section().locator('.bar').getAttribute('aria-label')).toContain('0 complete, 47 rendering, 0 pending, 0 failed, 0 cancelled');
  });

  it('should raise the stalled alert while stalled is present and drop it after', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: [
          rendering,
          progress({
            counts: counts({ rendering: 4, complete: 6 }),
            stalled: { minutes: 12, jobs: 4, message: 'No video has moved for 12 minutes; our render queue is stuck.' },
          }),
        ],
      },
      timing: { progressPollMs: 100 },
    });
    const alert = section().getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('no video has moved for 12 minutes.');
    // The fact is said once: the service's sentence saying the same is not repeated.
    expect(text!.match(/moved for/g)).toHaveLength(1);
    expect(await section().locator('.card-status').textContent()).toBe('Stalled');
    await sb.reply('getProgress', rendering);
    await alert.waitFor({ state: 'detached' });
    expect(await section().locator('.card-status').textContent()).toBe('6 of 10 done');
  });

  it('should never say a stall has lasted 0 minutes', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: progress({ stalled: { minutes: 0, jobs: 3, message: 'No video has moved for 0 minutes; our render queue is stuck.' } }),
      },
    });
    const alert = section().getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).not.toMatch(/0 minutes/);
    expect(text).toContain('Rendering is stuck at the service: no video is moving.');
  });

  it('should poll progress while rendering and stop once nothing is in flight', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: [rendering, rendering, done] }, timing: { progressPollMs: 100 } });
    await sb.waitForCalls('getProgress', 3);
    await section().locator('.status-line').getByText('10 of 10 ready').waitFor();
    const settled = (await sb.calls('getProgress')).length;
    await sb.page.waitForTimeout(600);
    expect(await sb.calls('getProgress')).toHaveLength(settled);
  });

  it.each([
    ['everyone waits for Generate', countsOf(12, { pending: 12 }), {}, false],
    ['someone has started', countsOf(12, { pending: 4, rendering: 8 }), {}, true],
    ['a timer refreshes the tab', countsOf(12, { pending: 12 }), { autoRefresh: { on: true, intervalMinutes: 5, owner: null } }, true],
  ] as const)('should fold to its status when %s only if nothing is there to watch', async (_, counts, over, open) => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: progress({ status: 'draft', counts, stages: {} }), getSidebarState: state(over) } });
    await section().locator('.card-status').getByText('of 12 done', { exact: false }).waitFor();
    expect(await section().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(open);
  });

  it('should not poll a campaign with nothing in flight', async () => {
    sb = await sidebars.open({ replies: readyReplies(), timing: { progressPollMs: 50 } });
    await section().locator('.status-line').waitFor({ state: 'attached' });
    await sb.page.waitForTimeout(400);
    expect(await sb.calls('getProgress')).toHaveLength(1);
  });

  it('should keep polling pending people after a generate until they are done', async () => {
    const pending = progress({ counts: counts({ pending: 10 }), stages: {} });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: [pending, pending, pending, done],
        getEstimate: ok({ leads: 10, low: 10, high: 20, balance: 100, affordable: true }),
        startGenerate: ok({ started: 10, creditsCharged: 20, autoRefresh: { on: true, intervalMinutes: 60 } }),
      },
      timing: { progressPollMs: 100 },
    });
    await section().locator('.status-line').waitFor({ state: 'attached' });
    await sb.page.waitForTimeout(300);
    expect(await sb.calls('getProgress')).toHaveLength(1);
    await sb.page.locator('#money').getByRole('button', { name: 'Generate videos' }).click();
    await sb.page.getByRole('alertdialog').getByRole('button', { name: 'Generate' }).click();
    await section().locator('.status-line').getByText('10 of 10 ready').waitFor();
    const settled = (await sb.calls('getProgress')).length;
    expect(settled).toBe(4);
    await sb.page.waitForTimeout(400);
    expect(await sb.calls('getProgress')).toHaveLength(settled);
    // Nothing moves: the timer switches itself off at its next run, so the state (no API) is read again and the switch follows it.
    await sb.waitForCalls('getSidebarState', 2);
    await section().locator('.switch-state').getByText('off', { exact: true }).waitFor();
  });

  it('should stop polling while the page is hidden and resume when visible', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: rendering, getActiveContext: context() },
      timing: { progressPollMs: 100, contextPollMs: 100 },
    });
    await sb.waitForCalls('getProgress', 2);
    await setHidden(true);
    const progressCalls = (await sb.calls('getProgress')).length;
    const contextCalls = (await sb.calls('getActiveContext')).length;
    await sb.page.waitForTimeout(500);
    // One reply may already have been under way when the page was hidden.
    expect((await sb.calls('getProgress')).length).toBeLessThanOrEqual(progressCalls + 1);
    expect((await sb.calls('getActiveContext')).length).toBeLessThanOrEqual(contextCalls + 1);
    await setHidden(false);
    await sb.waitForCalls('getProgress', progressCalls + 3);
    await sb.waitForCalls('getActiveContext', contextCalls + 3);
  });

  it('should show the last refresh time and the last timer error', async () => {
    const at = new Date(Date.now() - 3 * 60000).toISOString();
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ lastRefresh: { at, error: 'The service refused the key.' } }) } });
    // A failed refresh never reads as "Last refresh".
    await section().getByText('The last refresh failed 3 minutes ago.').waitFor();
    await section().getByText('The service refused the key.').waitFor();
    expect(
      await section()
        .getByText(/^Last refresh/)
        .count(),
    ).toBe(0);
  });

  it('should switch auto-refresh and show the interval in force, reverting on failure', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), setAutoRefresh: [ok({ on: true, intervalMinutes: 60 }), fail('internal', 'Could not remove the timer. Try again.')] },
    });
    await openCard(sb.page, 'progress');
    const toggle = section().getByRole('switch', { name: 'Auto-refresh' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await section().locator('.switch-state').textContent()).toBe('off');
    await toggle.focus();
    await sb.page.keyboard.press('Space');
    await section().locator('.switch-state').getByText('every hour').waitFor();
    expect((await sb.calls('setAutoRefresh'))[0]!.args).toEqual([{ on: true }]);
    await toggle.click();
    await section().getByRole('alert').getByText('Could not remove the timer.', { exact: false }).waitFor();
    expect(await toggle.isChecked()).toBe(true);
    expect((await sb.calls('setAutoRefresh'))[1]!.args).toEqual([{ on: false }]);
  });

  it('should show auto-refresh off once the timer has switched it off, as the next progress says', async () => {
    const on = { on: true, intervalMinutes: 5, owner: { keyHint: '••••1a2b', you: true } };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ autoRefresh: on }),
        getProgress: { ...rendering, autoRefresh: on },
      },
      timing: { progressPollMs: 200 },
    });
    const toggle = section().getByRole('switch', { name: 'Auto-refresh' });
    await section().locator('.switch-state').getByText('every 5 minutes').waitFor();
    // The timer's switch-off comes with a later reading, once the "on" one has been seen (not raced on a loaded machine).
    await sb.reply('getProgress', { ...done, autoRefresh: { on: false, intervalMinutes: null, owner: null } });
    await section().locator('.switch-state').getByText('off', { exact: true }).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await section().locator('.owner-line').isHidden()).toBe(true);
  });

  it('should refresh now and report updated and remaining rows', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), refreshNow: ok({ updated: 7, remaining: 3 }) } });
    await openCard(sb.page, 'progress');
    await section().getByRole('button', { name: 'Refresh now' }).click();
    await section().getByText('Updated 7 rows. 3 rows left: run again to finish.').waitFor();
  });

  it('should export finished videos and name the new tab, the message kept on the tab the export switched to', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: done, getActiveContext: context(), exportFinishedVideos: ok({ sheetName: 'Videos – Q3 outreach', count: 8 }) },
      timing: { contextPollMs: 60000 },
    });
    await sb.waitForCalls('getActiveContext');
    // The export switches to its new tab, which has no campaign.
    await sb.reply('getSidebarState', state({ sheet: { id: 9, name: 'Videos – Q3 outreach', headers: [] }, campaign: null }));
    await sb.reply('getActiveContext', context({ sheetId: 9, sheetName: 'Videos – Q3 outreach' }));
    await section().getByRole('button', { name: 'Export finished videos' }).click();
    const message = section().getByText('Wrote 8 finished videos to the tab “Videos – Q3 outreach”.');
    await message.waitFor();
    await sb.page.getByTestId('top-campaign').getByText('Tab Videos – Q3 outreach · no campaign').waitFor();
    expect(await message.isVisible()).toBe(true);
  });

  it('should drop the export message on another tab with another campaign', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: done, getActiveContext: context(), exportFinishedVideos: ok({ sheetName: 'Videos', count: 8 }) },
      timing: { contextPollMs: 100 },
    });
    await section().getByRole('button', { name: 'Export finished videos' }).click();
    const message = section().getByText('Wrote 8 finished videos to the tab “Videos”.');
    await message.waitFor();
    await sb.reply('getSidebarState', state({ sheet: { id: 2, name: 'Events', headers: [] }, campaign: { id: 'cmp_2', name: 'Webinar attendees' } }));
    await sb.reply('getProgress', progress({ campaignId: 'cmp_2' }));
    await sb.reply('getActiveContext', context({ sheetId: 2, sheetName: 'Events' }));
    await sb.page.getByTestId('top-campaign').getByText('Tab Events · campaign “Webinar attendees”').waitFor();
    await message.waitFor({ state: 'detached' });
  });

  it('should drop the refresh result once a later reading of the campaign differs', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: rendering, refreshNow: ok({ updated: 0, remaining: 25 }) },
      timing: { progressPollMs: 100 },
    });
    await section().locator('.status-line').getByText('6 of 10 ready · 4 rendering').waitFor();
    await section().getByRole('button', { name: 'Refresh now' }).click();
    const message = section().getByText('Updated 0 rows. 25 rows left: run again to finish.');
    await message.waitFor();
    await sb.reply('getProgress', done);
    await section().locator('.status-line').getByText('10 of 10 ready').waitFor();
    await message.waitFor({ state: 'detached' });
  });

  it("should offer Export while the bound campaign has nothing finished, and say the server's reason", async () => {
    // The tab may hold finished rows of an earlier campaign (a follow-up binds the tab): the server counts the tab's rows.
    sb = await sidebars.open({
      replies: { ...readyReplies(), exportFinishedVideos: fail('bad_input', 'No finished videos in this tab yet: a row is exported once its video is ready.') },
    });
    await openCard(sb.page, 'progress');
    const exportBtn = section().getByRole('button', { name: 'Export finished videos' });
    await section().locator('.status-line').waitFor();
    expect(await exportBtn.isDisabled()).toBe(false);
    await exportBtn.click();
    await section().getByText('No finished videos in this tab yet', { exact: false }).waitFor();
  });

  it('should drop a progress failure once a later read works', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: [fail('not_found', 'This campaign no longer exists.'), rendering] } });
    await section().getByRole('status').getByText('Progress could not be read just now. This campaign no longer exists.').waitFor();
    await sb.reply('refreshNow', ok({ updated: 0, remaining: 0 }));
    await section().getByRole('button', { name: 'Refresh now' }).click();
    await section().locator('.status-line').getByText('Rendering').waitFor();
    expect(await section().locator('.msg').filter({ hasText: 'could not be read' }).count()).toBe(0);
  });

  it('should say a background read that failed as a warning of where things stand, never as an error of the person', async () => {
    const busy = fail('server_error', 'The video service had a problem on its side.');
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: [busy, rendering] } });
    const warned = section().locator('.msg-warn').getByText('Progress could not be read just now. The video service had a problem on its side.');
    await warned.waitFor();
    expect(await section().getByRole('alert').count()).toBe(0);
  });

  it('should not repeat, when the API is switched off, the sentence Connection already shows', async () => {
    const off = 'The video API is switched off for this site, or the base URL is wrong.';
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: [fail('api_off', off), rendering] } });
    await section().locator('.msg-warn').getByText('Progress could not be read just now.', { exact: true }).waitFor();
    await sb.page.locator('#connection').getByText(off).waitFor({ state: 'attached' });
    expect(await sb.page.locator('#app').getByText(off).count()).toBe(1);
  });
});

describe('progress helpers', () => {
  it('should count as in flight only rendering, or pending after a generate', () => {
    const p = progress({ counts: counts({ pending: 3 }) });
    expect(inFlight(p, false)).toBe(false);
    expect(inFlight(p, true)).toBe(true);
    expect(inFlight(progress({ counts: counts({ rendering: 1 }) }), false)).toBe(true);
    expect(inFlight(null, true)).toBe(false);
  });

  it('should order known stages first and keep unknown ones', () => {
    expect(activeStages({ zeta: 1, uploading: 2, queued: 1, tts: 0, alpha: 5 })).toEqual([
      ['queued', 1],
      ['uploading', 2],
      ['alpha', 5],
      ['zeta', 1],
    ]);
  });

  it("should give the minutes only when they are a positive number, whatever type stalled's keys have", () => {
    const head = (st: Parameters<typeof stalledLines>[0]) => stalledLines(st)[0];
    expect(head({ minutes: 0 })).toBe('Rendering is stuck at the service: no video is moving.');
    expect(head({ minutes: '7', jobs: true })).toBe('Rendering is stuck at the service: no video is moving.');
    expect(head({ minutes: -3 })).toBe('Rendering is stuck at the service: no video is moving.');
    expect(head({ minutes: Number.NaN, message: { html: '<b>x</b>' } })).toBe('Rendering is stuck at the service: no video is moving.');
    expect(head({ minutes: 1, jobs: 1 })).toBe('Rendering is stuck at the service: no video has moved for 1 minute.');
    expect(stalledLines({ minutes: 7, message: 'Queue stuck for 7 minutes' })).toHaveLength(2);
  });
});

describe('progress: status words', () => {
  it("should say where a finished campaign stands in counts, name an unknown status as the service's word for the campaign, and explain the lookup surcharge", async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: progress({ status: 'delivered', counts: countsOf(50, { complete: 50 }), stages: {} }),
        getEstimate: ok({ leads: 0, low: 0, high: 0, balance: 100, affordable: true }),
      },
    });
    await sb.page.locator('#progress .status-line').getByText('50 of 50 ready').waitFor();
    const text = await seen();
    expect(text).toContain('the video service calls the campaign “delivered”');
    expect(text).not.toMatch(/Ready to check|Service status: delivered/);
    await sb.reply('getProgress', progress({ status: 'draft', counts: countsOf(50, { complete: 47, pending: 3 }), stages: {} }));
    await sb.reply('getEstimate', ok({ leads: 3, low: 6, high: 9, balance: 100, affordable: true }));
    await sb.reply('refreshNow', ok({ updated: 0, remaining: 0 }));
    await button('Refresh now').click();
    await sb.page.locator('#progress .status-line').getByText('47 of 50 ready · 3 waiting for Generate').waitFor();
    await button('Check estimate').click();
    await money().getByText('Up to 3 credits is the lookup surcharge, once per company website not yet looked up.', { exact: false }).waitFor();
  });
});
