// Timer runs (docs/rules.md#timer): what a run does, with or without its document, under every reading.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly (readings of jest.config.cjs this file is not run under)
import { SIM_KEYS } from '../../../dev/sim/types';
import { HEADERS, leadRow, startAddon, type Addon } from '../harness';
import { leadsOf, FIVE_MINUTES, ready, pushed, tick, rendering } from '../steps';

jest.setTimeout(240_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('runs of a shared sheet', () => {
  describe("another person's timer leaves your rows alone", () => {
    it("should refresh only the tabs whose auto-refresh the timer's owner switched on, and never write over a 404 of another key", async () => {
      a = await startAddon({ concurrency: 5 });
      a.gas.setUser('alice@example.com');
      a.connect();
      a.sheet(
        Array.from({ length: 6 }, (_, i) => leadRow(i)),
        HEADERS,
        'Alice',
      );
      const alice = a.createCampaign('Alice outreach');
      a.selectRows(2, 7);
      a.call('addSelectedRows');
      expect(a.generate()).toMatchObject({ ok: true });

      a.gas.setUser('bob@example.com');
      a.connect(SIM_KEYS.other);
      a.sheet([leadRow(50)], HEADERS, 'Bob');
      const bobTemplates = a.call('listTemplates').templates;
      const bob = a.call('createCampaign', { templateId: bobTemplates.find((t: any) => t.usable).id, name: 'Bob outreach' });
      expect(bob.ok).toBe(true);
      a.selectRows(2, 2);
      a.call('addSelectedRows');
      expect(a.generate()).toMatchObject({ ok: true });
      // Bob looks at Alice's tab with his key: 404, and nothing of hers changes.
      const aliceTab = a.gas.spreadsheet.getSheetByName('Alice')!;
      a.gas.spreadsheet.setActiveSheet(aliceTab);
      const before = JSON.stringify(aliceTab.getDataRange().getValues());
      expect(a.call('getProgress')).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect(a.call('refreshNow')).toMatchObject({ ok: false });
      expect(JSON.stringify(aliceTab.getDataRange().getValues())).toBe(before);
      const shared = a.call('getSidebarState');
      expect(shared.autoRefresh).toMatchObject({ on: true, owner: { you: false, keyHint: expect.stringContaining('1a2b') } });
      expect(shared.lastRefresh).toBeNull();

      expect(a.gas.triggers.map((t) => t.user).sort()).toEqual(['alice@example.com', 'bob@example.com']);
      a.runTimerUntilDone();
      a.gas.setUser('alice@example.com');
      a.gas.spreadsheet.setActiveSheet(aliceTab);
      const rows = a.rows(aliceTab);
      expect(rows.every((r) => r['Video Status'] === 'complete')).toBe(true);
      expect(rows.some((r) => /has no lead/.test(String(r['Video Note'])))).toBe(false);
      expect(await leadsOf(a, alice.id)).toHaveLength(6);
    });
  });
});

describe('timer runs', () => {
  it('should skip a timer run while another run holds the document, and catch up on the next', async () => {
    ({ a } = await ready(5));
    a.generate();
    a.gas.holdDocumentLock();
    await a.sim.control({ action: 'clearRequests' });
    a.gas.clock.advance(FIVE_MINUTES);
    a.gas.fireTimeTriggers();
    expect(await a.requests()).toHaveLength(0);
    expect(a.gas.triggers).toHaveLength(1);
    a.gas.releaseDocumentLock();
    a.runTimerUntilDone();
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
  });

  it('should keep the last timer error for the sidebar, and clear it on the next good run', async () => {
    ({ a } = await ready(5));
    a.generate();
    await a.sim.control({ action: 'configure', config: { faults: { apiOff: true } } });
    a.gas.clock.advance(FIVE_MINUTES);
    a.gas.fireTimeTriggers({ tolerateErrors: true });
    expect(a.call('getSidebarState').lastRefresh).toMatchObject({ error: expect.stringMatching(/switched off/) });
    expect(a.gas.triggers).toHaveLength(1);
    await a.sim.control({ action: 'configure', config: { faults: { apiOff: false } } });
    a.runTimerUntilDone();
    expect(a.call('getSidebarState').lastRefresh).toMatchObject({ error: null });
  });
});

describe('timer runs the sidebar reports', () => {
  it('should say so in the sidebar when a timer ran without its spreadsheet while videos still render', async () => {
    a = await startAddon({ stageMs: 10 * 60_000 }, { nullSpreadsheetInTriggers: true });
    a.connect();
    await pushed(a, 5);
    a.generate();
    tick(a);
    const state = a.call('getSidebarState');
    expect(state.lastRefresh).toMatchObject({ error: expect.stringMatching(/did not give it the spreadsheet/) });
  });
});

describe('timer runs under each reading', () => {
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
});
