// The daily spending limit (docs/rules.md#spending-limit) end to end.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered (readings of jest.config.cjs this file is not run under)
import { SIM_PRICES } from '../../../dev/sim/types';
import { HEADERS, leadRow, startAddon, type Addon } from '../harness';
import { netCharged } from '../steps';

jest.setTimeout(180_000);

const CHARGING = /^POST \/campaigns\/[^/]+\/(generate|preview)$/;

async function charging(a: Addon): Promise<string[]> {
  return (await a.requests()).map((r) => `${r.method} ${r.path}`).filter((l) => CHARGING.test(l));
}

/** A second tab with its own campaign of n people (ids from `from`), active. */
function secondTab(a: Addon, n: number, from: number, name: string) {
  a.sheet(
    Array.from({ length: n }, (_, i) => leadRow(from + i)),
    HEADERS,
    name,
  );
  const c = a.createCampaign(name);
  a.selectRows(2, n + 1);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true });
  return c;
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('daily spending limit', () => {
  it('should refuse a Generate whose confirmed high passes the limit, with the figures and no charging request', async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(4);
    const est = a.call('getEstimate');
    expect(est.high).toBeGreaterThan(10);
    expect(a.call('setSpendingLimit', { creditsPerDay: 10 })).toEqual({ ok: true, creditsPerDay: 10, spentToday: 0 });
    const r = a.generate(est.high);
    expect(r).toMatchObject({ ok: false, error: { code: 'over_limit' }, limit: { creditsPerDay: 10, spentToday: 0 } });
    expect(r.error.message).toContain(`up to ${est.high} credits`);
    expect(await charging(a)).toEqual([]);
    expect(await netCharged(a)).toBe(0);
    expect(a.call('getSidebarState').limit).toEqual({ creditsPerDay: 10, spentToday: 0 });
  });

  it('should allow a Generate under the limit and count what it charged today', async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(4);
    expect(a.call('setSpendingLimit', { creditsPerDay: 500 })).toMatchObject({ ok: true, creditsPerDay: 500 });
    const r = a.generate();
    expect(r).toMatchObject({ ok: true, started: 4 });
    const charged = await netCharged(a);
    expect(charged).toBe(r.creditsCharged);
    expect(a.call('getSidebarState').limit).toEqual({ creditsPerDay: 500, spentToday: charged });
    expect(a.call('setSpendingLimit', { creditsPerDay: null })).toEqual({ ok: true, creditsPerDay: null, spentToday: charged });
  });

  it('should refuse a Preview only once the limit is reached', async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(6);
    a.call('setSpendingLimit', { creditsPerDay: 1 });
    const first = a.preview();
    expect(first).toMatchObject({ ok: true });
    const before = (await charging(a)).length;
    secondTab(a, 3, 100, 'Second');
    const second = a.preview();
    expect(second).toMatchObject({ ok: false, error: { code: 'over_limit' }, limit: { creditsPerDay: 1, spentToday: first.creditsCharged } });
    expect(await charging(a)).toHaveLength(before);
  });

  it('should give room back when a failed video is refunded', async () => {
    a = await startAddon({ failRate: 0, faults: { failPeople: ['p0@example.com', 'p1@example.com'] } });
    a.connect();
    const c = a.pushedCampaign(4);
    const first = a.call('getEstimate');
    a.call('setSpendingLimit', { creditsPerDay: first.high });
    expect(a.generate(first.high)).toMatchObject({ ok: true });
    const spent = a.call('getSidebarState').limit.spentToday;
    // Two videos fail; the timer books their refund.
    for (let i = 0; i < 12 && (await a.state()).ledger.filter((e) => e.kind === 'refund').length < 2; i++) {
      a.gas.clock.advance(5 * 60_000);
      a.gas.fireTimeTriggers();
    }
    a.gas.clock.advance(5 * 60_000);
    a.gas.fireTimeTriggers();
    const refunded = (await a.state()).ledger.filter((e) => e.kind === 'refund' && e.campaignId === c.id).reduce((n, e) => n + e.credits, 0);
    expect(refunded).toBe(2 * SIM_PRICES.video + 2 * SIM_PRICES.lookup);
    expect(a.call('getSidebarState').limit.spentToday).toBe(spent - refunded);
    // The room given back lets a Generate of that much through.
    secondTab(a, 1, 200, 'Second');
    const e2 = a.call('getEstimate');
    expect(e2.high).toBeLessThanOrEqual(refunded);
    expect(a.generate(e2.high)).toMatchObject({ ok: true, started: 1 });
  });

  it('should count an unknown outcome at its quoted high until the evidence settles it', async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(4);
    const est = a.call('getEstimate');
    a.call('setSpendingLimit', { creditsPerDay: est.high + 5 });
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
    expect(a.generate(est.high)).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(a.call('getSidebarState').limit.spentToday).toBe(est.high);
    // Another tab's campaign of 3 people (up to 9) does not fit in the 5 left.
    secondTab(a, 3, 300, 'Second');
    const e2 = a.call('getEstimate');
    expect(e2.high).toBeGreaterThan(5);
    expect(a.generate(e2.high)).toMatchObject({ ok: false, error: { code: 'over_limit' }, limit: { spentToday: est.high } });
    // Settled by evidence on the first tab, it counts at what it charged.
    a.gas.spreadsheet.setActiveSheet(a.gas.spreadsheet.getSheetByName('Leads')!);
    a.gas.clock.advance(3 * 60_000);
    a.call('getProgress');
    expect(a.call('getSidebarState').limit.spentToday).toBe(await netCharged(a));
  });
});
