// The sidebar tells the truth at every step (docs/rules.md#sidebar-truth): each sentence follows the latest state,
// nothing survives a state that contradicts it, rows are named, money is clear.
import { openCard, type Sidebar, useSidebars } from './harness';
import { context, fail, hhmm, ok, progress, readyReplies, sidebarState, state, countsOf } from './fixtures';
import type { ProgressInfo } from '../../src/server/contract';

const sidebars = useSidebars();

let sb: Sidebar | null = null;

const counts = (over: Partial<ProgressInfo['counts']>) => countsOf(47, over);

const top = () => sb!.page.getByTestId('top-line');

const money = () => sb!.page.locator('#money');

const button = (name: string) => sb!.page.getByRole('button', { name, exact: true, includeHidden: true });

/** What a person sees: the page's visible text. */
const seen = () => sb!.page.locator('#app').innerText();

const soon = (iso: number) => new Date(iso).toISOString();

const send = () => sb!.page.locator('#send');

const added = { added: 5, skipped: 0, alreadySent: 0, invalid: 0, total: 5, unmatchable: 0, remaining: 0 };

const estimate = ok({ leads: 5, low: 10, high: 15, balance: 100, affordable: true });

/**
 * Sentences that cannot both be true of one state: the page must never show both at once. Each pair
 * is a case the walk through the playground met.
 */
const CONTRADICTIONS: [RegExp, RegExp][] = [
  [/nothing was charged/i, /\d+ credits? charged/i],
  [/Connect first/i, /^Connected$/m],
  [/Added \d+ (person|people)\./, /Started \d+ videos?\./],
  [/switched off/i, /Last refresh just now/],
];

async function noContradiction(): Promise<void> {
  const text = await seen();
  for (const [a, b] of CONTRADICTIONS) {
    if (a.test(text) && b.test(text)) throw new Error(`both “${a.source}” and “${b.source}” are on screen:\n${text}`);
  }
}

describe('sidebar truth: an unknown Generate', () => {
  it('should keep Generate and Preview off with the time the add-on will know, while the server says unsettled, and never say nothing was charged', async () => {
    const knownBy = soon(Date.now() + 120000);
    const unsettled = { action: 'generate' as const, since: soon(Date.now()), knownBy };
    const waiting = progress({ status: 'draft', counts: counts({ total: 5, pending: 5 }), stages: {} });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: ok({ ...sidebarState(), unsettled }),
        getProgress: ok({ ...waiting, unsettled }),
        getEstimate: ok({ leads: 5, low: 5, high: 10, balance: 100, affordable: true }),
      },
    });
    await top()
      .getByText(`Generate may have started and charged · the add-on will know by ${hhmm(knownBy)} · next: wait`)
      .waitFor();
    await money()
      .getByText(`stay off until ${hhmm(knownBy)}, when the add-on will know`, { exact: false })
      .waitFor();
    for (const name of ['Generate videos', 'Preview']) expect(await button(name).isDisabled()).toBe(true);
    // The estimate (everyone still waiting) does not unblock it.
    await button('Check estimate').click();
    await money().locator('dl.figures').waitFor();
    expect(await button('Generate videos').isDisabled()).toBe(true);
    expect(await seen()).not.toMatch(/nothing was charged/i);
    // Settled: the server's next state has no unsettled, and the buttons come back.
    await sb.reply('getSidebarState', state());
    await sb.reply('getProgress', waiting);
    await sb.reply('refreshNow', ok({ updated: 0, remaining: 0 }));
    await openCard(sb.page, 'progress');
    await button('Refresh now').click();
    await sb.page.locator('#money button:enabled', { hasText: 'Generate videos' }).waitFor();
    await top().getByText('5 people waiting · next: Check estimate, then Preview or Generate').waitFor();
  });
});

