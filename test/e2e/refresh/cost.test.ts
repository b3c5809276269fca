// What watching costs (docs/rules.md#budgets): one request for a pass where nothing moved, Range calls that do not grow.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360 (readings of jest.config.cjs this file is not run under)
import { startAddon, type Addon } from '../harness';
import { ready, pushed, tick, simParts } from '../steps';

jest.setTimeout(240_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('refresh passes that cost little', () => {
  it('should make exactly one request for a pass over a campaign whose counts did not change', async () => {
    ({ a } = await ready(30));
    a.generate();
    a.gas.clock.advance(20_000);
    expect(a.call('refreshNow').ok).toBe(true);
    await a.sim.control({ action: 'configure', config: { faults: { stall: true } } });
    expect(a.call('refreshNow').ok).toBe(true);
    await a.sim.control({ action: 'clearRequests' });
    a.gas.counters.reset();
    expect(a.call('refreshNow')).toMatchObject({ ok: true, updated: 0 });
    expect(await a.requests()).toHaveLength(1);
    expect(a.gas.counters.fetches).toBe(1);
  });
});

describe('refresh passes that cost little', () => {
  it('should take a 1,200-lead campaign from generate to its last link in three parts within 60 requests', async () => {
    a = await startAddon({ concurrency: 100 }, { quotas: { urlFetch: 80 } });
    a.connect();
    const c = await pushed(a, 1200);
    expect(new Set(a.column('Campaign ID')).size).toBe(3);
    await a.sim.control({ action: 'clearRequests' });
    const before = a.gas.quota.today().urlFetch;
    const gen = a.generate();
    expect(gen).toMatchObject({ ok: true, started: 1200, parts: 3 });
    for (let i = 0; i < 40 && a.gas.triggers.length > 0; i++) tick(a);
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.gas.triggerErrors).toEqual([]);
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
    const reqs = await a.requests();
    expect(reqs.filter((r) => r.path.startsWith('/leads/'))).toHaveLength(0);
    expect(a.gas.quota.today().urlFetch - before).toBeLessThanOrEqual(60);
    expect(c.id).toBeTruthy();
  });

  it('should cost one request for a pass where nothing moved, however many parts and tabs', async () => {
    a = await startAddon({ concurrency: 10, stageMs: 60_000 });
    a.connect();
    await pushed(a, 700, 'One');
    expect(a.generate()).toMatchObject({ ok: true, parts: 2 });
    await pushed(a, 30, 'Two', 1000);
    expect(a.generate()).toMatchObject({ ok: true, parts: 1 });
    tick(a);
    await a.sim.control({ action: 'configure', config: { faults: { stall: true } } });
    tick(a);
    await a.sim.control({ action: 'clearRequests' });
    tick(a);
    expect((await a.requests()).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /campaigns']);
  });
});

describe('watching many parts', () => {
  describe('watching costs little', () => {
    it('should read at most 3 requests a progress poll however many parts, each part in turn', async () => {
      a = await startAddon({ concurrency: 5, stageMs: 20_000 });
      a.connect();
      a.pushedCampaign(2001);
      expect(a.generate()).toMatchObject({ ok: true, parts: 5 });
      const parts = (await simParts(a, 'Q3 outreach')).map((p) => p.id);
      const detailed = new Set<string>();
      for (let poll = 0; poll < 6; poll++) {
        a.gas.clock.advance(30_000);
        await a.sim.control({ action: 'clearRequests' });
        const p = a.call('getProgress');
        expect(p).toMatchObject({ ok: true, counts: { total: 2001 } });
        const log = await a.requests();
        expect(log.length).toBeLessThanOrEqual(3);
        for (const r of log) if (/^\/campaigns\/[^/]+$/.test(r.path)) detailed.add(r.path.split('/')[2]!);
      }
      // Taken in turn: every part's detail was read within a few polls.
      expect([...detailed].sort()).toEqual([...parts].sort());
    });
  });
});
