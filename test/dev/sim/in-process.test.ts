// The simulator answered in place: the same replies, faults and log as over its socket, with no socket.
import { inProcessHttp, type SyncClient } from '../../../dev/sim/in-process';
import { startSimulator } from '../../../dev/sim/server';
import { SyncHttpNetworkError, type SyncRequest } from '../../../dev/sync-http';
import { SIM_HANG_HEADER, SIM_KEYS, SIM_NOW_HEADER, SIM_TEMPLATES, SIM_VIRTUAL_CLIENT_HEADER, type SimRequestLogEntry } from '../../../dev/sim/types';
import { call, useSimulator } from './helpers';

const nowhere: SyncClient = {
  request: () => {
    throw new Error('went over a socket');
  },
};

describe('inProcessHttp', () => {
  const sim = useSimulator();
  const http = inProcessHttp(() => nowhere);
  const get = (path: string, headers: Record<string, string> = { Authorization: `Bearer ${SIM_KEYS.write}` }): SyncRequest => ({
    method: 'GET',
    url: `${sim().baseUrl}${path}`,
    headers,
  });
  const configure = (faults: Record<string, unknown>) => sim().control({ action: 'configure', config: { faults } });

  it('should answer a simulator of this thread synchronously, as its socket does, headers in lower case', async () => {
    const direct = http.request(get('/templates'));
    const socket = await call(sim(), 'GET', '/templates');
    expect(direct.status).toBe(socket.status);
    expect(JSON.parse(direct.body)).toEqual(socket.body);
    expect(direct.headers['content-type']).toBe(socket.headers.get('content-type'));
    expect(direct.headers[SIM_NOW_HEADER]).toBe(socket.headers.get(SIM_NOW_HEADER));
  });

  it('should log the request as the simulator logs one that came over its socket', async () => {
    http.request(get('/campaigns?limit=0'));
    const { requests } = (await sim().control({ action: 'requests' })) as { requests: SimRequestLogEntry[] };
    expect(requests).toEqual([
      { at: expect.any(Number), method: 'GET', path: '/campaigns', query: 'limit=0', status: 400, code: 'bad_input', key: SIM_KEYS.write },
    ]);
  });

  it('should reach the same simulator by the loopback’s other name', () => {
    const r = http.request({ ...get('/templates'), url: `${sim().baseUrl.replace('127.0.0.1', 'localhost')}/templates` });
    expect(r.status).toBe(200);
  });

  it('should apply a request whose reply is dropped and then fail as a reset connection does', async () => {
    await configure({ dropReplies: 1, dropMatch: '^POST ' });
    const create = {
      method: 'POST',
      url: `${sim().baseUrl}/campaigns`,
      headers: { authorization: `Bearer ${SIM_KEYS.write}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', templateId: SIM_TEMPLATES.ready }),
    };
    expect(() => http.request(create)).toThrow(SyncHttpNetworkError);
    const { requests } = (await sim().control({ action: 'requests' })) as { requests: SimRequestLogEntry[] };
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/campaigns', dropped: true });
  });

  it('should give no answer to a client off the virtual clock while the service hangs, and say so at once to one on it', async () => {
    await configure({ hang: true });
    expect(() => http.request(get('/templates'))).toThrow(/no reply/);
    expect(http.request(get('/templates', { [SIM_VIRTUAL_CLIENT_HEADER.toUpperCase()]: '1' })).headers[SIM_HANG_HEADER]).toBe('1');
  });

  it('should send any other address over the client it was given', () => {
    const elsewhere = { request: jest.fn(() => ({ status: 204, headers: {}, body: '' })) };
    const req = { method: 'GET', url: 'http://127.0.0.1:9/api/v1/templates' };
    expect(inProcessHttp(() => elsewhere).request(req).status).toBe(204);
    expect(elsewhere.request).toHaveBeenCalledWith(req);
  });

  it('should not answer for a simulator once it is closed', async () => {
    const other = await startSimulator({ port: 0, clock: 'manual' });
    const url = `${other.baseUrl}/templates`;
    await other.close();
    expect(() => http.request({ method: 'GET', url })).toThrow('went over a socket');
  });
});