describe('sidebar truth: stale lines', () => {
  it('should show auto-refresh off once the timer removed itself after the last video, without Refresh now', async () => {
    const on = { on: true, intervalMinutes: 5, owner: { keyHint: '••••1a2b', you: true } };
    const rendering = progress({ counts: counts({ rendering: 7, complete: 40 }) });
    const done = progress({ status: 'qa_ready', counts: counts({ complete: 47 }), stages: {} });
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: [state({ autoRefresh: on }), state({ autoRefresh: on }), state()], getProgress: [rendering, done] },
      timing: { progressPollMs: 200 },
    });
    await top().getByText('All 47 ready · next: export or send the Page URLs').waitFor();
    await sb.page.locator('#progress .switch-state').getByText('off', { exact: true }).waitFor();
    expect(await sb.page.getByRole('switch', { name: 'Auto-refresh' }).isChecked()).toBe(false);
    expect(await sb.calls('refreshNow')).toHaveLength(0);
  });

  it('should read progress once the person connects, dropping "Connect first"', async () => {
    const noKey = { baseUrl: null, keyHint: null, connected: false };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ settings: noKey }),
        getProgress: [fail('no_settings', 'Connect first: enter the API address and your key under Connection.'), progress()],
        saveSettings: ok({ settings: { baseUrl: 'https://api.example.com/api/v1', keyHint: '••••9999', connected: true, canWrite: true } }),
      },
    });
    await sb.page.locator('#progress').getByText('Progress shows once you connect.').waitFor();
    await sb.page.locator('input[name="baseUrl"]').fill('https://api.example.com/api/v1');
    await sb.page.locator('input[name="apiKey"]').fill('sk_live_9999');
    await button('Save and test').click();
    await sb.page.locator('#progress .legend').waitFor();
    expect(
      await sb.page
        .locator('#progress')
        .getByText(/Connect first|once you connect/)
        .count(),
    ).toBe(0);
  });

  it('should never say "Last refresh" after a failed refresh', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ lastRefresh: { at: soon(Date.now()), error: 'The video service API is switched off.' } }) },
    });
    await sb.page.locator('#progress').getByText('The last refresh failed just now.').waitFor();
    expect(
      await sb.page
        .locator('#progress')
        .getByText(/Last refresh/)
        .count(),
    ).toBe(0);
  });

  it('should drop "Started 47 videos" once a newer state describes the campaign', async () => {
    const pending = progress({ status: 'draft', counts: counts({ pending: 47 }), stages: {} });
    const started = progress({ counts: counts({ rendering: 47 }), stages: { queued: 47 } });
    const done = progress({ status: 'qa_ready', counts: counts({ complete: 47 }), stages: {} });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: pending,
        getEstimate: ok({ leads: 47, low: 94, high: 141, balance: 500, affordable: true }),
        startGenerate: ok({ started: 47, creditsCharged: 141, parts: 1, autoRefresh: { on: true, intervalMinutes: 5 } }),
      },
      timing: { progressPollMs: 200 },
    });
    await top().getByText('47 people waiting', { exact: false }).waitFor();
    await sb.reply('getProgress', [started, started, done]);
    await button('Generate videos').click();
    await sb.page.getByRole('alertdialog').getByRole('button', { name: 'Generate' }).click();
    const msg = money().getByText('Started 47 videos. 141 credits charged.');
    await msg.waitFor();
    await top().getByText('All 47 ready', { exact: false }).waitFor();
    await msg.waitFor({ state: 'detached' });
    expect(await seen()).not.toMatch(/updates by itself/);
  });
});

