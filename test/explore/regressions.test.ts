// Histories the explorer printed (docs/rules.md#explorer), kept as tests: each replays in a fresh world and must break
// no invariant. Paste a failing history's ready test here once its defect is fixed.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import type { Action } from './actions';
import { replay } from './explore';

jest.setTimeout(120_000);

describe('histories the explorer found', () => {
  it('should hold every invariant when Generate’s answer is lost and a stop, refunds, midnight and another tab’s Generate follow', async () => {
    const actions: Action[] = [
      { k: 'add', t: 0, from: 2, n: 3 },
      { k: 'limit', v: 20 },
      { k: 'fault', f: 'drop', then: { k: 'generate', stale: false } },
      { k: 'timer' },
      { k: 'fault', f: 'html502', then: { k: 'stop' } },
      { k: 'midnight' },
      { k: 'timer' },
      { k: 'refresh' },
      { k: 'add', t: 1, from: 2, n: 3 },
      { k: 'generate', stale: false },
    ];
    expect(await replay(actions, { failRate: 0.5 })).toEqual([]);
  });

  it('should complete each of two lost Stops of one part on its own row', async () => {
    // Found by hand, then taught to the explorer (faults on a press's write, renders three at a time): the second Stop's
    // outcome completed the first one's row, and its own row said "unknown" for ever.
    const actions: Action[] = [
      { k: 'add', t: 0, from: 2, n: 8 },
      { k: 'generate', stale: false },
      { k: 'fault', f: 'html502', write: true, then: { k: 'stop' } },
      { k: 'fault', f: 'html502', write: true, then: { k: 'stop' } },
      { k: 'look' },
      { k: 'wait', ms: 300000 },
      { k: 'timer' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should settle a row whose POST /leads hung during Add once the timer runs, with its Lead ID and its person once', async () => {
    const actions: Action[] = [
      { k: 'fault', f: 'hang', then: { k: 'add', t: 0, from: 2, n: 1 } },
      { k: 'wait', ms: 60000 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should hold auto mode on one tab when it is switched off on another tab of the same campaign', async () => {
    // Found by the explorer (seed 1): auto mode is a standing order on one tab, not on a campaign.
    const actions: Action[] = [
      { k: 'select', t: 1, from: 2 },
      { k: 'limit', v: 6 },
      { k: 'auto', on: true },
      { k: 'limit', v: 500 },
      { k: 'tab', t: 2 },
      { k: 'auto', on: false },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should let one Preview made below the limit take the day past it, as documented', async () => {
    // Found by the explorer (seed 16): a Preview's cost is not known before, so it is refused only once the limit is reached.
    const actions: Action[] = [{ k: 'limit', v: 6 }, { k: 'wait', ms: 86400000 }, { k: 'add', t: 0, from: 2, n: 4 }, { k: 'preview' }];
    expect(await replay(actions)).toEqual([]);
  });

  it('should bring a resent row to its video when the Campaign ID header was renamed: the register says the part', async () => {
    // Found by the explorer (seed 9): the refresh read the part from the Campaign ID cell and left the row pending.
    const actions: Action[] = [
      { k: 'add', t: 2, from: 2, n: 1 },
      { k: 'generate', stale: false },
      { k: 'timer' },
      { k: 'resend', cancelled: false },
      { k: 'generate', stale: false },
      { k: 'renameHeader', t: 2, col: 8 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should finish a row cut off during Add once the register someone edited is repaired', async () => {
    // Found by the explorer (seed 30): the register edited, nothing is sent until the repair the sidebar asks for.
    const actions: Action[] = [
      { k: 'fault', f: 'hang', then: { k: 'add', t: 0, from: 2, n: 1 } },
      { k: 'add', t: 0, from: 3, n: 1 },
      { k: 'register', what: 'edit' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should bring a row sent without a company to its video when another tab holds the rest of the campaign', async () => {
    // Found by the explorer (seed 180): the Company header renamed, the row's name could not place the listed video,
    // and nothing asked its lead: the row stayed pending for ever.
    const actions: Action[] = [
      { k: 'renameHeader', t: 0, col: 9 },
      { k: 'select', t: 1, from: 0 },
      { k: 'add', t: 1, from: 2, n: 2 },
      { k: 'add', t: 2, from: 2, n: 1 },
      { k: 'generate', stale: false },
      { k: 'fault', f: 'drop', then: { k: 'add', t: 0, from: 2, n: 1 } },
      { k: 'generate', stale: false },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should give a row typed over after its video its own person at the next refresh, and append by the headers', async () => {
    // Found by the explorer (seeds 127 and 106): a stale link is the person's edit until the add-on's next refresh;
    // a row appended to a tab whose columns were moved fills them by header.
    const actions: Action[] = [
      { k: 'limit', v: 20 },
      { k: 'auto', on: true },
      { k: 'timer' },
      { k: 'timer' },
      { k: 'typeOver', t: 0, row: 3 },
      { k: 'add', t: 1, from: 2, n: 1 },
      { k: 'moveColumn', t: 1, from: 10, to: 0 },
      { k: 'append', t: 1, n: 1 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should keep each key’s record at or above what the service took when a video of a part two keys paid for fails', async () => {
    // Found by the explorer (seed 472): alice's one person failed; the refund was booked under bob's newer charge.
    const actions: Action[] = [
      { k: 'add', t: 1, from: 2, n: 1 },
      { k: 'generate', stale: false },
      { k: 'person', p: 1 },
      { k: 'limit', v: 500 },
      { k: 'auto', on: true },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should settle a row an Add was cut off from on a Refresh when the person switched the timer off', async () => {
    // Found by the explorer (seed 449): only the timer sent cut-off rows again, and it was off.
    const actions: Action[] = [
      { k: 'fault', f: 'error500', then: { k: 'add', t: 1, from: 2, n: 1 } },
      { k: 'autoRefresh', on: false },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should take a link beside an emptied Lead ID for its row’s person when the email says so', async () => {
    // Found by the explorer (seed 463): the Lead ID header renamed, Add made a new empty column beside the links.
    const actions: Action[] = [
      { k: 'add', t: 1, from: 2, n: 2 },
      { k: 'preview' },
      { k: 'timer' },
      { k: 'renameHeader', t: 1, col: 7 },
      { k: 'add', t: 1, from: 4, n: 1 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should keep tomorrow within the limit when a video of yesterday’s charge is seen failing after midnight', async () => {
    // Found by the explorer (seed 610): the refund, given yesterday, was taken off today's spend, and today spent 21 under 20.
    const actions: Action[] = [
      { k: 'append', t: 1, n: 3 },
      { k: 'add', t: 0, from: 2, n: 2 },
      { k: 'limit', v: 20 },
      { k: 'generate', stale: false },
      { k: 'midnight' },
      { k: 'add', t: 1, from: 2, n: 1 },
      { k: 'typeOver', t: 1, row: 2 },
      { k: 'create', t: 1 },
      { k: 'fault', f: 'timerDuring', then: { k: 'auto', on: true } },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should disarm a timer-during fault its press never fired, so a later action is not blamed for the timer’s charge', async () => {
    // Found by the explorer (seed 734): the hook armed for a Refresh fired during a later createCampaign.
    const actions: Action[] = [
      { k: 'limit', v: 60 },
      { k: 'fault', f: 'timerDuring', then: { k: 'refresh' } },
      { k: 'fault', f: 'pollDuring', then: { k: 'auto', on: true } },
      { k: 'create', t: 0 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should count two rows that name nobody the service can recognise (only a first name) as two people', async () => {
    // Found by the explorer's long run (seed 5027): a copied row, its Email and Company headers renamed away.
    const actions: Action[] = [
      { k: 'copyRow', t: 1, row: 2 },
      { k: 'renameHeader', t: 1, col: 3 },
      { k: 'renameHeader', t: 1, col: 2 },
      { k: 'limit', v: 500 },
      { k: 'auto', on: true },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should keep a pasted-back copy of a sent person off that person’s Lead ID when the Campaign ID header was renamed', async () => {
    // Found by the explorer's long run (seed 6000): the push read which rows carry a person from the Campaign ID cell, so a
    // copy took the person's Lead ID back while their own row still carried it, and stayed pending for ever.
    const actions: Action[] = [
      { k: 'append', t: 1, n: 3 },
      { k: 'copyRow', t: 1, row: 5 },
      { k: 'add', t: 1, from: 2, n: 3 },
      { k: 'create', t: 1 },
      { k: 'person', p: 1 },
      { k: 'typeOver', t: 1, row: 2 },
      { k: 'pasteBack', t: 1, row: 4 },
      { k: 'limit', v: 500 },
      { k: 'pasteBack', t: 1, row: 3 },
      { k: 'add', t: 1, from: 4, n: 4 },
      { k: 'stop' },
      { k: 'timer' },
      { k: 'auto', on: true },
      { k: 'renameHeader', t: 1, col: 8 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should allow a person the repair said it could not recover to come back as someone new', async () => {
    // Found by the explorer's long run (seed 27515): a row typed over lost its stale Lead ID, then the register was
    // deleted; nothing left tells that person apart, and the repair says so (lost: 1).
    const actions: Action[] = [
      { k: 'fault', f: 'pollDuring', then: { k: 'add', t: 2, from: 4, n: 6 } },
      { k: 'stop' },
      { k: 'limit', v: 20 },
      { k: 'auto', on: true },
      { k: 'add', t: 1, from: 11, n: 1 },
      { k: 'preview' },
      { k: 'append', t: 1, n: 5 },
      { k: 'timer' },
      { k: 'append', t: 1, n: 3 },
      { k: 'typeOver', t: 2, row: 2 },
      { k: 'timer' },
      { k: 'append', t: 2, n: 5 },
      { k: 'append', t: 0, n: 5 },
      { k: 'append', t: 0, n: 1 },
      { k: 'typeOver', t: 0, row: 3 },
      { k: 'append', t: 2, n: 2 },
      { k: 'append', t: 0, n: 4 },
      { k: 'append', t: 2, n: 2 },
      { k: 'append', t: 2, n: 2 },
      { k: 'append', t: 2, n: 5 },
      { k: 'register', what: 'delete' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should not take yesterday’s failure off today’s spend when today’s charge of the same part is the newest', async () => {
    // Found by the explorer's long run (seed 42794, triggers-unlisted): the refund went to the newest charge (today's),
    // and a limit of 6 let today spend 9.
    const actions: Action[] = [
      { k: 'add', t: 0, from: 4, n: 8 },
      { k: 'generate', stale: false },
      { k: 'autoRefresh', on: false },
      { k: 'append', t: 0, n: 2 },
      { k: 'append', t: 1, n: 2 },
      { k: 'timer' },
      { k: 'add', t: 0, from: 4, n: 8 },
      { k: 'add', t: 1, from: 6, n: 7 },
      { k: 'limit', v: 6 },
      { k: 'typeOver', t: 0, row: 12 },
      { k: 'wait', ms: 86400000 },
      { k: 'generate', stale: false },
      { k: 'timer' },
      { k: 'create', t: 1 },
      { k: 'fault', f: 'html502', then: { k: 'add', t: 1, from: 5, n: 3 } },
      { k: 'generate', stale: false },
    ];
    expect(await replay(actions, { readings: { clockTriggersInUserTriggers: 'unlisted' } })).toEqual([]);
  });

  it('should hand a cut-off row nobody can recognise to the person with its note, not count it as left sending', async () => {
    // Found by the explorer's long run (seed 93821): its Email and Company headers renamed, an Add answered by a gateway page.
    const actions: Action[] = [
      { k: 'renameHeader', t: 1, col: 3 },
      { k: 'renameHeader', t: 1, col: 2 },
      { k: 'fault', f: 'html502', then: { k: 'add', t: 1, from: 5, n: 3 } },
    ];
    expect(await replay(actions, { readings: { clockTriggersInUserTriggers: 'unlisted' } })).toEqual([]);
  });

  it('should not count a Preview made after a lost Stop into that Stop’s refund', async () => {
    // Found by the explorer's long run (seed 80830, no-document): the lost Stop was settled late, from counts that held a
    // later Preview's charge and a later Stop's cancellations, and booked 3 credits back that never came (record 3, ledger 6).
    const actions: Action[] = [
      { k: 'add', t: 1, from: 9, n: 3 },
      { k: 'fault', f: 'html502', then: { k: 'stop' } },
      { k: 'append', t: 1, n: 5 },
      { k: 'add', t: 0, from: 3, n: 2 },
      { k: 'generate', stale: false },
      { k: 'add', t: 1, from: 11, n: 1 },
      { k: 'preview' },
      { k: 'wait', ms: 3600000 },
      { k: 'add', t: 1, from: 2, n: 5 },
      { k: 'stop' },
      { k: 'timer' },
    ];
    expect(await replay(actions, { readings: { documentInTimeTriggers: 'absent' } })).toEqual([]);
  });

  it('should read every part again after a repair, so a row the repair gave back its part is not left pending', async () => {
    // Found by the explorer's long run (seed 113290, metered): a pass with the register broken remembered a part's counts
    // from the rows it could place; after the repair the same counts hid the row it had missed.
    const actions: Action[] = [
      { k: 'add', t: 1, from: 9, n: 2 },
      { k: 'stop' },
      { k: 'sort', t: 1, col: 3, asc: false },
      { k: 'renameHeader', t: 1, col: 8 },
      { k: 'add', t: 1, from: 12, n: 4 },
      { k: 'register', what: 'edit' },
      { k: 'select', t: 1, from: 2 },
      { k: 'refresh' },
    ];
    expect(await replay(actions, { readings: { sheetCalls: 'metered' } })).toEqual([]);
  });

  it('should hold a pasted-back row the register lost the email of, not send its person to a second part', async () => {
    // Found by the explorer (seed 150298): the register deleted, the repair recovered lead L0 from the service without
    // its email; p0's row pasted back with no readable company shared no key with it and was sent again: charged twice.
    const actions: Action[] = [
      { k: 'limit', v: 60 },
      { k: 'add', t: 0, from: 4, n: 2 },
      { k: 'auto', on: true },
      { k: 'timer' },
      { k: 'register', what: 'delete' },
      { k: 'renameHeader', t: 0, col: 2 },
      { k: 'pasteBack', t: 0, row: 2 },
      { k: 'stop' },
      { k: 'typeOver', t: 0, row: 2 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should write no link on a row typed over while the register was deleted and its name headers renamed', async () => {
    // Found by the explorer (seed 160144, and 160210, 150101, 150407 alike): the repair took the typed-over row's email
    // for the lead, as the row's name could not be read; the row then got the lead's video.
    const actions: Action[] = [
      { k: 'append', t: 1, n: 5 },
      { k: 'renameHeader', t: 1, col: 2 },
      { k: 'add', t: 1, from: 7, n: 3 },
      { k: 'register', what: 'delete' },
      { k: 'sort', t: 1, col: 8, asc: true },
      { k: 'renameHeader', t: 1, col: 0 },
      { k: 'generate', stale: false },
      { k: 'typeOver', t: 1, row: 3 },
    ];
    expect(await replay(actions, { readings: { propertyValueLimit: 'key-and-value-8066' } })).toEqual([]);
  });

  it('should write no link by the lead alone, the register broken, on a row whose first name cannot be read', async () => {
    // Found by the explorer (seed 150101): the refresh judged the typed-over row by its lead, and an unreadable name was no evidence.
    const actions: Action[] = [
      { k: 'add', t: 2, from: 5, n: 3 },
      { k: 'add', t: 1, from: 5, n: 1 },
      { k: 'register', what: 'delete' },
      { k: 'renameHeader', t: 1, col: 0 },
      { k: 'typeOver', t: 1, row: 5 },
      { k: 'moveColumn', t: 1, from: 2, to: 6 },
      { k: 'typeOver', t: 2, row: 10 },
      { k: 'preview' },
      { k: 'moveColumn', t: 1, from: 6, to: 3 },
      { k: 'preview' },
      { k: 'wait', ms: 3600000 },
      { k: 'renameHeader', t: 1, col: 3 },
      { k: 'refresh' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should touch nothing when failed rows are sent again while the register is broken, so the top line still counts them', async () => {
    // Found by the explorer's top-line invariant (seed 925): the follow-up made a part and cleared the failed row before
    // the push refused the broken register; the campaign then left the failed person out ("All 1 ready").
    const actions: Action[] = [
      { k: 'add', t: 1, from: 4, n: 4 },
      { k: 'register', what: 'delete' },
      { k: 'preview' },
      { k: 'timer' },
      { k: 'resend', cancelled: true },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should book a failed video of a part charged twice at no more than its cheapest possible price', async () => {
    // Found by the explorer (seed 180456, timeout-360; the same under every reading): auto mode charged a part twice at
    // different prices; a person of the first charge failed and the refund was booked at the second charge's price.
    const actions: Action[] = [
      { k: 'renameHeader', t: 2, col: 4 },
      { k: 'limit', v: 60 },
      { k: 'select', t: 0, from: 2 },
      { k: 'auto', on: true },
      { k: 'add', t: 2, from: 5, n: 1 },
      { k: 'append', t: 0, n: 3 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should book a failure once when a copy of the spreadsheet and its original both charged people of one part', async () => {
    // Found by the explorer's documents (seed 320, shrunk): the copy generated three people of a campaign, the original's
    // auto mode sent the same rows and one more to the same part and generated the newcomer; one of the copy's people
    // failed and both documents booked the refund, so the key's record fell 3 credits below the service.
    const actions: Action[] = [
      { k: 'copy', props: true },
      { k: 'add', t: 1, from: 3, n: 3 },
      { k: 'generate', stale: false },
      { k: 'limit', v: 20 },
      { k: 'doc', d: 0 },
      { k: 'sort', t: 1, col: 1, asc: true },
      { k: 'auto', on: true },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should not send again a person a copy without the records finds in a part its original made later', async () => {
    // Found by the explorer's documents (seed 449, shrunk): the original stopped its first part and put the tab's people in
    // a second; a copy without the add-on's records knew only the first part and sent a second row of one of them there.
    const actions: Action[] = [
      { k: 'copyRow', t: 2, row: 4 },
      { k: 'select', t: 0, from: 2 },
      { k: 'add', t: 0, from: 2, n: 7 },
      { k: 'generate', stale: false },
      { k: 'wait', ms: 600000 },
      { k: 'fault', f: 'html502', then: { k: 'stop' } },
      { k: 'add', t: 2, from: 2, n: 3 },
      { k: 'copy', props: false },
      { k: 'add', t: 2, from: 11, n: 2 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should book no failure from a campaign list read before the run’s own charge of the part', async () => {
    // Found by the explorer's documents (seed 489, shrunk): a copy previewed a person who failed; in the original, the
    // timer read the list, auto mode then charged two more, and the list's stale counts made the failure look its own.
    const actions: Action[] = [
      { k: 'otherDoc' },
      { k: 'copy', props: true },
      { k: 'add', t: 2, from: 4, n: 1 },
      { k: 'fault', f: 'html502', then: { k: 'preview' } },
      { k: 'timer' },
      { k: 'doc', d: 1 },
      { k: 'add', t: 2, from: 4, n: 3 },
      { k: 'limit', v: 6 },
      { k: 'fault', f: 'pollDuring', then: { k: 'auto', on: true } },
      { k: 'stop' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should clear a typed-over row’s stale link in a copy made without the records, as in its original', async () => {
    // Found by the explorer's documents (seed 522, shrunk): the copy had the register but not the rows of each tab in it,
    // so its refresh took the tab for one that sent nobody and left another person's link on the typed-over row.
    const actions: Action[] = [
      { k: 'add', t: 2, from: 2, n: 7 },
      { k: 'generate', stale: false },
      { k: 'timer' },
      { k: 'typeOver', t: 2, row: 3 },
      { k: 'copy', props: false },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should give back nothing at a Stop for people a copy added to the part, never charged', async () => {
    // Found by the explorer's documents (seed 511, shrunk): the copy's auto mode added people to the campaign's part; the
    // original previewed and stopped, took who was waiting from its own record of the part's size, and booked their refund.
    const actions: Action[] = [
      { k: 'copy', props: true },
      { k: 'append', t: 1, n: 4 },
      { k: 'limit', v: 6 },
      { k: 'auto', on: true },
      { k: 'timer' },
      { k: 'doc', d: 2 },
      { k: 'select', t: 1, from: 1 },
      { k: 'preview' },
      { k: 'stop' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should check what a standing order did in its owner’s own look at the end as the owner’s (no-document reading)', async () => {
    // Found by the explorer (no-document, seed 2099, shrunk): the settled world's first look, by the person at the
    // keyboard, ran their auto mode's waiting send and charged their key; it was checked as the next tab owner's press.
    const actions: Action[] = [
      { k: 'person', p: 1 },
      { k: 'add', t: 2, from: 3, n: 3 },
      { k: 'limit', v: 20 },
      { k: 'create', t: 2 },
      { k: 'auto', on: true },
      { k: 'timer' },
    ];
    expect(await replay(actions, { readings: { documentInTimeTriggers: 'absent' } })).toEqual([]);
  });

  it('should settle a row sent again after a silent service when its company column was renamed in between (no-document)', async () => {
    // Found by the explorer (seed 2241, no-document and sheets-metered): the register kept the company of the send that never
    // arrived, the service had the person without one, and the refresh left the row pending for ever.
    const actions: Action[] = [
      { k: 'add', t: 0, from: 11, n: 2 },
      { k: 'fault', f: 'timerDuring', then: { k: 'preview' } },
      { k: 'otherDoc' },
      { k: 'add', t: 0, from: 11, n: 1 },
      { k: 'fault', f: 'hang', then: { k: 'add', t: 0, from: 3, n: 1 } },
      { k: 'renameHeader', t: 0, col: 2 },
      { k: 'timer' },
      { k: 'typeOver', t: 0, row: 4 },
      { k: 'preview' },
    ];
    expect(await replay(actions, { readings: { documentInTimeTriggers: 'absent' } })).toEqual([]);
  });

  it('should clear a row typed over in a copy made without the records after its original’s register was deleted', async () => {
    // Found by the explorer's documents (seeds 634, 1329, 3231, 5234, 5313, 5365, 7221, 9330; this is 5234 shrunk): the copy
    // had neither the register nor its records, so it took its linked rows for its own sends; a row typed over there kept
    // another person's link.
    const actions: Action[] = [
      { k: 'add', t: 1, from: 2, n: 3 },
      { k: 'preview' },
      { k: 'timer' },
      { k: 'register', what: 'delete' },
      { k: 'copy', props: false },
      { k: 'typeOver', t: 1, row: 4 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should hold every invariant when a person saves a read-only and a revoked key, and looks around the sidebar', async () => {
    // The explorer's Connection and look actions: a key that cannot write is refused at each press and by the timer; a
    // look (the record tab, the problem rows, the lists) sends, charges and writes nothing; the key is fixed at the end.
    const actions: Action[] = [
      { k: 'add', t: 0, from: 2, n: 3 },
      { k: 'connect', key: 'readOnly' },
      { k: 'generate', stale: false },
      { k: 'auto', on: true },
      { k: 'look' },
      { k: 'timer' },
      { k: 'connect', key: 'revoked' },
      { k: 'refresh' },
      { k: 'look' },
      { k: 'connect', key: 'own' },
      { k: 'generate', stale: false },
      { k: 'timer' },
      { k: 'look' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should settle a waiting row in a copy made without the records once the Campaign ID header was renamed (no-document)', async () => {
    // Found by the explorer (no-document, seed 202316, shrunk): neither a register nor the row's Campaign ID cell said the
    // row's part, and the copy's tab was bound to a campaign of its own, so its refresh never found the lead.
    const actions: Action[] = [
      { k: 'add', t: 2, from: 2, n: 1 },
      { k: 'register', what: 'delete' },
      { k: 'renameHeader', t: 2, col: 8 },
      { k: 'preview' },
      { k: 'copy', props: false },
      { k: 'create', t: 2 },
    ];
    expect(await replay(actions, { readings: { documentInTimeTriggers: 'absent' } })).toEqual([]);
  });

  it('should give no row a Lead ID typed into the register by hand before a copy made without the records (timeout-360)', async () => {
    // Found by the explorer (timeout-360, seed 206252, shrunk; cache-evicts seed 207142 the same): the copy trusted its
    // register, which had no fingerprint with it, and a pasted-back row took the typed Lead ID.
    const actions: Action[] = [
      { k: 'fault', f: 'html502', then: { k: 'add', t: 1, from: 6, n: 3 } },
      { k: 'pasteBack', t: 1, row: 5 },
      { k: 'copyRow', t: 0, row: 12 },
      { k: 'limit', v: 20 },
      { k: 'auto', on: true },
      { k: 'timer' },
      { k: 'register', what: 'edit' },
      { k: 'copy', props: false },
      { k: 'add', t: 1, from: 4, n: 8 },
      { k: 'typeOver', t: 1, row: 5 },
      { k: 'generate', stale: false },
    ];
    expect(await replay(actions, { readings: { fetchTimeout: 'option-360' } })).toEqual([]);
  });

  it('should leave no row pending in a copy whose register, edited before the copy, was then deleted (default)', async () => {
    // Found by the explorer (seed 220199, shrunk) on the build that first kept the register's print in its first cell:
    // the copy's register, deleted after its first look, was taken as one from before fingerprints, and a typed-over
    // row kept the Lead ID of someone else.
    const actions: Action[] = [
      { k: 'add', t: 2, from: 5, n: 2 },
      { k: 'preview' },
      { k: 'append', t: 1, n: 5 },
      { k: 'add', t: 1, from: 3, n: 8 },
      { k: 'register', what: 'edit' },
      { k: 'copy', props: false },
      { k: 'typeOver', t: 1, row: 9 },
      { k: 'generate', stale: false },
      { k: 'wait', ms: 86_400_000 },
      { k: 'register', what: 'delete' },
      { k: 'select', t: 0, from: 1 },
      { k: 'add', t: 0, from: 6, n: 7 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should leave no row sending after a repair that empties the register (no-document)', async () => {
    // Found by the explorer (no-document, seed 222078, shrunk) on that build: the emptied register's old print stayed in
    // the note, so it was never whole again and the cut-off row was never sent.
    const actions: Action[] = [
      { k: 'connect', key: 'readOnly' },
      { k: 'fault', f: 'html502', then: { k: 'add', t: 2, from: 12, n: 3 } },
      { k: 'add', t: 0, from: 9, n: 2 },
      { k: 'register', what: 'edit' },
    ];
    expect(await replay(actions, { readings: { documentInTimeTriggers: 'absent' } })).toEqual([]);
  });

  it('should leave no typed-over row pending in a copy made without the records of a document whose register was deleted (sheets-metered)', async () => {
    // Found by the explorer (sheets-metered, seed 309479, shrunk) on the build of the long runs: the row kept its Lead ID
    // and part, its new name found no video, and with nobody left waiting no status explained it, so nothing asked its lead.
    const actions: Action[] = [
      { k: 'limit', v: 6 },
      { k: 'auto', on: true },
      { k: 'add', t: 1, from: 12, n: 2 },
      { k: 'timer' },
      { k: 'register', what: 'delete' },
      { k: 'limit', v: 500 },
      { k: 'generate', stale: false },
      { k: 'copy', props: false },
      { k: 'doc', d: 0 },
      { k: 'append', t: 0, n: 5 },
      { k: 'doc', d: 1 },
      { k: 'typeOver', t: 0, row: 2 },
    ];
    expect(await replay(actions, { readings: { sheetCalls: 'metered' } })).toEqual([]);
  });

  it('should leave no typed-over row pending in a copy made without the records while others of its part still wait (no-document)', async () => {
    // Found by the explorer (no-document, seed 422353, shrunk) on the build of the long runs: the row kept the Lead ID and
    // part of someone whose video its new name could not take, and pending was still possible while another lead waited.
    const actions: Action[] = [
      { k: 'append', t: 0, n: 1 },
      { k: 'add', t: 1, from: 5, n: 5 },
      { k: 'append', t: 0, n: 4 },
      { k: 'pasteBack', t: 1, row: 5 },
      { k: 'select', t: 1, from: 2 },
      { k: 'add', t: 1, from: 3, n: 8 },
      { k: 'add', t: 0, from: 7, n: 7 },
      { k: 'person', p: 1 },
      { k: 'register', what: 'delete' },
      { k: 'generate', stale: false },
      { k: 'limit', v: 500 },
      { k: 'add', t: 1, from: 4, n: 5 },
      { k: 'auto', on: true },
      { k: 'copy', props: false },
      { k: 'typeOver', t: 1, row: 6 },
      { k: 'timer' },
      { k: 'person', p: 0 },
      { k: 'generate', stale: false },
      { k: 'wait', ms: 21_600_000 },
    ];
    expect(await replay(actions, { readings: { documentInTimeTriggers: 'absent' } })).toEqual([]);
  });

  it('should charge nothing a spreadsheet too full for a new spending record could not record', async () => {
    // Found by the explorer (seed 1015): Generate charged while the record tab could not be made (a new tab needs 26,000
    // cells), so the record stayed below the ledger.
    const actions: Action[] = [
      { k: 'add', t: 1, from: 4, n: 8 },
      { k: 'full', room: 2000 },
      { k: 'generate', stale: false },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should not write a video onto a duplicated row typed over with a person the campaign holds under another Lead ID', async () => {
    // Found by the explorer (published-hourly, seed 20050): in a tab duplicated from another (its rows unknown to the
    // register's record of that tab), a row typed over with a person already sent got that person's video by its name,
    // beside the old Lead ID. Its lead is asked instead, which says the row names someone else.
    const actions: Action[] = [
      { k: 'append', t: 0, n: 4 },
      { k: 'append', t: 1, n: 2 },
      { k: 'append', t: 1, n: 2 },
      { k: 'limit', v: 20 },
      { k: 'append', t: 1, n: 1 },
      { k: 'auto', on: true },
      { k: 'timer' },
      { k: 'append', t: 1, n: 4 },
      { k: 'preview' },
      { k: 'typeOver', t: 1, row: 7 },
      { k: 'duplicate', t: 1, into: 2 },
      { k: 'append', t: 1, n: 4 },
      { k: 'append', t: 1, n: 3 },
      { k: 'append', t: 1, n: 4 },
      { k: 'append', t: 0, n: 4 },
      { k: 'append', t: 0, n: 3 },
      { k: 'typeOver', t: 2, row: 9 },
      { k: 'typeOver', t: 2, row: 3 },
    ];
    expect(await replay(actions, { readings: { publishedEveryMinutes: 'hourly' } })).toEqual([]);
  });

  it('should bring a row left sending with its Lead ID to its status once a protected column is lifted', async () => {
    // Found by the explorer (seed 8 of the fixed seeds): Add wrote the Lead ID, then Sheets refused the protected Page URL
    // column, so the row kept `sending`; Add never sends a row with a Lead ID again, and no refresh read it.
    const actions: Action[] = [
      { k: 'resend', cancelled: false },
      { k: 'moveColumn', t: 0, from: 0, to: 7 },
      { k: 'protect', t: 0, col: 2, p: 1 },
      { k: 'add', t: 0, from: 2, n: 1 },
      { k: 'connect', key: 'own' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should never leave a link beside a new Lead ID when a protected Video URL column stops the clearing write', async () => {
    // Found by the explorer (seed 60049): a row typed over, its Video URL column protected from the person and its output
    // columns apart (a header renamed): the refresh's clearing and the next Add wrote the Lead ID, then Sheets refused the
    // link's cell, so the new Lead ID stood beside the video of the person the row named before.
    const actions: Action[] = [
      { k: 'fault', f: 'rate429', then: { k: 'add', t: 2, from: 10, n: 6 } },
      { k: 'add', t: 1, from: 5, n: 3 },
      { k: 'preview' },
      { k: 'protect', t: 2, col: 3, p: 1 },
      { k: 'person', p: 1 },
      { k: 'renameHeader', t: 2, col: 8 },
      { k: 'add', t: 2, from: 5, n: 8 },
      { k: 'preview' },
      { k: 'timer' },
      { k: 'person', p: 0 },
      { k: 'typeOver', t: 2, row: 5 },
      { k: 'refresh' },
      { k: 'add', t: 2, from: 4, n: 2 },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it("should say every part's people at a sidebar's first poll once a colleague's campaigns pushed the parts out of the list", async () => {
    // Found by the explorer (seed 32000, cache-evicts; default too), with the new action of a colleague's 100 campaigns:
    // an Add whose answer was lost went to a second part; with neither part in the list and no memo of the poll yet, the
    // first poll summed the unread part as zeros ("0 of 1 video ready, 1 failed" for 3 people, 2 waiting).
    const actions: Action[] = [
      { k: 'add', t: 1, from: 12, n: 8 },
      { k: 'generate', stale: false },
      { k: 'duplicate', t: 1, into: 0 },
      { k: 'fault', f: 'html502', then: { k: 'add', t: 0, from: 3, n: 2 } },
      { k: 'crowd' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it("should say a settled part's people at a sidebar's first poll though no tab has a row of it left to refresh", async () => {
    // Found by the explorer (seed 33030): the second part's one person finished, so no tab kept a memo of it; with both
    // parts out of the list, the first poll read the first part and summed the second as zeros ("2 of 3 ready" for 4).
    const actions: Action[] = [
      { k: 'append', t: 0, n: 3 },
      { k: 'add', t: 0, from: 5, n: 3 },
      { k: 'generate', stale: false },
      { k: 'sort', t: 0, col: 4, asc: true },
      { k: 'add', t: 0, from: 10, n: 7 },
      { k: 'generate', stale: false },
      { k: 'crowd' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it("should say at a sidebar's first poll the people of a part another document changed, reading first the part it knows nothing of", async () => {
    // Found by the explorer (seed 33023): a copy's auto mode added people to the second part; in the original, with
    // both parts out of the list, the first poll read the first part (whose counts it kept) and summed the second as
    // zeros ("Nobody in this campaign yet" for 5 people, 3 waiting).
    const actions: Action[] = [
      { k: 'add', t: 1, from: 10, n: 2 },
      { k: 'fault', f: 'timerDuring', then: { k: 'stop' } },
      { k: 'timer' },
      { k: 'resend', cancelled: true },
      { k: 'copy', props: true },
      { k: 'crowd' },
      { k: 'limit', v: 6 },
      { k: 'moveColumn', t: 1, from: 10, to: 3 },
      { k: 'auto', on: true },
      { k: 'generate', stale: false },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it("should keep a settled part's counts through a register repair, which changes who the rows are, not the service's counts", async () => {
    // Found by the explorer (seed 33034): the repair forgot every part's settled counts, and with both parts out of the
    // list the first poll summed the one it did not read as zeros ("2 of 3 videos ready" for 6 people).
    const actions: Action[] = [
      { k: 'add', t: 0, from: 2, n: 6 },
      { k: 'generate', stale: false },
      { k: 'select', t: 2, from: 0 },
      { k: 'fault', f: 'drop', then: { k: 'add', t: 2, from: 4, n: 7 } },
      { k: 'crowd' },
      { k: 'register', what: 'delete' },
      { k: 'generate', stale: false },
      { k: 'timer' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it("should say every part's people at a sidebar's first poll after a Stop of a campaign out of the list", async () => {
    // Found by the explorer (seeds 33020 and 33039): a Stop forgot both parts' counts and the first poll read one of them,
    // summing the other as zeros ("0 of 1 video ready, 1 failed" for 2 or 3 people). Up to two parts of which nothing
    // is known are read in one poll.
    for (const actions of [
      [
        { k: 'add', t: 0, from: 11, n: 2 },
        { k: 'generate', stale: false },
        { k: 'pasteBack', t: 0, row: 2 },
        { k: 'add', t: 0, from: 7, n: 3 },
        { k: 'crowd' },
        { k: 'generate', stale: false },
        { k: 'timer' },
        { k: 'stop' },
      ],
      [
        { k: 'add', t: 0, from: 11, n: 3 },
        { k: 'generate', stale: false },
        { k: 'select', t: 1, from: 0 },
        { k: 'add', t: 1, from: 3, n: 2 },
        { k: 'generate', stale: false },
        { k: 'timer' },
        { k: 'crowd' },
        { k: 'stop' },
      ],
    ] as Action[][])
      expect(await replay(actions)).toEqual([]);
  });

  it("should read at a sidebar's first poll a part whose kept counts a copy of the spreadsheet made stale", async () => {
    // Found by the explorer (seed 34037): a copy (its records not carried) added three people to the first part; the
    // original kept that part's settled counts (one failed), and with both parts out of the list its first poll read only
    // the second, empty part ("0 of 1 video ready, 1 failed" for 4 people). Every part the list and the poll's memo do
    // not show is read, two a poll.
    const actions: Action[] = [
      { k: 'add', t: 1, from: 12, n: 3 },
      { k: 'generate', stale: false },
      { k: 'select', t: 0, from: 1 },
      { k: 'full', room: 0 },
      { k: 'add', t: 0, from: 6, n: 2 },
      { k: 'crowd' },
      { k: 'limit', v: 60 },
      { k: 'copy', props: false },
      { k: 'auto', on: true },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should complete a lost Stop of a campaign no tab shows any more where no timer runs, at a Refresh now', async () => {
    // Found by the explorer (seed 40004, a test deployment): the tab was given a new campaign after a Stop whose answer was
    // a 500; only the timer read the old campaign's part, and none runs, so its row said "unknown" for ever. Refresh now
    // settles every open outcome of the document, as the timer does.
    const actions: Action[] = [
      { k: 'create', t: 2 },
      { k: 'fault', f: 'error500', then: { k: 'stop' }, write: true },
      { k: 'create', t: 2 },
    ];
    expect(await replay(actions, { readings: { timeTriggers: 'never-fire' } })).toEqual([]);
  });

  it('should write the row of an outcome settled by someone the record was protected from once someone may write it', async () => {
    // The explorer's settled-record check left such documents out until rows left unwritten were kept and written by the
    // next reader who may: a lost Stop, the record then protected so only its owner may edit it, and a colleague's
    // Refresh now settling the stop it could not write.
    const actions: Action[] = [
      { k: 'add', t: 0, from: 2, n: 8 },
      { k: 'generate', stale: false },
      { k: 'fault', f: 'html502', write: true, then: { k: 'stop' } },
      { k: 'protect', t: 0, col: 99, p: 0 },
      { k: 'person', p: 1 },
      { k: 'wait', ms: 180000 },
      { k: 'refresh' },
    ];
    expect(await replay(actions)).toEqual([]);
  });

  it('should give back nothing unproven at a copy’s Stop of a part its original added people to, outside the list (no-document)', async () => {
    // Found by the explorer (seed 44015, the three readings without a timer of the document): the copy took the part's
    // waiting people from its own stale record, so two people its original had added counted as charged and 6 credits
    // came back in the record that the service never gave.
    const actions: Action[] = [
      { k: 'append', t: 2, n: 4 },
      { k: 'append', t: 2, n: 3 },
      { k: 'select', t: 1, from: 2 },
      { k: 'append', t: 2, n: 3 },
      { k: 'copy', props: true },
      { k: 'fault', f: 'hang', then: { k: 'add', t: 2, from: 5, n: 8 }, write: true },
      { k: 'refresh' },
      { k: 'generate', stale: false },
      { k: 'timer' },
      { k: 'doc', d: 0 },
      { k: 'timer' },
      { k: 'append', t: 2, n: 3 },
      { k: 'timer' },
      { k: 'add', t: 2, from: 10, n: 8 },
      { k: 'crowd' },
      { k: 'preview' },
      { k: 'doc', d: 1 },
      { k: 'add', t: 1, from: 9, n: 1 },
      { k: 'stop' },
    ];
    expect(await replay(actions, { readings: { documentInTimeTriggers: 'absent' } })).toEqual([]);
  });

  it('should sum a finished part the list no longer shows when the cache forgot the poll’s memo (cache-evicts)', async () => {
    // Found by the explorer (seed 47001, cache-evicts): a Stop forgot the first part's settled counts, a colleague's
    // campaigns pushed it out of the list, and each poll read two of the three parts: the one left out counted as nobody.
    const actions: Action[] = [
      { k: 'duplicate', t: 0, into: 1 },
      { k: 'append', t: 1, n: 3 },
      { k: 'add', t: 0, from: 2, n: 7 },
      { k: 'generate', stale: false },
      { k: 'timer' },
      { k: 'stop' },
      { k: 'add', t: 1, from: 3, n: 3 },
      { k: 'generate', stale: false },
      { k: 'append', t: 0, n: 3 },
      { k: 'wait', ms: 60000 },
      { k: 'add', t: 0, from: 4, n: 8 },
      { k: 'crowd' },
    ];
    expect(await replay(actions, { readings: { cache: 'evicts' } })).toEqual([]);
  });

  it('should show in the original the people a copy added to a stopped part the list no longer shows', async () => {
    // Found by the explorer (seed 47109, five readings and the default): the copy, whose record still took the part for
    // open, sent two people to it after the original had generated and stopped it outside the list of 100; the original
    // summed the part from its settled counts for ever.
    const actions: Action[] = [
      { k: 'add', t: 1, from: 11, n: 3 },
      { k: 'copy', props: true },
      { k: 'append', t: 1, n: 4 },
      { k: 'connect', key: 'readOnly' },
      { k: 'fault', f: 'html502', then: { k: 'add', t: 1, from: 8, n: 6 }, write: false },
      { k: 'doc', d: 0 },
      { k: 'select', t: 0, from: 1 },
      { k: 'person', p: 1 },
      { k: 'fault', f: 'html502', then: { k: 'generate', stale: false }, write: false },
      { k: 'crowd' },
      { k: 'fault', f: 'html502', then: { k: 'stop' }, write: false },
      { k: 'add', t: 0, from: 10, n: 2 },
      { k: 'timer' },
    ];
    expect(await replay(actions)).toEqual([]);
  });
});
