// The README's deploy section, step by step against clasp 3's own --help: every clasp command it shows
// (and `npm run deploy`'s) is one clasp accepts, with options it lists.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const CLASP = join(ROOT, 'node_modules', '.bin', 'clasp');

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

/** `clasp <command> --help`, run once a command (each run loads clasp: about two seconds). */
const helps = new Map<string, SpawnSyncReturns<string>>();
function helpOf(command: string) {
  if (!helps.has(command)) helps.set(command, spawnSync(CLASP, [command, '--help'], { encoding: 'utf8' }));
  return helps.get(command)!;
}

describe('README › deploying with clasp 3', () => {
  const all = commands();

  it('should show the commands the deploy section walks through', () => {
    expect(all.map((c) => c.command).sort()).toEqual(['clone', 'create', 'create', 'deploy', 'login', 'login', 'open-script', 'push', 'version']);
  });

  it.each(all.map((c) => [c.line, c] as const))('should be accepted by clasp 3: %s', (_line, c) => {
    const help = helpOf(c.command);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^Usage: clasp (\\S+\\|)?${c.command}\\b`, 'm'));
    for (const option of c.options) expect([option, help.stdout.includes(`${option} `) || help.stdout.includes(`${option},`)]).toEqual([option, true]);
  });

  it('should keep the script id out of the repository: .clasp.json, which clasp writes it into, is ignored and not tracked', () => {
    expect(spawnSync('git', ['check-ignore', '-q', '.clasp.json'], { cwd: ROOT }).status).toBe(0);
    expect(spawnSync('git', ['ls-files', '--error-unmatch', '.clasp.json'], { cwd: ROOT }).status).not.toBe(0);
  });
});
