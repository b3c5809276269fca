// Daily quotas: UrlFetch calls, property operations and trigger runtime, per UTC day of the virtual clock.
import { CONSUMER_QUOTAS } from '../../../dev/standin';
import { run, standin, startChildServer, T0, type ChildServer } from './fixture';

const DAY = 86_400_000;
/** Virtual ms from T0 (09:00 UTC) to the next UTC midnight. */
const TO_MIDNIGHT = DAY - (T0 % DAY);

describe('daily quotas', () => {
  it("should default to a consumer account's allowances and start at zero", () => {
    const s = standin();
    expect(CONSUMER_QUOTAS).toEqual({ urlFetch: 20_000, propertyOps: 50_000, triggerRuntimeMs: 90 * 60_000 });
    expect(s.quota.limits).toEqual(CONSUMER_QUOTAS);
    expect(s.quota.today()).toEqual({ urlFetch: 0, propertyOps: 0, triggerRuntimeMs: 0 });
    expect(standin({ quotas: { urlFetch: 5 } }).quota.limits).toEqual({ ...CONSUMER_QUOTAS, urlFetch: 5 });
  });

  describe('UrlFetchApp', () => {
    let server: ChildServer;
    beforeAll(async () => {
      server = await startChildServer();
    });
    afterAll(async () => {
      await server.close();
    });

    it("should refuse calls past the day's allowance with Apps Script's exception, fetchAll counting each request", async () => {
      const s = standin({ quotas: { urlFetch: 3 } });
      try {
        const url = `${server.origin}/echo`;
        run(s, `UrlFetchApp.fetch('${url}'); UrlFetchApp.fetch('${url}');`);
        expect(() => run(s, `UrlFetchApp.fetchAll(['${url}', '${url}']);`)).toThrow('Service invoked too many times for one day: urlfetch.');
        expect(s.fetches).toHaveLength(2);
        run(s, `UrlFetchApp.fetchAll(['${url}']);`);
        expect(run(s, `try { UrlFetchApp.fetch('${url}'); } catch (e) { return String(e); }`)).toBe(
          'Exception: Service invoked too many times for one day: urlfetch.',
        );
        expect(s.quota.today().urlFetch).toBe(3);
        expect(s.counters.fetches).toBe(3);

        s.clock.advance(TO_MIDNIGHT);
        run(s, `UrlFetchApp.fetch('${url}');`);
        expect(s.quota.today().urlFetch).toBe(1);
        expect(s.quota.total().urlFetch).toBe(4);
        expect(s.quota.byDay().map((d) => [d.day, d.urlFetch])).toEqual([
          ['2025-01-06', 3],
          ['2025-01-07', 1],
        ]);
      } finally {
        await s.close();
      }
    });
  });

  it('should count every call on a Properties object as one operation and refuse past the allowance', () => {
    const s = standin({ quotas: { propertyOps: 7 } });
    run(
      s,
      `var p = PropertiesService.getUserProperties();
      p.setProperty('a', '1'); p.getProperty('a'); p.setProperties({ b: '2' }); p.getProperties(); p.getKeys(); p.deleteProperty('b');`,
    );
    expect(s.quota.today().propertyOps).toBe(6);
    expect(s.properties.user().getProperty('a')).toBe('1');
    expect(s.quota.today().propertyOps).toBe(6);
    run(s, `PropertiesService.getDocumentProperties().deleteAllProperties();`);
    expect(run(s, `try { PropertiesService.getScriptProperties().getProperty('a'); } catch (e) { return String(e); }`)).toBe(
      'Exception: Service invoked too many times for one day: properties.',
    );
    expect(s.quota.today().propertyOps).toBe(7);
    expect(s.counters.propertyCalls).toBe(8);
    s.clock.advance(TO_MIDNIGHT);
    expect(run(s, `return PropertiesService.getUserProperties().getProperty('a');`)).toBe('1');
  });

  it("should, under the rolling reading, count 24 hours from a window's first call rather than reset at midnight", () => {
    const s = standin({ quotas: { propertyOps: 3 }, readings: { quotaWindow: 'rolling-24h' } });
    run(s, `var p = PropertiesService.getUserProperties(); p.setProperty('a', '1'); p.getProperty('a'); p.getProperty('a');`);
    s.clock.advance(TO_MIDNIGHT);
    expect(run(s, `try { PropertiesService.getUserProperties().getProperty('a'); } catch (e) { return String(e); }`)).toBe(
      'Exception: Service invoked too many times for one day: properties.',
    );
    s.clock.advance(DAY - TO_MIDNIGHT);
    expect(run(s, `return PropertiesService.getUserProperties().getProperty('a');`)).toBe('1');
    expect(s.quota.byDay().map((d) => [d.day, d.propertyOps])).toEqual([
      [new Date(T0).toISOString(), 3],
      [new Date(T0 + DAY).toISOString(), 1],
    ]);
  });

  it('should give getProperties a copy: changing it changes nothing stored', () => {
    const s = standin();
    expect(
      run(
        s,
        `var p = PropertiesService.getUserProperties(); p.setProperties({ a: '1', b: '2' });
      var all = p.getProperties(); all.a = 'changed'; delete all.b; return [all, p.getProperties(), Object.getPrototypeOf(all) === Object.prototype];`,
      ),
    ).toEqual([{ a: 'changed' }, { a: '1', b: '2' }, true]);
  });

  it("should add up the virtual time spent in time-driven triggers and stop running them once the day's 90 minutes are spent", () => {
    const s = standin({ quotas: { triggerRuntimeMs: 10 * 60_000 } });
    run(s, `ScriptApp.newTrigger('slowTimer').timeBased().everyMinutes(5).create();`);
    expect(s.fireTimeTriggers()).toEqual(['slowTimer']);
    s.call('echo', 'a call from the sidebar does not count');
    expect(s.quota.today().triggerRuntimeMs).toBe(4 * 60_000);
    s.fireTimeTriggers();
    s.fireTimeTriggers();
    expect(s.quota.today().triggerRuntimeMs).toBe(12 * 60_000);
    expect(() => s.fireTimeTriggers()).toThrow('Service using too much computer time for one day');
    expect(s.fireTimeTriggers({ tolerateErrors: true })).toEqual([]);
    expect(s.triggerErrors).toEqual([
      { handler: 'slowTimer', user: 'alice@example.com', message: 'Service using too much computer time for one day' },
      { handler: 'slowTimer', user: 'alice@example.com', message: 'Service using too much computer time for one day' },
    ]);
    expect(s.quota.today().triggerRuntimeMs).toBe(12 * 60_000);

    s.clock.advance(TO_MIDNIGHT);
    expect(s.fireTimeTriggers()).toEqual(['slowTimer']);
    expect(s.quota.today().triggerRuntimeMs).toBe(4 * 60_000);
    expect(s.quota.total().triggerRuntimeMs).toBe(16 * 60_000);
  });

  it("should add the host's own time running a trigger only when asked to count it", () => {
    const busy = `ScriptApp.newTrigger('busyTimer').timeBased().everyMinutes(5).create();`;
    const exact = standin();
    run(exact, busy);
    exact.fireTimeTriggers();
    expect(exact.quota.today().triggerRuntimeMs).toBe(0);
    const counted = standin({ countHostTime: true });
    run(counted, busy);
    counted.fireTimeTriggers();
    expect(counted.quota.today().triggerRuntimeMs).toBeGreaterThan(0);
  });

  it('should count the runtime of a trigger whose handler fails', () => {
    const s = standin();
    run(s, `ScriptApp.newTrigger('slowFailingTimer').timeBased().everyHours(1).create();`);
    s.fireTimeTriggers({ tolerateErrors: true });
    expect(s.quota.today().triggerRuntimeMs).toBe(60_000);
    expect(s.triggerErrors.map((e) => e.message)).toEqual(['late break']);
  });
});
