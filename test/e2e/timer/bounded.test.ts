// What a list left running keeps (docs/rules.md#budgets, #refunds): a part finished on a tab leaves no memo of the refresh
// behind, and a full part whose every person is finished lets its charges' evidence go, so the stores do not grow with parts.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360 (readings of jest.config.cjs this file is not run under)
import { shortHash } from '../../../src/core/hash';
import { saveParts, type CampaignParts } from '../../../src/records/parts-record';
import { startAddon, type Addon } from '../harness';
import { colleagueCampaigns, creditsRows, netCharged, pushed, ready, simParts } from '../steps';

jest.setTimeout(240_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

const keys = (a: Addon) => Object.keys(a.gas.properties.document.getProperties());

describe('the stores of a finished campaign', () => {
  it('should keep no refresh memo and no charges of a full finished part, and the record still equal to the ledger', async () => {
    a = await startAddon({ concurrency: 100 });
    a.connect();
    await pushed(a, 600);
    const [full, small] = await simParts(a, 'Leads campaign');
    expect(a.generate()).toMatchObject({ ok: true, started: 600, parts: 2 });
    expect(keys(a)).toEqual(expect.arrayContaining([`credits.charges.${shortHash(full!.id)}`, `credits.charges.${shortHash(small!.id)}`]));
    a.runTimerUntilDone();
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
    expect(keys(a).filter((k) => k.startsWith('refresh.'))).toEqual([]);
    // The full part can give nothing back any more; the part of 100 may still take people, and keeps its evidence.
    expect(keys(a)).not.toContain(`credits.charges.${shortHash(full!.id)}`);
    expect(keys(a)).toContain(`credits.charges.${shortHash(small!.id)}`);
    const spent = a.call('getSidebarState').limit.spentToday;
    expect(spent).toBe(await netCharged(a));
    // Nobody waits in a done part: an estimate asks only the newest part (a year of parts would be a request each).
    await a.sim.control({ action: 'clearRequests' });
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 0 });
    expect((await a.requests()).filter((r) => r.path.endsWith('/estimate')).map((r) => r.path)).toEqual([`/campaigns/${small!.id}/estimate`]);
  });

  it("should let a full finished part's failed counts go once its refunds are booked, and never book them again", async () => {
    a = await startAddon({ concurrency: 100, failRate: 0, faults: { failPeople: ['p3@example.com', 'p7@example.com', 'p550@example.com'] } });
    a.connect();
    await pushed(a, 600);
    const [, small] = await simParts(a, 'Leads campaign');
    expect(a.generate()).toMatchObject({ ok: true, started: 600, parts: 2 });
    a.runTimerUntilDone();
    expect(a.column('Video Status').filter((s) => s === 'failed')).toHaveLength(3);
    const counts = () =>
      keys(a)
        .filter((k) => k.startsWith('credits.failed.'))
        .map((k) => JSON.parse(a.gas.properties.document.getProperty(k)!) as Record<string, number>);
    // The part of 100 may still take people and keeps its count; the full part's is gone with its charges.
    expect(counts().flatMap((c) => Object.keys(c))).toEqual([shortHash(small!.id)]);
    const refunds = (await a.state()).ledger.filter((e) => e.kind !== 'charge');
    expect(a.call('getSidebarState').limit.spentToday).toBe(await netCharged(a));
    // Read again, by the sidebar's poll and the timer, a done part books nothing and keeps nothing.
    a.call('getProgress');
    a.gas.clock.advance(3_600_000);
    a.gas.fireTimeTriggers();
    a.call('getProgress');
    expect(counts().flatMap((c) => Object.keys(c))).toEqual([shortHash(small!.id)]);
    expect((await a.state()).ledger.filter((e) => e.kind !== 'charge')).toEqual(refunds);
    expect(a.call('getSidebarState').limit.spentToday).toBe(await netCharged(a));
  });

  it("should book a full part's failures and let its evidence go though the list no longer shows it (a crowded workspace), with no sidebar open", async () => {
    a = await startAddon({ concurrency: 100, failRate: 0, stageMs: 60_000, faults: { failPeople: ['p3@example.com', 'p7@example.com'] } });
    a.connect();
    await pushed(a, 600);
    const [full, small] = await simParts(a, 'Leads campaign');
    expect(a.generate()).toMatchObject({ ok: true, started: 600, parts: 2 });
    // A colleague's newer campaigns push both parts out of the list of 100 while they render.
    await colleagueCampaigns(a, 100);
    a.runTimerUntilDone();
    expect(a.column('Video Status').filter((s) => s === 'failed')).toHaveLength(2);
    // The timer read the full part's detail as it finished: its refunds are booked and its evidence let go.
    expect(creditsRows(a).filter((r) => r.Action === 'refund')).toHaveLength(1);
    expect(keys(a)).not.toContain(`credits.charges.${shortHash(full!.id)}`);
    expect(keys(a)).toContain(`credits.charges.${shortHash(small!.id)}`);
    expect(a.call('getSidebarState').limit.spentToday).toBe(await netCharged(a));
  });
});

