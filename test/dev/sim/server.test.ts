// The HTTP layer: reply headers, latency, reply faults (dropped, 502 HTML, garbled), the request log and the control endpoint.
import { request } from 'node:http';
import { startSimulator } from '../../../dev/sim/server';
import { SIM_KEYS, SIM_NOW_HEADER, type SimRequestLogEntry } from '../../../dev/sim/types';
import { call, createCampaign, state, useSimulator } from './helpers';

async function log(sim: Parameters<typeof call>[0]): Promise<SimRequestLogEntry[]> {
  return (await sim.control({ action: 'requests' })).requests as SimRequestLogEntry[];
}

describe('simulator server', () => {
  const sim = useSimulator();

  it('should answer JSON with the sim clock header on successes and errors alike', async () => {
    const now = (await state(sim())).now;
    for (const [path, key] of [
      ['/templates', SIM_KEYS.write],
      ['/templates', null],
      ['/nope', SIM_KEYS.write],
    ] as const) {
      const r = await call(sim(), 'GET', path, { key });
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.headers.get(SIM_NOW_HEADER)).toBe(String(now));
    }
    const outside = await fetch(`${sim().origin}/elsewhere`);
    expect([outside.status, outside.headers.get(SIM_NOW_HEADER)]).toEqual([404, String(now)]);
  });

  it('should log API requests with status, code, key and query, but not control or pages', async () => {
    await call(sim(), 'GET', '/campaigns?limit=0', { key: SIM_KEYS.readOnly });
    await call(sim(), 'GET', '/templates', { key: null });
    await fetch(`${sim().origin}/p/nobody`);
    const entries = await log(sim());
    expect(entries).toEqual([
      { at: expect.any(Number), method: 'GET', path: '/campaigns', query: 'limit=0', status: 400, code: 'bad_input', key: SIM_KEYS.readOnly },
      { at: expect.any(Number), method: 'GET', path: '/templates', query: '', status: 401, code: 'unauthorized', key: null },
    ]);
    await sim().control({ action: 'clearRequests' });
    expect(await log(sim())).toEqual([]);
  });

  it('should advance the manual clock by latencyMs per API request instead of waiting', async () => {
    await sim().control({ action: 'configure', config: { faults: { latencyMs: 5000 } } });
    const before = (await state(sim())).now;
    const started = Date.now();
    const r = await call(sim(), 'GET', '/templates');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(Number(r.headers.get(SIM_NOW_HEADER))).toBe(before + 5000);
  });

  it('should apply a dropped request in full, then close the connection with no reply', async () => {
    await sim().control({ action: 'configure', config: { faults: { dropReplies: 1 } } });
    expect((await call(sim(), 'GET', '/templates')).status).toBe(200);
    await expect(call(sim(), 'POST', '/campaigns', { body: { templateId: 'tpl_ready', name: 'Dropped' } })).rejects.toThrow();
    expect((await state(sim())).campaigns.filter((c) => c.name === 'Dropped')).toHaveLength(1);
    expect((await state(sim())).config.faults.dropReplies).toBe(0);
    expect((await call(sim(), 'POST', '/campaigns', { body: { templateId: 'tpl_ready', name: 'Kept' } })).status).toBe(200);
    const entries = await log(sim());
    expect(entries.map((e) => [e.method, e.status, e.dropped ?? false])).toEqual([
      ['GET', 200, false],
      ['POST', 200, true],
      ['POST', 200, false],
    ]);
  });

  it('should drop only requests matching dropMatch', async () => {
    const id = await createCampaign(sim());
    await sim().control({ action: 'configure', config: { faults: { dropReplies: 2, dropMatch: '^POST /campaigns/[^/]+/leads$' } } });
    expect((await call(sim(), 'POST', '/campaigns', { body: { templateId: 'tpl_ready', name: 'x' } })).status).toBe(200);
    await expect(call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { email: 'a@b.c' } })).rejects.toThrow();
    const lead = (await state(sim())).campaigns.find((c) => c.id === id)?.leads;
    expect(lead).toHaveLength(1);
    expect((await state(sim())).config.faults.dropReplies).toBe(1);
  });

  it("should apply a request in full, then answer 502 with a gateway's HTML page", async () => {
    await sim().control({ action: 'configure', config: { faults: { html502Replies: 1 } } });
    const res = await fetch(`${sim().baseUrl}/campaigns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SIM_KEYS.write}`, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: 'tpl_ready', name: 'Behind the gateway' }),
    });
    expect([res.status, res.headers.get('content-type')]).toEqual([502, 'text/html']);
    expect(await res.text()).toMatch(/^<html>[\s\S]*502 Bad Gateway/);
    expect((await state(sim())).campaigns.filter((c) => c.name === 'Behind the gateway')).toHaveLength(1);
    expect((await state(sim())).config.faults.html502Replies).toBe(0);
    expect((await call(sim(), 'POST', '/campaigns', { body: { templateId: 'tpl_ready', name: 'Next' } })).status).toBe(200);
    expect((await log(sim())).map((e) => [e.status, e.replyFault, e.dropped])).toEqual([
      [200, 'html502', undefined],
      [200, undefined, undefined],
    ]);
  });

  it('should apply a request in full, then answer 200 with a body that is not readable JSON', async () => {
    const id = await createCampaign(sim());
    await sim().control({ action: 'configure', config: { faults: { garbledReplies: 1, dropMatch: '^POST /campaigns/[^/]+/leads$' } } });
    const res = await fetch(`${sim().baseUrl}/campaigns/${id}/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SIM_KEYS.write}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', firstName: 'Ann' }),
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.startsWith('{"added":1')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
    expect((await state(sim())).campaigns.find((c) => c.id === id)?.leads).toHaveLength(1);
    const entries = await log(sim());
    expect(entries.map((e) => [e.method, e.status, e.replyFault])).toEqual([
      ['POST', 200, undefined],
      ['POST', 200, 'garbled'],
    ]);
  });

  it('should mark a dropped reply with replyFault drop and spend the reply faults one at a time, drop first', async () => {
    await sim().control({ action: 'configure', config: { faults: { dropReplies: 1, html502Replies: 1, garbledReplies: 1 } } });
    for (let i = 0; i < 4; i++) await call(sim(), 'POST', '/campaigns', { body: { templateId: 'tpl_ready', name: `c${i}` } }).catch(() => null);
    expect((await log(sim())).map((e) => e.replyFault ?? null)).toEqual(['drop', 'html502', 'garbled', null]);
    expect((await state(sim())).campaigns.filter((c) => /^c\d$/.test(c.name))).toHaveLength(4);
  });

  it('should answer a gateway timeout at once and apply the request lateMs of sim time later', async () => {
    await sim().control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 4000 } } });
    const res = await fetch(`${sim().baseUrl}/campaigns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SIM_KEYS.write}`, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: 'tpl_ready', name: 'Late' }),
    });
    expect([res.status, res.headers.get('content-type')]).toEqual([504, 'text/html']);
    expect(await res.text()).toMatch(/504 Gateway Time-out/);
    expect((await state(sim())).campaigns.filter((c) => c.name === 'Late')).toHaveLength(0);
    await sim().control({ action: 'advance', ms: 3999 });
    expect((await state(sim())).campaigns.filter((c) => c.name === 'Late')).toHaveLength(0);
    await sim().control({ action: 'advance', ms: 1 });
    expect((await state(sim())).campaigns.filter((c) => c.name === 'Late')).toHaveLength(1);
    expect((await log(sim())).map((e) => [e.method, e.status, e.replyFault])).toEqual([['POST', 200, 'late']]);
  });

  it('should let faultAfter matching requests through before the reply faults start', async () => {
    await sim().control({ action: 'configure', config: { faults: { html502Replies: 1, faultAfter: 2, dropMatch: '^POST /campaigns$' } } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await fetch(`${sim().baseUrl}/campaigns`, {
            method: 'POST',
            headers: { authorization: `Bearer ${SIM_KEYS.write}`, 'content-type': 'application/json' },
            body: JSON.stringify({ templateId: 'tpl_ready', name: `n${i}` }),
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 502, 200]);
    expect((await state(sim())).campaigns.filter((c) => /^n\d$/.test(c.name))).toHaveLength(4);
  });

  it('should refuse a negative reply fault count', async () => {
    await expect(sim().control({ action: 'configure', config: { faults: { garbledReplies: -1 } } })).rejects.toThrow(/garbledReplies/);
    await expect(sim().control({ action: 'configure', config: { faults: { failPeople: 'Ann' as never } } })).rejects.toThrow(/failPeople/);
  });

  it('should answer 400 on the control endpoint for an unknown action or a body that is not JSON', async () => {
    for (const body of [JSON.stringify({ action: 'dance' }), '{nope', JSON.stringify({ action: 'advance', ms: -1 })]) {
      const res = await fetch(`${sim().origin}/__sim/control`, { method: 'POST', body });
      const json = (await res.json()) as { ok: boolean; message: string };
      expect([res.status, json.ok, typeof json.message]).toEqual([400, false, 'string']);
    }
    await expect(sim().control({ action: 'dance' } as never)).rejects.toThrow(/dance/);
  });

  it('should not rate limit the control endpoint', async () => {
    await sim().control({ action: 'reset', config: { rateLimitPerMinute: 1 } });
    for (let i = 0; i < 5; i++) expect((await fetch(`${sim().origin}/__sim/control`, { method: 'POST', body: '{"action":"state"}' })).status).toBe(200);
    expect((await call(sim(), 'GET', '/templates')).status).toBe(200);
    expect((await call(sim(), 'GET', '/templates')).status).toBe(429);
  });

  it('should answer a plain Node request sent without a content type', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${sim().baseUrl}/templates`, { headers: { authorization: `Bearer ${SIM_KEYS.write}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
  });
});

describe('startSimulator', () => {
  it('should report a busy port as a rejected start', async () => {
    const a = await startSimulator({ port: 0, clock: 'manual' });
    const port = Number(new URL(a.origin).port);
    await expect(startSimulator({ port, clock: 'manual' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await a.close();
  });

  it('should wait latencyMs of real time per request on the real clock', async () => {
    const s = await startSimulator({ port: 0, clock: 'real', faults: { latencyMs: 150 } });
    const started = Date.now();
    expect((await call(s, 'GET', '/templates')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await s.close();
  });
});
