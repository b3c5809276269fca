// `npm run explore`: the forms the README gives run, and each writes its short report.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (the reading is the command's own --reading)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The CLI's report for these arguments, and its exit code. */
function explore(args: string[]): { code: number | null; report: string } {
  const out = join(mkdtempSync(join(tmpdir(), 'explore-')), 'report.md');
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test', 'explore', 'cli.ts'), ...args, '--out', out], { cwd: ROOT });
  return { code: run.status, report: readFileSync(out, 'utf8') };
}

describe('explore cli', () => {
  it('should take a span of virtual time in hours and report the histories it ran', () => {
    const { code, report } = explore(['--seeds', '1', '--first', '3', '--hours', '6']);
    expect(code).toBe(0);
    // Six hours is a quarter of a day's 48 actions.
    expect(report).toMatch(/seeds 3\.\.3, 1 histories a seed of at least 12 actions/);
    expect(report).toMatch(/histories: 1 · actions: \d+ · invariants checked: \d+/);
  });

  it('should take a span in days, and refuse a reading it does not know', () => {
    expect(explore(['--seeds', '1', '--days', '0.25']).report).toMatch(/at least 12 actions/);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test', 'explore', 'cli.ts'), '--reading', 'nonsense'], { cwd: ROOT });
    expect(bad.status).not.toBe(0);
    expect(String(bad.stderr)).toMatch(/--reading nonsense is none of default/);
  });
});
