// Synchronous HTTP to a simulator started in this thread, answered by a direct call to it: no socket, no worker
// thread, no child process, the same routes, faults and log as its HTTP server (docs/architecture.md#tests).
import type { SyncRequest, SyncResponse } from '../sync-http';
import { SyncHttpNetworkError } from '../sync-http';
import { respond, simulatorAt } from './server';

export interface SyncClient {
  request(req: SyncRequest): SyncResponse;
}

/**
 * A client for the stand-in's UrlFetchApp and clock: a URL of a simulator this thread runs is answered in place (a
 * dropped reply is a reset, no answer a timeout, as over a socket); any other URL goes to `elsewhere`.
 */
export function inProcessHttp(elsewhere: () => SyncClient): SyncClient {
  return {
    request(req) {
      const u = new URL(req.url);
      const sim = simulatorAt(u.origin);
      if (!sim) return elsewhere().request(req);
      const headers = Object.fromEntries(Object.entries(req.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      const reply = respond(sim, { method: req.method, url: u.pathname + u.search, headers, body: req.body ?? '' });
      if ('drop' in reply) throw new SyncHttpNetworkError('socket hang up');
      if ('hang' in reply) throw new SyncHttpNetworkError(`no reply from ${req.url} within ${req.timeoutMs ?? 30000} ms`);
      const lower = Object.fromEntries(Object.entries(reply.headers).map(([k, v]) => [k.toLowerCase(), v]));
      return { status: reply.status, headers: lower, body: typeof reply.body === 'string' ? reply.body : reply.body.toString('utf8') };
    },
  };
}
