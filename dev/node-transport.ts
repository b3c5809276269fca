// HttpTransport for Node over dev/sync-http.ts: synchronous like UrlFetchApp, so the same client runs in tests.
import type { HttpRequest, HttpResponse, HttpTransport } from '../src/core/http';
import { SyncHttp, SyncHttpNetworkError } from './sync-http';

export interface NodeTransportOptions {
  /** Per request; a request that takes longer counts as no answer. */
  timeoutMs?: number;
}

export function createNodeTransport(http: SyncHttp = new SyncHttp(), opts: NodeTransportOptions = {}): HttpTransport {
  return {
    request(req: HttpRequest): HttpResponse {
      try {
        const res = http.request({ method: req.method, url: req.url, headers: req.headers, body: req.body, timeoutMs: opts.timeoutMs });
        return { status: res.status, body: res.body, headers: res.headers };
      } catch (e) {
        // The client reads any throw as "no answer"; keep the reason in the message.
        if (e instanceof SyncHttpNetworkError) throw new Error(`no HTTP answer from ${req.method} ${req.url}: ${e.message}`, { cause: e });
        throw e;
      }
    },
  };
}
