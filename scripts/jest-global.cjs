// Jest's global setup: the simulator built once into one plain script for the whole run, so each of the
// end-to-end files' simulator children starts without compiling TypeScript (dev/sim/spawn.ts; docs/testing.md).
const { buildSync } = require('esbuild');
const { rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const SIM = join(__dirname, '..', 'dev', 'sim');

async function setup() {
  const file = join(tmpdir(), `vps-sim-${process.pid}.cjs`);
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
  // The workers jest starts next inherit it; it goes when the run does.
  process.env.VPS_SIM_SCRIPT = file;
  process.once('exit', () => rmSync(file, { force: true }));
}

module.exports = setup;
