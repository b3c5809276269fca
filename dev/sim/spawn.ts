// Runs the simulator in a child process, for callers that block their own thread on synchronous HTTP.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { SimHandle } from './server';
import { SIM_KEYS, type SimConfig } from './types';

const ROOT = join(__dirname, '..', '..');
const CLI = join(__dirname, 'cli.ts');
const READY_TIMEOUT_MS = 30_000;

export async function spawnSimulator(config: SimConfig = {}): Promise<SimHandle> {
  const { port = 8788, host, ...rest } = config;
  // A jest run builds the simulator once into a plain script (scripts/jest-global.cjs): no TypeScript compile per start.
  const script = process.env.VPS_SIM_SCRIPT;
  const args = [...(script ? [script] : ['--import', 'tsx', CLI]), '--port', String(port), '--json', '--exit-with-stdin', '--config', JSON.stringify(rest)];
  if (host) args.push('--host', host);
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const killOnExit = (): void => {
    child.kill();
  };
  process.on('exit', killOnExit);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });

  const ready = await new Promise<{ origin: string; baseUrl: string; pageBase: string }>((resolve, reject) => {
    let out = '';
    const fail = (why: string): void => {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`${why}${stderr ? `\n${stderr.trim()}` : ''}`));
    };
    const timer = setTimeout(() => fail('The simulator child did not start in time.'), READY_TIMEOUT_MS);
    child.once('exit', (code) => fail(`The simulator child exited with code ${code} before it was ready.`));
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.trim().startsWith('{'));
      if (line === undefined || !out.includes('\n')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(JSON.parse(line) as { origin: string; baseUrl: string; pageBase: string });
    });
  }).catch((e: unknown) => {
    process.off('exit', killOnExit);
    throw e;
  });

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...ready,
    keys: SIM_KEYS,
    async control(msg) {
      const res = await fetch(`${ready.origin}/__sim/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(msg),
      });
      const body = (await res.json()) as { message?: string };
      if (!res.ok) throw new Error(body.message ?? `control answered ${res.status}`);
      return body;
    },
    async close() {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill();
        await exited;
      }
    },
  };
}
