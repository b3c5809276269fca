// The stand-in's switches for what Apps Script does not document (docs/rules.md#readings): each reading played as named.
import { spawnSimulator } from '../../../dev/sim/spawn';
import type { SimHandle } from '../../../dev/sim/server';
import { SIM_KEYS } from '../../../dev/sim/types';
import { AppsScriptStandin } from '../../../dev/standin';
import { PROTECTED_MESSAGE, SHEET_CALL_MS, TEST_DEPLOYMENT_TRIGGER_MESSAGE } from '../../../dev/standin/readings';
import { FIXTURE_BUNDLE, run, standin } from './fixture';

const NEW_TIMER = `return ScriptApp.newTrigger('onTimer').timeBased().everyMinutes(5).create().getUniqueId();`;

describe('stand-in readings', () => {
  describe('time-driven triggers in getUserTriggers', () => {
    it.each([
      ['listed', 1],
      ['unlisted', 0],
    ] as const)('should list them there when %s, and always in getProjectTriggers', (reading, listed) => {
      const s = standin({ readings: { clockTriggersInUserTriggers: reading } });
      run(s, NEW_TIMER);
      expect(run(s, `return [ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).length, ScriptApp.getProjectTriggers().length];`)).toEqual([
        listed,
        1,
      ]);
    });
  });

  describe('a test deployment', () => {
    it('should throw on create() in the create-throws reading, installing nothing', () => {
      const s = standin({ readings: { timeTriggers: 'create-throws' } });
      expect(run(s, `try { ${NEW_TIMER} } catch (e) { return String(e); }`)).toBe(`Exception: ${TEST_DEPLOYMENT_TRIGGER_MESSAGE}`);
      expect(s.triggers).toEqual([]);
    });

    it('should make the trigger but never fire it in the never-fire reading', () => {
      const s = standin({ readings: { timeTriggers: 'never-fire' } });
      run(s, NEW_TIMER);
      expect(s.triggers).toHaveLength(1);
      expect(s.fireTimeTriggers()).toEqual([]);
      expect(s.properties.user().getProperty('runs')).toBeNull();
    });
  });

  describe('a time-driven run without its document', () => {
    const PROBE = `function probeDoc() { PropertiesService.getUserProperties().setProperty('seen', JSON.stringify([
      SpreadsheetApp.getActiveSpreadsheet() === null, LockService.getDocumentLock() === null, PropertiesService.getDocumentProperties() === null,
      CacheService.getDocumentCache() === null])); }`;

    it.each([
      ['present', [false, false, false, false]],
      ['absent', [true, true, true, true]],
    ] as const)('should give the spreadsheet, document lock, document properties and document cache when %s', (reading, nulls) => {
      const s = new AppsScriptStandin({ bundleSource: `${FIXTURE_BUNDLE}\n${PROBE}`, readings: { documentInTimeTriggers: reading } });
      s.call('exec', `ScriptApp.newTrigger('probeDoc').timeBased().everyMinutes(5).create();`);
      s.fireTimeTriggers();
      expect(JSON.parse(s.properties.user().getProperty('seen')!)).toEqual(nulls);
      // Outside a trigger the document is always there.
      expect(
        run(
          s,
          `return LockService.getDocumentLock() !== null && PropertiesService.getDocumentProperties() !== null && CacheService.getDocumentCache() !== null;`,
        ),
      ).toBe(true);
    });
  });

  describe('a versioned deployment', () => {
    it('should refuse a published build whose manifest has no urlFetchWhitelist', () => {
      expect(() => new AppsScriptStandin({ bundleSource: FIXTURE_BUNDLE, published: true })).toThrow(/needs urlFetchWhitelist/);
      const s = new AppsScriptStandin({ bundleSource: FIXTURE_BUNDLE, published: true, urlFetchWhitelist: ['https://*.example.com/api/'] });
      expect(s.addonMode).toBe(true);
      expect(run(s, `try { UrlFetchApp.fetch('https://eu.example.com/API/v1'); } catch (e) { return String(e); }`)).toMatch(/not been whitelisted/);
    });
  });

  describe('protected cells', () => {
    it.each([
      ['throw', PROTECTED_MESSAGE],
      ['warn-only', null],
    ] as const)('should answer a write to a protected cell by someone not its editor: %s', (reading, message) => {
      const s = standin({ readings: { protectedCells: reading } });
      const sheet = s.spreadsheet.addSheet('Leads', [
        ['a', 'b'],
        ['1', '2'],
      ]);
      s.spreadsheet.protectRange(sheet, 'B1:B', ['owner@example.com']);
      const r = run<string | null>(
        s,
        `try { SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Leads').getRange('B2').setValue('x'); return null; } catch (e) { return e.message; }`,
      );
      expect(r).toBe(message);
      expect(sheet.getRange('B2').getValue()).toBe(message ? '2' : 'x');
      // Unprotected cells, and the protection's editors, write as ever.
      expect(run(s, `SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Leads').getRange('A2').setValue('y'); return 1;`)).toBe(1);
      s.setUser('owner@example.com');
      expect(run(s, `SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Leads').getRange('B2').setValue('z'); return 1;`)).toBe(1);
    });
  });

  describe("the words of a service's exception", () => {
    it.each([
      ['english', PROTECTED_MESSAGE],
      ['other', 'Ausnahme: Vorgang abgelehnt ()'],
    ] as const)('should word a refusal the script catches in %s', (reading, message) => {
      const s = standin({ readings: { exceptionWords: reading } });
      const sheet = s.spreadsheet.addSheet('Leads', [['a']]);
      s.spreadsheet.protectRange(sheet, 'A1:A', ['owner@example.com']);
      const r = run<string>(
        s,
        `try { SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Leads').getRange('A1').setValue('x'); return ''; } catch (e) { return e.message; }`,
      );
      expect(r).toBe(message);
    });
  });

  describe('the network, against the simulator', () => {
    let a: SimHandle;
    let b: SimHandle;
    beforeAll(async () => {
      [a, b] = await Promise.all([spawnSimulator({ port: 0, clock: 'manual' }), spawnSimulator({ port: 0, clock: 'manual' })]);
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
    });
    afterEach(async () => {
      await a.control({ action: 'reset' });
      await b.control({ action: 'reset' });
    });

    const fetchTemplates = (
      follow: boolean,
    ) => `var r = UrlFetchApp.fetch('${a.baseUrl}/templates', { headers: { Authorization: 'Bearer ${SIM_KEYS.write}' }, muteHttpExceptions: true${follow ? '' : ', followRedirects: false'} });
      return [r.getResponseCode(), r.getHeaders()['location'] || null];`;

    it.each([
      ['keep-headers', SIM_KEYS.write],
      ['drop-auth-across-hosts', null],
    ] as const)('should follow a redirect to another host with %s', async (redirects, keySeen) => {
      const s = new AppsScriptStandin({ bundleSource: FIXTURE_BUNDLE, readings: { redirects } });
      await a.control({ action: 'configure', config: { faults: { redirectTo: b.origin } } });
      expect(run<unknown[]>(s, fetchTemplates(true))[0]).toBe(keySeen ? 200 : 401);
      expect((await b.control({ action: 'requests' })).requests.map((r: { key: string | null }) => r.key)).toEqual([keySeen]);
      await s.close();
    });

    it('should hand back the 3xx itself when followRedirects is false', async () => {
      const s = new AppsScriptStandin({ bundleSource: FIXTURE_BUNDLE });
      await a.control({ action: 'configure', config: { faults: { redirectTo: b.origin } } });
      expect(run(s, fetchTemplates(false))).toEqual([307, `${b.origin}/api/v1/templates`]);
      expect((await b.control({ action: 'requests' })).requests).toEqual([]);
      await s.close();
    });

    it('should charge a minute of virtual time and throw Timeout when the server never answers; fetchAll costs its slowest', async () => {
      const start = ((await a.control({ action: 'state' })) as { now: number }).now;
      const s = new AppsScriptStandin({ bundleSource: FIXTURE_BUNDLE, simOrigin: a.origin, startTime: start });
      await a.control({ action: 'configure', config: { faults: { hang: true } } });
      expect(run(s, `try { UrlFetchApp.fetch('${a.baseUrl}/templates'); } catch (e) { return String(e); }`)).toBe(`Exception: Timeout: ${a.baseUrl}/templates`);
      expect(s.clock.now() - start).toBe(60_000);
      run(s, `try { UrlFetchApp.fetchAll(['${a.baseUrl}/templates', '${a.baseUrl}/campaigns']); } catch (e) { return String(e); }`);
      expect(s.clock.now() - start).toBe(120_000);
      expect(s.quota.today().urlFetch).toBe(3);
      await s.close();
    });
  });

  describe('the cost of a Sheets call', () => {
    const READ_100 = `var sh = SpreadsheetApp.getActiveSpreadsheet().getActiveSheet(); for (var i = 0; i < 100; i++) sh.getSheetId(); return Date.now();`;

    it.each([
      ['free', 0],
      ['metered', 100 * SHEET_CALL_MS],
    ] as const)('should let 100 Sheet calls take %s virtual time', (reading, ms) => {
      const s = standin({ readings: { sheetCalls: reading } });
      const before = s.clock.now();
      // Two calls more than the loop's: getActiveSpreadsheet is SpreadsheetApp's (free), getActiveSheet is the Spreadsheet's.
      expect(run(s, READ_100)).toBe(before + (reading === 'metered' ? ms + SHEET_CALL_MS : 0));
    });

    it('should count metered time toward the 6-minute limit of a run', () => {
      const s = standin({ readings: { sheetCalls: 'metered' } });
      const calls = Math.ceil((6 * 60_000) / SHEET_CALL_MS) + 10;
      expect(() => run(s, `var sh = SpreadsheetApp.getActiveSpreadsheet().getActiveSheet(); for (var i = 0; i < ${calls}; i++) sh.getSheetId();`)).toThrow(
        'Exceeded maximum execution time',
      );
    });
  });

  describe('a property’s size', () => {
    const SET = (key: string, bytes: number) => `PropertiesService.getUserProperties().setProperty('${key}', new Array(${bytes + 1}).join('x'));`;

    it('should take 9,216 bytes of value whatever the key in the value-9216 reading', () => {
      const s = standin({ readings: { propertyValueLimit: 'value-9216' } });
      run(s, SET('a.long.key.of.forty.characters.0000000000', 9216));
      expect(() => run(s, SET('k', 9217))).toThrow('Argument too large: value');
    });

    it('should count the key with the value against 8,066 bytes in the key-and-value-8066 reading', () => {
      const s = standin({ readings: { propertyValueLimit: 'key-and-value-8066' } });
      run(s, SET('k', 8065));
      expect(() => run(s, SET('kk', 8065))).toThrow('Argument too large: value');
      expect(() => run(s, SET('k', 8100))).toThrow('Argument too large: value');
    });
  });
});

describe('readings › typed text', () => {
  const write = `var r = SpreadsheetApp.getActiveSheet().getRange('A1:B1'); r.setValues([['March 2026', "'March 2026"]]); var v = r.getValues()[0]; return [v[0] instanceof Date, v[1]];`;

  it('should read "March 2026" as text under the ISO-and-US reading, and as a date under the loose one, where an apostrophe keeps it text', () => {
    expect(run(standin(), write)).toEqual([false, 'March 2026']);
    expect(run(standin({ readings: { typedText: 'loose-dates' } }), write)).toEqual([true, 'March 2026']);
  });
});

describe('readings › typed text', () => {
  const write = `var r = SpreadsheetApp.getActiveSheet().getRange('A1:B1'); r.setValues([['March 2026', "'March 2026"]]); var v = r.getValues()[0]; return [v[0] instanceof Date, v[1]];`;

  it('should read "March 2026" as text under the ISO-and-US reading, and as a date under the loose one, where an apostrophe keeps it text', () => {
    expect(run(standin(), write)).toEqual([false, 'March 2026']);
    expect(run(standin({ readings: { typedText: 'loose-dates' } }), write)).toEqual([true, 'March 2026']);
  });
});
