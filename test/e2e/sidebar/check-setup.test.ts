// Check setup (docs/rules.md#readings) under both readings of each switch: it says which reading holds and changes nothing.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import type { Readings } from '../../../dev/standin';
import { SIM_KEYS } from '../../../dev/sim/types';
import { leadRow, startAddon, type Addon } from '../harness';

interface Check {
  name: string;
  ok: boolean | null;
  sentence: string;
}

function report(a: Addon): Check[] {
  const r = a.call('getSetupReport');
  expect(r.ok).toBe(true);
  return r.checks;
}

const check = (checks: Check[], name: RegExp) => checks.find((c) => name.test(c.name))!;

/** Runs Check setup from the menu and checks it left the sheet and the triggers as they were. */
function harmless(a: Addon): Check[] {
  const sheet = a.gas.spreadsheet.getActiveSheet();
  const before = JSON.stringify(sheet.getDataRange().getValues());
  const triggers = a.gas.triggers.map((t) => t.id);
  a.gas.open();
  a.gas.clickMenu('Check setup');
  const checks = report(a);
  expect(JSON.stringify(sheet.getDataRange().getValues())).toBe(before);
  expect(a.gas.triggers.map((t) => t.id)).toEqual(triggers);
  expect(a.gas.ui.dialogs.at(-1)).toMatchObject({ title: 'Check setup' });
  return checks;
}

