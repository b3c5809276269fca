// Campaign section: create (80-character name), pick an existing one, and follow tab switches.
import { type Sidebar, thrown, useSidebars } from './harness';
import { context, fail, ok, progress, readyReplies, state, CAMPAIGNS } from './fixtures';

const sidebars = useSidebars();

let sb: Sidebar | null = null;

const section = () => sb!.page.locator('#campaign');

/** The sidebar's header names the tab and its campaign; the card does not repeat it. */
const head = () => sb!.page.getByTestId('top-campaign');

const named = (tab: string, campaign: string) => `Tab ${tab} · campaign “${campaign}”`;

describe('campaign section', () => {
  it('should create a campaign from the chosen template, with a name counter to 80', async () => {
    const created = { id: 'cmp_9', name: 'Founders in Berlin' };
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: [state({ campaign: null })],
        createCampaign: ok({ campaign: created }),
      },
    });
    await head().getByText('Tab Leads · no campaign').waitFor();
    const create = section().getByRole('button', { name: 'Create campaign' });
    expect(await create.isDisabled()).toBe(true);
    await section().getByText('Choose a template above first.').waitFor();
    await sb.page.locator('#template').getByRole('radio', { name: 'Founder intro' }).check();
    await section().getByText('Give the campaign a name.').waitFor();
    const name = section().getByLabel('Campaign name');
    await name.fill('Founders in Berlin');
    await section().getByText('18 / 80').waitFor();
    await name.fill('x'.repeat(95));
    expect(await name.inputValue()).toHaveLength(80);
    await section().getByText('80 / 80').waitFor();
    await name.fill('  Founders in Berlin ');
    await section().getByLabel('Goal (optional)').fill('Seed-stage founders met at the fair');
    await sb.reply('getSidebarState', state({ campaign: created }));
    await create.click();
    await head().getByText(named('Leads', 'Founders in Berlin')).waitFor();
    const [call] = await sb.calls('createCampaign');
    expect(call!.args).toEqual([{ templateId: 'tpl_ok', name: 'Founders in Berlin', goal: 'Seed-stage founders met at the fair' }]);
    expect(await section().locator('.card-status').textContent()).toBe('Founders in Berlin');
    expect(await name.inputValue()).toBe('');
  });

  it('should leave the goal out when it is empty and show a failure inline', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ campaign: null }),
        createCampaign: fail('forbidden', 'This key is read-only. Use a key with writing switched on.'),
      },
    });
    await sb.page.locator('#template').getByRole('radio', { name: 'Founder intro' }).check();
    await section().getByLabel('Campaign name').fill('Q4');
    await section().getByRole('button', { name: 'Create campaign' }).click();
    await section().getByRole('alert').getByText('This key is read-only.', { exact: false }).waitFor();
    const [call] = await sb.calls('createCampaign');
    expect(call!.args).toEqual([{ templateId: 'tpl_ok', name: 'Q4' }]);
  });

  it('should bind an existing campaign picked from the list', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ campaign: null }), selectCampaign: ok({ campaign: { id: 'cmp_2', name: 'Webinar attendees' } }) },
    });
    const pick = section().getByLabel('Campaign', { exact: true });
    await section().locator('option', { hasText: 'Webinar attendees · 30 of 40 ready · 9 rendering · 1 failed' }).waitFor({ state: 'attached' });
    expect(await section().getByRole('button', { name: 'Use this campaign' }).isDisabled()).toBe(true);
    await pick.selectOption('cmp_2');
    await sb.reply('getSidebarState', state({ campaign: { id: 'cmp_2', name: 'Webinar attendees' } }));
    await sb.reply('getProgress', progress({ campaignId: 'cmp_2' }));
    await section().getByRole('button', { name: 'Use this campaign' }).click();
    await head().getByText(named('Leads', 'Webinar attendees')).waitFor();
    expect((await sb.calls('selectCampaign'))[0]!.args).toEqual([{ campaignId: 'cmp_2' }]);
    // The new campaign's progress is read.
    await sb.page.locator('#progress .status-line').getByText('Rendering').waitFor();
  });

  it("should follow a tab switch to that tab's campaign within a poll", async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getActiveContext: context() }, timing: { contextPollMs: 100 } });
    await head().getByText(named('Leads', 'Q3 outreach')).waitFor();
    await sb.reply('getProgress', progress({ campaignId: 'cmp_2', status: 'stopped' }));
    await sb.reply('getSidebarState', state({ sheet: { id: 2, name: 'Events', headers: ['Name'] }, campaign: { id: 'cmp_2', name: 'Webinar attendees' } }));
    await sb.reply('getActiveContext', context({ sheetId: 2, sheetName: 'Events' }));
    await head().getByText(named('Events', 'Webinar attendees')).waitFor({ timeout: 3000 });
    await section().locator('.card-status').getByText('Webinar attendees').waitFor();
    await sb.page.locator('#progress .status-line').getByText('Stopped').waitFor();
    await sb.reply('getSidebarState', state({ sheet: { id: 3, name: 'Cold list', headers: [] }, campaign: null }));
    await sb.reply('getActiveContext', context({ sheetId: 3, sheetName: 'Cold list' }));
    await head().getByText('Tab Cold list · no campaign').waitFor({ timeout: 3000 });
    // The state is read once per tab, not on every poll.
    expect(await sb.calls('getSidebarState')).toHaveLength(3);
  });

  it('should keep what the person is typing when a poll or tab switch re-renders', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ campaign: null }), getActiveContext: context() },
      timing: { contextPollMs: 50 },
    });
    const name = section().getByLabel('Campaign name');
    await name.click();
    await sb.page.keyboard.type('Half typed');
    await sb.reply('getSidebarState', state({ sheet: { id: 2, name: 'Events', headers: [] }, campaign: null }));
    await sb.reply('getActiveContext', context({ sheetId: 2, sheetName: 'Events' }));
    await head().getByText('Tab Events · no campaign').waitFor();
    await sb.page.keyboard.type(' name');
    expect(await name.inputValue()).toBe('Half typed name');
    expect(await name.evaluate((n) => n === document.activeElement)).toBe(true);
  });

  it('should fold the card and its create and pick forms once a campaign is bound, and open them on a click', async () => {
    sb = await sidebars.open({ replies: readyReplies() });
    await head().getByText(named('Leads', 'Q3 outreach')).waitFor();
    const open = (d: Element) => (d as HTMLDetailsElement).open;
    expect([await section().evaluate(open), await section().locator('details.sub').evaluate(open)]).toEqual([false, false]);
    await section().locator('.card-status').getByText('Q3 outreach').click();
    await section().getByText('Create or switch campaign').click();
    expect(await section().getByLabel('Campaign name').isVisible()).toBe(true);
  });
});

