// `npm run deploy`: builds dist/ the way it was last built, then (in package.json) `clasp push -f`.
// A publishing build is never pushed without its urlFetchWhitelist: a plain rebuild would drop it,
// and Google refuses a versioned deployment without it (docs/rules.md#publishing).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildAll, PUBLISH_MARKER } from './build';

const dist = resolve(__dirname, '..', 'dist');

/** The allowlist a publishing build of `dir` had, or null for a plain build. */
export function publishedList(dir: string): string[] | null {
  const marker = join(dir, PUBLISH_MARKER);
  if (!existsSync(marker)) return null;
  const list = JSON.parse(readFileSync(marker, 'utf8')) as unknown;
  return Array.isArray(list) ? list.map(String) : [];
}

/** Why `dir` must not be pushed: a publishing build whose manifest lacks the allowlist it was built with. Null when it may go. */
export function deployRefusal(dir: string): string | null {
  const list = publishedList(dir);
  if (list === null) return null;
  const manifest = JSON.parse(readFileSync(join(dir, 'appsscript.json'), 'utf8')) as { urlFetchWhitelist?: unknown };
  const has = Array.isArray(manifest.urlFetchWhitelist) ? manifest.urlFetchWhitelist.map(String) : [];
  if (has.length > 0 && list.every((p) => has.includes(p))) return null;
  return `dist/ is a publishing build, but dist/appsscript.json has no urlFetchWhitelist${list.length ? ` (it was built with ${list.join(', ')})` : ''}. Nothing was pushed. Build it again with URL_FETCH_WHITELIST=https://api.your-video-service.com/ npm run build -- --publish, then npm run deploy.`;
}

async function main(): Promise<void> {
  const publish = process.argv.includes('--publish') || publishedList(dist) !== null;
  // A publishing build keeps its list when the environment gives none.
  if (publish && !process.env.URL_FETCH_WHITELIST) process.env.URL_FETCH_WHITELIST = (publishedList(dist) ?? []).join(',');
  await buildAll({ publish });
  const refusal = deployRefusal(dist);
  if (refusal) throw new Error(refusal);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
