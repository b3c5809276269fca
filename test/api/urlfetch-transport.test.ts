import { createUrlFetchTransport } from '../../src/api/urlfetch-transport';

interface Captured {
  url: string;
  options: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions;
}

function fakeUrlFetchApp(reply: { code: number; text: string; headers: Record<string, unknown>; allHeaders?: boolean }, calls: Captured[]) {
  const response = {
    getResponseCode: () => reply.code,
    getContentText: () => reply.text,
    getHeaders: () => reply.headers,
    ...(reply.allHeaders === false ? {} : { getAllHeaders: () => reply.headers }),
  } as unknown as GoogleAppsScript.URL_Fetch.HTTPResponse;
  return {
    fetch: (url: string, options?: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions) => {
      calls.push({ url, options: options ?? {} });
      return response;
    },
  } as Pick<GoogleAppsScript.URL_Fetch.UrlFetchApp, 'fetch'>;
}

describe('createUrlFetchTransport', () => {
  it('should send a POST with payload, content type as an option, and muted HTTP exceptions', () => {
    const calls: Captured[] = [];
    const t = createUrlFetchTransport(fakeUrlFetchApp({ code: 201, text: '{"ok":1}', headers: {} }, calls));
    t.request({
      method: 'POST',
      url: 'https://v.example/api/v1/campaigns',
      headers: { Authorization: 'Bearer k', Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(calls).toEqual([
      {
        url: 'https://v.example/api/v1/campaigns',
        options: {
          method: 'post',
          headers: { Authorization: 'Bearer k', Accept: 'application/json' },
          contentType: 'application/json',
          payload: '{"a":1}',
          muteHttpExceptions: true,
          followRedirects: false,
        },
      },
    ]);
  });

  it('should send a GET without payload or content type', () => {
    const calls: Captured[] = [];
    const t = createUrlFetchTransport(fakeUrlFetchApp({ code: 200, text: '{}', headers: {} }, calls));
    t.request({ method: 'GET', url: 'https://v.example/api/v1/templates', headers: { Accept: 'application/json' } });
    const o = calls[0]!.options;
    expect(o.method).toBe('get');
    expect(o.muteHttpExceptions).toBe(true);
    expect('payload' in o).toBe(false);
    expect('contentType' in o).toBe(false);
  });

  it('should return status, body and lower-cased headers, joining repeated ones', () => {
    const t = createUrlFetchTransport(
      fakeUrlFetchApp({ code: 429, text: '{"error":"rate_limited"}', headers: { 'Retry-After': '3', 'Set-Cookie': ['a=1', 'b=2'] } }, []),
    );
    expect(t.request({ method: 'GET', url: 'https://x', headers: {} })).toEqual({
      status: 429,
      body: '{"error":"rate_limited"}',
      headers: { 'retry-after': '3', 'set-cookie': 'a=1, b=2' },
    });
  });

  it('should fall back to getHeaders when getAllHeaders is missing', () => {
    const t = createUrlFetchTransport(fakeUrlFetchApp({ code: 200, text: '', headers: { 'X-Sim-Now': '5' }, allHeaders: false }, []));
    expect(t.request({ method: 'GET', url: 'https://x', headers: {} }).headers).toEqual({ 'x-sim-now': '5' });
  });

  it('should let a fetch failure propagate as a throw', () => {
    const app = {
      fetch: () => {
        throw new Error('Address unavailable');
      },
    } as unknown as Pick<GoogleAppsScript.URL_Fetch.UrlFetchApp, 'fetch'>;
    expect(() => createUrlFetchTransport(app).request({ method: 'GET', url: 'https://x', headers: {} })).toThrow('Address unavailable');
  });
});