describe('sidebar truth: words that mislead', () => {
  it('should show an API status the spec does not define as it came, in small print, never as a promise', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: progress({ status: 'delivered', counts: counts({ complete: 44, failed: 3 }), stages: {} }) },
    });
    await top().getByText('44 of 47 videos ready, 3 failed', { exact: false }).waitFor();
    await sb.page.getByText('the video service calls the campaign “delivered”', { exact: false }).first().waitFor();
    expect(await seen()).not.toContain('Delivered');
  });

  it('should show nothing done in the bar at 0 done, and one name for the videos being made, with Lookup explained', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getProgress: progress({ counts: counts({ rendering: 47 }), stages: { queued: 22, lookup: 25 } }) },
    });
    await sb.page.locator('#progress .legend').waitFor();
    expect(await sb.page.locator('#progress .bar .seg').count()).toBe(0);
    await sb.page.locator('#progress').getByText('Where the 47 rendering are').waitFor();
    await sb.page.locator('#progress').getByText('Lookup: the service reads each company website first', { exact: false }).waitFor();
    await top().getByText('0 of 47 videos ready · next: wait, links fill in alone').waitFor();
  });
});

describe('sidebar truth: connection messages', () => {
  const checkEstimate = () => money().getByRole('button', { name: 'Check estimate' }).click();

  it('should badge the API switched off as "API off", never "Key refused" beside "nothing to change"', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getEstimate: fail('api_off', 'The video service API is switched off.') } });
    await checkEstimate();
    await sb.page.locator('#connection .card-status').getByText('API off').waitFor();
    expect(await sb.page.locator('#connection').getByText('Key refused').count()).toBe(0);
  });

  it("should drop another key's refusal when the state shows no key saved (a second person)", async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getEstimate: fail('unauthorized', 'The API key was refused.'), getActiveContext: context() },
      timing: { contextPollMs: 100 },
    });
    await checkEstimate();
    await sb.page.locator('#connection .card-status').getByText('Key refused').waitFor();
    await sb.reply('getSidebarState', state({ settings: { baseUrl: null, keyHint: null, connected: false } }));
    await sb.reply('getActiveContext', context({ sheetId: 2, sheetName: 'Leads' }));
    await sb.page.locator('#connection').getByText('No key saved yet.').waitFor({ state: 'attached' });
    expect(await sb.page.locator('#connection').getByText('refused', { exact: false }).count()).toBe(0);
  });

  it('should say at once that a read-only key can look but not create, add or generate', async () => {
    const noKey = { baseUrl: null, keyHint: null, connected: false };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ settings: noKey }),
        saveSettings: ok({ settings: { baseUrl: 'https://api.example.com/api/v1', keyHint: '••••0000', connected: true, canWrite: false } }),
      },
    });
    await sb.page.locator('input[name="baseUrl"]').fill('https://api.example.com/api/v1');
    await sb.page.locator('input[name="apiKey"]').fill('sk_read_0000');
    await button('Save and test').click();
    await sb.page.locator('#connection .card-status').getByText('Read-only key').waitFor();
    await sb.page.locator('#connection').getByText('Saved. The key is read-only: it can only look.').waitFor({ state: 'attached' });
    expect(await sb.page.locator('#connection').getByText('Connected. The key works.').count()).toBe(0);
    for (const name of ['Add selected rows', 'Generate videos', 'Preview', 'Create campaign']) expect(await button(name).isDisabled()).toBe(true);
    await sb.page.locator('#send').getByText('This key is read-only', { exact: false }).first().waitFor();
  });
});

