// The auto-mode card: whose it is and what it spent, the owner's switch, and its confirmation.
import { openCard, type Sidebar, useSidebars } from './harness';
import { context, countsOf, fail, hhmm, ok, progress, readyReplies, state } from './fixtures';
import type { AutoModeInfo } from '../../src/server/contract';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const auto = () => sb!.page.locator('#auto');
const dialog = () => sb!.page.getByRole('alertdialog');
const NEXT = '2026-11-24T10:35:00.000Z';

const on = (over: Partial<AutoModeInfo> = {}): AutoModeInfo => ({
  on: true,
  owner: { keyHint: '••••1a2b', you: true },
  creditsPerDay: 500,
  spentToday: 120,
  nextRunAt: NEXT,
  waiting: null,
  ...over,
});
const off: AutoModeInfo = { on: false, owner: null, creditsPerDay: 500, spentToday: 0 };

describe('auto mode: the open sidebar follows the timer', () => {
  it('should read the state and progress at the poll that sees a run sent or generated, and only then', async () => {
    const done = progress({ status: 'qa_ready', counts: countsOf(12, { complete: 12 }), stages: {} });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ autoMode: on() }),
        getActiveContext: context({ timerActed: '2026-11-24T10:25:00.000Z' }),
        getProgress: done,
      },
      timing: { contextPollMs: 50, contextIdleMs: 60_000 },
    });
    const top = sb.page.getByTestId('top-line');
    await top.getByText('All 12 ready', { exact: false }).waitFor();
    await sb.waitForCalls('getActiveContext', 5);
    const [states, reads] = [(await sb.calls('getSidebarState')).length, (await sb.calls('getProgress')).length];
    // Polls that see the same run read nothing more.
    await sb.waitForCalls('getActiveContext', (await sb.calls('getActiveContext')).length + 5);
    expect([(await sb.calls('getSidebarState')).length, (await sb.calls('getProgress')).length]).toEqual([states, reads]);
    // The timer's next run sends 3 new rows and generates them.
    await sb.reply('getProgress', progress({ status: 'rendering', counts: countsOf(15, { complete: 12, rendering: 3 }) }));
    await sb.reply('getActiveContext', context({ timerActed: '2026-11-24T10:30:00.000Z' }));
    await top.getByText('12 of 15 videos ready', { exact: false }).waitFor();
    expect((await sb.calls('getSidebarState')).length).toBeGreaterThan(states);
    expect((await sb.calls('getProgress')).length).toBeGreaterThan(reads);
  });
});

describe('auto mode and the Send card', () => {
  const send = () => sb!.page.locator('#send');

  it('should fold Send rows while auto mode is on, since the timer sends the new rows itself, and keep it open when off', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ autoMode: on() }), getActiveContext: context() } });
    await auto().getByText('Auto mode: on', { exact: false }).waitFor();
    expect(await send().getAttribute('open')).toBeNull();
    await sb.close();
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ autoMode: off }), getActiveContext: context() } });
    await send().getByRole('button', { name: 'Add selected rows' }).waitFor();
    expect(await send().getAttribute('open')).not.toBeNull();
  });
});

