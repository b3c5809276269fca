// Pacing (docs/rules.md#pacing): requests pressed in a minute stay under the API's limit, whether the cache keeps entries or not.
// @not-under test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { startAddon, type Addon } from '../harness';

jest.setTimeout(180_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe.each(['keeps', 'evicts'] as const)('a cache that %s its entries', (cache) => {
  it("should keep 130 estimates pressed in one minute, each its own execution, under the API's limit", async () => {
    a = await startAddon({}, { readings: { cache } });
    a.connect();
    a.pushedCampaign(3);
    await a.sim.control({ action: 'clearRequests' });
    // The whole reply in a failure's diff: which call, and why.
    for (let i = 0; i < 130; i++) expect({ call: i, reply: a.call('getEstimate') }).toMatchObject({ reply: { ok: true } });
    const log = await a.requests();
    expect(log.filter((r) => r.status === 429)).toEqual([]);
    expect(log.length).toBeGreaterThanOrEqual(130);
  });
});

describe('a cache that forgets every entry', () => {
  it("should still read every part's detail in turn in the open sidebar's poll", async () => {
    a = await startAddon({ concurrency: 5, stageMs: 10 * 60_000 }, { readings: { cache: 'evicts' } });
    a.connect();
    const c = a.pushedCampaign(1001);
    expect(a.generate()).toMatchObject({ ok: true, parts: 3 });
    const parts = (await a.state()).campaigns.filter((x) => x.name.startsWith('Q3 outreach')).map((x) => x.id);
    expect(parts).toHaveLength(3);
    await a.sim.control({ action: 'clearRequests' });
    for (let i = 0; i < 6; i++) {
      a.gas.clock.advance(30_000);
      expect(a.call('getProgress')).toMatchObject({ ok: true, campaignId: c.id });
    }
    const read = new Set((await a.requests()).filter((r) => r.method === 'GET' && /^\/campaigns\/[^/?]+$/.test(r.path)).map((r) => r.path.split('/')[2]));
    expect([...read].sort()).toEqual([...parts].sort());
  });
});
