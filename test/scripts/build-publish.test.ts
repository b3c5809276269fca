// Deploying: a build for publishing refuses to go without an allowlist, and `npm run deploy` pushes without asking.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { requirePublishable, withUrlFetchWhitelist } from '../../scripts/build';

const ROOT = join(__dirname, '..', '..');

describe('build › --publish', () => {
  it('should refuse a manifest without urlFetchWhitelist and accept one with it', () => {
    expect(() => requirePublishable({ runtimeVersion: 'V8' })).toThrow(/needs the API's address in urlFetchWhitelist/);
    expect(() => requirePublishable(withUrlFetchWhitelist({}, 'https://*.videos.example/api/'))).not.toThrow();
  });

  it('should stop `npm run build -- --publish` before writing anything when no allowlist is given', () => {
    const code = join(ROOT, 'dist', 'Code.js');
    const before = existsSync(code) ? statSync(code).mtimeMs : null;
    const env = { ...process.env };
    delete env.URL_FETCH_WHITELIST;
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'build.ts'), '--publish'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/URL_FETCH_WHITELIST=https:\/\/api\.your-video-service\.com\/ npm run build -- --publish/);
    expect(existsSync(code) ? statSync(code).mtimeMs : null).toBe(before);
  });
});

describe('npm run deploy', () => {
  it('should push with -f, since a non-interactive push of a changed manifest otherwise pushes nothing', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.deploy).toMatch(/clasp push -f$/);
  });
});
