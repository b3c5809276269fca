// UrlFetchApp: real synchronous HTTP to a server in a child process, Apps Script's errors, fetch records.
import { startChildServer, run, standin, T0, type ChildServer } from './fixture';
import type { AppsScriptStandin } from '../../../dev/standin';

describe('UrlFetchApp', () => {
  let server: ChildServer;
  let s: AppsScriptStandin;
  beforeAll(async () => { server = await startChildServer(); });
  afterAll(async () => { await server.close(); });
  beforeEach(() => { s = standin(); });
  afterEach(async () => { await s.close(); });

  it('should send method, headers and a JSON payload, and read the reply', () => {
    const r = run<any>(s, `var res = UrlFetchApp.fetch('${server.origin}/echo?x=1', {
        method: 'post', contentType: 'application/json', payload: JSON.stringify({ a: 1 }),
        headers: { Authorization: 'Bearer sk_secret_123' }, muteHttpExceptions: true });
      return { code: res.getResponseCode(), body: JSON.parse(res.getContentText()), custom: res.getHeaders()['x-custom'] };`);
    expect(r.code).toBe(200);
    expect(r.custom).toBe('yes');
    expect(r.body).toMatchObject({ method: 'POST', body: '{"a":1}', query: '?x=1' });
    expect(r.body.headers).toMatchObject({ authorization: 'Bearer sk_secret_123', 'content-type': 'application/json' });
    expect(r.body.headers['user-agent']).toMatch(/Google-Apps-Script/);
  });

  it('should count fetches and record method and url but never headers', () => {
    run(s, `UrlFetchApp.fetch('${server.origin}/echo', { headers: { 'X-Api-Key': 'sk_secret_123' } });`);
    expect(s.counters.fetches).toBe(1);
    expect(s.fetches).toEqual([{ method: 'GET', url: `${server.origin}/echo`, status: 200 }]);
    expect(JSON.stringify(s.fetches)).not.toContain('sk_secret_123');
  });

  it('should throw Apps Script\'s exception on a non-2xx reply unless muteHttpExceptions is set', () => {
    const caught = run<string[]>(s, `try { UrlFetchApp.fetch('${server.origin}/status/503'); } catch (e) { return [String(e), e.name, e instanceof Error]; }`);
    expect(caught[0]).toMatch(new RegExp(`^Exception: Request failed for ${server.origin.replace(/\./g, '\\.')} returned code 503\\. Truncated server response: server says x+ \\(use muteHttpExceptions option to examine full response\\)$`));
    expect(caught.slice(1)).toEqual(['Exception', true]);
    expect(run(s, `var r = UrlFetchApp.fetch('${server.origin}/status/404', { muteHttpExceptions: true }); return [r.getResponseCode(), r.getContentText().length];`))
      .toEqual([404, 'server says '.length + 300]);
  });

  it('should throw Address unavailable when nothing answers', () => {
    expect(() => run(s, `UrlFetchApp.fetch('http://127.0.0.1:1/api', { muteHttpExceptions: true });`)).toThrow('Address unavailable: http://127.0.0.1:1/api');
    expect(() => run(s, `UrlFetchApp.fetch('${server.origin}/drop', { muteHttpExceptions: true });`)).toThrow(/Address unavailable/);
    expect(s.fetches.map((f) => f.status)).toEqual([undefined, undefined]);
  });

  it('should refuse what is not an http(s) URL and fetchAll loudly', () => {
    expect(() => run(s, `UrlFetchApp.fetch('ftp://example.com');`)).toThrow('Invalid argument: ftp://example.com');
    expect(() => run(s, `UrlFetchApp.fetchAll([]);`)).toThrow('stand-in: UrlFetchApp.fetchAll is not implemented');
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
});
