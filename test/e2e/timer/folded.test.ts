// A list left running for long (docs/rules.md#parts): done parts past the newest twenty are folded into the parts
// record's total, and the campaign stays one campaign of all its people — its progress, the picker, the export, a
// re-import and the follow-up of a folded part's failed rows. Apart from bounded.test.ts so the readings' projects do not repeat it.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import type { CampaignParts } from '../../../src/records/parts-record';
import { leadRow, type Addon } from '../harness';
import { chargedCredits, ready, rowOf } from '../steps';

jest.setTimeout(300_000);

let a: Addon;
let id: string;

/** 13,000 people in 26 parts, two of whom fail (in parts 3 and 20), generated and finished. */
async function finished(): Promise<string> {
  let campaignId: string;
  ({ a, campaignId } = await ready(13_000, { concurrency: 500, failRate: 0, faults: { failPeople: ['p1007@example.com', 'p9999@example.com'] } }));
  await a.sim.control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 100_000 });
  expect(a.generate()).toMatchObject({ ok: true, started: 13_000, parts: 26 });
  a.runTimerUntilDone(200);
  expect(a.column('Video Status').filter((s) => s === 'failed')).toHaveLength(2);
  return campaignId;
}

const record = (a: Addon, id: string) => JSON.parse(a.gas.properties.document.getProperty(`campaign.${id}`)!) as CampaignParts;

describe('a campaign whose done parts are folded into its record', () => {
  // One campaign for both cases (its render is most of their time): the second changes what the first only reads. Closed
  // within this block, so the harness's own last hook finds its simulator idle.
  beforeAll(async () => {
    id = await finished();
  });
  afterAll(async () => {
    await a?.close();
  });

  it('should keep one total for its oldest done parts, and still show every person, one campaign in the picker, and export them all', () => {
    // The first part, the newest twenty done ones, the newest part: parts 2 to 5 folded.
    const kept = record(a, id);
    expect(kept.folded).toEqual({ n: 4, size: 2000, failed: 1 });
    expect(a.gas.properties.document.getProperty(`campaign.${id}.1`)).toBeNull();
    expect(a.call('getProgress')).toMatchObject({
      ok: true,
      counts: { total: 13_000, complete: 12_998, failed: 2, pending: 0 },
      parts: { count: 26 },
    });
    const listed = a.call('listCampaigns', { limit: 100 });
    expect(listed.campaigns.map((c: { name: string }) => c.name)).toEqual(['Q3 outreach']);
    expect(listed.campaigns[0]).toMatchObject({ parts: 26, leadCount: 13_000, complete: 12_998, failed: 2 });
    const out = a.call('exportFinishedVideos');
    expect(out).toMatchObject({ ok: true, count: 12_998, sheetName: 'Videos – Q3 outreach' });
  });

  it("should take a re-imported person of a folded part back without sending them, and send a folded part's failed person again to a new part", async () => {
    // Back on the lead tab, which the export left for its own.
    const sheet = a.gas.spreadsheet.getSheetByName('Leads')!;
    a.gas.spreadsheet.setActiveSheet(sheet);
    const before = rowOf(a, 1502);
    const spent = await chargedCredits(a);
    // Person 1500 (part 4, folded): their row deleted, then pasted again at the bottom.
    sheet.deleteRow(1502);
    sheet.appendRow(leadRow(1500));
    a.selectRows(13_001, 13_001);
    await a.sim.control({ action: 'clearRequests' });
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, takenBack: 1 });
    expect(rowOf(a, 13_001)).toMatchObject({ 'Lead ID': before['Lead ID'], 'Campaign ID': before['Campaign ID'] });
    expect((await a.requests()).filter((q) => q.method === 'POST')).toEqual([]);
    expect(await chargedCredits(a)).toBe(spent);
    // Both failed people go again, the one of a folded part too; the new part is numbered after every part, folded ones too.
    const r = a.call('resendFailedRows', {});
    expect(r).toMatchObject({ ok: true, campaign: { id }, failedRows: 2, result: { added: 2 }, part: { name: 'Q3 outreach · part 27' } });
    expect([rowOf(a, 1009)['Video Status'], rowOf(a, 10_000)['Video Status']]).toEqual(['pending', 'pending']);
  });
});
