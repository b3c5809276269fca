// Jest's global setup: the simulator built once into a plain script that spawned children run without tsx.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSimulator } from '../../dev/sim/spawn';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const setup = require('../../scripts/jest-global.cjs') as () => Promise<void>;

describe('jest-global', () => {
  const before = process.env.VPS_SIM_SCRIPT;
  afterEach(() => {
    process.env.VPS_SIM_SCRIPT = before;
  });

  it('should build the simulator into one script a child starts from, finding its assets beside its sources', async () => {
    delete process.env.VPS_SIM_SCRIPT;
    await setup();
    const file = process.env.VPS_SIM_SCRIPT!;
    expect(existsSync(file)).toBe(true);
    const code = readFileSync(file, 'utf8');
    expect(code).not.toMatch(/\brequire\("tsx/);
    expect(code).toContain(JSON.stringify(join(__dirname, '..', '..', 'dev', 'sim')));
    const sim = await spawnSimulator({ port: 0, clock: 'manual' });
    try {
      expect(await sim.control({ action: 'state' })).toMatchObject({ now: expect.any(Number) });
    } finally {
      await sim.close();
    }
  });
});
