// dev/sync-http.ts: synchronous requests over a worker; a reply that comes after its caller gave up never answers another request.
import { Worker } from 'node:worker_threads';
import { SyncHttp, SyncHttpNetworkError } from '../../dev/sync-http';

describe('SyncHttp', () => {
  // The server runs in its own thread: a synchronous request blocks this one.
  let server: Worker;
  let origin: string;
  let http: SyncHttp | undefined;

  beforeAll(async () => {
    server = new Worker(
      `const { parentPort } = require('node:worker_threads');
       const s = require('node:http').createServer((req, res) => {
         const ms = Number(new URL(req.url, 'http://x').searchParams.get('delay') || 0);
         setTimeout(() => res.end(req.url), ms);
       });
       s.listen(0, '127.0.0.1', () => parentPort.postMessage(s.address().port));`,
      { eval: true },
    );
    origin = `http://127.0.0.1:${await new Promise<number>((ok) => server.once('message', ok))}`;
  });
  afterEach(async () => {
    await http?.close();
  });
  afterAll(async () => {
    await server.terminate();
  });

  it('should answer a request with its own response', () => {
    http = new SyncHttp();
    expect(http.request({ method: 'GET', url: `${origin}/a` }).body).toBe('/a');
  });

  it('should drop a reply that came after its caller gave up instead of handing it to the next request', async () => {
    // The caller gives up 1.8 s before the worker does, as a loaded machine makes it.
    http = new SyncHttp(-1800);
    expect(() => http!.request({ method: 'GET', url: `${origin}/late?delay=400`, timeoutMs: 2000 })).toThrow(SyncHttpNetworkError);
    await new Promise((ok) => setTimeout(ok, 600));
    expect(http.request({ method: 'GET', url: `${origin}/next`, timeoutMs: 5000 }).body).toBe('/next');
  });
});
