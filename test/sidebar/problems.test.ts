// Rows that need a person (docs/rules.md#problem-rows): the problem-rows button with its counts, the problem rows named
// with their reasons, and failed or cancelled people sent again to a new part of the same campaign.
import { openCard, type Sidebar, useSidebars } from './harness';
import { context, fail, ok, progress, readyReplies, sidebarState, state, countsOf } from './fixtures';
import { problemLabel, problemsBehind } from '../../sidebar/problems';
import { initialState, type AppState } from '../../sidebar/state';

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

const button = (name: string) => sb!.page.getByRole('button', { name, exact: true, includeHidden: true });

const seen = () => sb!.page.locator('#app').innerText();

const added = { added: 5, skipped: 0, alreadySent: 0, invalid: 0, total: 5, unmatchable: 0, remaining: 0 };

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

describe('failed videos sent again', () => {
  const moved = {
    campaign: { id: 'cmp_1', name: 'Q3 outreach' },
    previous: { id: 'cmp_1', name: 'Q3 outreach' },
    part: { id: 'cmp_2', name: 'Q3 outreach · part 2' },
    recording: 'same',
    failedRows: 2,
    result: { added: 2, skipped: 0, alreadySent: 0, invalid: 0, total: 2, unmatchable: 0, remaining: 0 },
  };
  const again = () => send().getByRole('button', { name: 'Send the 2 failed again' });

  it('should be offered only when videos failed, and send them to a part of the same campaign without a charge', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getProgress: withFailed, resendFailedRows: ok(moved) } });
    await sb.reply(
      'getProgress',
      progress({ status: 'rendering', counts: { total: 7, pending: 2, rendering: 0, complete: 3, failed: 2, cancelled: 0, skipped: 0 }, stages: {} }),
    );
    await again().click();
    const said = send().getByRole('status').filter({ hasText: 'Sent 2 rows again, to “Q3 outreach · part 2”. Nothing is charged before Generate.' });
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

describe('problem rows named', () => {
  const named = [3, 4, 6, 7, 8].map((row) => ({ row, status: 'invalid', note: `First name is empty (row ${row}).` }));
  const problems = { rows: 17, byStatus: { invalid: 15, failed: 2 }, named };

  it('should name each problem row with its reason in the send card, then count the rest, and name the rows it selects', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getSidebarState: state({ problems }), getActiveContext: context(), selectProblemRows: ok(problems) },
    });
    const list = send().locator('ul.list li');
    await list.first().waitFor();
    expect(await list.allTextContents()).toEqual([...named.map((x) => `Row ${x.row} (invalid): First name is empty (row ${x.row}).`), 'and 12 more']);
    await send()
      .getByRole('button', { name: /Select 17 problem rows/ })
      .click();
    await send().getByText('Selected rows 3, 4, 6, 7, 8 and 12 more.').waitFor();
    expect(await seen()).not.toMatch(/see Columns/);
  });
});

describe('problem rows folded', () => {
  const problems = { rows: 3, byStatus: { invalid: 3 }, named: [8, 20, 34].map((row) => ({ row, status: 'invalid', note: 'First name is empty.' })) };
  const fold = () => send().locator('details', { has: sb!.page.getByText('3 problem rows not sent', { exact: true }) });

  it('should keep the problem rows open while people wait for Generate: fixed first, one Generate takes them too', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ problems }), getActiveContext: context() } });
    await sb.page.locator('#progress .status-line').getByText('12 waiting for Generate', { exact: false }).waitFor({ state: 'attached' });
    await send().getByText('Row 8 (invalid): First name is empty.').waitFor();
    expect(await fold().getAttribute('open')).not.toBeNull();
  });

  it('should fold them to their count once everyone is generated, and open them when the person asks', async () => {
    const generated = progress({ counts: countsOf(47, { rendering: 47 }), stages: {} });
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ problems }), getActiveContext: context(), getProgress: generated } });
    await sb.page.locator('#progress .status-line').getByText('47 rendering', { exact: false }).waitFor();
    await fold().locator('summary').waitFor();
    expect(await fold().getAttribute('open')).toBeNull();
    expect(await send().getByText('Row 8 (invalid): First name is empty.').isVisible()).toBe(false);
    await fold().locator('summary').click();
    await send().getByText('Row 8 (invalid): First name is empty.').waitFor();
    await send().getByRole('button', { name: 'Select 3 problem rows (3 invalid)' }).waitFor();
  });
});

