// Build: server bundle (dist/Code.js, ES2019, one top-level function per entry export),
// the sidebar inlined into dist/Sidebar.html, and dist/appsscript.json.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { browserBundle, bundleCss, inlineScript } from './browser-bundle';
import { squeeze } from './squeeze';
import { serverParts, sidebarParts, sizeTable, type Part } from './sizes';
import { INTERNAL_NAMES, namesPattern, SIDEBAR_NAMES } from './internal-names';
import { zodSlim } from './zod-slim';

const root = resolve(__dirname, '..');
const dist = join(root, 'dist');
/** The bundle's one global; short, since each entry-point declaration names it. */
export const LIB_NAME = '$L';

/**
 * The entry module's exports as an array, from its minified ESM build: the build ends with `export{local as name,…}`,
 * which becomes the IIFE's array of entry points, one slot per sorted name (no export helpers, no name written twice).
 */
function exportsAsArray(esm: string, names: string[]): { body: string; list: string } {
  const m = /export\s*\{([^}]*)\};?\s*$/.exec(esm);
  if (!m) throw new Error('the ESM build of src/main.ts does not end with its export list');
  const local = new Map(
    m[1]!.split(',').map((s) => {
      const [l, n = l] = s.trim().split(/\s+as\s+/) as [string, string?];
      return [n, l] as const;
    }),
  );
  return { body: esm.slice(0, m.index), list: names.map((n) => local.get(n)!).join(',') };
}

/**
 * The server bundle. `rounds`: terser's rounds (a test's own build may take one: the same code, some bytes larger). `allowlist` is the published build's urlFetchWhitelist: the code knows it too,
 * so a base URL outside it is refused with a sentence instead of failing on every fetch.
 */
export async function buildServer(
  opts: { allowlist?: string[]; file?: string; rounds?: number } = {},
): Promise<{ file: string; exports: string[]; bytes: number; parts: Part[] }> {
  const entry = join(root, 'src', 'main.ts');
  // Local names are minified too (the 150 KB budget); exported names and every error's message stay readable.
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2019',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    charset: 'utf8',
    legalComments: 'none',
    minifySyntax: true,
    minifyWhitespace: true,
    minifyIdentifiers: true,
    // Names only the server's own code reads are shortened too (scripts/internal-names.ts).
    mangleProps: namesPattern(INTERNAL_NAMES),
    logLevel: 'warning',
    metafile: true,
    define: { __URL_ALLOWLIST__: JSON.stringify(opts.allowlist ?? []) },
    // zod/mini without the schema methods the add-on never calls (scripts/zod-slim.ts).
    plugins: [zodSlim],
  });
  const names = [...(Object.values(r.metafile.outputs)[0]?.exports ?? [])].sort();
  const bad = names.filter((n) => n.endsWith('_') || n === 'default');
  if (bad.length) throw new Error(`entry exports that Apps Script cannot call: ${bad.join(', ')}`);
  // One global, a function calling the entry point in a slot (its own scope: no name of the body is taken); Apps Script
  // finds menu, trigger and google.script.run targets only by top-level declarations, so each declaration calls its slot
  // with its arguments (no entry point reads `this`: they are module functions, strict).
  const { body, list } = exportsAsArray(r.outputFiles[0]!.text, names);
  const stubs = names.map((n, i) => `function ${n}(){return ${LIB_NAME}(${i},arguments)}`).join('\n');
  const code = `${await squeeze(`"use strict";var ${LIB_NAME}=(()=>{${body}return(f=>(i,a)=>f[i](...a))([${list}])})();\n${stubs}\n`, 2019, opts.rounds)}\n`;
  const file = opts.file ?? join(dist, 'Code.js');
  writeFileSync(file, code);
  const bytes = Buffer.byteLength(code, 'utf8');
  return { file, exports: names, bytes, parts: serverParts(bytes, r.metafile) };
}

/** The sidebar page with its CSS and JS inlined: HtmlService serves one self-contained file. */
export async function buildSidebar(opts: { file?: string } = {}): Promise<{ file: string; bytes: number; parts: Part[] }> {
  const dir = join(root, 'sidebar');
  // The page's own line breaks between tags are no text a person sees: dropped, as the script's and style's are.
  const html = readFileSync(join(dir, 'index.html'), 'utf8').replace(/>\s+</g, '><');
  const js = existsSync(join(dir, 'main.ts')) ? await browserBundle(join(dir, 'main.ts'), namesPattern(SIDEBAR_NAMES)) : null;
  const css = existsSync(join(dir, 'styles.css')) ? await bundleCss(join(dir, 'styles.css')) : '';
  const style = `<style>${css}</style>`;
  // The sidebar's script gets the server's second pass too (docs/rules.md#budgets): about 600 bytes of the page.
  const script = inlineScript(js ? await squeeze(js.text, 2020) : '');
  const out = html.replace('<!--@css-->', () => style).replace('<!--@js-->', () => script);
  const file = opts.file ?? join(dist, 'Sidebar.html');
  writeFileSync(file, out);
  const [bytes, s, c] = [out, script, style].map((t) => Buffer.byteLength(t, 'utf8')) as [number, number, number];
  const meta = js?.metafile ?? { inputs: {}, outputs: { none: { bytes: 0, inputs: {}, imports: [], exports: [], entryPoint: '' } } };
  return { file, bytes, parts: sidebarParts({ script: s, style: c, page: bytes - s - c }, meta) };
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

/** In dist/ after every build: the bytes of each file and of each part, as the build measured them. */
export const SIZES_FILE = '.sizes.json';

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
  const bytes = { 'dist/Code.js': server.bytes, 'dist/Sidebar.html': sidebar.bytes };
  const parts = [...server.parts, ...sidebar.parts];
  // What the build measured, beside what it built (a dotfile clasp does not push): the bundle test reads it instead of
  // building a second time.
  writeFileSync(join(dist, SIZES_FILE), `${JSON.stringify({ bytes, parts })}\n`);
  console.log(`dist/Code.js: ${server.exports.length} entry points`);
  console.log(sizeTable(bytes, parts));
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