describe('sidebar truth: rows and next steps', () => {
  it('should name the row a problem is about', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getActiveContext: context({ sampleRow: { row: 8, cells: ['', 'Acme', 'a@acme.test', '', '', '', '', ''] } }) },
      timing: { contextPollMs: 50 },
    });
    await sb.page
      .locator('#send')
      .getByText('Row 8 will be marked invalid and not sent (the others still go): First name is empty', { exact: false })
      .waitFor();
    expect(await seen()).not.toContain('The first selected row has problems');
  });

  it("should recognise the add-on's own tabs, say what they are and offer the way back", async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getActiveContext: context(), showSheet: ok({ sheetId: 1, name: 'Leads' }) },
      timing: { contextPollMs: 100 },
    });
    await top()
      .getByText('ready', { exact: false })
      .or(top().getByText('waiting', { exact: false }))
      .first()
      .waitFor();
    await sb.reply('getSidebarState', state({ sheet: { id: 9, name: 'Video credits', headers: ['When'], ownTab: 'credits' }, campaign: null }));
    await sb.reply('getActiveContext', context({ sheetId: 9, sheetName: 'Video credits' }));
    await top().getByText('This tab is the spending record', { exact: false }).waitFor();
    expect(await sb.page.locator('#campaign').isHidden()).toBe(true);
    expect(await seen()).not.toMatch(/create one or use an existing one|Choose or create a campaign/i);
    await button('Back to Leads').click();
    expect((await sb.waitForCalls('showSheet')).map((c) => c.args)).toEqual([[{ sheetId: 1 }]]);
  });

  it('should suggest Stop in a stall only when a stop would refund someone', async () => {
    const stalled = { minutes: 12, jobs: 1, message: 'Stuck.' };
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: progress({ counts: counts({ rendering: 47 }), stages: { tts: 47 }, stalled }) } });
    await sb.page.locator('#progress').getByRole('alert').waitFor();
    const alert = await sb.page.locator('#progress').getByRole('alert').textContent();
    expect(alert).toContain('Stop refunds nothing');
    expect(alert).not.toMatch(/or Stop to cancel/);
    expect(alert).not.toMatch(/1 video waiting/);
  });
});

describe('sidebar truth: one count after adding to a generated campaign', () => {
  it("should say the new people once, in the top line, and no part's total in the Send card", async () => {
    const before = progress({ status: 'qa_ready', counts: counts({ complete: 47 }), stages: {} });
    const after = progress({ status: 'qa_ready', counts: counts({ total: 52, complete: 47, pending: 5 }), stages: {} });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: [before, after],
        addSelectedRows: ok({ added: 5, skipped: 0, alreadySent: 0, invalid: 0, total: 5, unmatchable: 0, remaining: 0 }),
      },
    });
    await top().getByText('All 47 ready', { exact: false }).waitFor();
    await button('Add selected rows').click();
    await top().getByText('47 of 52 videos ready · 5 new people waiting · next: Check estimate, then Generate').waitFor();
    expect(await sb.page.locator('#send').innerText()).not.toMatch(/now has 5 people/);
  });

  it('should say new people wait for Generate while the first ones still render, in words that read', async () => {
    const rendering = progress({ status: 'rendering', counts: counts({ total: 24, complete: 8, rendering: 12, pending: 4 }), stages: { queued: 12 } });
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: rendering } });
    await top().getByText('8 of 24 videos ready · next: wait, links fill in alone · 4 people added since, waiting for Generate').waitFor();
  });
});

describe('sidebar truth: stop over parts', () => {
  it('should say which parts may still render and offer Stop again', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: progress(),
        stopCampaign: ok({
          stopped: 4,
          stillRendering: 2,
          status: 'partly_stopped',
          parts: [
            { id: 'cmp_1', name: 'Q3 outreach', outcome: 'stopped', stopped: 4 },
            { id: 'cmp_2', name: 'Q3 outreach · part 2', outcome: 'unknown' },
          ],
        }),
      },
    });
    await button('Stop').click();
    await sb.page.getByRole('alertdialog').getByRole('button', { name: 'Stop campaign' }).click();
    // Said beside Stop, in Progress.
    const progressCard = sb.page.locator('#progress');
    await progressCard.getByText('Q3 outreach · part 2: no clear answer; it may still render.').waitFor();
    await progressCard.getByText('Press Stop again to stop those parts.').waitFor();
  });
});

