// The script's manifest (appsscript.json beside the bundle): the parts the stand-in enforces, the URL
// allowlist of a published build and the OAuth scopes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Manifest {
  /** URL prefixes a published build may fetch from; null when the manifest has none. */
  urlFetchWhitelist: string[] | null;
  /** Declared scopes; null when unknown (no manifest, or none declared: Apps Script then infers them). */
  oauthScopes: string[] | null;
}

export const NO_MANIFEST: Manifest = { urlFetchWhitelist: null, oauthScopes: null };

/** Reads <dir>/appsscript.json; no file gives NO_MANIFEST, a broken one throws. */
export function readManifest(dir: string): Manifest {
  const file = join(dir, 'appsscript.json');
  if (!existsSync(file)) return NO_MANIFEST;
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return { urlFetchWhitelist: strings(json.urlFetchWhitelist, file), oauthScopes: strings(json.oauthScopes, file) };
}

function strings(v: unknown, file: string): string[] | null {
  if (v === undefined) return null;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new Error(`stand-in: ${file} has a list that is not of strings`);
  return v;
}
