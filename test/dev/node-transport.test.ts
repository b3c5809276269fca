import { createServer } from 'node:net';
import { createNodeTransport } from '../../dev/node-transport';
import { SyncHttp, SyncHttpNetworkError, type SyncRequest, type SyncResponse } from '../../dev/sync-http';

function stubHttp(answer: (req: SyncRequest) => SyncResponse): { http: SyncHttp; seen: SyncRequest[] } {
  const seen: SyncRequest[] = [];
  const http = {
    request: (req: SyncRequest) => {
      seen.push(req);
      return answer(req);
    },
  } as unknown as SyncHttp;
  return { http, seen };
}

/** A port nothing listens on: bound, read, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('createNodeTransport', () => {
  it('should pass the request through and return status, body and headers', () => {
    const { http, seen } = stubHttp(() => ({ status: 409, body: '{"error":"campaign_busy"}', headers: { 'retry-after': '2' } }));
    const res = createNodeTransport(http, { timeoutMs: 1234 }).request({ method: 'POST', url: 'http://h/x', headers: { A: 'b' }, body: '{}' });
    expect(seen).toEqual([{ method: 'POST', url: 'http://h/x', headers: { A: 'b' }, body: '{}', timeoutMs: 1234 }]);
    expect(res).toEqual({ status: 409, body: '{"error":"campaign_busy"}', headers: { 'retry-after': '2' } });
  });

  it('should throw when no HTTP answer arrived, naming the request', () => {
    const { http } = stubHttp(() => {
      throw new SyncHttpNetworkError('ECONNRESET');
    });
    expect(() => createNodeTransport(http).request({ method: 'GET', url: 'http://h/y', headers: {} })).toThrow(
      'no HTTP answer from GET http://h/y: ECONNRESET',
    );
  });

  it('should throw on a real refused connection', async () => {
    const port = await closedPort();
    const http = new SyncHttp();
    try {
      expect(() =>
        createNodeTransport(http, { timeoutMs: 5000 }).request({ method: 'GET', url: `http://127.0.0.1:${port}/api/v1/templates`, headers: {} }),
      ).toThrow(/no HTTP answer/);
    } finally {
      await http.close();
    }
  });
});
