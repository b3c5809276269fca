// The README's deploy section, step by step against clasp 3's own --help: every clasp command it shows
// (and `npm run deploy`'s) is one clasp accepts, with options it lists.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(__dirname, '..');

/** "npx clasp create --type sheets …" → the subcommand and the options it uses. */
function commands(): { line: string; command: string; options: string[] }[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const deploy = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.deploy!;
  const lines = [...readme.matchAll(/npx clasp ([a-z][\w-]*)([^`\n]*)/g)].map((m) => `clasp ${m[1]}${m[2]}`);
  lines.push(deploy.slice(deploy.indexOf('clasp ')));
  return [...new Set(lines)].map((line) => {
    const words = line.split(/\s+/);
    return { line, command: words[1]!, options: words.filter((w) => /^--?[A-Za-z]/.test(w)) };
  });
}

/**
 * Each command's `--help` text as clasp 3's own program prints it (commander's help of that command), from one run of
 * clasp's program for every command: each run loads clasp, about three seconds.
 */
function helpsOf(names: string[]): Record<string, string | null> {
  const program = join(ROOT, 'node_modules', '@google', 'clasp', 'build', 'src', 'commands', 'program.js');
  const script = `const p = (await import(${JSON.stringify(pathToFileURL(program).href)})).makeProgram();
    const find = (n) => p.commands.find((c) => c.name() === n || c.aliases().includes(n));
    process.stdout.write(JSON.stringify(Object.fromEntries(${JSON.stringify(names)}.map((n) => [n, find(n)?.helpInformation() ?? null]))));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`clasp's program did not load: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, string | null>;
}

describe('README › deploying with clasp 3', () => {
  const all = commands();

  it('should show the commands the deploy section walks through', () => {
    expect(all.map((c) => c.command).sort()).toEqual(['clone', 'create', 'create', 'deploy', 'login', 'login', 'open-script', 'push', 'version']);
  });

  const helps = helpsOf([...new Set(all.map((c) => c.command))]);

  it.each(all.map((c) => [c.line, c] as const))('should be accepted by clasp 3: %s', (_line, c) => {
    const help = helps[c.command] ?? '';
    expect(help).toMatch(new RegExp(`^Usage: clasp (\\S+\\|)?${c.command}\\b`, 'm'));
    for (const option of c.options) expect([option, help.includes(`${option} `) || help.includes(`${option},`)]).toEqual([option, true]);
  });

  it('should keep the script id out of the repository: .clasp.json, which clasp writes it into, is ignored and not tracked', () => {
    expect(spawnSync('git', ['check-ignore', '-q', '.clasp.json'], { cwd: ROOT }).status).toBe(0);
    expect(spawnSync('git', ['ls-files', '--error-unmatch', '.clasp.json'], { cwd: ROOT }).status).not.toBe(0);
  });
});
