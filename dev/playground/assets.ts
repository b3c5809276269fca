// The playground's browser code, bundled at start with esbuild: the page (HTML with its CSS and JS
// inlined) and the google.script shim, and the sidebar page with that shim put in front of its script.
import { bundleCss, bundleForBrowser, inlineScript } from '../../scripts/browser-bundle';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT = join(__dirname, 'client');

export interface Assets {
  /** The playground page, self-contained. */
  page: string;
  /** The google.script.run / google.script.host shim, as script text. */
  shim: string;
}

export async function buildAssets(): Promise<Assets> {
  const [main, shim, css] = await Promise.all([
    bundleForBrowser(join(CLIENT, 'main.ts')),
    bundleForBrowser(join(CLIENT, 'gas-shim.ts')),
    bundleCss(join(CLIENT, 'styles.css')),
  ]);
  const page = readFileSync(join(CLIENT, 'index.html'), 'utf8')
    .replace('<!--@css-->', () => `<style>${css}</style>`)
    .replace('<!--@js-->', () => inlineScript(main));
  return { page, shim };
}

/**
 * The sidebar's HTML with the shim running first, as Apps Script's own google.script does: the file on
 * disk is left as built, the shim goes in at serve time (before </head>, ahead of the page's scripts).
 */
export function withShim(sidebarHtml: string, shim: string): string {
  const tag = inlineScript(shim);
  const at = sidebarHtml.search(/<\/head>/i);
  return at < 0 ? tag + sidebarHtml : sidebarHtml.slice(0, at) + tag + sidebarHtml.slice(at);
}
