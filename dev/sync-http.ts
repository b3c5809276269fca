// Synchronous HTTP for Node: a worker thread does the request while the caller blocks on Atomics.wait,
// so code written for UrlFetchApp (which is synchronous) can talk to a real server on loopback.
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

export interface SyncRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
}

export interface SyncResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** Thrown when no HTTP response arrived (refused, reset, timed out). */
export class SyncHttpNetworkError extends Error {}

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const { port, signal } = workerData;
const flag = new Int32Array(signal);
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
function done(msg) { port.postMessage(msg); Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); }
parentPort.on('message', ({ id, req }) => {
  let settled = false;
  const finish = (msg) => { if (!settled) { settled = true; done({ id, ...msg }); } };
  try {
    const u = new URL(req.url);
    const lib = u.protocol === 'https:' ? https : http;
    const r = lib.request(u, { method: req.method, headers: req.headers || {}, agent: agents[u.protocol], timeout: req.timeoutMs || 30000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const headers = {};
        for (const [k, v] of Object.entries(res.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
        finish({ response: { status: res.statusCode, headers, body: Buffer.concat(chunks).toString('utf8') } });
      });
      res.on('error', (e) => finish({ error: String(e && e.message || e) }));
      res.on('aborted', () => finish({ error: 'response aborted' }));
    });
    r.on('timeout', () => { r.destroy(new Error('timed out')); });
    r.on('error', (e) => finish({ error: String(e && e.message || e) }));
    if (req.body != null) r.write(req.body);
    r.end();
  } catch (e) { finish({ error: String(e && e.message || e) }); }
});
`;

export class SyncHttp {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private sent = 0;

  /** graceMs: how long past a request's own timeout the caller waits for the worker's answer. */
  constructor(private readonly graceMs = 5000) {
    const { port1, port2 } = new MessageChannel();
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { port: port2, signal: this.flag.buffer }, transferList: [port2] });
    this.worker.unref();
    this.port = port1;
  }

  request(req: SyncRequest): SyncResponse {
    // Each request carries an id: a reply that came after its caller gave up is dropped, never handed to the next request.
    const id = ++this.sent;
    this.worker.postMessage({ id, req });
    const waitMs = (req.timeoutMs ?? 30000) + this.graceMs;
    const deadline = Date.now() + waitMs;
    for (;;) {
      // Reset before draining: a reply posted after the drain sets the flag again, so the wait cannot miss it.
      Atomics.store(this.flag, 0, 0);
      for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
        const msg = m.message as { id: number; response?: SyncResponse; error?: string };
        if (msg.id !== id) continue;
        if (msg.error !== undefined || !msg.response) throw new SyncHttpNetworkError(msg.error ?? 'no response');
        return msg.response;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new SyncHttpNetworkError(`no reply from ${req.url} within ${waitMs} ms`);
      Atomics.wait(this.flag, 0, 0, left);
    }
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
