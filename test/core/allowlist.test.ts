// The allowlist of a published build, matched as Google documents it.
import { allowedBy } from '../../src/core/allowlist';
import { checkBaseUrl } from '../../src/records/settings';

describe('allowedBy', () => {
  it('should match the prefix itself and what lies under it, a whole path segment at a time', () => {
    const p = 'https://example.com/foo';
    for (const u of [
      'https://example.com/foo',
      'https://example.com/foo/',
      'https://example.com/foo/bar',
      'https://example.com/foo?bar',
      'https://example.com/foo#bar',
    ]) {
      expect([u, allowedBy(u, p)]).toEqual([u, true]);
    }
    expect(allowedBy('https://example.com/foobar', p)).toBe(false);
    expect(allowedBy('https://example.com/', p)).toBe(false);
  });

  it('should match the path case-sensitively and the host in any case', () => {
    expect(allowedBy('https://API.Example.com/api/v1/templates', 'https://api.example.com/api/v1/')).toBe(true);
    expect(allowedBy('https://api.example.com/API/v1/templates', 'https://api.example.com/api/v1/')).toBe(false);
  });

  it('should match subdomains of a leading *. entry, and nothing else', () => {
    const p = 'https://*.example.com/api/';
    expect(allowedBy('https://eu.example.com/api/v1/templates', p)).toBe(true);
    expect(allowedBy('https://a.b.example.com/api/v1', p)).toBe(true);
    expect(allowedBy('https://example.com.evil.org/api/v1', p)).toBe(false);
    expect(allowedBy('https://badexample.com/api/v1', p)).toBe(false);
  });

  it('should refuse http addresses and entries that are not https prefixes with a path', () => {
    expect(allowedBy('http://api.example.com/api/v1', 'https://api.example.com/')).toBe(false);
    expect(allowedBy('https://api.example.com/api/v1', 'https://api.example.com')).toBe(false);
  });
});

describe('checkBaseUrl › a published build', () => {
  it('should accept a base URL under a wildcard entry and refuse one whose path differs in case', () => {
    expect(checkBaseUrl('https://eu.videos.example/api/v1', ['https://*.videos.example/api/'])).toMatchObject({ ok: true });
    expect(checkBaseUrl('https://eu.videos.example/API/v1', ['https://*.videos.example/API/'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/must end with \/api\/v1/),
    });
    expect(checkBaseUrl('https://eu.videos.example/api/v1', ['https://*.videos.example/Api/'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/may only reach/),
    });
  });
});