describe('sidebar truth: money', () => {
  it('should keep Stop off, and not red, before anything was generated', async () => {
    sb = await sidebars.open({ replies: readyReplies() });
    await top().getByText('12 people waiting · next', { exact: false }).waitFor();
    expect(await button('Stop').isDisabled()).toBe(true);
    expect(await button('Stop').getAttribute('class')).not.toContain('btn-danger');
    // Progress, where Stop sits, stays folded while everyone waits for Generate: its reason is there when opened.
    await sb.page.locator('#progress').getByText('Nothing is rendering or about to: nothing to stop.').waitFor({ state: 'attached' });
    expect(await sb.page.locator('#progress').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  });
});

describe('sidebar truth: long and cramped', () => {
  it('should fold Columns once every field it needs has a column, and open it when first name has none', async () => {
    sb = await sidebars.open({ replies: readyReplies() });
    await sb.page.locator('#columns .card-status').getByText('found', { exact: false }).waitFor();
    expect(await sb.page.locator('#columns').getAttribute('open')).toBeNull();
    await sb.close();
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ mapping: { ...sidebarState().mapping, firstName: null } }) } });
    await sb.page.locator('#columns[open]').waitFor();
  });

  it('should keep every button on one line and every card status whole at 300 px', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getEstimate: ok({ leads: 47, low: 94, high: 141, balance: 500, affordable: true }),
        getSidebarState: state({
          campaign: { id: 'cmp_1', name: 'Q3 outreach to founders in the Nordics' },
          problems: { rows: 12, byStatus: { invalid: 3, failed: 4, skipped: 2, sending: 3 } },
        }),
      },
    });
    await button('Check estimate').click();
    await money().locator('dl.figures').waitFor();
    const cramped = await sb.page.evaluate(() => [
      ...Array.from(document.querySelectorAll<HTMLElement>('button.btn'))
        .filter((b) => b.offsetParent && b.getBoundingClientRect().height > 36)
        .map((b) => `button ${b.textContent}`),
      ...Array.from(document.querySelectorAll<HTMLElement>('.card-status'))
        .filter((s) => s.scrollWidth > s.clientWidth + 1)
        .map((s) => `status ${s.textContent}`),
    ]);
    expect(cramped).toEqual([]);
  });

  it("should link to the previewed people's pages after a preview, naming their rows", async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getEstimate: ok({ leads: 12, low: 12, high: 24, balance: 500, affordable: true }),
        startPreview: ok({
          made: 2,
          creditsCharged: 4,
          autoRefresh: { on: true, intervalMinutes: 5 },
          pages: [
            { row: 2, firstName: 'Ava', company: 'Bluepeak', url: 'https://p.example/p/ava' },
            { row: 3, firstName: 'Ben', company: 'Copperleaf', url: 'https://p.example/p/ben' },
          ],
        }),
      },
    });
    await button('Preview').click();
    await sb.page.getByRole('alertdialog').getByRole('button', { name: 'Make preview' }).click();
    const link = money().getByRole('link', { name: 'Row 2: Ava, Bluepeak' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://p.example/p/ava');
    await money().getByRole('link', { name: 'Row 3: Ben, Copperleaf' }).waitFor();
  });

  it('should say whose timer runs a shared tab, by their key', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ autoRefresh: { on: true, intervalMinutes: 5, owner: { keyHint: '••••beef', you: false } } }) },
    });
    await sb.page.locator('#progress').getByText('Another person’s timer (key ••••beef) refreshes this tab, not yours', { exact: false }).waitFor();
  });

  it("should say a colleague's timer runs on the viewer's own key when the team shares one, not show that hint as theirs", async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ autoRefresh: { on: true, intervalMinutes: 5, owner: { keyHint: '••••1a2b', you: false } } }) },
    });
    await sb.page
      .locator('#progress')
      .getByText('Another person’s timer (on the same API key as yours) refreshes this tab, not yours', { exact: false })
      .waitFor();
  });
});

