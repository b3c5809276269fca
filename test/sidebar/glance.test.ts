// One glance (docs/rules.md#sidebar-truth): times on the server's clock with their zone, messages that go with
// the state they describe, and whose timer or auto mode it is, at 300 × 643 px.
import { openCard, type Sidebar, useSidebars } from './harness';
import { context, countsOf, fail, freshState, ok, progress, readyReplies, sidebarState, state } from './fixtures';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const button = (name: string) => sb!.page.getByRole('button', { name, exact: true, includeHidden: true });
const iso = (ms: number) => new Date(ms).toISOString();

describe('sidebar glance: times', () => {
  it('should age the last refresh on the server’s clock, even when that clock runs ahead of the browser’s', async () => {
    // The server's clock is 10 minutes ahead (as the playground's grows); its last refresh was 5 of its minutes ago.
    const serverNow = Date.now() + 10 * 60000;
    const lastRefresh = { at: iso(serverNow - 5 * 60000), error: null };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: ok({ ...sidebarState({ lastRefresh }), now: iso(serverNow) }),
        getProgress: progress({ lastRefresh, now: iso(serverNow) }),
      },
    });
    await sb.page.locator('#progress').getByText('Last refresh 5 minutes ago.').waitFor();
  });

  it('should give the time zone with every clock time, the one the browser shows', async () => {
    const knownBy = '2026-03-02T15:04:00Z';
    const unsettled = { action: 'generate' as const, since: '2026-03-02T15:02:00Z', knownBy };
    sb = await sidebars.open({
      timezoneId: 'Asia/Tokyo',
      replies: {
        ...readyReplies(),
        getSidebarState: ok({ ...sidebarState(), unsettled }),
        getProgress: progress({ status: 'draft', counts: countsOf(5, { pending: 5 }), stages: {}, unsettled }),
      },
    });
    // 15:04 UTC is 00:04 in Tokyo, which has no short name in English: its offset is given.
    await sb.page.getByTestId('top-line').getByText('the add-on will know by 00:04 GMT+9', { exact: false }).waitFor();
  });
});

describe('sidebar glance: messages go with their state', () => {
  it('should drop the Cost card’s “API switched off” once a call works again', async () => {
    const off = fail('api_off', 'The video API is switched off for now. Try again later.');
    sb = await sidebars.open({ replies: { ...readyReplies(), getEstimate: off, refreshNow: ok({ updated: 0, remaining: 0 }) } });
    await button('Check estimate').click();
    const money = sb.page.locator('#money');
    await money.getByText('The video API is switched off for now.', { exact: false }).waitFor();
    // The API is back: Refresh now works, and the card no longer says it is off.
    await openCard(sb.page, 'progress');
    await button('Refresh now').click();
    await sb.page.locator('#connection .card-status', { hasText: 'Connected' }).waitFor();
    await money.getByText('The video API is switched off', { exact: false }).waitFor({ state: 'detached' });
  });

  it('should say beside “Connected” that a refused save changed nothing, and which key is still in use', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), saveSettings: fail('unauthorized', 'The service refused this key.') } });
    await sb.page.locator('#connection summary').click();
    await sb.page.locator('input[name="apiKey"]').fill('sk_wrong');
    await button('Save and test').click();
    await sb.page.locator('#connection').getByText('Nothing was saved: the add-on still uses the key ••••1a2b at https://api.example.com/api/v1.').waitFor();
  });
});

describe('sidebar glance: the timer under auto mode', () => {
  it('should not say the timer switches itself off while auto mode keeps it', async () => {
    const autoRefresh = { on: true, intervalMinutes: 5, owner: { keyHint: '••••1a2b', you: true } };
    const autoMode = { on: true, owner: { keyHint: '••••1a2b', you: true }, creditsPerDay: 500, spentToday: 40 };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ autoRefresh, autoMode }),
        getProgress: progress({ status: 'qa_ready', counts: countsOf(12, { complete: 12 }), stages: {} }),
      },
    });
    await sb.page.getByTestId('top-line').getByText('All 12 ready', { exact: false }).waitFor();
    await sb.page.locator('#progress .switch-state').getByText('every 5 minutes', { exact: true }).waitFor();
  });

  it('should name the owner’s key when only the owner can switch auto mode off', async () => {
    const autoMode = { on: true, owner: { keyHint: '••••beef', you: false }, creditsPerDay: 500, spentToday: 40 };
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ autoMode }) } });
    await sb.page.locator('#auto').getByText('Only the person who switched it on (key ••••beef) can switch it.').waitFor();
  });
});

