// HttpTransport over Apps Script's UrlFetchApp (passed in, so this module touches no global at load).
import type { HttpRequest, HttpResponse, HttpTransport } from '../core/http';

type UrlFetch = Pick<GoogleAppsScript.URL_Fetch.UrlFetchApp, 'fetch'> & Partial<Pick<GoogleAppsScript.URL_Fetch.UrlFetchApp, 'fetchAll'>>;

export function createUrlFetchTransport(urlFetchApp: UrlFetch): HttpTransport {
  const transport: HttpTransport = {
    request(req: HttpRequest): HttpResponse {
      return response(urlFetchApp.fetch(req.url, fetchOptions(req)));
    },
  };
  const fetchAll = urlFetchApp.fetchAll;
  if (fetchAll) {
    transport.requestAll = (reqs) =>
      fetchAll
        .call(
          urlFetchApp,
          reqs.map((r) => ({ url: r.url, ...fetchOptions(r) })),
        )
        .map(response);
  }
  return transport;
}

function fetchOptions(req: HttpRequest): GoogleAppsScript.URL_Fetch.URLFetchRequestOptions {
  // UrlFetchApp takes the content type as an option of its own, not as a header.
  const headers: Record<string, string> = {};
  let contentType: string | undefined;
  for (const name of Object.keys(req.headers)) {
    if (name.toLowerCase() === 'content-type') contentType = req.headers[name];
    else headers[name] = req.headers[name]!;
  }
  const options: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions & { timeoutSeconds?: number } = {
    method: req.method === 'POST' ? 'post' : 'get',
    headers,
    muteHttpExceptions: true,
    // Never followed: whether the key travels with a redirect to another host is not documented (docs/rules.md#settings).
    followRedirects: false,
  };
  if (contentType !== undefined) options.contentType = contentType;
  if (req.body !== undefined) options.payload = req.body;
  // Honoured where UrlFetchApp takes it (one reading: 360 s unless told); ignored where the timeout is fixed.
  if (req.timeoutMs !== undefined) options.timeoutSeconds = Math.ceil(req.timeoutMs / 1000);
  return options;
}

/** A reply as the transport gives it: its headers' names in lower case. */
function response(res: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  const raw = (typeof res.getAllHeaders === 'function' ? res.getAllHeaders() : res.getHeaders()) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const name of Object.keys(raw || {})) {
    const v = raw[name];
    out[name.toLowerCase()] = Array.isArray(v) ? v.map(String).join(', ') : String(v);
  }
  return { status: res.getResponseCode(), body: res.getContentText(), headers: out };
}
