// Refusals that sent nothing (docs/rules.md#refusals): named as such, never as a lost answer.
// @not-under triggers-unlisted, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import type { Readings } from '../../../dev/standin';
import { leadRow, startAddon, type Addon } from '../harness';

type Refusal = Exclude<Readings['fetchRefusal'], 'none'>;

const CASES: [Refusal, string, RegExp][] = [
  ['quota-day', 'quota', /daily limit for your account is spent.*nothing was sent/],
  ['quota-plain', 'quota', /limiting how often.*nothing was sent.*Wait a minute/],
  ['quota-short', 'quota', /limiting how often.*in a short time.*nothing was sent/],
  ['admin-allowlist', 'not_allowed', /administrator to allow 127\.0\.0\.1:\d+/],
  [
    'no-permission',
    'no_permission',
    /permission “Connect to an external service”.*nothing was sent.*To grant it, open https:\/\/script\.google\.com\/\S+ and tick it/,
  ],
];

/** Every row of the record tab, as text. */
function record(a: Addon): string {
  const tab = a.gas.spreadsheet.getSheetByName('Video credits');
  return tab ? JSON.stringify(tab.getDataRange().getValues()) : '';
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('refusals before anything is sent', () => {
  describe.each(CASES)('%s', (fetchRefusal, code, sentence) => {
    it('should answer Generate with its own code and sentence, hold nothing and record no unknown charge', async () => {
      a = await startAddon({ stageMs: 60_000 });
      a.connect();
      a.pushedCampaign(3);
      await a.sim.control({ action: 'clearRequests' });
      a.gas.readings.fetchRefusal = fetchRefusal;
      a.gas.fetchRefusalOnly = /^POST .*\/generate$/;
      const r = a.generate();
      expect(r).toMatchObject({ ok: false, error: { code, message: expect.stringMatching(sentence) } });
      expect(r.error.message).not.toMatch(/outcome is unknown|several accounts|test deployment/i);
      expect((await a.requests()).filter((q) => q.method === 'POST')).toEqual([]);
      expect(record(a)).not.toMatch(/unknown|may have/i);
      a.gas.readings.fetchRefusal = 'none';
      expect(a.generate()).toMatchObject({ ok: true });
    });

    it('should be named by Check setup, and by Refresh now, never as a lost answer', async () => {
      a = await startAddon({ stageMs: 60_000 }, { readings: { fetchRefusal } });
      a.gas.readings.fetchRefusal = 'none';
      a.connect();
      a.pushedCampaign(2);
      a.gas.readings.fetchRefusal = fetchRefusal;
      expect(a.call('refreshNow')).toMatchObject({ ok: false, error: { code, message: expect.stringMatching(sentence) } });
      a.gas.open();
      a.gas.clickMenu('Check setup');
      const checks: { name: string; ok: boolean | null; sentence: string }[] = a.call('getSetupReport').checks;
      expect(checks.find((c) => c.name === 'Video service')).toMatchObject({ ok: false, sentence: expect.stringMatching(sentence) });
      expect(checks.find((c) => c.name === 'Permissions')).toMatchObject({ ok: fetchRefusal === 'no-permission' ? false : true });
      expect(JSON.stringify(checks)).not.toMatch(/outcome is unknown|did not answer/);
    });
  });

  it('should name a permission for the timer that was not granted, not a test deployment, in the reply and in Check setup', async () => {
    a = await startAddon({ stageMs: 60_000 }, { readings: { triggerPermission: 'not-granted' } });
    a.connect();
    a.sheet([leadRow(1)]);
    const r = a.call('setAutoRefresh', { on: true });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'no_permission', message: expect.stringMatching(/run when you are not present.*To grant it, open https:\/\/script\.google\.com\/\S+/) },
    });
    expect(r.error.message).not.toMatch(/test deployment|several accounts/);
    a.gas.open();
    a.gas.clickMenu('Check setup');
    const checks: { name: string; ok: boolean | null; sentence: string }[] = a.call('getSetupReport').checks;
    expect(checks.find((c) => /Timer/.test(c.name))).toMatchObject({ ok: false, sentence: expect.stringMatching(/run when you are not present/) });
    expect(checks.find((c) => c.name === 'Permissions')).toMatchObject({ ok: false });
    expect(a.gas.triggers).toEqual([]);
  });
});
