// Browser code as one script text, and a script text made safe to inline: shared by the sidebar's build and the playground.
import { build } from 'esbuild';

/**
 * An entry bundled for the browser. ES2020 runs wherever Google Sheets runs: `?.` and `??` stay native
 * instead of lowered, which keeps the sidebar within its 60 KB.
 */
export async function bundleForBrowser(entry: string): Promise<string> {
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
  });
  return r.outputFiles[0]!.text;
}

/** A CSS entry bundled and minified. */
export async function bundleCss(entry: string): Promise<string> {
  return (await build({ entryPoints: [entry], bundle: true, write: false, minify: true, logLevel: 'warning' })).outputFiles[0]!.text;
}

/** A script's text made safe to sit inside <script>…</script>. */
export function inlineScript(js: string): string {
  return `<script>${js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--')}</script>`;
}
