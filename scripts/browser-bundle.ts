// Browser code as one script text, and a script text made safe to inline: shared by the sidebar's build and the playground.
import { build, type Metafile } from 'esbuild';

/**
 * An entry bundled for the browser. ES2020 runs wherever Google Sheets runs: `?.` and `??` stay native
 * instead of lowered, which keeps the sidebar within its 60 KB.
 */
export async function bundleForBrowser(entry: string): Promise<string> {
  return (await browserBundle(entry)).text;
}

/**
 * The same bundle with esbuild's metafile, which says how many bytes each input took (scripts/sizes.ts); `mangleProps`:
 * the property names it may shorten (scripts/internal-names.ts).
 */
export async function browserBundle(entry: string, mangleProps?: RegExp): Promise<{ text: string; metafile: Metafile }> {
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    metafile: true,
    mangleProps,
  });
  return { text: r.outputFiles[0]!.text, metafile: r.metafile };
}

/** A CSS entry bundled and minified. */
export async function bundleCss(entry: string): Promise<string> {
  return (await build({ entryPoints: [entry], bundle: true, write: false, minify: true, logLevel: 'warning' })).outputFiles[0]!.text;
}

/** A script's text made safe to sit inside <script>…</script>. */
export function inlineScript(js: string): string {
  return `<script>${js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--')}</script>`;
}
