// Jest's global setup: the simulator built once into a plain script that spawned children run without tsx, and the
// run's folder as the temp folder.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSimulator } from '../../dev/sim/spawn';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const setup = require('../../scripts/jest-global.cjs') as () => Promise<void>;

describe('jest-global', () => {
  const before = { script: process.env.VPS_SIM_SCRIPT, dir: process.env.VPS_RUN_DIR, tmp: process.env.TMPDIR };
  // The run's own values back (an unset one stays unset: a variable set to undefined reads "undefined").
  afterEach(() => {
    // The folder this test's setup made (a test environment runs no exit hook of its own).
    if (process.env.VPS_RUN_DIR && process.env.VPS_RUN_DIR !== before.dir) rmSync(process.env.VPS_RUN_DIR, { recursive: true, force: true });
    for (const [k, v] of [
      ['VPS_SIM_SCRIPT', before.script],
      ['VPS_RUN_DIR', before.dir],
      ['TMPDIR', before.tmp],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('should build the simulator into one script a child starts from, finding its assets beside its sources', async () => {
    delete process.env.VPS_SIM_SCRIPT;
    delete process.env.VPS_RUN_DIR;
    delete process.env.TMPDIR;
    await setup();
    const file = process.env.VPS_SIM_SCRIPT!;
    expect(existsSync(file)).toBe(true);
    expect(dirname(file)).toBe(process.env.VPS_RUN_DIR);
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

  it("should make the run's folder the temp folder of the workers, so nothing a test leaves there outlives the run", async () => {
    delete process.env.VPS_RUN_DIR;
    await setup();
    expect(process.env.TMPDIR).toBe(process.env.VPS_RUN_DIR);
    // And this worker, started after this run's own setup, makes its temporary files in that run's folder.
    expect(tmpdir()).toBe(before.dir);
  });
});
