// The timer where Apps Script says least (docs/rules.md#readings): a run without its document, a published add-on, a service that hangs.
// @not-under triggers-unlisted, test-deployment-throws, test-deployment-silent, cache-evicts, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { join } from 'node:path';
import type { Readings } from '../../../dev/standin';
import { SIM_KEYS } from '../../../dev/sim/types';
import { publishedBuild, type Addon } from '../harness';
import { rendering } from '../steps';

const MINUTE = 60_000;

/** Every trigger id seen while the clock moves in steps, with the sidebar open (its state read each step). */
function watch(a: Addon, steps: number, stepMs: number, sidebar = true): { ids: Set<string>; overdue: unknown[] } {
  const ids = new Set(a.gas.triggers.map((t) => t.id));
  const overdue: unknown[] = [];
  for (let i = 0; i < steps; i++) {
    a.gas.clock.advance(stepMs);
    a.gas.fireTimeTriggers();
    if (sidebar) {
      const s = a.call('getSidebarState').autoRefresh;
      if (s.overdueSince || s.timerRestored) overdue.push(s);
    }
    for (const t of a.gas.triggers) ids.add(t.id);
  }
  return { ids, overdue };
}

describe('the timer where Apps Script says least', () => {
  let a: Addon | undefined;
  afterEach(async () => {
    await a?.gas.close();
    await a?.close();
    a = undefined;
  });

  describe('runs without their document', () => {
    it('should count as runs, read the parts from the API, remove the one trigger once all is done, and catch rows up when the sheet opens', async () => {
      a = await rendering({ documentInTimeTriggers: 'absent' }, 10 * MINUTE);
      const seen = watch(a, 36, 5 * MINUTE);
      expect(a.gas.triggerErrors).toEqual([]);
      expect(seen.overdue).toEqual([]);
      expect(seen.ids.size).toBe(1);
      expect(a.gas.triggers).toEqual([]);
      const state = a.call('getSidebarState');
      expect(state.autoRefresh).toMatchObject({ on: false });
      expect(a.column('Video Status')).toEqual(Array(5).fill('complete'));
      expect(a.gas.triggers).toEqual([]);
    });
  });

  describe('a published add-on', () => {
    async function published(readings: Partial<Readings>): Promise<Addon> {
      // The build lists an https address; the stand-in lets it reach the simulator on loopback, where the key is saved as
      // saveSettings would (its check of the build's list wants https).
      const bundlePath = join(await publishedBuild(['https://api.example.com/']), 'Code.js');
      return rendering(
        readings,
        20 * MINUTE,
        async (origin) => ({ bundlePath, addonMode: true, urlFetchWhitelist: [`${origin}/`] }),
        (a) => {
          const props = a.gas.properties.user();
          const saved = {
            'vps.baseUrl': a.sim.baseUrl,
            'vps.apiKey': SIM_KEYS.write,
            'vps.keyHost': new URL(a.sim.baseUrl).host,
            'vps.connected': 'true',
            'vps.canWrite': 'true',
          };
          for (const [k, v] of Object.entries(saved)) props.setProperty(k, v);
        },
      );
    }

    describe.each(['throws', 'hourly'] as const)('where everyMinutes(5) %s', (publishedEveryMinutes) => {
      it('should ask for hourly, never call the timer overdue while it fires hourly, and keep one trigger', async () => {
        a = await published({ publishedEveryMinutes });
        expect(a.gas.triggers).toMatchObject([{ everyHours: 1 }]);
        const seen = watch(a, 30, 10 * MINUTE);
        expect(seen.overdue).toEqual([]);
        expect(seen.ids.size).toBe(1);
        expect(a.column('Video Status')).toEqual(Array(5).fill('complete'));
      });
    });
  });

  describe.each([
    ['fixed-60', 15],
    ['option-360', 20],
  ] as const)('a silent service where the timeout is %s', (fetchTimeout, budget) => {
    it(`should pass timeoutSeconds within its minute and spend at most ${budget} trigger minutes on two silent hours, 45 on a silent day`, async () => {
      a = await rendering({ fetchTimeout }, 60 * MINUTE);
      await a.sim.control({ action: 'configure', config: { faults: { hang: true } } });
      const before = a.gas.quota.total().triggerRuntimeMs;
      watch(a, 24, 5 * MINUTE, false);
      const twoHours = a.gas.quota.total().triggerRuntimeMs - before;
      expect(twoHours).toBeGreaterThanOrEqual(MINUTE);
      expect(twoHours).toBeLessThanOrEqual(budget * MINUTE);
      watch(a, 12 * 22, 5 * MINUTE, false);
      expect(a.gas.quota.total().triggerRuntimeMs - before).toBeLessThanOrEqual(45 * MINUTE);
    });
  });
});
