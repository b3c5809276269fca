// The spending record and the daily limit in the money section (docs/rules.md#money-record): today's charges beside
// the balance, the record tab, the limit's box, and Generate held back by it.
import { type Sidebar, useSidebars } from './harness';
import { context, fail, ok, readyReplies, state } from './fixtures';

const sidebars = useSidebars();

let sb: Sidebar | null = null;

const money = () => sb!.page.locator('#money');

/** The spending fold's summary: the person's limit as it stands, and what opens the fold. */
const spending = () => money().locator('details.sub > summary');

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
    await spending().click();
    await money().getByRole('button', { name: 'Spending record' }).click();
    await money().getByText('The tab “Video credits” lists every charge from this spreadsheet.').waitFor();
    expect(await sb.calls('showCreditsRecord')).toHaveLength(1);
    expect((await sb.calls('getActiveContext')).length).toBeGreaterThan(0);
  });

  it('should say so when nothing has been charged yet', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), showCreditsRecord: ok({ sheetName: null }) } });
    await spending().click();
    await money().getByRole('button', { name: 'Spending record' }).click();
    await money().getByText('Nothing was charged from this spreadsheet yet: no record.').waitFor();
  });
});

describe('daily spending limit', () => {
  const limit = { creditsPerDay: 500, spentToday: 120 };
  const withLimit = ok({ leads: 15, low: 30, high: 45, balance: 1200, affordable: true, chargedToday: 120, unknownToday: 0, limit });

  it('should say "120 of 500 credits today" beside the balance and on the spending fold', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ limit }), getEstimate: withLimit } });
    await spending().getByText('Spending: 120 of 500 credits today', { exact: true }).waitFor();
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
    await spending().getByText('Spending: no daily limit', { exact: true }).waitFor();
    // Folded until the person opens it: the limit is changed there, and said beside the estimate.
    expect(await money().getByLabel('Daily limit in credits').isVisible()).toBe(false);
    await spending().click();
    await money().getByLabel('Daily limit in credits').fill('300');
    await money().getByRole('button', { name: 'Set limit' }).click();
    await spending().getByText('Spending: 40 of 300 credits today', { exact: true }).waitFor();
    await money().getByLabel('Daily limit in credits').fill('');
    await money().getByRole('button', { name: 'Set limit' }).click();
    await spending().getByText('Spending: no daily limit', { exact: true }).waitFor();
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