describe('campaign list and messages', () => {
  it('should read the campaign list again when the dropdown is focused, and not on a timer', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ campaign: null }) }, timing: { contextPollMs: 50, progressPollMs: 50 } });
    const pick = section().getByLabel('Campaign', { exact: true });
    await section().locator('option', { hasText: 'Webinar attendees' }).waitFor({ state: 'attached' });
    await sb.page.waitForTimeout(400);
    expect(await sb.calls('listCampaigns')).toHaveLength(1);
    await sb.reply(
      'listCampaigns',
      ok({
        campaigns: [
          ...readyReplies().listCampaigns.campaigns,
          {
            id: 'cmp_3',
            name: 'Made in another window',
            status: 'draft',
            leadCount: 0,
            waiting: 0,
            complete: 0,
            failed: 0,
            nextStep: '',
            createdAt: '2024-05-04T10:00:00Z',
          },
        ],
      }),
    );
    await pick.focus();
    await section().locator('option', { hasText: 'Made in another window' }).waitFor({ state: 'attached' });
    expect(await sb.calls('listCampaigns')).toHaveLength(2);
  });

  it('should drop "Created … and bound it" when the person moves to another tab', async () => {
    const created = { id: 'cmp_9', name: 'Spring outreach' };
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ campaign: null }), getActiveContext: context(), createCampaign: ok({ campaign: created }) },
      timing: { contextPollMs: 100 },
    });
    await sb.page.locator('#template').getByRole('radio', { name: 'Founder intro' }).check();
    await section().getByLabel('Campaign name').fill('Spring outreach');
    await sb.reply('getSidebarState', state({ campaign: created }));
    await section().getByRole('button', { name: 'Create campaign' }).click();
    const done = section().getByText('Created “Spring outreach” and bound it to tab Leads.');
    await done.waitFor({ state: 'attached' });
    await sb.reply('getSidebarState', state({ sheet: { id: 4, name: 'Export', headers: [] }, campaign: null }));
    await sb.reply('getActiveContext', context({ sheetId: 4, sheetName: 'Export' }));
    await head().getByText('Tab Export · no campaign').waitFor();
    await done.waitFor({ state: 'detached' });
  });

  it('should say a create that got no answer may have made the campaign, and read the list', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ campaign: null }), createCampaign: thrown('Connection lost') } });
    await sb.page.locator('#template').getByRole('radio', { name: 'Founder intro' }).check();
    await section().getByLabel('Campaign name').fill('Spring');
    await sb.waitForCalls('listCampaigns');
    await section().getByRole('button', { name: 'Create campaign' }).click();
    await section().getByText('It may have been created anyway', { exact: false }).waitFor();
    await sb.waitForCalls('listCampaigns', 2);
    expect(await section().textContent()).not.toMatch(/try again/i);
  });
});

describe('campaign picker', () => {
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
