// The names the server bundle shortens stay the server's own: no shape another side reads carries one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { INTERNAL_NAMES, internalNamesPattern } from '../../scripts/internal-names';

const ROOT = join(__dirname, '..', '..');

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p, ext) : ext.test(n) ? [p] : [];
  });
}

const text = (files: string[]) => files.map((f) => readFileSync(f, 'utf8')).join('\n');
const words = (t: string) => new Set(t.match(/[A-Za-z_$][\w$]*/g));

/** Shapes that leave an execution or come from outside it: the API, the sidebar's replies, stored records. */
const SHAPES = [
  'src/api/schemas.ts',
  'src/api/types.ts',
  'src/server/contract.ts',
  'src/main.ts',
  ...['src/records', 'src/shared', 'sidebar'].flatMap((d) => filesUnder(join(ROOT, d), /\.ts$/).map((f) => f.slice(ROOT.length + 1))),
];

/**
 * Names the stand-in, the simulator and the end-to-end tests read or write as properties (a field of a reply they
 * check, of a request they answer): their local names and their prose are not properties.
 */
function propertiesOutside(): Set<string> {
  const t = text(['dev', 'test/e2e', 'test/dev', 'test/explore'].flatMap((d) => filesUnder(join(ROOT, d), /\.ts$/)));
  return new Set([...t.matchAll(/\.\s*([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)\??\s*:/g)].map((m) => (m[1] || m[2])!));
}

/** Objects the bundle does not make: Apps Script's, the language's, zod's. */
function foreignProperties(): Set<string> {
  const dts = text([
    ...filesUnder(join(ROOT, 'node_modules/@types/google-apps-script'), /\.d\.ts$/),
    ...filesUnder(join(ROOT, 'node_modules/typescript/lib'), /^lib\.es(5|20\d\d)(\.\w+)*\.d\.ts$/),
  ]);
  const zod = text(filesUnder(join(ROOT, 'node_modules/zod/v4'), /\.js$/));
  return new Set([...[...dts.matchAll(/([A-Za-z_$][\w$]*)\??\s*[(:]/g)].map((m) => m[1]!), ...words(zod)]);
}

/** Names in the list that `pool` holds. */
const held = (pool: Set<string>) => INTERNAL_NAMES.filter((n) => pool.has(n));

describe('scripts/internal-names', () => {
  it('should name nothing a shape read outside one execution holds (API, replies, records, sidebar)', () => {
    const inShapes = words(text(SHAPES.map((f) => join(ROOT, f))));
    expect(held(inShapes)).toEqual([]);
    // The check reads what it should: a name of each kind of shape is found.
    for (const n of ['leadCount', 'unsettled', 'cancelledBefore', 'getProgress', 'onRefreshTimer']) expect(inShapes.has(n)).toBe(true);
  });

  it('should name no property the stand-in, the simulator or an end-to-end test reads or writes', () => {
    const outside = propertiesOutside();
    expect(held(outside)).toEqual([]);
    for (const n of ['takenBack', 'addPeople', 'getProperties']) expect(outside.has(n)).toBe(true);
  });

  it('should name no property of an object the bundle does not make', () => {
    const foreign = foreignProperties();
    expect(held(foreign)).toEqual([]);
    for (const n of ['getRange', 'toISOString', '_zod', 'muteHttpExceptions']) expect(foreign.has(n)).toBe(true);
  });

  it('should name nothing the server reads by a string', () => {
    const src = text(filesUnder(join(ROOT, 'src'), /\.ts$/));
    const quoted = new Set([...src.matchAll(/['"`]([A-Za-z_$][\w$]*)['"`]/g)].map((m) => m[1]!));
    expect(held(quoted)).toEqual([]);
  });

  it('should leave none of the names in the built server bundle, and match each whole name only', () => {
    const code = readFileSync(join(ROOT, 'dist', 'Code.js'), 'utf8');
    expect(INTERNAL_NAMES.filter((n) => new RegExp(`\\b${n}\\b`).test(code))).toEqual([]);
    const re = internalNamesPattern();
    expect(INTERNAL_NAMES.every((n) => re.test(n))).toBe(true);
    expect(['getLeads', 'xgetLead', 'byLeadId'].some((n) => re.test(n))).toBe(false);
  });
});
