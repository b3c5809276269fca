// Send section: rows selected, Add selected rows, and the outcome with a "Run again" hint.
import { type Sidebar, thrown, useSidebars } from './harness';
import { context, fail, ok, readyReplies, state } from './fixtures';
import { resultLines } from '../../sidebar/results';

const sidebars = useSidebars();
let sb: Sidebar | null = null;

const section = () => sb!.page.locator('#send');
const result = { added: 12, skipped: 2, alreadySent: 3, invalid: 1, unmatchable: 1, total: 40, remaining: 0 };

describe('send section', () => {
  it('should show how many rows are selected, following the selection through the cheap poll only', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getActiveContext: context() }, timing: { contextPollMs: 50 } });
    await section().getByText('3 rows selected').waitFor();
    await sb.reply('getActiveContext', context({ selection: { rows: 1 } }));
    await section().getByText('1 row selected').waitFor();
    await sb.waitForCalls('getActiveContext', 5);
    // Polling reads no properties: getSidebarState is not asked again while the tab stays the same.
    expect(await sb.calls('getSidebarState')).toHaveLength(1);
  });

  it('should say how many of the selected rows are not sent yet, before Add is pressed, when the server could count them', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getActiveContext: context({ selection: { rows: 9, unsent: 7 } }) },
      timing: { contextPollMs: 50 },
    });
    await section().getByText('9 rows selected · 7 not sent yet', { exact: true }).waitFor();
    // A selection longer than a poll reads: the figure is not known, and none is shown.
    await sb.reply('getActiveContext', context({ selection: { rows: 1200, unsent: null } }));
    await section().getByText('1,200 rows selected', { exact: true }).waitFor();
  });

  it('should be disabled with the reason when every selected row was sent already', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getActiveContext: context({ selection: { rows: 2 }, sampleRow: null }) },
      timing: { contextPollMs: 50 },
    });
    await section().getByText('Every selected row is sent or empty: select new rows to send more.').waitFor();
    expect(await section().getByRole('button', { name: 'Add selected rows' }).isDisabled()).toBe(true);
  });

  it('should add the selected rows and show every outcome', async () => {
    // The reply takes a moment, as a real call does: the double click's second press lands while the first is out.
    sb = await sidebars.open({ replies: { ...readyReplies(), addSelectedRows: ok(result) }, delays: { addSelectedRows: 500 } });
    await section().getByText('3 rows selected').waitFor();
    await section().getByRole('button', { name: 'Add selected rows' }).dblclick();
    const status = section().getByRole('status').filter({ hasText: 'Added 12 people.' });
    await status.waitFor();
    const text = await status.textContent();
    expect(text).toContain('2 people were already in the campaign');
    expect(text).toContain('3 rows sent before');
    expect(text).toContain('1 row not sent');
    expect(text).toContain('1 row left in “sending”');
    // The reply's total is one part's: the campaign's count is said once, in the top line.
    expect(text).not.toContain('The campaign now has');
    expect(await section().getByText('Run again to finish', { exact: false }).count()).toBe(0);
    expect(await sb.calls('addSelectedRows')).toHaveLength(1);
  });

  it('should say a new part was made for the people added, and no "nothing to send" above what was just sent', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), addSelectedRows: ok({ ...result, added: 2, skipped: 0, alreadySent: 0, invalid: 0, unmatchable: 0, newParts: 1 }) },
      timing: { contextPollMs: 50 },
    });
    await section().getByRole('button', { name: 'Add selected rows' }).click();
    await section().getByRole('status').filter({ hasText: 'Added 2 people, in a new part of the campaign.' }).waitFor();
    // The rows just sent are still selected, and now every one has a Lead ID.
    await sb.reply('getActiveContext', context({ selection: { rows: 2 }, sampleRow: null }));
    await section().getByText('Every selected row is sent or empty: select new rows to send more.').waitFor();
    expect(await section().textContent()).not.toContain('nothing to send');
    expect(resultLines({ ...result, empty: 0, problems: [], newParts: 3 })[0]).toBe('Added 12 people, in 3 new parts of the campaign.');
  });

  it('should say to run again when rows remain', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), addSelectedRows: ok({ ...result, remaining: 250 }) } });
    await section().getByRole('button', { name: 'Add selected rows' }).click();
    await section().getByText('250 rows not reached yet. Run again to finish.').waitFor();
  });

  it('should show a failure sentence and a thrown error inline', async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), addSelectedRows: [fail('locked', 'Another update is writing to this sheet. Try again in a minute.'), thrown('Timed out')] },
    });
    const add = section().getByRole('button', { name: 'Add selected rows' });
    await add.click();
    await section().getByRole('alert').getByText('Another update is writing to this sheet.', { exact: false }).waitFor();
    await add.click();
    await section().getByRole('alert').getByText('Timed out', { exact: false }).waitFor();
  });

  it('should be disabled with the reason when the tab has no campaign or no rows are selected', async () => {
    sb = await sidebars.open({ replies: { ...readyReplies(), getSidebarState: state({ campaign: null }) }, timing: { contextPollMs: 50 } });
    await section().getByText('Choose or create a campaign first.').waitFor({ state: 'attached' });
    // The section is folded without a campaign, so the button is found by text, not by role.
    expect(await section().locator('button', { hasText: 'Add selected rows' }).isDisabled()).toBe(true);
    // Another tab, with a campaign and no selection.
    await sb.reply('getSidebarState', state({ sheet: { id: 2, name: 'Events', headers: [] }, selection: { rows: 0 } }));
    await sb.reply('getActiveContext', context({ sheetId: 2, sheetName: 'Events', selection: { rows: 0 }, sampleRow: null }));
    await section().getByText('Select the rows to send in the sheet.').waitFor();
    expect(await section().getByRole('button', { name: 'Add selected rows' }).isDisabled()).toBe(true);
  });

  it("should warn when the first selected row has problems, by the server's own validation", async () => {
    sb = await sidebars.open({
      replies: { ...readyReplies(), getActiveContext: context({ sampleRow: { row: 4, cells: ['Ada', 'Acme', 'ada(at)example'] } }) },
      timing: { contextPollMs: 50 },
    });
    // An email the server refuses (validatePerson), which a length check alone would not see.
    await section().getByText('Email “ada(at)example” does not look like an email address.', { exact: false }).waitFor();
  });
});

describe('resultLines', () => {
  it('should leave out outcomes that did not happen', () => {
    expect(resultLines({ added: 1, skipped: 0, alreadySent: 0, empty: 0, invalid: 0, problems: [], unmatchable: 0, total: null, remaining: 0 })).toEqual([
      'Added 1 person.',
    ]);
  });

  it('should count every selected row somewhere: empty ones too', () => {
    expect(resultLines({ added: 5, skipped: 0, alreadySent: 0, empty: 1, invalid: 3, problems: [], unmatchable: 0, total: 5, remaining: 0 })).toEqual([
      'Added 5 people.',
      '1 empty row skipped.',
      '3 rows not sent: see Video Note.',
    ]);
  });
});
