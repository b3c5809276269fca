// Where Apps Script is not documented (docs/rules.md#readings): the built add-on under each reading of each point,
// in the stand-in against the simulator — whatever the reading, it works or says why in a sentence.
import { spawnSimulator } from '../../dev/sim/spawn';
import type { SimHandle } from '../../dev/sim/server';
import { SIM_KEYS } from '../../dev/sim/types';
import type { Readings } from '../../dev/standin';
import { startAddon, type Addon } from './harness';

const FIVE_MINUTES = 5 * 60_000;

function tick(a: Addon): void {
  a.gas.clock.advance(FIVE_MINUTES);
  a.gas.fireTimeTriggers({ tolerateErrors: true });
}

/** Five leads pushed and generated: the timer is on and renders take a while. */
async function rendering(readings: Partial<Readings> = {}, stageMs = 60_000): Promise<Addon> {
  const a = await startAddon({ stageMs }, { readings });
  a.connect();
  a.pushedCampaign(5);
  expect(a.generate()).toMatchObject({ ok: true });
  return a;
}

describe('every plausible reading', () => {
  let a: Addon | undefined;
  let other: SimHandle | undefined;
  afterEach(async () => {
    await a?.gas.close();
    await a?.close();
    await other?.close();
    a = undefined;
    other = undefined;
  });

  describe.each(['listed', 'unlisted'] as const)('time-driven triggers %s by getUserTriggers', (listing) => {
    it('should keep one trigger however often the sidebar opens, and remove it once all is done', async () => {
      a = await rendering({ clockTriggersInUserTriggers: listing });
      for (let i = 0; i < 5; i++) expect(a.call('getSidebarState').autoRefresh).toMatchObject({ on: true, intervalMinutes: 5 });
      expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true, on: true });
      expect(a.gas.triggers).toHaveLength(1);
      a.runTimerUntilDone();
      expect(a.gas.triggers).toHaveLength(0);
      expect(a.column('Video Status')).toEqual(Array(5).fill('complete'));
    });
  });

  describe('a time-driven run without its document', () => {
    it('should write no row in the run itself, without an error, and catch the rows up when the sheet is next open', async () => {
      a = await rendering({ documentInTimeTriggers: 'absent' });
      a.gas.clock.advance(FIVE_MINUTES);
      a.gas.fireTimeTriggers();
      expect(a.gas.triggerErrors).toEqual([]);
      expect(a.column('Video Status')).toEqual(Array(5).fill('pending'));
      expect(a.call('getSidebarState').autoRefresh).toMatchObject({ on: false });
      expect(a.column('Video Status')).toEqual(Array(5).fill('complete'));
      expect(a.call('refreshNow')).toMatchObject({ ok: true, remaining: 0 });
    });
  });

  describe('a test deployment', () => {
    it('should say in a sentence that the timer could not be installed when create() throws', async () => {
      a = await rendering({ timeTriggers: 'create-throws' });
      expect(a.gas.triggers).toEqual([]);
      expect(a.call('getSidebarState').lastRefresh).toMatchObject({
        error: expect.stringMatching(/refused to install the automatic refresh.*test deployment/),
      });
      expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: false, error: { code: 'no_timer', message: expect.stringMatching(/Refresh now/) } });
    });

    it('should notice a trigger that never fires, say since when, and put it back once per two intervals', async () => {
      a = await rendering({ timeTriggers: 'never-fire' });
      const since = new Date(a.gas.clock.now()).toISOString();
      tick(a);
      expect(a.call('getSidebarState').autoRefresh.overdueSince).toBeUndefined();
      tick(a);
      tick(a);
      const first = a.gas.triggers[0]!.id;
      const late = a.call('getSidebarState').autoRefresh;
      expect(late).toMatchObject({ on: true, overdueSince: since, timerRestored: true });
      expect(a.gas.triggers).toHaveLength(1);
      expect(a.gas.triggers[0]!.id).not.toBe(first);
      // Shown again, but not put back again until two more intervals pass.
      expect(a.call('getProgress')).toMatchObject({ ok: true, autoRefresh: { overdueSince: since } });
      expect(a.call('getSidebarState').autoRefresh.timerRestored).toBeUndefined();
      expect(a.gas.triggers).toHaveLength(1);
    });

    it('should stop calling a timer overdue once it runs', async () => {
      a = await rendering();
      for (let i = 0; i < 3; i++) tick(a);
      expect(a.call('getSidebarState').autoRefresh.overdueSince).toBeUndefined();
    });
  });

  describe('a server that never answers', () => {
    it('should spend at most 15 trigger minutes on two hours of silence, say since when, and catch up once it answers', async () => {
      // Renders take 50 minutes: the timer stays on through the silence.
      a = await rendering({}, 10 * 60_000);
      tick(a);
      await a.sim.control({ action: 'configure', config: { faults: { hang: true } } });
      const before = a.gas.quota.total().triggerRuntimeMs;
      const silentFrom = a.gas.clock.now();
      for (let i = 0; i < 24; i++) tick(a);
      const spent = a.gas.quota.total().triggerRuntimeMs - before;
      expect(spent).toBeLessThanOrEqual(15 * 60_000);
      expect(spent).toBeGreaterThanOrEqual(60_000);
      const state = a.call('getSidebarState');
      expect(Date.parse(state.silentSince)).toBeGreaterThan(silentFrom);
      expect(state.lastRefresh.error).toMatch(/not answered|no answer/i);

      await a.sim.control({ action: 'configure', config: { faults: { hang: false } } });
      // The open sidebar's poll is answered: the silence is over, and the next timer run catches up.
      expect(a.call('getProgress')).toMatchObject({ ok: true, silentSince: null });
      tick(a);
      expect(a.column('Video Status')).toEqual(Array(5).fill('complete'));
      expect(a.call('getSidebarState').silentSince).toBeNull();
    });
  });

  describe.each(['keep-headers', 'drop-auth-across-hosts'] as const)('redirects followed with %s', (redirects) => {
    it('should never send the key to the address a redirect points to, and name that address', async () => {
      a = await startAddon({}, { readings: { redirects } });
      a.connect();
      a.pushedCampaign(2);
      other = await spawnSimulator({ port: 0, clock: 'manual' });
      await a.sim.control({ action: 'configure', config: { faults: { redirectTo: other.origin } } });
      const r = a.call('refreshNow');
      expect(r).toMatchObject({ ok: false, error: { message: expect.stringContaining(other.origin) } });
      expect(a.call('saveSettings', { baseUrl: a.sim.baseUrl, apiKey: SIM_KEYS.write })).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining(other.origin) },
      });
      expect((await other.control({ action: 'requests' })).requests).toEqual([]);
    });
  });
});
