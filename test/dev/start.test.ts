// `npm start`'s entry: its flags and PORT, the banner with what to paste, a clear message on a busy port, and Ctrl-C stopping the simulator too.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { parseStartArgs, START_USAGE } from '../../dev/start';

const ROOT = join(__dirname, '..', '..');
const START = join(ROOT, 'dev', 'start.ts');

jest.setTimeout(60_000);

/** Runs dev/start.ts; `onOut` sees stdout as it grows and may signal the child. */
function runStart(args: string[], onOut?: (out: string, child: ReturnType<typeof spawn>) => void): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', START, ...args], { cwd: ROOT, env: { ...process.env, PORT: '' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      onOut?.(out, child);
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('start arguments', () => {
  it('should default to port 8787 and a 5-second timer', () => {
    expect(parseStartArgs([], {})).toEqual({ port: 8787, timerEveryMs: 5000 });
  });

  it('should take PORT, and --port over PORT', () => {
    expect(parseStartArgs([], { PORT: '9000' }).port).toBe(9000);
    expect(parseStartArgs(['--port', '9100'], { PORT: '9000' }).port).toBe(9100);
    expect(parseStartArgs(['--port=0'], {}).port).toBe(0);
  });

  it('should take the timer interval in seconds', () => {
    expect(parseStartArgs(['--timer-seconds', '2.5'], {}).timerEveryMs).toBe(2500);
  });

  it('should refuse a port that is not a whole number in range, an unknown flag, and give usage for --help', () => {
    expect(() => parseStartArgs(['--port', 'abc'], {})).toThrow('The port must be a whole number from 0 to 65535, not "abc".');
    expect(() => parseStartArgs([], { PORT: '70000' })).toThrow('The port must be a whole number from 0 to 65535, not "70000".');
    expect(() => parseStartArgs(['--timer-seconds', '0'], {})).toThrow('--timer-seconds must be a number of at least 0.2');
    expect(() => parseStartArgs(['--verbose'], {})).toThrow();
    expect(() => parseStartArgs(['--help'], {})).toThrow(START_USAGE);
  });
});

describe('npm start', () => {
  it('should exit 1 with one clear sentence when the port is busy', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { code, err, out } = await runStart(['--port', String(port)]);
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(
        err
          .trim()
          .split('\n')
          .filter((l) => !l.includes('npm warn')),
      ).toEqual([`Port ${port} is already in use; stop whatever holds it or pick another with --port or PORT.`]);
    } finally {
      blocker.close();
    }
  });

  it('should print the address, the API address and the write key, and stop the simulator on Ctrl-C', async () => {
    const { code, out } = await runStart(['--port', '0'], (text, child) => {
      if (text.includes('Ctrl-C to stop.') && child.signalCode === null && !child.killed) child.kill('SIGINT');
    });
    expect(code).toBe(0);
    expect(out).toMatch(/^Playground: http:\/\/localhost:\d+$/m);
    expect(out).toMatch(/^ {2}API address {2}http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    expect(out).toContain('sk_test_write_9f3a1a2b');
    const api = /API address {2}(\S+)/.exec(out)![1]!;
    // The simulator child went with it.
    await expect(fetch(`${api}/templates`)).rejects.toThrow();
  });
});
