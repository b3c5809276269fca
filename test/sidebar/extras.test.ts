// Beyond the basics (docs/rules.md#problem-rows) in the sidebar: the problem-rows button with its counts, the
// spending record and today's charges beside the balance, and failed videos to a follow-up campaign.
import { type Sidebar, useSidebars } from './harness';
import { context, fail, ok, progress, readyReplies, state } from './fixtures';
import { problemLabel } from '../../sidebar/problems';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const send = () => sb!.page.locator('#send');
const money = () => sb!.page.locator('#money');
const problems = { rows: 3, byStatus: { invalid: 2, failed: 1 } };
const withFailed = progress({
  status: 'delivered',
  counts: { total: 5, pending: 0, rendering: 0, complete: 3, failed: 2, cancelled: 0, skipped: 0 },
  stages: {},
});

describe('problem rows', () => {
  it('should name the counts on the button, select the rows, and say which rows Add selected rows sends again', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ problems }), getActiveContext: context(), selectProblemRows: ok(problems) },
    });
    const button = send().getByRole('button', { name: 'Select 3 problem rows (2 invalid, 1 failed)' });
    await button.click();
    await send().getByText('Selected 3 rows.').waitFor();
    expect(await sb.calls('selectProblemRows')).toHaveLength(1);
    // The selection changed: the tab and selection are read again.
    await sb.waitForCalls('getActiveContext');
    await send().getByText('Fix them, then Add selected rows: rows without a Lead ID go again.').waitFor();
  });

  it('should not offer the button when the tab has no problem rows', async () => {
    sb = await sidebars.open({ replies: readyReplies() });
    await send().getByText('3 rows selected').waitFor();
    expect(
      await send()
        .getByRole('button', { name: /problem row/ })
        .count(),
    ).toBe(0);
  });

  it('should follow the counts the server answers with when rows were fixed meanwhile', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: state({ problems }),
        getActiveContext: context(),
        selectProblemRows: ok({ rows: 1, byStatus: { failed: 1 } }),
      },
    });
    await send().getByRole('button', { name: 'Select 3 problem rows (2 invalid, 1 failed)' }).click();
    await send().getByRole('button', { name: 'Select 1 problem row (1 failed)' }).waitFor();
  });

  it('should word the label from the counts', () => {
    expect(problemLabel({ rows: 4, byStatus: { sending: 1, skipped: 1, failed: 1, invalid: 1 } })).toBe(
      'Select 4 problem rows (1 invalid, 1 failed, 1 skipped, 1 sending)',
    );
  });
});

describe('spending record', () => {
  it("should show today's charges next to the balance, with unknown charges counted apart", async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getEstimate: ok({ leads: 15, low: 30, high: 45, balance: 120, affordable: true, chargedToday: 12, unknownToday: 1 }) },
    });
    await money().getByRole('button', { name: 'Check estimate' }).click();
    const figures = money().locator('dl.figures');
    await figures.waitFor();
    expect(await figures.locator('dt').allTextContents()).toEqual(['People', 'Cost', 'Balance', 'Balance after', 'Charged today']);
    expect(await figures.locator('dd').last().textContent()).toBe('12 credits + 1 charge of unknown size');
  });

  it('should open the record tab from the money section', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getActiveContext: context(), showCreditsRecord: ok({ sheetName: 'Video credits' }) } });
    await money().getByRole('button', { name: 'Spending record' }).click();
    await money().getByText('The tab “Video credits” lists every charge from this spreadsheet.').waitFor();
    expect(await sb.calls('showCreditsRecord')).toHaveLength(1);
    expect((await sb.calls('getActiveContext')).length).toBeGreaterThan(0);
  });

  it('should say so when nothing has been charged yet', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), showCreditsRecord: ok({ sheetName: null }) } });
    await money().getByRole('button', { name: 'Spending record' }).click();
    await money().getByText('Nothing was charged from this spreadsheet yet: no record.').waitFor();
  });
});

