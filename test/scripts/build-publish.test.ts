// Deploying: a build for publishing refuses to go without an allowlist, and `npm run deploy` pushes without asking.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLISH_MARKER, requirePublishable, withUrlFetchWhitelist } from '../../scripts/build';
import { deployRefusal } from '../../scripts/deploy';

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

  it('should build and check dist/ before clasp runs, so a refusal pushes nothing', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.deploy).toBe('tsx scripts/deploy.ts && clasp push -f');
  });

  it('should refuse a publishing build whose manifest lost its urlFetchWhitelist, and let a plain or whole one go', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-'));
    try {
      const manifest = (m: object) => writeFileSync(join(dir, 'appsscript.json'), JSON.stringify(m));
      manifest({ runtimeVersion: 'V8' });
      expect(deployRefusal(dir)).toBeNull();
      writeFileSync(join(dir, PUBLISH_MARKER), JSON.stringify(['https://api.videos.example/']));
      expect(deployRefusal(dir)).toMatch(
        /^dist\/ is a publishing build, but dist\/appsscript.json has no urlFetchWhitelist \(it was built with https:\/\/api.videos.example\/\)\. Nothing was pushed\./,
      );
      manifest({ runtimeVersion: 'V8', urlFetchWhitelist: ['https://api.videos.example/'] });
      expect(deployRefusal(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