describe('sidebar truth: the timer and a silent service', () => {
  it('should say since when auto-refresh has not run and since when the service has not answered', async () => {
    const overdue = '2026-11-24T10:05:00.000Z';
    const silent = '2026-11-24T10:07:00.000Z';
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: ok({
          ...sidebarState({ autoRefresh: { on: true, intervalMinutes: 5, owner: { keyHint: '••••1a2b', you: true } } }),
          autoRefresh: { on: true, intervalMinutes: 5, owner: { keyHint: '••••1a2b', you: true }, overdueSince: overdue },
          silentSince: silent,
        }),
      },
    });
    await sb.page.getByText(`Auto-refresh has not run since ${hhmm(overdue)} (due every 5 minutes).`, { exact: false }).waitFor();
    await sb.page.getByText(`The service has not answered since ${hhmm(silent)}.`, { exact: false }).waitFor();
  });
});

describe('sidebar truth: the tab-and-selection poll (docs/rules.md#budgets)', () => {
  it('should slow down after a while without a change, and come back to quick on a change', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getActiveContext: context() },
      timing: { contextPollMs: 50, contextIdleMs: 400, contextSlowMs: 1000 },
    });
    // Counted from the poll's first call, so a slow page load does not shorten the idle time.
    await sb.waitForCalls('getActiveContext');
    await sb.page.waitForTimeout(700);
    const before = (await sb.calls('getActiveContext')).length;
    await sb.page.waitForTimeout(1100);
    const slow = (await sb.calls('getActiveContext')).length - before;
    expect(slow).toBeLessThanOrEqual(2);
    // From now on every poll brings a new selection, so every poll is a change and the pace stays quick.
    const changes = Array.from({ length: 60 }, (_, i) => context({ selection: { rows: 5 + i } }));
    await sb.reply('getActiveContext', changes);
    const at = (await sb.calls('getActiveContext')).length;
    // Six calls take at least 5 s at the slow pace; at the quick one, one slow wait and then well under a second.
    await sb.waitForCalls('getActiveContext', at + 6, 4000);
    await sb.page
      .locator('#send')
      .getByText(/^\d+ rows selected$/)
      .waitFor();
  });
});