describe('daily spending limit', () => {
  const limit = { creditsPerDay: 500, spentToday: 120 };
  const withLimit = ok({ leads: 15, low: 30, high: 45, balance: 1200, affordable: true, chargedToday: 120, unknownToday: 0, limit });

  it('should say "120 of 500 credits today" beside the balance and under the spending record', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ limit }), getEstimate: withLimit } });
    await money().getByText('120 of 500 credits today', { exact: true }).waitFor();
    await money().getByRole('button', { name: 'Check estimate' }).click();
    const figures = money().locator('dl.figures');
    await figures.waitFor();
    expect(await figures.locator('dt').allTextContents()).toEqual(['People', 'Cost', 'Balance', 'Balance after', 'Charged today', 'Daily limit']);
    expect(await figures.locator('dd').last().textContent()).toBe('120 of 500 credits today');
  });

  it('should set the limit from the box, and clear it when the box is empty', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), setSpendingLimit: [ok({ creditsPerDay: 300, spentToday: 40 }), ok({ creditsPerDay: null, spentToday: 40 })] },
    });
    await money()
      .locator('p.muted', { hasText: /^No daily limit\.$/ })
      .waitFor();
    await money().getByLabel('Daily limit in credits').fill('300');
    await money().getByRole('button', { name: 'Set limit' }).click();
    await money().getByText('40 of 300 credits today', { exact: true }).waitFor();
    await money().getByLabel('Daily limit in credits').fill('');
    await money().getByRole('button', { name: 'Set limit' }).click();
    await money()
      .locator('p.muted', { hasText: /^No daily limit\.$/ })
      .waitFor();
    expect((await sb.calls('setSpendingLimit')).map((c) => c.args)).toEqual([[{ creditsPerDay: 300 }], [{ creditsPerDay: null }]]);
  });

  it('should disable Generate with the reason when its high would pass the limit, and Preview only once it is reached', async () => {
    const near = (spentToday: number) =>
      ok({
        leads: 15,
        low: 30,
        high: 45,
        balance: 1200,
        affordable: true,
        chargedToday: spentToday,
        unknownToday: 0,
        limit: { creditsPerDay: 500, spentToday },
      });
    sb = await sidebars.open({ replies: { ...readyReplies(), getEstimate: [near(470), near(500)] } });
    const check = money().getByRole('button', { name: 'Check estimate' });
    await check.click();
    await money().getByText('Your daily limit: 470 of 500 credits today. This may spend up to 45 credits.').waitFor();
    expect(await money().getByRole('button', { name: 'Generate videos' }).isDisabled()).toBe(true);
    expect(await money().getByRole('button', { name: 'Preview' }).isDisabled()).toBe(false);
    await check.click();
    await money().getByText('Your daily limit: 500 of 500 credits today. This may spend up to 45 credits.').waitFor();
    await money().locator('button:disabled', { hasText: 'Preview' }).waitFor();
  });

  it("should show the refusal's sentence when a Generate would pass the limit", async () => {
    const sentence =
      'This would spend up to 45 credits. Your limit is 500 credits a day and 480 are spent today (UTC), so nothing was charged. Raise the limit or wait until tomorrow.';
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getEstimate: withLimit,
        startGenerate: { ...fail('over_limit', sentence), limit: { creditsPerDay: 500, spentToday: 480 } },
      },
    });
    await money().getByRole('button', { name: 'Check estimate' }).click();
    await money().locator('button.btn-primary:enabled', { hasText: 'Generate videos' }).click();
    await sb.page.getByRole('alertdialog').getByRole('button', { name: 'Generate' }).click();
    await money().getByText(sentence).waitFor();
    expect(await sb.calls('startGenerate')).toHaveLength(1);
    // The line follows the figures the refusal was judged on.
    await money().locator('dl.figures dd', { hasText: '480 of 500 credits today' }).waitFor();
  });
});

describe('failed videos sent again', () => {
  const moved = {
    campaign: { id: 'cmp_1', name: 'Q3 outreach' },
    previous: { id: 'cmp_1', name: 'Q3 outreach' },
    recording: 'same',
    failedRows: 2,
    result: { added: 2, skipped: 0, alreadySent: 0, invalid: 0, total: 2, unmatchable: 0, remaining: 0 },
  };
  const again = () => send().getByRole('button', { name: 'Send the 2 failed again' });

  it('should be offered only when videos failed, and send them to a new part of the same campaign without a charge', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: withFailed, resendFailedRows: ok(moved) } });
    await sb.reply(
      'getProgress',
      progress({ status: 'rendering', counts: { total: 7, pending: 2, rendering: 0, complete: 3, failed: 2, cancelled: 0, skipped: 0 }, stages: {} }),
    );
    await again().click();
    const said = send().getByRole('status').filter({ hasText: 'Sent 2 rows again, to a new part of “Q3 outreach”. Nothing is charged before Generate.' });
    await said.waitFor();
    expect((await sb.calls('resendFailedRows'))[0]!.args).toEqual([{}]);
    expect(await sb.calls('startGenerate')).toHaveLength(0);
  });

  it('should not be offered while nothing failed', async () => {
    sb = await sidebars.open({ replies: readyReplies() });
    await send().getByText('3 rows selected').waitFor();
    await sb.waitForCalls('getProgress');
    expect(
      await send()
        .getByRole('button', { name: /failed again/ })
        .count(),
    ).toBe(0);
  });

  it('should wait while renders run', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: progress() } });
    await send().getByText('Wait until nothing is rendering', { exact: false }).first().waitFor();
    expect(await send().getByRole('button', { name: 'Send the 1 failed again' }).isDisabled()).toBe(true);
  });

  it("should show the server's sentence when it fails", async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: withFailed,
        resendFailedRows: fail('bad_input', 'The add-on does not know the recording of “Q3 outreach”. Choose it under Template, then press again.'),
      },
    });
    await again().click();
    await send().getByRole('alert').getByText('Choose it under Template', { exact: false }).waitFor();
  });
});
