// Jest's global setup: one folder for the run's shared artefacts, gone when the run ends — the simulator built once
// into one plain script, so a simulator child (the playground's, and the tests that block on a socket to it) starts without compiling TypeScript
// (dev/sim/spawn.ts), the published builds some files share (test/e2e/harness.ts; docs/architecture.md#tests), and every
// temporary file of the run.
const { buildSync } = require('esbuild');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const SIM = join(__dirname, '..', 'dev', 'sim');

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'vps-run-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'sim.cjs');
  buildSync({
    entryPoints: [join(SIM, 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: file,
    logLevel: 'warning',
    // The simulator finds its assets next to its sources, not next to the built script.
    define: { __dirname: JSON.stringify(SIM) },
  });
  // The workers jest starts next inherit all three: every temporary file of the run (a test's own folder, Chromium's
  // profiles, a tsx child's cache) is made in the run's folder and goes with it, whatever test forgets to remove it.
  process.env.VPS_RUN_DIR = dir;
  process.env.VPS_SIM_SCRIPT = file;
  process.env.TMPDIR = dir;
}

module.exports = setup;