describe('problem rows after the tab moved', () => {
  const headers = ['First name', 'Company', 'Email', 'Video Status', 'Video Note'];
  const invalidAt = (row: number) => ({ row, status: 'invalid', note: 'First name is empty.' });
  const before = { rows: 3, byStatus: { invalid: 3 }, named: [8, 20, 34].map(invalidAt) };
  const after = { rows: 3, byStatus: { invalid: 3 }, named: [13, 27, 40].map(invalidAt) };
  const polled = (row: number, status: string) => ({ row, cells: ['', 'Acme', 'a@acme.test', status, ''] });
  const sheet = { id: 1, name: 'Leads', headers };
  const at = (problems: typeof before | undefined, sampleRow: ReturnType<typeof polled> | null): AppState => ({
    ...initialState,
    sidebar: sidebarState({ sheet, problems }),
    active: { sheetId: 1, sheetName: 'Leads', selection: { rows: 1 }, sampleRow },
  });

  it('should read the tab again once a sort shows a marked row the list does not name', async () => {
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getSidebarState: [state({ sheet, problems: before }), state({ sheet, problems: after })],
        getActiveContext: [context({ sampleRow: polled(8, 'invalid') }), context({ sampleRow: polled(13, 'invalid') })],
      },
      timing: { contextPollMs: 50 },
    });
    const list = send().locator('ul.list li');
    await list.getByText('Row 13 (invalid)', { exact: false }).waitFor();
    expect(await list.allTextContents()).toEqual(after.named.map((x) => `Row ${x.row} (invalid): First name is empty.`));
    // Once per row and status: the polls that follow, showing the same row, ask nothing more.
    await sb.waitForCalls('getActiveContext', 6);
    expect(await sb.calls('getSidebarState')).toHaveLength(2);
  });

  it('should find the list behind when the polled row disagrees with it, and not otherwise', () => {
    expect(problemsBehind(at(before, polled(13, 'invalid')))).toBe('13 invalid');
    // A row the list names with another status, or no longer marked.
    expect(problemsBehind(at(before, polled(20, 'sending')))).toBe('20 sending');
    expect(problemsBehind(at(before, polled(20, '')))).toBe('20 ');
    expect(problemsBehind(at(undefined, polled(5, 'invalid')))).toBe('5 invalid');
    // In agreement: named as it is, not a problem and not named, after the last one named of a longer list.
    expect(problemsBehind(at(before, polled(20, 'invalid')))).toBeNull();
    expect(problemsBehind(at(before, polled(9, '')))).toBeNull();
    expect(problemsBehind(at({ ...before, rows: 9 }, polled(50, 'invalid')))).toBeNull();
    expect(problemsBehind(at({ rows: 2, byStatus: { invalid: 2 } } as typeof before, polled(50, 'invalid')))).toBeNull();
    // Nothing polled yet.
    expect(problemsBehind(at(before, null))).toBeNull();
  });
});

describe('people a Stop cancelled', () => {
  it('should offer to send them again instead of saying everyone has been started', async () => {
    const stopped = progress({ status: 'stopped', counts: countsOf(50, { complete: 28, cancelled: 22 }), stages: {} });
    sb = await sidebars.open({
      replies: {
        ...readyReplies(),
        getProgress: stopped,
        resendFailedRows: ok({
          campaign: { id: 'cmp_1', name: 'Q3 outreach' },
          previous: { id: 'cmp_1', name: 'Q3 outreach' },
          part: { id: 'cmp_3', name: 'Q3 outreach · part 3' },
          recording: 'same',
          failedRows: 22,
          result: { ...added, added: 22 },
        }),
      },
    });
    await openCard(sb.page, 'money');
    await money().getByText('22 people were cancelled by Stop: send them again (Send rows).').waitFor();
    expect(await seen()).not.toContain('nothing is left to generate');
    await sb.page.getByTestId('top-line').getByText('send the 22 cancelled again', { exact: false }).waitFor();
    await button('Send the 22 cancelled again').click();
    await send().getByText('Sent 22 rows again, to “Q3 outreach · part 3”.', { exact: false }).waitFor();
    expect((await sb.calls('resendFailedRows'))[0]!.args).toEqual([{ cancelled: true }]);
  });
});
