import { checkBaseUrl, keyHint, keyReadOnly, publicSettings, storeSettings } from '../../src/records/settings';
import { memoryProps } from '../fakes';

describe('checkBaseUrl', () => {
  it('should accept https ending in /api/v1, with a trailing slash tolerated', () => {
    expect(checkBaseUrl('https://api.example.com/api/v1/')).toEqual({ ok: true, url: 'https://api.example.com/api/v1' });
  });

  it('should allow plain http only for the local simulator', () => {
    expect(checkBaseUrl('http://127.0.0.1:8788/api/v1').ok).toBe(true);
    expect(checkBaseUrl('http://localhost/api/v1').ok).toBe(true);
    expect(checkBaseUrl('http://api.example.com/api/v1')).toMatchObject({ ok: false, message: expect.stringContaining('https') });
  });

  it('should refuse other paths and non-addresses with a sentence', () => {
    expect(checkBaseUrl('https://api.example.com/v2')).toMatchObject({ ok: false, message: expect.stringContaining('/api/v1') });
    expect(checkBaseUrl('not a url').ok).toBe(false);
    expect(checkBaseUrl('').ok).toBe(false);
  });
});

describe('settings', () => {
  it('should show the key only as a masked hint', () => {
    const props = memoryProps();
    storeSettings(props, { baseUrl: 'https://a/api/v1', apiKey: 'sk_secret_1a2b', canWrite: true });
    const pub = publicSettings(props);
    expect(pub).toEqual({ baseUrl: 'https://a/api/v1', keyHint: '••••1a2b', connected: true, canWrite: true });
    expect(JSON.stringify(pub)).not.toContain('secret');
    expect(keyHint('abcdef')).toBe('••••cdef');
  });

  it('should call a key read-only only when it was found so on saving', () => {
    const props = memoryProps();
    expect(keyReadOnly(props)).toBe(false);
    storeSettings(props, { baseUrl: 'https://a/api/v1', apiKey: 'sk_1', canWrite: false });
    expect([keyReadOnly(props), publicSettings(props).canWrite]).toEqual([true, false]);
    storeSettings(props, { baseUrl: 'https://a/api/v1', apiKey: 'sk_2', canWrite: true });
    expect([keyReadOnly(props), publicSettings(props).canWrite]).toEqual([false, true]);
  });
});
