// The names the server bundle shortens stay the server's own: no shape another side reads carries one.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { INTERNAL_NAMES, namesPattern, SIDEBAR_NAMES } from '../../scripts/internal-names';

const ROOT = join(__dirname, '..', '..');

/** Every file under `dir` whose name matches, as absolute paths. */
const filesUnder = (dir: string, ext: RegExp): string[] =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => ext.test(basename(f))).map((f) => join(dir, f));

const text = (files: string[]) => files.map((f) => readFileSync(f, 'utf8')).join('\n');
const words = (t: string) => new Set(t.match(/[A-Za-z_$][\w$]*/g));

/** Shapes that leave an execution or come from outside it: the API, the sidebar's replies, stored records. */
const SHAPES = [
  ...['src/api/schemas.ts', 'src/api/types.ts', 'src/server/contract.ts', 'src/main.ts'].map((f) => join(ROOT, f)),
  ...['src/records', 'src/shared', 'sidebar'].flatMap((d) => filesUnder(join(ROOT, d), /\.ts$/)),
];

/**
 * Names the stand-in, the simulator and the end-to-end tests read or write as properties (a field of a reply they
 * check, of a request they answer): their local names and their prose are not properties.
 */
function propertiesOutside(dirs = ['dev', 'test/e2e', 'test/dev', 'test/explore']): Set<string> {
  const t = text(dirs.flatMap((d) => filesUnder(join(ROOT, d), /\.ts$/)));
  return new Set([...t.matchAll(/\.\s*([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)\??\s*:/g)].map((m) => (m[1] || m[2])!));
}

/** The members a declaration file declares: `name:`, `name?:`, `name(`, `name<T>(`. */
const declared = (dts: string) => new Set([...dts.matchAll(/([A-Za-z_$][\w$]*)\??\s*(?:<[^<>()]*>)?\s*[(:]/g)].map((m) => m[1]!));

/** Objects the bundle does not make: Apps Script's, the language's, zod's. */
function foreignProperties(): Set<string> {
  const dts = text([
    ...filesUnder(join(ROOT, 'node_modules/@types/google-apps-script'), /\.d\.ts$/),
    ...filesUnder(join(ROOT, 'node_modules/typescript/lib'), /^lib\.es(5|20\d\d)(\.\w+)*\.d\.ts$/),
  ]);
  const zod = text(filesUnder(join(ROOT, 'node_modules/zod/v4'), /\.js$/));
  return new Set([...declared(dts), ...words(zod)]);
}

/** Names in the list that `pool` holds. */
const held = (pool: Set<string>, list: readonly string[] = INTERNAL_NAMES) => list.filter((n) => pool.has(n));
const quotedIn = (t: string) => new Set([...t.matchAll(/['"`]([A-Za-z_$][\w$]*)['"`]/g)].map((m) => m[1]!));
/** Names of the list the text still holds as a whole word. */
const leftIn = (t: string, list: readonly string[]) => list.filter((n) => new RegExp(`\\b${n}\\b`).test(t));

describe('scripts/internal-names', () => {
  it('should name nothing a shape read outside one execution holds (API, replies, records, sidebar)', () => {
    const inShapes = words(text(SHAPES));
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
    expect(held(quotedIn(text(filesUnder(join(ROOT, 'src'), /\.ts$/))))).toEqual([]);
  });

  it('should leave none of the names in the built server bundle, and match each whole name only', () => {
    expect(leftIn(readFileSync(join(ROOT, 'dist', 'Code.js'), 'utf8'), INTERNAL_NAMES)).toEqual([]);
    const re = namesPattern(INTERNAL_NAMES);
    expect(INTERNAL_NAMES.every((n) => re.test(n))).toBe(true);
    expect(['getLeads', 'xgetLead', 'byLeadId'].some((n) => re.test(n))).toBe(false);
  });
});

describe('scripts/internal-names › the sidebar', () => {
  const sidebarTs = () => filesUnder(join(ROOT, 'sidebar'), /\.ts$/);

  it('should name nothing the server code holds (its replies, and the rules the sidebar imports from it)', () => {
    const server = words(text(filesUnder(join(ROOT, 'src'), /\.ts$/)));
    expect(held(server, SIDEBAR_NAMES)).toEqual([]);
    expect(server.has('getProgress')).toBe(true);
  });

  it("should name no property of the page's DOM or the language's objects, and no word of its HTML or style", () => {
    const dom = text(['lib.dom.d.ts', 'lib.es5.d.ts', 'lib.es2020.d.ts'].map((f) => join(ROOT, 'node_modules/typescript/lib', f)));
    const props = declared(dom);
    const page = words(text([join(ROOT, 'sidebar/index.html'), ...filesUnder(join(ROOT, 'sidebar'), /\.css$/)]));
    expect(held(props, SIDEBAR_NAMES)).toEqual([]);
    expect(held(page, SIDEBAR_NAMES)).toEqual([]);
    expect(props.has('querySelector') && props.has('textContent')).toBe(true);
  });

  it('should name no property a test or the playground gives or reads, and nothing the sidebar reads by a string', () => {
    const outside = propertiesOutside(['test/sidebar', 'test/dev', 'dev']);
    expect(held(outside, SIDEBAR_NAMES)).toEqual([]);
    expect(outside.has('sidebarTiming')).toBe(true);
    expect(held(quotedIn(text(sidebarTs())), SIDEBAR_NAMES)).toEqual([]);
  });

  it("should leave none of the names in the built page's script", () => {
    expect(leftIn(readFileSync(join(ROOT, 'dist', 'Sidebar.html'), 'utf8'), SIDEBAR_NAMES)).toEqual([]);
  });
});
