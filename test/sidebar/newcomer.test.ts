// What a newcomer meets in the sidebar: every sentence follows the latest state, the campaign list
// shows campaigns by their counts, a person without a key is never left waiting, problem rows are
// named, the columns a tab leaves unused are said before anyone pays, and stopped people go again.
import { type Sidebar, useSidebars } from './harness';
import { CAMPAIGNS, context, fail, ok, progress, readyReplies, sidebarState, state } from './fixtures';
import type { ProgressInfo, SidebarState } from '../../src/server/contract';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const counts = (over: Partial<ProgressInfo['counts']>) => ({ total: 5, pending: 0, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0, ...over });
const button = (name: string) => sb!.page.getByRole('button', { name, exact: true, includeHidden: true });
const send = () => sb!.page.locator('#send');
const money = () => sb!.page.locator('#money');
const seen = () => sb!.page.locator('#app').innerText();
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
  [/will be marked invalid/, /is marked invalid/],
  [/switched off/i, /Last refresh just now/],
];

async function noContradiction(): Promise<void> {
  const text = await seen();
  for (const [a, b] of CONTRADICTIONS) {
    if (a.test(text) && b.test(text)) throw new Error(`both “${a.source}” and “${b.source}” are on screen:\n${text}`);
  }
}

describe('sentences that follow the latest state', () => {
  it('should drop "Added 5 people." once Generate has started them, and never show "nothing was charged" beside a charge', async () => {
    const waiting = progress({ status: 'draft', counts: counts({ pending: 5 }), stages: {} });
    const started = progress({ status: 'rendering', counts: counts({ rendering: 5 }), stages: { queued: 5 } });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getActiveContext: context(),
        addSelectedRows: ok(added),
        getProgress: progress({ status: 'draft', counts: counts({ total: 0 }), stages: {} }),
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

  it('should say a row already marked invalid is marked, not that it will be', async () => {
    const headers = ['First name', 'Company', 'Email', 'Video Status', 'Video Note'];
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ sheet: { id: 1, name: 'Leads', headers } }),
        getActiveContext: context({ sampleRow: { row: 8, cells: ['', 'Acme', 'a@acme.test', 'invalid', 'First name is empty.'] } }),
      },
      timing: { contextPollMs: 50 },
    });
    await send().getByText('Row 8 is marked invalid: First name is empty', { exact: false }).waitFor();
    expect(await seen()).not.toContain('will be marked invalid');
    await noContradiction();
  });

  it('should drop the "nothing is charged" of rows sent again once a Generate charges them', async () => {
    const stopped = progress({ status: 'stopped', counts: counts({ complete: 2, cancelled: 3 }), stages: {} });
    const again = progress({ status: 'rendering', counts: counts({ total: 8, complete: 2, cancelled: 3, pending: 3 }), stages: {} });
    const rendering = progress({ status: 'rendering', counts: counts({ total: 8, complete: 2, cancelled: 3, rendering: 3 }), stages: { queued: 3 } });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: stopped,
        getEstimate: ok({ leads: 3, low: 6, high: 6, balance: 100, affordable: true }),
        resendFailedRows: ok({
          campaign: { id: 'cmp_1', name: 'Q3 outreach' },
          previous: { id: 'cmp_1', name: 'Q3 outreach' },
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

describe('an error that is fixed', () => {
  it('should drop "switched off" once a call works again, without pressing the button that failed', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), refreshNow: fail('api_off', 'The video service API is switched off for now.'), getEstimate: estimate },
    });
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

describe('the campaign picker', () => {
  it('should list each campaign by what a person can do with it, never by a status word alone', async () => {
    const folded = [
      {
        id: 'cmp_4',
        name: 'Q4 outreach',
        status: 'rendering',
        leadCount: 50,
        waiting: 3,
        complete: 47,
        failed: 0,
        nextStep: '',
        createdAt: '2024-05-04T10:00:00Z',
        parts: 2,
      },
      { id: 'cmp_5', name: 'Spring', status: 'qa_ready', leadCount: 50, waiting: 0, complete: 50, failed: 0, nextStep: '', createdAt: '2024-05-01T10:00:00Z' },
      { id: 'cmp_6', name: 'Summer', status: 'stopped', leadCount: 30, waiting: 0, complete: 8, failed: 0, nextStep: '', createdAt: '2024-05-01T10:00:00Z' },
      ...CAMPAIGNS,
    ];
    sb = await sidebars.open({ replies: { ...readyReplies(), listCampaigns: ok({ campaigns: folded }) } });
    const options = sb.page.locator('#campaign select[name="campaignPick"] option');
    await options.filter({ hasText: 'Q4 outreach' }).waitFor({ state: 'attached' });
    const texts = await options.allTextContents();
    expect(texts).toContain('Q4 outreach · 47 of 50 ready · 3 waiting for Generate');
    expect(texts).toContain('Spring · 50 of 50 ready');
    expect(texts).toContain('Summer · 8 of 30 ready · 22 cancelled · stopped');
    expect(texts.join('\n')).not.toMatch(/Ready to check|Draft ·|Rendering ·/);
  });
});

describe('a person without a key', () => {
  it('should enable nothing that needs a key and leave nothing loading for ever', async () => {
    const noKey = { baseUrl: null, keyHint: null, connected: false };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ settings: noKey, lastRefresh: { at: new Date().toISOString(), error: null } }),
        getProgress: fail('no_settings', 'Connect first: enter the API address and your key under Connection.'),
        listTemplates: fail('no_settings', 'Connect first.'),
        listCampaigns: fail('no_settings', 'Connect first.'),
      },
    });
    await sb.page.locator('#progress').getByText('Progress shows once you connect.').waitFor();
    for (const name of ['Check estimate', 'Preview', 'Generate videos', 'Stop', 'Refresh now', 'Export finished videos', 'Add selected rows']) {
      expect([name, await button(name).isDisabled()]).toEqual([name, true]);
    }
    await money().getByText('Connect under Connection first: this needs your key.').first().waitFor();
    const text = await seen();
    expect(text).not.toMatch(/Reading the campaign…|Loading progress…|Reading “/);
  });
});