async function connected(readings: Partial<Readings>, key: string = SIM_KEYS.write, rows = true): Promise<Addon> {
  const a = await startAddon({ stageMs: 60_000 }, { readings });
  a.connect(key);
  if (rows) a.sheet([leadRow(1), leadRow(2)]);
  return a;
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('Check setup', () => {
  it('should put Check setup in the add-on menu and show each check in a dialog', async () => {
    a = await connected({});
    const checks = harmless(a);
    expect(checks.map((c) => c.ok)).toEqual([true, true, true, true, true, true, true, true]);
    expect(a.gas.ui.dialogs.at(-1)!.html).toMatch(/Key can write/);
  });

  describe.each(['listed', 'unlisted'] as const)('time-driven triggers %s by getUserTriggers', (listing) => {
    it('should make a timer, say in plain words which list of timers shows it, and remove it', async () => {
      a = await connected({ clockTriggersInUserTriggers: listing });
      const checks = harmless(a);
      const t = check(checks, /Timer/);
      expect(t.ok).toBe(true);
      expect(t.sentence).toContain(
        listing === 'listed'
          ? 'Google lists it with this spreadsheet’s timers.'
          : 'Google lists it with the add-on’s timers but not with this spreadsheet’s; the add-on finds it either way.',
      );
      // A person reads the report: no Apps Script call is named in it.
      for (const c of checks) expect(c.sentence).not.toMatch(/\b(get|set)[A-Z]\w*|\w\(\)/);
    });

    it("should list the add-on's own timer instead of making a second one", async () => {
      a = await connected({ clockTriggersInUserTriggers: listing });
      expect(a.call('setAutoRefresh', { on: true })).toMatchObject({ ok: true });
      const t = check(harmless(a), /Timer/);
      expect(t.sentence).toMatch(/is installed \(every 5 minutes\); it was listed, not re-made/);
      expect(a.gas.triggers).toHaveLength(1);
    });
  });

  describe.each(['fire', 'create-throws', 'never-fire'] as const)('time triggers that %s', (timeTriggers) => {
    it('should say whether a timer can be made, and leave none behind', async () => {
      a = await connected({ timeTriggers });
      const t = check(harmless(a), /Timer/);
      if (timeTriggers === 'create-throws') expect(t).toMatchObject({ ok: false, sentence: expect.stringMatching(/refused to install.*test deployment/) });
      else expect(t).toMatchObject({ ok: true, sentence: expect.stringMatching(/could be made .* removed again/) });
      expect(a.gas.triggers).toEqual([]);
    });
  });

  describe.each(['present', 'absent'] as const)('a document in time-driven runs: %s', (documentInTimeTriggers) => {
    it('should pass its own property and lock checks, and report a timer run that came without its document', async () => {
      a = await connected({ documentInTimeTriggers }, SIM_KEYS.write, false);
      a.pushedCampaign(2);
      expect(a.generate()).toMatchObject({ ok: true });
      a.gas.clock.advance(5 * 60_000);
      a.gas.fireTimeTriggers();
      const checks = harmless(a);
      expect(check(checks, /Document properties/)).toMatchObject({ ok: true });
      expect(check(checks, /Document lock/)).toMatchObject({ ok: true });
      const t = check(checks, /Timer/);
      if (documentInTimeTriggers === 'absent') expect(t.sentence).toMatch(/did not give it the spreadsheet/);
      else expect(t.sentence).not.toMatch(/did not give it the spreadsheet/);
    });
  });

  describe.each(['keep-headers', 'drop-auth-across-hosts'] as const)('redirects followed with %s', (redirects) => {
    it('should name the address a redirect points to, and not follow it', async () => {
      a = await connected({ redirects });
      await a.sim.control({ action: 'configure', config: { faults: { redirectTo: 'http://127.0.0.1:9' } } });
      const s = check(harmless(a), /Video service/);
      expect(s).toMatchObject({ ok: false, sentence: expect.stringMatching(/redirect \(HTTP 307\) to http:\/\/127\.0\.0\.1:9\/api\/v1\/templates/) });
    });
  });

  describe.each(['keeps', 'evicts'] as const)('a cache that %s its entries', (cache) => {
    it('should say whether the cache kept a value, and that pacing holds either way', async () => {
      a = await connected({ cache });
      const c = check(harmless(a), /Cache/);
      expect(c).toMatchObject({ ok: true, sentence: expect.stringMatching(cache === 'keeps' ? /kept and read back/ : /forgot a value at once.*without it/) });
    });
  });

  describe.each(['fixed-60', 'option-360'] as const)("UrlFetchApp's timeout: %s", (fetchTimeout) => {
    it('should say the service did not answer, having waited one minute at most', async () => {
      a = await connected({ fetchTimeout });
      await a.sim.control({ action: 'configure', config: { faults: { hang: true } } });
      const t0 = a.gas.clock.now();
      expect(check(harmless(a), /Video service/)).toMatchObject({
        ok: false,
        sentence: expect.stringMatching(/did not answer the request for the list of templates; nothing was changed/),
      });
      // The menu's dialog and the report each try the service once: a minute each, whatever the reading.
      expect(a.gas.clock.now() - t0).toBeLessThanOrEqual(2 * 61_000);
    });
  });

  describe.each(['throws', 'hourly'] as const)('a published add-on where everyMinutes(5) %s', (publishedEveryMinutes) => {
    it('should make a timer Google accepts, say its interval, and leave none behind', async () => {
      a = await connected({ publishedEveryMinutes });
      a.gas.addonMode = true;
      const t = check(harmless(a), /Timer/);
      expect(t).toMatchObject({ ok: true, sentence: expect.stringMatching(/could be made \(every (5|60) minutes\) and was removed again/) });
      expect(a.gas.triggers).toEqual([]);
    });
  });

  describe.each(['calendar-day', 'rolling-24h'] as const)('quota windows: %s', (quotaWindow) => {
    it('should pass every check and leave nothing behind', async () => {
      a = await connected({ quotaWindow });
      expect(harmless(a).map((c) => c.ok)).toEqual([true, true, true, true, true, true, true, true]);
    });
  });

  it('should tell a read-only key from one that can write, changing nothing', async () => {
    a = await connected({}, SIM_KEYS.readOnly);
    const before = JSON.stringify((await a.state()).campaigns);
    expect(check(harmless(a), /Key can write/)).toMatchObject({ ok: false, sentence: expect.stringMatching(/read-only/) });
    expect(JSON.stringify((await a.state()).campaigns)).toBe(before);
  });

  it('should say no key is saved rather than try the service', async () => {
    a = await startAddon();
    a.sheet([leadRow(1)]);
    expect(check(harmless(a), /Video service/)).toMatchObject({ ok: null, sentence: expect.stringMatching(/no API key is saved/) });
  });

  it('should say the service did not answer when it hangs', async () => {
    a = await connected({});
    await a.sim.control({ action: 'configure', config: { faults: { hang: true } } });
    expect(check(harmless(a), /Video service/)).toMatchObject({
      ok: false,
      sentence: expect.stringMatching(/did not answer the request for the list of templates; nothing was changed/),
    });
  });
});
