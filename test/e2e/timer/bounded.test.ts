// What a list left running keeps (docs/rules.md#budgets, #refunds): a part finished on a tab leaves no memo of the refresh
// behind, and a full part whose every person is finished lets its charges' evidence go, so the stores do not grow with parts.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360 (readings of jest.config.cjs this file is not run under)
import { shortHash } from '../../../src/core/hash';
import { startAddon, type Addon } from '../harness';
import { netCharged, pushed, simParts } from '../steps';

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
});
