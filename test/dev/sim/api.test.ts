// The API gate over real HTTP: switch, bearer auth, read-only keys, rate limit, injected faults, routing.
import { SIM_KEYS } from '../../../dev/sim/types';
import { advance, call, createCampaign, state, useSimulator } from './helpers';

describe('simulator API gate', () => {
  const sim = useSimulator();

  describe('auth', () => {
    it('should answer 401 unauthorized when the key is missing', async () => {
      const r = await call(sim(), 'GET', '/templates', { key: null });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: 'unauthorized', message: expect.stringMatching(/\w+ .*\./) });
    });

    it('should answer 401 unauthorized when the header is malformed', async () => {
      for (const authorization of [SIM_KEYS.write, `Token ${SIM_KEYS.write}`, 'Bearer', `Bearer  a b`]) {
        const r = await call(sim(), 'GET', '/templates', { authorization });
        expect([authorization, r.status, r.body.error]).toEqual([authorization, 401, 'unauthorized']);
      }
    });

    it('should answer 401 unauthorized for an unknown or revoked key', async () => {
      expect((await call(sim(), 'GET', '/templates', { key: 'sk_nope' })).status).toBe(401);
      const r = await call(sim(), 'GET', '/templates', { key: SIM_KEYS.revoked });
      expect([r.status, r.body.error]).toEqual([401, 'unauthorized']);
    });

    it('should answer 401 once a working key is revoked through control', async () => {
      expect((await call(sim(), 'GET', '/templates')).status).toBe(200);
      await sim().control({ action: 'setKey', key: SIM_KEYS.write, revoked: true });
      expect((await call(sim(), 'GET', '/templates')).status).toBe(401);
    });

    it('should let a read-only key read and answer 403 forbidden when it writes', async () => {
      expect((await call(sim(), 'GET', '/campaigns', { key: SIM_KEYS.readOnly })).status).toBe(200);
      const id = await createCampaign(sim());
      const writes: [string, unknown][] = [
        ['/campaigns', { templateId: 'tpl_ready', name: 'x' }],
        [`/campaigns/${id}/leads`, { firstName: 'A' }],
        [`/campaigns/${id}/preview`, undefined],
        [`/campaigns/${id}/generate`, undefined],
        [`/campaigns/${id}/stop`, undefined],
      ];
      for (const [path, body] of writes) {
        const r = await call(sim(), 'POST', path, { key: SIM_KEYS.readOnly, body });
        expect([path, r.status, r.body.error]).toEqual([path, 403, 'forbidden']);
      }
      expect((await state(sim())).campaigns.filter((c) => c.workspaceId === 'ws_main')).toHaveLength(1);
    });
  });

  describe('routing', () => {
    it('should answer 404 not_found for an unknown path or method', async () => {
      for (const [method, path] of [
        ['GET', '/nope'],
        ['GET', '/campaigns/x/y'],
        ['DELETE', '/campaigns'],
        ['GET', ''],
      ]) {
        const r = await call(sim(), method ?? 'GET', path ?? '');
        expect([method, path, r.status, r.body.error]).toEqual([method, path, 404, 'not_found']);
      }
    });

    it('should answer 404 not_found on every path, known ones too, while the API is off', async () => {
      await sim().control({ action: 'configure', config: { faults: { apiOff: true } } });
      for (const path of ['/templates', '/campaigns', '/nope']) {
        const r = await call(sim(), 'GET', path);
        expect([path, r.status, r.body.error]).toEqual([path, 404, 'not_found']);
      }
      await sim().control({ action: 'configure', config: { faults: { apiOff: false } } });
      expect((await call(sim(), 'GET', '/templates')).status).toBe(200);
    });

    it('should answer 400 bad_input for a body that is not JSON', async () => {
      const r = await call(sim(), 'POST', '/campaigns', { rawBody: '{nope' });
      expect([r.status, r.body.error]).toEqual([400, 'bad_input']);
    });
  });

  describe('rate limit', () => {
    it('should answer 429 rate_limited with Retry-After on the 121st request in a minute, then recover', async () => {
      for (let i = 0; i < 120; i++) {
        const r = await call(sim(), 'GET', i % 2 ? '/templates' : '/nope');
        expect(r.status).not.toBe(429);
      }
      const r = await call(sim(), 'GET', '/templates');
      expect([r.status, r.body.error]).toEqual([429, 'rate_limited']);
      expect(Number(r.headers.get('retry-after'))).toBe(60);
      expect((await call(sim(), 'GET', '/templates', { key: SIM_KEYS.readOnly })).status).toBe(200);
      await advance(sim(), 30_000);
      const later = await call(sim(), 'GET', '/templates');
      expect([later.status, Number(later.headers.get('retry-after'))]).toEqual([429, 30]);
      await advance(sim(), 30_000);
      expect((await call(sim(), 'GET', '/templates')).status).toBe(200);
    });

    it('should honour rateLimitPerMinute from the config', async () => {
      await sim().control({ action: 'reset', config: { rateLimitPerMinute: 3 } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(sim(), 'GET', '/templates')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });

  describe('faults', () => {
    it('should answer 500 internal before applying anything when error500Rate is 1', async () => {
      await sim().control({ action: 'configure', config: { faults: { error500Rate: 1 } } });
      const r = await call(sim(), 'POST', '/campaigns', { body: { templateId: 'tpl_ready', name: 'x' } });
      expect([r.status, r.body.error]).toEqual([500, 'internal']);
      expect((await state(sim())).campaigns.filter((c) => c.workspaceId === 'ws_main')).toHaveLength(0);
    });

    it('should answer 429 rate_limited with Retry-After when rate429Rate is 1', async () => {
      await sim().control({ action: 'configure', config: { faults: { rate429Rate: 1 } } });
      const r = await call(sim(), 'GET', '/templates');
      expect([r.status, r.body.error, r.headers.get('retry-after')]).toEqual([429, 'rate_limited', '1']);
    });

    it('should fail about the configured share of requests, the same ones for the same seed', async () => {
      const run = async (): Promise<number[]> => {
        await sim().control({ action: 'reset', config: { seed: 42, faults: { error500Rate: 0.5 } } });
        const out: number[] = [];
        for (let i = 0; i < 40; i++) out.push((await call(sim(), 'GET', '/templates')).status);
        return out;
      };
      const first = await run();
      const fails = first.filter((s) => s === 500).length;
      expect(fails).toBeGreaterThan(8);
      expect(fails).toBeLessThan(32);
      expect(await run()).toEqual(first);
    });
  });
});