describe('a finished campaign the list no longer shows', () => {
  it("should sum its done parts from their record: the sidebar's first poll shows every person and the service's status, reading only the newest part", async () => {
    a = await startAddon({ concurrency: 100, failRate: 0, faults: { failPeople: ['p3@example.com'] } });
    a.connect();
    await pushed(a, 1500);
    const parts = await simParts(a, 'Leads campaign');
    expect(a.generate()).toMatchObject({ ok: true, started: 1500, parts: 3 });
    a.runTimerUntilDone();
    await colleagueCampaigns(a, 100);
    await a.sim.control({ action: 'clearRequests' });
    // A sidebar opened now: no memo of any part; the two older parts are done, the newest is read for the status.
    for (let poll = 0; poll < 2; poll++) {
      expect(a.call('getProgress')).toMatchObject({
        ok: true,
        status: 'delivered',
        counts: { total: 1500, complete: 1499, failed: 1, pending: 0, rendering: 0 },
      });
      a.gas.clock.advance(30_000);
    }
    const details = (await a.requests()).filter((r) => /^\/campaigns\/[^/]+$/.test(r.path)).map((r) => r.path);
    // Only the newest part is read (again at the second poll where the cache forgot the first's detail).
    expect([...new Set(details)]).toEqual([`/campaigns/${parts[2]!.id}`]);
  });
});

describe("the timer's memory of a campaign bigger than the budgets' largest", () => {
  it('should switch auto-refresh on for a campaign of 300 parts, keeping its newest parts within one stored value, done parts left out', async () => {
    ({ a } = await ready(5));
    const id = a.boundCampaignId();
    const props = a.gas.properties.document;
    const c = JSON.parse(props.getProperty(`campaign.${id}`)!) as CampaignParts;
    // 150,000 people: 299 more parts of 500, ids as long as the service's; the first 50 are done.
    const more = Array.from({ length: 299 }, (_, i) => ({
      id: `cmp_${String(i).padStart(32, '0')}`,
      size: 500,
      closed: true,
      ...(i < 50 ? { done: 1 as const } : {}),
    }));
    saveParts(props, { ...c, parts: [...c.parts, ...more] });
    expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true, on: true });
    const [key] = Object.keys(a.gas.properties.user().getProperties()).filter((k) => k.startsWith('timer.'));
    const waits = (JSON.parse(a.gas.properties.user().getProperty(key!)!) as { parts: string }).parts.split(',');
    expect(waits).toHaveLength(200);
    expect(waits).toEqual(more.slice(99).map((p) => p.id));
    // Its run goes as for any campaign: none of the tab's rows is in flight, so it finishes and removes itself.
    a.gas.clock.advance(5 * 60_000);
    a.gas.fireTimeTriggers();
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.gas.properties.user().getProperty(key!)).toBeNull();
  });
});
