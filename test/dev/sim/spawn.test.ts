// The simulator in a child process: starts, answers the API and control, and is gone after close.
import { spawnSimulator } from '../../../dev/sim/spawn';
import { SIM_KEYS } from '../../../dev/sim/types';
import { call } from './helpers';

describe('spawnSimulator', () => {
  it('should start a child simulator that answers, honours its config, and stops on close', async () => {
    const sim = await spawnSimulator({ port: 0, clock: 'manual', rateLimitPerMinute: 2 });
    try {
      expect(sim.baseUrl).toBe(`${sim.origin}/api/v1`);
      expect(sim.pageBase).toBe(sim.origin);
      expect(sim.keys).toEqual(SIM_KEYS);
      expect((await call(sim, 'GET', '/templates')).status).toBe(200);
      expect((await call(sim, 'GET', '/templates')).status).toBe(200);
      expect((await call(sim, 'GET', '/templates')).status).toBe(429);
      const st = await sim.control({ action: 'state' });
      expect(st.now).toBe(Date.parse('2026-01-05T09:00:00Z'));
      await expect(sim.control({ action: 'nope' } as never)).rejects.toThrow(/nope/);
    } finally {
      await sim.close();
    }
    await expect(fetch(`${sim.origin}/__sim/control`, { method: 'POST', body: '{"action":"state"}' })).rejects.toThrow();
  });
});
