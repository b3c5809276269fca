// Build: server bundle (dist/Code.js, ES2019, one top-level function per entry export),
// the sidebar inlined into dist/Sidebar.html, and dist/appsscript.json.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleCss, bundleForBrowser, inlineScript } from './browser-bundle';

const root = resolve(__dirname, '..');
const dist = join(root, 'dist');
export const LIB_NAME = 'AddonLib';

/** Names exported by the entry module, read from an ESM build's metafile. */
async function entryExports(entry: string): Promise<string[]> {
  const r = await build({ entryPoints: [entry], bundle: true, write: false, format: 'esm', metafile: true, outdir: 'out', logLevel: 'silent' });
  const out = Object.values(r.metafile!.outputs).find((o) => o.entryPoint);
  return [...(out?.exports ?? [])].sort();
}

/**
 * The server bundle. `allowlist` is the published build's urlFetchWhitelist: the code knows it too,
 * so a base URL outside it is refused with a sentence instead of failing on every fetch.
 */
export async function buildServer(opts: { allowlist?: string[]; file?: string } = {}): Promise<{ file: string; exports: string[] }> {
  const entry = join(root, 'src', 'main.ts');
  const names = await entryExports(entry);
  const bad = names.filter((n) => n.endsWith('_') || n === 'default');
  if (bad.length) throw new Error(`entry exports that Apps Script cannot call: ${bad.join(', ')}`);
  // Local names are minified too (the 150 KB budget); exported names and every error's message stay readable.
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: LIB_NAME,
    target: 'es2019',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    charset: 'utf8',
    legalComments: 'none',
    minifySyntax: true,
    minifyWhitespace: true,
    minifyIdentifiers: true,
    logLevel: 'warning',
    define: { __URL_ALLOWLIST__: JSON.stringify(opts.allowlist ?? []) },
  });
  // Apps Script finds menu, trigger and google.script.run targets only by top-level declarations.
  const stubs = names.map((n) => `function ${n}() { return ${LIB_NAME}.${n}.apply(this, arguments); }`).join('\n');
  const code = `${r.outputFiles[0]!.text}\n${stubs}\n`;
  const file = opts.file ?? join(dist, 'Code.js');
  writeFileSync(file, code);
  return { file, exports: names };
}

/** The sidebar page with its CSS and JS inlined: HtmlService serves one self-contained file. */
export async function buildSidebar(): Promise<string> {
  const dir = join(root, 'sidebar');
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const js = existsSync(join(dir, 'main.ts')) ? await bundleForBrowser(join(dir, 'main.ts')) : '';
  const css = existsSync(join(dir, 'styles.css')) ? await bundleCss(join(dir, 'styles.css')) : '';
  const out = html.replace('<!--@css-->', () => `<style>${css}</style>`).replace('<!--@js-->', () => inlineScript(js));
  const file = join(dist, 'Sidebar.html');
  writeFileSync(file, out);
  return file;
}

/**
 * `--publish`: a build for a versioned deployment, which Google refuses without urlFetchWhitelist (docs/rules.md#readings).
 * Checked before anything is written.
 */
export function requirePublishable(manifest: Record<string, unknown>): void {
  const list = manifest.urlFetchWhitelist;
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(
      "A published build needs the API's address in urlFetchWhitelist (a versioned deployment is refused without it). Build with URL_FETCH_WHITELIST=https://api.your-video-service.com/ npm run build -- --publish",
    );
  }
}

/** In dist/ after `--publish`: the allowlist that build had. */
export const PUBLISH_MARKER = '.publish';

export async function buildAll(opts: { publish?: boolean } = {}): Promise<void> {
  const base = JSON.parse(readFileSync(join(root, 'appsscript.json'), 'utf8')) as Record<string, unknown>;
  const manifest = withUrlFetchWhitelist(base, process.env.URL_FETCH_WHITELIST);
  if (opts.publish) requirePublishable(manifest);
  mkdirSync(dist, { recursive: true });
  const server = await buildServer({ allowlist: (manifest.urlFetchWhitelist as string[] | undefined) ?? [] });
  const sidebar = await buildSidebar();
  writeFileSync(join(dist, 'appsscript.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // A publishing build says so beside it (a dotfile clasp does not push): `npm run deploy` then rebuilds it as one.
  const marker = join(dist, PUBLISH_MARKER);
  if (opts.publish) writeFileSync(marker, `${JSON.stringify(manifest.urlFetchWhitelist)}\n`);
  else rmSync(marker, { force: true });
  const size = (f: string) => `${(readFileSync(f).length / 1024).toFixed(1)} KB`;
  console.log(`dist/Code.js ${size(server.file)} (${server.exports.length} entry points), dist/Sidebar.html ${size(sidebar)}`);
}

/**
 * A published add-on may only fetch from prefixes listed in urlFetchWhitelist; the API's address is the
 * publisher's to give (comma-separated https prefixes ending in /), so it comes from the environment.
 */
export function withUrlFetchWhitelist(manifest: Record<string, unknown>, list: string | undefined): Record<string, unknown> {
  const prefixes = (list ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (prefixes.length === 0) return manifest;
  for (const p of prefixes) {
    if (!/^https:\/\/(\*\.)?[^/*]+\/.*$/.test(p))
      throw new Error(
        `URL_FETCH_WHITELIST: ${p} must start with https:// (optionally https://*. for subdomains) and have a path (e.g. https://api.example.com/).`,
      );
  }
  return { ...manifest, urlFetchWhitelist: prefixes };
}

if (require.main === module) {
  buildAll({ publish: process.argv.includes('--publish') }).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
