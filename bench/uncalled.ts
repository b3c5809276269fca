// `npm run uncalled`: the code of each built bundle that no test ever calls (docs/rules.md#budgets), the weight a
// budget could lose without losing behaviour. The server's is counted by V8 over the end-to-end suite and the
// explorer (bench/uncalled-hook.ts), the sidebar's by Chromium over its browser tests (test/sidebar/harness.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');

/** Function spans and their calls, summed over every file a run wrote. */
type Calls = Map<string, number>;

/** The outermost functions never called: [start, end] in UTF-16 offsets, a function inside an uncalled one not again. */
export function uncalled(calls: Calls): [number, number][] {
  const spans = [...calls].map(([k, n]) => [...k.split(':').map(Number), n] as [number, number, number]).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: [number, number][] = [];
  let end = -1;
  for (const [s, e, n] of spans) {
    if (n === 0 && s >= end) {
      out.push([s, e]);
      end = e;
    }
  }
  return out;
}

/** A function's ranges as V8 and Chromium report them: its whole span comes first. */
interface Covered {
  ranges: readonly { startOffset: number; endOffset: number; count: number }[];
}

/** Adds one coverage entry's functions to `into`, each by its span "start:end": the one counting the hook and the harness share. */
export function addCalls(into: Record<string, number>, functions: readonly Covered[]): void {
  for (const f of functions) {
    const r = f.ranges[0]!;
    const key = `${r.startOffset}:${r.endOffset}`;
    into[key] = (into[key] ?? 0) + r.count;
  }
}

function add(into: Calls, from: Record<string, number>): void {
  for (const [k, n] of Object.entries(from)) into.set(k, (into.get(k) ?? 0) + n);
}

/** The report of one bundle: its size, what no test calls, and the largest such functions with their opening. */
export function section(name: string, code: string, calls: Calls, top = 25): string {
  const spans = uncalled(calls).sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
  const bytes = spans.reduce((n, [s, e]) => n + e - s, 0);
  const lines = spans.slice(0, top).map(([s, e]) => `  ${String(e - s).padStart(6)}  ${code.slice(s, Math.min(e, s + 90)).replace(/\s+/g, ' ')}`);
  return [
    `${name}: ${code.length.toLocaleString('en-US')} characters; ${calls.size.toLocaleString('en-US')} functions seen, ` +
      `${spans.length} never called, ${bytes.toLocaleString('en-US')} characters`,
    ...lines,
  ].join('\n');
}

function jest(dir: string, args: string[]): void {
  const r = spawnSync('npx', ['jest', ...args, '--selectProjects', 'default'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, UNCALLED_DIR: dir },
  });
  if (r.status !== 0) throw new Error(`jest ${args.join(' ')} failed: the figures would miss what its failing tests call`);
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'uncalled-'));
  try {
    jest(dir, ['test/e2e', 'test/explore/explore.test.ts', '--setupFilesAfterEnv', './bench/uncalled-hook.ts']);
    jest(dir, ['test/sidebar']);
    const server: Calls = new Map();
    const sidebar: Calls = new Map();
    const code = readFileSync(join(root, 'dist', 'Code.js'), 'utf8');
    const script = /<script>([\s\S]*)<\/script>/.exec(readFileSync(join(root, 'dist', 'Sidebar.html'), 'utf8'))![1]!;
    for (const f of readdirSync(dir)) {
      const data = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;
      if (f.startsWith('server-')) add(server, data as Record<string, number>);
      // The page's own script, told from the test's stand-in script by its length.
      else add(sidebar, (data[String(script.length)] ?? {}) as Record<string, number>);
    }
    process.stdout.write(`${section('dist/Code.js', code, server)}\n\n${section("dist/Sidebar.html's script", script, sidebar)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) main();
