// `npm run sim`: the human banner, and a clear one-line failure on a busy port.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dev', 'sim', 'cli.ts');

/** Runs the CLI until it prints `until` (then kills it) or exits. */
function runCli(args: string[], until?: RegExp): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (until?.test(out)) child.kill();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('simulator cli', () => {
  it('should print the base URL, page base, keys, templates and control endpoint', async () => {
    const { out } = await runCli(['--port', '0', '--clock', 'manual'], /Ctrl-C/);
    expect(out).toMatch(/Base URL: +http:\/\/127\.0\.0\.1:\d+\/api\/v1/);
    expect(out).toMatch(/Page base: +http:\/\/127\.0\.0\.1:\d+/);
    expect(out).toContain('sk_test_write_9f3a1a2b');
    expect(out).toContain('read-only');
    expect(out).toContain('tpl_ready');
    expect(out).toContain('/__sim/control');
  });

  it('should exit 1 with a one-line message when the port is busy', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { code, err } = await runCli(['--port', String(port)]);
      expect(code).toBe(1);
      expect(
        err
          .trim()
          .split('\n')
          .filter((l) => !l.includes('npm warn')),
      ).toEqual([`Port ${port} is already in use; stop whatever holds it or pick another with --port.`]);
    } finally {
      blocker.close();
    }
  });
});