describe('sidebar truth: sentences that follow the latest state', () => {
  it('should drop "Added 5 people." once Generate has started them, and never show "nothing was charged" beside a charge', async () => {
    const waiting = progress({ status: 'draft', counts: countsOf(5, { pending: 5 }), stages: {} });
    const started = progress({ status: 'rendering', counts: countsOf(5, { rendering: 5 }), stages: { queued: 5 } });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getActiveContext: context(),
        addSelectedRows: ok(added),
        getProgress: progress({ status: 'draft', counts: countsOf(5, { total: 0 }), stages: {} }),
        getEstimate: estimate,
        startGenerate: ok({ started: 5, creditsCharged: 10, autoRefresh: { on: true, intervalMinutes: 5 } }),
      },
    });
    await sb.reply('getProgress', waiting);
    await button('Add selected rows').click();
    await send().getByText('Added 5 people.').waitFor();
    await noContradiction();
    await sb.reply('getProgress', started);
    await button('Generate videos').click();
    await sb.page.getByRole('alertdialog').getByRole('button', { name: 'Generate' }).click();
    await money().getByText('Started 5 videos. 10 credits charged.').waitFor();
    // A newer reading of the campaign describes those people now: the result of Add goes.
    await send().getByText('Added 5 people.').waitFor({ state: 'detached' });
    await noContradiction();
  });

  it('should name a row already marked invalid once, with the problem rows, and not say it will be marked', async () => {
    const headers = ['First name', 'Company', 'Email', 'Video Status', 'Video Note'];
    const problems = { rows: 1, byStatus: { invalid: 1 }, named: [{ row: 8, status: 'invalid', note: 'First name is empty.' }] };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ sheet: { id: 1, name: 'Leads', headers }, problems }),
        getActiveContext: context({ sampleRow: { row: 8, cells: ['', 'Acme', 'a@acme.test', 'invalid', 'First name is empty.'] } }),
      },
      timing: { contextPollMs: 50 },
    });
    await send().getByText('Row 8 (invalid): First name is empty.').waitFor();
    await sb.waitForCalls('getActiveContext', 2);
    const text = await send().innerText();
    expect(text).not.toContain('will be marked invalid');
    expect(text.match(/First name is empty/g)).toHaveLength(1);
    await noContradiction();
  });

  it('should drop the "nothing is charged" of rows sent again once a Generate charges them', async () => {
    const stopped = progress({ status: 'stopped', counts: countsOf(5, { complete: 2, cancelled: 3 }), stages: {} });
    const again = progress({ status: 'rendering', counts: countsOf(5, { total: 8, complete: 2, cancelled: 3, pending: 3 }), stages: {} });
    const rendering = progress({ status: 'rendering', counts: countsOf(5, { total: 8, complete: 2, cancelled: 3, rendering: 3 }), stages: { queued: 3 } });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: stopped,
        getEstimate: ok({ leads: 3, low: 6, high: 6, balance: 100, affordable: true }),
        resendFailedRows: ok({
          campaign: { id: 'cmp_1', name: 'Q3 outreach' },
          previous: { id: 'cmp_1', name: 'Q3 outreach' },
          part: { id: 'cmp_2', name: 'Q3 outreach · part 2' },
          recording: 'same',
          failedRows: 3,
          result: { ...added, added: 3 },
        }),
        startGenerate: ok({ started: 3, creditsCharged: 6, autoRefresh: { on: true, intervalMinutes: 5 } }),
      },
    });
    await sb.reply('getProgress', again);
    await button('Send the 3 cancelled again').click();
    await send().getByText('Nothing is charged before Generate.', { exact: false }).waitFor();
    await sb.reply('getProgress', rendering);
    await button('Generate videos').click();
    await sb.page.getByRole('alertdialog').getByRole('button', { name: 'Generate' }).click();
    await money().getByText('Started 3 videos. 6 credits charged.').waitFor();
    await send().getByText('Nothing is charged before Generate.', { exact: false }).waitFor({ state: 'detached' });
    await noContradiction();
  });

  it('should never keep "Connect first" beside "Connected" once the person connects', async () => {
    const noKey = { baseUrl: null, keyHint: null, connected: false };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ settings: noKey }),
        getEstimate: fail('no_settings', 'Connect first: enter the API address and your key under Connection.'),
        getProgress: [fail('no_settings', 'Connect first: enter the API address and your key under Connection.'), progress()],
        saveSettings: ok({ settings: { baseUrl: 'https://api.example.com/api/v1', keyHint: '••••9999', connected: true, canWrite: true } }),
      },
    });
    await sb.page.locator('#connection .card-status').getByText('Not connected').waitFor();
    // A person tries what they see first; whatever it says then must not outlive the connection.
    await button('Check estimate')
      .click({ timeout: 1000 })
      .catch(() => undefined);
    await noContradiction();
    await sb.page.locator('input[name="baseUrl"]').fill('https://api.example.com/api/v1');
    await sb.page.locator('input[name="apiKey"]').fill('sk_live_9999');
    await button('Save and test').click();
    await sb.page.locator('#connection .card-status').getByText('Connected').waitFor();
    await sb.page.locator('#progress .legend').waitFor();
    await noContradiction();
  });
});

describe('sidebar truth: an error that is fixed', () => {
  it('should drop "switched off" once a call works again, without pressing the button that failed', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), refreshNow: fail('api_off', 'The video service API is switched off for now.'), getEstimate: estimate },
    });
    await openCard(sb.page, 'progress');
    await button('Refresh now').click();
    const off = sb.page.locator('#progress').getByText('The video service API is switched off for now.');
    await off.waitFor();
    // The API is back: any call that reaches it (here the estimate) says so, and the sentence goes.
    await button('Check estimate').click();
    await money().locator('dl.figures').waitFor();
    await off.waitFor({ state: 'detached' });
    await sb.page.locator('#connection .card-status').getByText('Connected').waitFor();
    await noContradiction();
  });
});