describe('status words', () => {
  it("should say where a finished campaign stands in counts, show an unknown status as the service's own word, and explain the lookup surcharge", async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: progress({ status: 'delivered', counts: counts({ total: 50, complete: 50 }), stages: {} }),
        getEstimate: ok({ leads: 0, low: 0, high: 0, balance: 100, affordable: true }),
      },
    });
    await sb.page.locator('#progress .status-line').getByText('50 of 50 ready').waitFor();
    const text = await seen();
    expect(text).toContain('the service’s own word: “delivered”');
    expect(text).not.toMatch(/Ready to check|Service status: delivered/);
    await sb.reply('getProgress', progress({ status: 'draft', counts: counts({ total: 50, complete: 47, pending: 3 }), stages: {} }));
    await sb.reply('getEstimate', ok({ leads: 3, low: 6, high: 9, balance: 100, affordable: true }));
    await sb.reply('refreshNow', ok({ updated: 0, remaining: 0 }));
    await button('Refresh now').click();
    await sb.page.locator('#progress .status-line').getByText('47 of 50 ready · 3 waiting for Generate').waitFor();
    await button('Check estimate').click();
    await money().getByText('Up to 3 credits is the lookup surcharge, once per company website not yet looked up.', { exact: false }).waitFor();
  });
});

describe('problem rows', () => {
  const named = [3, 4, 6, 7, 8].map((row) => ({ row, status: 'invalid', note: `First name is empty (row ${row}).` }));
  const problems = { rows: 17, byStatus: { invalid: 15, failed: 2 }, named };

  it('should name each problem row with its reason in the send card, then count the rest, and name the rows it selects', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ problems }), getActiveContext: context(), selectProblemRows: ok(problems) },
    });
    const list = send().locator('ul.problem-list li');
    await list.first().waitFor();
    expect(await list.allTextContents()).toEqual([...named.map((x) => `Row ${x.row} (invalid): First name is empty (row ${x.row}).`), 'and 12 more']);
    await send()
      .getByRole('button', { name: /Select 17 problem rows/ })
      .click();
    await send().getByText('Selected rows 3, 4, 6, 7, 8 and 12 more.').waitFor();
    expect(await seen()).not.toMatch(/see Columns/);
  });
});

describe('what a tab leaves out', () => {
  const gaps: SidebarState['gaps'] = {
    unusedColumns: ['Favourite colour', 'Notes'],
    unsent: { rows: 10, empty: { hook: 6 } },
    waiting: { rows: 5, empty: { hook: 2, ctaUrl: 1 } },
  };

  it('should name the unused columns and count the empty personal lines before Add and in the Generate confirmation', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: ok({ ...sidebarState(), gaps }), getActiveContext: context(), getEstimate: estimate },
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
});

describe('people a Stop cancelled', () => {
  it('should offer to send them again instead of saying everyone has been started', async () => {
    const stopped = progress({ status: 'stopped', counts: counts({ total: 50, complete: 28, cancelled: 22 }), stages: {} });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: stopped,
        resendFailedRows: ok({
          campaign: { id: 'cmp_1', name: 'Q3 outreach' },
          previous: { id: 'cmp_1', name: 'Q3 outreach' },
          recording: 'same',
          failedRows: 22,
          result: { ...added, added: 22 },
        }),
      },
    });
    await money().getByText('22 people were cancelled by Stop: send them again (Send rows).').waitFor();
    expect(await seen()).not.toContain('nothing is left to generate');
    await sb.page.getByTestId('top-line').getByText('send the 22 cancelled again', { exact: false }).waitFor();
    await button('Send the 22 cancelled again').click();
    await send().getByText('Sent 22 rows again, to a new part of “Q3 outreach”.', { exact: false }).waitFor();
    expect((await sb.calls('resendFailedRows'))[0]!.args).toEqual([{ cancelled: true }]);
  });
});