describe('auto mode card', () => {
  it("should say it is on, today's credits against the limit, the next run, and why people wait", async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ autoMode: on({ waiting: 'Waiting: not enough credits; continues once the balance covers it.' }) }),
      },
    });
    await auto()
      .getByText(`Auto mode: on · 120 of 500 credits today · next run about ${hhmm(NEXT)}. Waiting: not enough credits`, { exact: false })
      .waitFor();
    expect(await auto().getByRole('button', { name: 'Switch off' }).isEnabled()).toBe(true);
  });

  it('should tell someone else whose key runs it, and not let them switch it', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ autoMode: on({ owner: { keyHint: '••••9c3d', you: false } }) }) } });
    await auto().getByText('· another person’s (key ••••9c3d)', { exact: false }).waitFor();
    expect(await auto().getByRole('button', { name: 'Switch off' }).isDisabled()).toBe(true);
    await auto().getByText('Only the person who switched it on (key ••••9c3d) can switch it.').waitFor();
  });

  it("should not show a colleague's switch on the team's shared key as a stranger's key", async () => {
    // The viewer's own key is ••••1a2b (the fixtures' settings): the colleague switched auto mode on with it.
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ autoMode: on({ owner: { keyHint: '••••1a2b', you: false } }) }) } });
    await auto().getByText('Only the person who switched it on (on the same API key as yours) can switch it.').waitFor();
    await auto().getByText('· another person’s (on the same API key as yours)', { exact: false }).waitFor();
    expect(await auto().textContent()).not.toContain('key ••••1a2b');
  });

  it('should say whose key it is against the key the viewer holds now, when only the viewer’s key changed', async () => {
    const shared = on({ owner: { keyHint: '••••1a2b', you: false } });
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ autoMode: shared }), getActiveContext: context() },
      timing: { contextPollMs: 50 },
    });
    await auto().getByText('(on the same API key as yours)', { exact: false }).first().waitFor();
    // Another tab of the same campaign, with the same auto mode, read after the viewer saved another key.
    await sb.reply(
      'getSidebarState',
      state({
        sheet: { id: 2, name: 'Events', headers: [] },
        settings: { baseUrl: 'https://api.example.com/api/v1', keyHint: '••••ffff', connected: true },
        autoMode: shared,
      }),
    );
    await sb.reply('getActiveContext', context({ sheetId: 2, sheetName: 'Events' }));
    await auto().getByText('Only the person who switched it on (key ••••1a2b) can switch it.').waitFor();
    expect(await auto().textContent()).not.toContain('same API key');
  });

  it('should confirm with the campaign, the rows not sent yet, the cadence and the limit before switching on', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: [state({ autoMode: off }), state({ autoMode: on({ spentToday: 0 }) })],
        setAutoMode: [
          ok({ on: false, owner: null, creditsPerDay: 500, spentToday: 0, unsent: 7 }),
          ok({ on: true, owner: { keyHint: '••••1a2b', you: true }, creditsPerDay: 500, spentToday: 0, unsent: 7 }),
        ],
      },
    });
    await openCard(sb!.page, 'auto');
    await auto().getByText('Auto mode: off').waitFor();
    await auto().getByRole('button', { name: 'Switch on' }).click();
    await dialog().waitFor();
    expect(await dialog().locator('p').textContent()).toBe(
      'Q3 outreach: new rows get videos every 5 minutes or so (hourly once published), up to 500 credits a day. 7 rows unsent go on the next run.',
    );
    expect((await sb.calls('setAutoMode')).map((c) => c.args[0])).toEqual([{ campaignId: 'cmp_1', on: true, check: true }]);
    await dialog().getByRole('button', { name: 'Switch on' }).click();
    await auto().getByText('Auto mode: on · 0 of 500 credits today', { exact: false }).waitFor();
    expect((await sb.calls('setAutoMode')).map((c) => c.args[0])).toEqual([
      { campaignId: 'cmp_1', on: true, check: true },
      { campaignId: 'cmp_1', on: true },
    ]);
  });

  it('should name in the confirmation the people already waiting, those no row names any more, and the most the first run may take', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ autoMode: off }),
        setAutoMode: ok({ on: false, owner: null, creditsPerDay: 500, spentToday: 0, unsent: 2, waiting: 12, orphans: 3, credits: 42 }),
      },
    });
    await openCard(sb!.page, 'auto');
    await auto().getByRole('button', { name: 'Switch on' }).click();
    await dialog().waitFor();
    expect(await dialog().locator('p').textContent()).toBe(
      'Q3 outreach: new rows get videos every 5 minutes or so (hourly once published), up to 500 credits a day. 2 rows unsent go on the next run, with 12 people already waiting in the campaign (3 of them named by no row any more); the first run may take up to 42 credits.',
    );
  });

  it.each([
    ['spent already', { creditsPerDay: 100, spentToday: 104, unsent: 5 }, " Today's limit leaves 0 credits: what does not fit waits for tomorrow (UTC)."],
    [
      'too small for the first run',
      { creditsPerDay: 500, spentToday: 480, unsent: 2, waiting: 12, orphans: 0, credits: 42 },
      " Today's limit leaves 20 credits: what does not fit waits for tomorrow (UTC).",
    ],
  ])("should say in the confirmation when today's limit is %s, so nobody expects videos from the next run", async (_, reply, said) => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ autoMode: off }), setAutoMode: ok({ on: false, owner: null, ...reply }) },
    });
    await openCard(sb!.page, 'auto');
    await auto().getByRole('button', { name: 'Switch on' }).click();
    await dialog().waitFor();
    expect(await dialog().locator('p').textContent()).toMatch(new RegExp(`go on the next run[^.]*\\.${said.replace(/[()]/g, '\\$&')}$`));
  });

  it('should add nothing about the limit when the first run fits in what is left today', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ autoMode: off }),
        setAutoMode: ok({ on: false, owner: null, creditsPerDay: 500, spentToday: 458, unsent: 2, waiting: 12, orphans: 0, credits: 42 }),
      },
    });
    await openCard(sb!.page, 'auto');
    await auto().getByRole('button', { name: 'Switch on' }).click();
    await dialog().waitFor();
    expect(await dialog().locator('p').textContent()).toMatch(/the first run may take up to 42 credits\.$/);
  });

  it('should switch nothing on when the confirmation is cancelled, and show a refusal in its own words', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ autoMode: off }),
        setAutoMode: [
          ok({ on: false, owner: null, creditsPerDay: 500, spentToday: 0, unsent: 0 }),
          fail('no_limit', 'Auto mode spends credits by itself, so it needs a daily limit: set one under Spending first.'),
        ],
      },
    });
    await openCard(sb!.page, 'auto');
    await auto().getByRole('button', { name: 'Switch on' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await sb.calls('setAutoMode')).toHaveLength(1);
    await auto().getByRole('button', { name: 'Switch on' }).click();
    await auto().getByText('it needs a daily limit', { exact: false }).waitFor();
    expect(await dialog().count()).toBe(0);
  });

  it('should switch off at once, with no confirmation, and fold to its status', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: [state({ autoMode: on() }), state({ autoMode: off })],
        setAutoMode: ok({ on: false, owner: null, creditsPerDay: 500, spentToday: 120, unsent: 0 }),
      },
    });
    await auto().getByRole('button', { name: 'Switch off' }).click();
    // Off, the card folds to its status.
    await auto().locator('.card-status').getByText('Off').waitFor();
    await auto().locator('p', { hasText: 'Auto mode: off' }).waitFor({ state: 'hidden' });
    expect((await sb.calls('setAutoMode')).map((c) => c.args[0])).toEqual([{ campaignId: 'cmp_1', on: false }]);
    expect(await dialog().count()).toBe(0);
  });
});
