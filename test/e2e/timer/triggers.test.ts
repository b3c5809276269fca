// The one trigger (docs/rules.md#timer): made once, kept, put back, and removed once all is done.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { leadRow, startAddon, type Addon } from '../harness';
import { ready, pushed, tick, rendering } from '../steps';

jest.setTimeout(240_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('the one trigger', () => {
  it('should keep exactly one trigger, remove it when off, and remove it itself once all is done', async () => {
    ({ a } = await ready(5));
    expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true, on: true, intervalMinutes: 5 });
    expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true, on: true });
    expect(a.gas.triggers).toHaveLength(1);
    expect(a.call('setAutoRefresh', { on: false })).toMatchObject({ ok: true, on: false });
    expect(a.gas.triggers).toHaveLength(0);
    a.generate();
    expect(a.gas.triggers).toHaveLength(1);
    a.gas.clock.advance(60 * 60_000);
    a.gas.fireTimeTriggers();
    expect(a.gas.triggers).toHaveLength(0);
  });

  it('should fall back to an hourly trigger where Apps Script refuses minutes', async () => {
    a = await startAddon();
    a.gas.addonMode = true;
    a.connect();
    a.sheet([leadRow(1)]);
    expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true, intervalMinutes: 60 });
  });
});

describe('the permission to run when the person is not present', () => {
  it('should name the permission and how to grant it when auto-refresh or auto mode is switched on without it', async () => {
    // Granular consent: every ScriptApp call about triggers is refused, listing them as much as making one.
    a = await startAddon({}, { readings: { triggerPermission: 'not-granted' } });
    a.connect();
    a.sheet([leadRow(1)]);
    const c = a.createCampaign();
    const named = {
      ok: false,
      error: { code: 'no_permission', message: expect.stringMatching(/run when you are not present.*To grant it, open https:\/\/\S+/) },
    };
    expect(a.call('setAutoRefresh', { on: true })).toMatchObject(named);
    a.call('setSpendingLimit', { creditsPerDay: 50 });
    expect(a.call('setAutoMode', { campaignId: c.id, on: true })).toMatchObject(named);
    expect(a.call('getSidebarState')).toMatchObject({ ok: true, autoMode: { on: false } });
    expect(a.gas.triggers).toEqual([]);
  });
});

describe('a lost trigger', () => {
  it('should put back a lost trigger when the sidebar opens on a tab still rendering, and say so', async () => {
    a = await startAddon({ stageMs: 60_000 });
    a.connect();
    await pushed(a, 5);
    a.generate();
    expect(a.gas.triggers).toHaveLength(1);
    a.gas.loseTrigger();
    expect(a.gas.triggers).toHaveLength(0);
    const state = a.call('getSidebarState');
    expect(state.autoRefresh).toMatchObject({ on: true, timerRestored: true, owner: { you: true } });
    expect(a.gas.triggers).toHaveLength(1);
    for (let i = 0; i < 10 && a.gas.triggers.length > 0; i++) tick(a);
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
  });
});

describe('the one trigger under each reading', () => {
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
});