describe('sidebar glance: labels', () => {
  it('should say there is no campaign to use yet rather than ask to choose from an empty list, and that the goal goes to the service', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ campaign: null }), listCampaigns: ok({ campaigns: [] }) } });
    const section = sb.page.locator('#campaign');
    await section.getByText('None to use yet: create one above.').waitFor();
    await section.getByText('What the videos are for; the service gets it with the campaign.').waitFor();
    expect(await section.innerText()).not.toMatch(/Choose one from the list|Only you see it/);
  });
});

describe('sidebar glance: what a tab without a campaign shows', () => {
  it('should leave out the cards that act on a campaign until the tab has one', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ campaign: null }) } });
    await sb.page.getByTestId('next-step').getByText('Next: Choose a campaign').waitFor();
    for (const id of ['send', 'money', 'auto']) expect(await sb.page.locator(`#${id}`).isHidden()).toBe(true);
    expect(await sb.page.locator('#columns').isVisible()).toBe(true);
  });
});

describe('sidebar glance: the header', () => {
  it('should name the tab and its campaign, and take the next step from the header with one click', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getEstimate: ok({ leads: 12, low: 24, high: 36, balance: 100, affordable: true }) } });
    await sb.page.getByTestId('top-campaign').getByText('Tab Leads · campaign “Q3 outreach”').waitFor();
    const next = sb.page.getByTestId('next-step');
    await next.getByText('Next: Check estimate').waitFor();
    // Seen without scrolling in the 643 px pane.
    const box = (await next.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(643);
    await next.click();
    await sb.waitForCalls('getEstimate');
    await sb.page.locator('#money dl.figures').waitFor();
  });
});

/** The journey's states, as the server answers them. */
const JOURNEY: Record<string, Parameters<typeof sidebars.open>[0]['replies']> = {
  fresh: { ...readyReplies(), getSidebarState: freshState() },
  connected: { ...readyReplies(), getSidebarState: state({ campaign: null }) },
  'rows added with problems': {
    ...readyReplies(),
    getActiveContext: context(),
    getSidebarState: state({ problems: { rows: 3, byStatus: { invalid: 3 } } }),
  },
  rendering: { ...readyReplies(), getProgress: progress({ counts: countsOf(20, { rendering: 12, complete: 8 }) }) },
  done: { ...readyReplies(), getProgress: progress({ status: 'qa_ready', counts: countsOf(12, { complete: 12 }), stages: {} }) },
  stopped: { ...readyReplies(), getProgress: progress({ status: 'stopped', counts: countsOf(12, { complete: 5, cancelled: 7 }), stages: {} }) },
  'auto mode on': {
    ...readyReplies(),
    getSidebarState: state({ autoMode: { on: true, owner: { keyHint: '••••1a2b', you: true }, creditsPerDay: 500, spentToday: 40 } }),
  },
};

describe('sidebar glance: one look at 300 × 643 px', () => {
  it.each(Object.keys(JOURNEY))('should show the top line and the next step without scrolling when %s', async (name) => {
    sb = await sidebars.open({ replies: JOURNEY[name]! });
    const next = sb.page.getByTestId('next-step');
    await next.waitFor();
    // Cards open or fold by themselves once the state is read.
    await sb.page.waitForTimeout(500);
    const m = await sb.page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      top: document.querySelector('[data-testid="top-line"]')!.getBoundingClientRect().bottom,
      next: document.querySelector('[data-testid="next-step"]')!.getBoundingClientRect().bottom,
    }));
    expect(m.top).toBeLessThanOrEqual(643);
    expect(m.next).toBeLessThanOrEqual(643);
    // Within 1.5 screens with every card as it opens by itself.
    expect(m.height).toBeLessThanOrEqual(643 * 1.5);
  });
});
