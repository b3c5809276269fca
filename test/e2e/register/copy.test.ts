// A copy of the spreadsheet (docs/rules.md#copies), under both readings of whether File › Make a copy carries the
// add-on's DocumentProperties: rows keep their links, nobody the original sent is sent again from the copy, and the
// original's standing order (auto mode) and timer do not act in the copy until a person confirms them there.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { leadRow, startAddon, type Addon } from '../harness';
import { chargedCredits } from '../steps';
import type { AppsScriptStandin } from '../../../dev/standin';

jest.setTimeout(120_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

/** Three people sent, generated and finished; a limit; auto mode switched on for the tab. */
async function finishedWithAutoMode(copyProperties: 'copied' | 'not-copied'): Promise<{ id: string; spent: number }> {
  a = await startAddon({}, { readings: { copyProperties } });
  a.connect();
  a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
  const { id } = a.createCampaign();
  a.selectRows(2, 4);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
  expect(a.generate()).toMatchObject({ ok: true });
  a.runTimerUntilDone();
  expect(a.column('Video Status')).toEqual(['complete', 'complete', 'complete']);
  expect(a.call('setSpendingLimit', { creditsPerDay: 100 })).toMatchObject({ ok: true });
  expect(a.call('setAutoMode', { campaignId: id, on: true })).toMatchObject({ ok: true, on: true });
  return { id, spent: await chargedCredits(a) };
}

describe.each(['not-copied', 'copied'] as const)('a copy of the spreadsheet (DocumentProperties %s)', (copyProperties) => {
  it('should keep the links, send nobody again, and leave the original’s auto mode and timer out of the copy', async () => {
    const { id, spent } = await finishedWithAutoMode(copyProperties);
    const copy: AppsScriptStandin = a.gas.makeCopy();
    const leads = copy.spreadsheet.getSheetByName('Leads')!;
    copy.spreadsheet.setActiveSheet(leads);
    const state = copy.call<any>('getSidebarState');
    expect(state).toMatchObject({ ok: true, autoMode: { on: false } });
    expect(copy.triggers).toEqual([]);
    // The rows kept their links; the copy's tab may need its campaign picked again (nothing else was copied).
    expect(
      leads
        .getRange(2, 1, 3, leads.getLastColumn())
        .getValues()
        .every((r) => r.some((c) => /\/video$/.test(String(c)))),
    ).toBe(true);
    if (!state.campaign) expect(copy.call('selectCampaign', { campaignId: id })).toMatchObject({ ok: true });
    await a.sim.control({ action: 'clearRequests' });
    copy.spreadsheet.select(leads, [`A2:G4`]);
    expect(copy.call('addSelectedRows')).toMatchObject({ ok: true, added: 0 });
    expect((await a.requests()).filter((q) => q.method === 'POST')).toEqual([]);
    // Time passes in the copy: nothing of the original's acts there.
    copy.clock.advance(60 * 60_000);
    copy.fireTimeTriggers();
    expect(copy.triggers).toEqual([]);
    expect(await chargedCredits(a)).toBe(spent);
    // The original's standing order is untouched.
    expect(a.call('getSidebarState')).toMatchObject({ ok: true, autoMode: { on: true } });
  });
});
