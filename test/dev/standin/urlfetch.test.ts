// UrlFetchApp: real synchronous HTTP to a server in a child process, Apps Script's errors, fetch records.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_BUNDLE, startChildServer, run, standin, T0, type ChildServer } from './fixture';
import { AppsScriptStandin } from '../../../dev/standin';
import { startSimulator } from '../../../dev/sim/server';
import { SIM_KEYS } from '../../../dev/sim/types';

describe('UrlFetchApp', () => {
  let server: ChildServer;
  let s: AppsScriptStandin;
  beforeAll(async () => {
    server = await startChildServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    s = standin();
  });
  afterEach(async () => {
    await s.close();
  });

  it('should send method, headers and a JSON payload, and read the reply', () => {
    const r = run<any>(
      s,
      `var res = UrlFetchApp.fetch('${server.origin}/echo?x=1', {
        method: 'post', contentType: 'application/json', payload: JSON.stringify({ a: 1 }),
        headers: { Authorization: 'Bearer sk_secret_123' }, muteHttpExceptions: true });
      return { code: res.getResponseCode(), body: JSON.parse(res.getContentText()), custom: res.getHeaders()['x-custom'] };`,
    );
    expect(r.code).toBe(200);
    expect(r.custom).toBe('yes');
    expect(r.body).toMatchObject({ method: 'POST', body: '{"a":1}', query: '?x=1' });
    expect(r.body.headers).toMatchObject({ authorization: 'Bearer sk_secret_123', 'content-type': 'application/json' });
    expect(r.body.headers['user-agent']).toMatch(/Google-Apps-Script/);
  });

  it('should run a second execution from a hook inside a fetch, whose tryLock fails while the first holds the document lock', () => {
    let nested: unknown;
    s.duringFetch(/^GET .*\/echo$/, () => {
      nested = run(s, `var t = Date.now(); return [LockService.getDocumentLock().tryLock(3000), Date.now() - t];`);
    });
    const outer = run<unknown[]>(
      s,
      `var l = LockService.getDocumentLock(); l.tryLock(0);
      UrlFetchApp.fetch('${server.origin}/echo'); UrlFetchApp.fetch('${server.origin}/echo'); return [l.hasLock()];`,
    );
    expect(nested).toEqual([false, 3000]);
    expect(outer).toEqual([true]);
    expect(run(s, `return LockService.getDocumentLock().tryLock(0);`)).toBe(true);
    expect(() => run(s, `return 1;`)).not.toThrow();
  });

  it('should run an answered hook once the server has answered, before the script gets the reply', () => {
    const seen: unknown[] = [];
    s.duringFetch(/^GET .*\/echo$/, () => seen.push(['answered', s.fetches.length, s.fetches.at(-1)?.status]), { answered: true });
    s.duringFetch(/^GET .*\/echo$/, () => seen.push(['before', s.fetches.length]));
    const code = run<number>(s, `return UrlFetchApp.fetch('${server.origin}/echo').getResponseCode();`);
    expect(seen).toEqual([
      ['before', 0],
      ['answered', 1, 200],
    ]);
    expect(code).toBe(200);
  });

  it('should count fetches and record method and url but never headers', () => {
    run(s, `UrlFetchApp.fetch('${server.origin}/echo', { headers: { 'X-Api-Key': 'sk_secret_123' } });`);
    expect(s.counters.fetches).toBe(1);
    expect(s.fetches).toEqual([{ method: 'GET', url: `${server.origin}/echo`, status: 200 }]);
    expect(JSON.stringify(s.fetches)).not.toContain('sk_secret_123');
  });

  it("should throw Apps Script's exception on a non-2xx reply unless muteHttpExceptions is set", () => {
    const caught = run<string[]>(s, `try { UrlFetchApp.fetch('${server.origin}/status/503'); } catch (e) { return [String(e), e.name, e instanceof Error]; }`);
    expect(caught[0]).toMatch(
      new RegExp(
        `^Exception: Request failed for ${server.origin.replace(/\./g, '\\.')} returned code 503\\. Truncated server response: server says x+ \\(use muteHttpExceptions option to examine full response\\)$`,
      ),
    );
    expect(caught.slice(1)).toEqual(['Exception', true]);
    expect(
      run(
        s,
        `var r = UrlFetchApp.fetch('${server.origin}/status/404', { muteHttpExceptions: true }); return [r.getResponseCode(), r.getContentText().length];`,
      ),
    ).toEqual([404, 'server says '.length + 300]);
  });

  it('should throw Address unavailable when nothing answers', () => {
    expect(() => run(s, `UrlFetchApp.fetch('http://127.0.0.1:1/api', { muteHttpExceptions: true });`)).toThrow('Address unavailable: http://127.0.0.1:1/api');
    expect(() => run(s, `UrlFetchApp.fetch('${server.origin}/drop', { muteHttpExceptions: true });`)).toThrow(/Address unavailable/);
    expect(s.fetches.map((f) => f.status)).toEqual([undefined, undefined]);
  });

  it('should refuse what is not an http(s) URL', () => {
    expect(() => run(s, `UrlFetchApp.fetch('ftp://example.com');`)).toThrow('Invalid argument: ftp://example.com');
    expect(() => run(s, `UrlFetchApp.fetchAll(['${server.origin}/echo', 'ftp://example.com']);`)).toThrow('Invalid argument: ftp://example.com');
    expect(s.fetches).toEqual([]);
  });

  it('should fetchAll: URLs or request objects, replies in order, muteHttpExceptions per request, one count each', () => {
    const r = run<unknown[]>(
      s,
      `return UrlFetchApp.fetchAll([
        '${server.origin}/echo?n=1',
        { url: '${server.origin}/echo?n=2', method: 'post', payload: 'two', headers: { 'X-N': '2' } },
        { url: '${server.origin}/status/404', muteHttpExceptions: true },
      ]).map(function (res) { return [res.getResponseCode(), res.getResponseCode() === 200 ? JSON.parse(res.getContentText()) : null]; });`,
    );
    expect(r).toEqual([
      [200, expect.objectContaining({ method: 'GET', query: '?n=1' })],
      [200, expect.objectContaining({ method: 'POST', body: 'two', query: '?n=2', headers: expect.objectContaining({ 'x-n': '2' }) })],
      [404, null],
    ]);
    expect(s.counters.fetches).toBe(3);
    expect(s.quota.today().urlFetch).toBe(3);
    expect(s.fetches.map((f) => f.status)).toEqual([200, 200, 404]);
    expect(() => run(s, `UrlFetchApp.fetchAll([{ url: '${server.origin}/status/500' }]);`)).toThrow(/returned code 500/);
    expect(() => run(s, `UrlFetchApp.fetchAll('${server.origin}/echo');`)).toThrow(/don't match the method signature for UrlFetchApp.fetchAll/);
  });

  describe("a published build's urlFetchWhitelist", () => {
    const BLOCKED = /^Exception: Request to http:\/\/127\.0\.0\.1:\d+\/echo\? failed because the URL has not been whitelisted in the script manifest\.$/;

    it('should refuse URLs outside the allowlist in add-on mode only, before sending or counting', () => {
      const gas = standin({ urlFetchWhitelist: [`${server.origin}/status/`] });
      expect(run(gas, `return UrlFetchApp.fetch('${server.origin}/echo?k=v').getResponseCode();`)).toBe(200);
      gas.addonMode = true;
      expect(run(gas, `try { UrlFetchApp.fetch('${server.origin}/echo?k=v'); } catch (e) { return String(e); }`)).toMatch(BLOCKED);
      expect(() => run(gas, `UrlFetchApp.fetchAll([{ url: '${server.origin}/status/200' }, { url: '${server.origin}/echo' }]);`)).toThrow(
        /not been whitelisted/,
      );
      expect(run(gas, `return UrlFetchApp.fetch('${server.origin}/status/200').getResponseCode();`)).toBe(200);
      expect([gas.fetches.length, gas.quota.today().urlFetch]).toEqual([2, 2]);
    });

    it('should read the allowlist from appsscript.json beside the bundle', () => {
      const dir = mkdtempSync(join(tmpdir(), 'standin-'));
      try {
        writeFileSync(join(dir, 'Code.js'), FIXTURE_BUNDLE);
        writeFileSync(join(dir, 'appsscript.json'), JSON.stringify({ urlFetchWhitelist: ['https://api.example.com/'] }));
        const gas = new AppsScriptStandin({ bundlePath: join(dir, 'Code.js'), addonMode: true });
        expect(() => run(gas, `UrlFetchApp.fetch('${server.origin}/echo');`)).toThrow(/not been whitelisted in the script manifest/);
        expect(gas.fetches).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it('should follow the simulator clock from replies only when linked to it', () => {
    const linked = standin({ simOrigin: server.origin });
    try {
      run(linked, `UrlFetchApp.fetch('${server.origin}/latency?ms=700');`);
      expect(linked.clock.now()).toBeGreaterThanOrEqual(T0 + 700);
      run(s, `UrlFetchApp.fetch('${server.origin}/latency?ms=700');`);
      expect(s.clock.now()).toBe(T0);
    } finally {
      void linked.close();
    }
  });

  it('should reach a simulator this thread runs in place, its clock in step (a socket to it would wait on this very thread)', async () => {
    const sim = await startSimulator({ port: 0, clock: 'manual' });
    const t = standin({ simOrigin: sim.origin, startTime: (await sim.control({ action: 'state' })).now });
    try {
      const r = run<[number, number]>(
        t,
        `var r = UrlFetchApp.fetch('${sim.baseUrl}/templates', { headers: { Authorization: 'Bearer ${SIM_KEYS.write}' } }); return [r.getResponseCode(), JSON.parse(r.getContentText()).templates.length];`,
      );
      expect(r[0]).toBe(200);
      expect(r[1]).toBeGreaterThan(0);
      t.clock.advance(60_000);
      expect((await sim.control({ action: 'state' })).now).toBe(t.clock.now());
    } finally {
      await t.close();
      await sim.close();
    }
  });
});
