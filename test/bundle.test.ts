// The built server bundle as Apps Script will run it: ES2019 syntax only, no globals Apps Script's V8
// lacks, one top-level function per entry point, the manifest, and no service touched at load time.
import { parse, type Node } from 'acorn';
import * as walk from 'acorn-walk';
import { build } from 'esbuild';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vm from 'node:vm';
import { AppsScriptStandin } from '../dev/standin';
import { SIZES_FILE, withUrlFetchWhitelist } from '../scripts/build';
import { BUDGETS, kb, type Part } from '../scripts/sizes';
import type * as main from '../src/main';
import type { ServerFunctions } from '../src/server/contract';

/** The compiler holds src/main.ts's entry points to the contract the sidebar is built against (docs/architecture.md#server-functions). */
type ContractHeld<T extends ServerFunctions> = T;
export type EntryPoints = ContractHeld<Pick<typeof main, keyof ServerFunctions>>;

const ROOT = join(__dirname, '..');
const DIST = join(ROOT, 'dist');

/** Globals of browsers or Node that Apps Script's V8 does not have. */
const MISSING_GLOBALS = new Set([
  'fetch',
  'URL',
  'URLSearchParams',
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'setImmediate',
  'queueMicrotask',
  'atob',
  'btoa',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'require',
  'process',
  'Buffer',
  'module',
  'exports',
  '__dirname',
  '__filename',
  'window',
  'document',
  'self',
  'global',
  'navigator',
  'XMLHttpRequest',
  'Headers',
  'Request',
  'Response',
  'AbortController',
  'Blob',
  'FormData',
  'performance',
]);
/** Objects whose properties are globals: globalThis.fetch is as missing as fetch. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'window', 'global']);
const REQUIRED_ENTRY_POINTS = ['onOpen', 'onInstall', 'showSidebar', 'onRefreshTimer', 'getSidebarState', 'addSelectedRows'];

type Loose = Node & Record<string, unknown>;

const isNode = (v: unknown): v is Loose => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function patternNames(p: unknown): string[] {
  if (!isNode(p)) return [];
  switch (p.type) {
    case 'Identifier':
      return [p.name as string];
    case 'ObjectPattern':
      return (p.properties as Loose[]).flatMap((q) => patternNames(q.type === 'RestElement' ? q.argument : q.value));
    case 'ArrayPattern':
      return (p.elements as unknown[]).flatMap(patternNames);
    case 'AssignmentPattern':
      return patternNames(p.left);
    case 'RestElement':
      return patternNames(p.argument);
    default:
      return [];
  }
}

/** Names a statement list declares with let, const, class or function. */
function lexicalNames(stmts: unknown[]): string[] {
  return stmts.filter(isNode).flatMap((s) => {
    if (s.type === 'VariableDeclaration' && s.kind !== 'var') return (s.declarations as Loose[]).flatMap((d) => patternNames(d.id));
    if ((s.type === 'ClassDeclaration' || s.type === 'FunctionDeclaration') && isNode(s.id)) return [s.id.name as string];
    return [];
  });
}

/** Names hoisted to a function or the program: var declarations and function declarations, not inside nested functions. */
function hoistedNames(root: unknown): string[] {
  const out: string[] = [];
  const visit = (n: unknown, top: boolean): void => {
    if (Array.isArray(n)) return n.forEach((x) => visit(x, false));
    if (!isNode(n)) return;
    if (!top && FUNCTION_TYPES.has(n.type)) {
      if (n.type === 'FunctionDeclaration' && isNode(n.id)) out.push(n.id.name as string);
      return;
    }
    if (n.type === 'VariableDeclaration' && n.kind === 'var') out.push(...(n.declarations as Loose[]).flatMap((d) => patternNames(d.id)));
    for (const [k, v] of Object.entries(n)) if (k !== 'type') visit(v, false);
  };
  visit(root, true);
  return out;
}

const scopeCache = new WeakMap<Node, Set<string>>();

/** The names a node declares for the code inside it (empty for nodes that are not scopes). */
function declaredIn(n: Loose): Set<string> {
  let names = scopeCache.get(n);
  if (names) return names;
  const list: string[] = [];
  switch (n.type) {
    case 'Program':
      list.push(...hoistedNames(n.body), ...lexicalNames(n.body as unknown[]));
      break;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      list.push(...(n.params as unknown[]).flatMap(patternNames), ...hoistedNames(n.body), 'arguments');
      if (n.type === 'FunctionExpression' && isNode(n.id)) list.push(n.id.name as string);
      break;
    case 'BlockStatement':
      list.push(...lexicalNames(n.body as unknown[]));
      break;
    case 'SwitchStatement':
      list.push(...lexicalNames((n.cases as Loose[]).flatMap((c) => c.consequent as unknown[])));
      break;
    case 'ForStatement':
      list.push(...lexicalNames([n.init]));
      break;
    case 'ForInStatement':
    case 'ForOfStatement':
      list.push(...lexicalNames([n.left]));
      break;
    case 'CatchClause':
      list.push(...patternNames(n.param));
      break;
    case 'ClassDeclaration':
    case 'ClassExpression':
      if (isNode(n.id)) list.push(n.id.name as string);
      break;
  }
  names = new Set(list);
  scopeCache.set(n, names);
  return names;
}

const isFree = (name: string, ancestors: Node[]) => !ancestors.slice(0, -1).some((a) => declaredIn(a as Loose).has(name));

/** Parses as ES2019 (throws on newer syntax) and lists uses of globals Apps Script lacks. */
function checkBundle(source: string): { missingGlobals: string[]; topLevelFunctions: string[] } {
  const ast = parse(source, { ecmaVersion: 2019, sourceType: 'script' });
  const found = new Set<string>();
  walk.ancestor(ast, {
    Identifier(node, _state, ancestors) {
      const name = (node as unknown as { name: string }).name;
      if (MISSING_GLOBALS.has(name) && isFree(name, ancestors)) found.add(name);
    },
    MemberExpression(node, _state, ancestors) {
      const m = node as unknown as { object: Loose; property: Loose; computed: boolean };
      if (m.object.type !== 'Identifier' || !GLOBAL_OBJECTS.has(m.object.name as string) || !isFree(m.object.name as string, [...ancestors, m.object])) return;
      const prop = m.computed ? (m.property.type === 'Literal' ? m.property.value : undefined) : m.property.name;
      if (typeof prop === 'string' && MISSING_GLOBALS.has(prop)) found.add(`${m.object.name as string}.${prop}`);
    },
  });
  const body = (ast as unknown as { body: Loose[] }).body;
  const topLevelFunctions = body.filter((s) => s.type === 'FunctionDeclaration' && isNode(s.id)).map((s) => (s.id as Loose).name as string);
  return { missingGlobals: [...found].sort(), topLevelFunctions };
}

async function entryExports(): Promise<string[]> {
  const r = await build({
    entryPoints: [join(ROOT, 'src', 'main.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    metafile: true,
    outdir: 'out',
    logLevel: 'silent',
  });
  const out = Object.values(r.metafile.outputs).find((o) => o.entryPoint);
  return [...(out?.exports ?? [])].sort();
}

describe('bundle checker', () => {
  it('should reject syntax newer than ES2019, private fields and static class fields', () => {
    for (const src of ['a?.b;', 'a ?? b;', 'class A { #x = 1; }', 'class A { static y = 1; }', 'class A { x = 1; }', '1_000;']) {
      expect(() => checkBundle(src)).toThrow();
    }
    expect(() => checkBundle('class A { static m() { return 1; } } async function f() { for await (const x of y) {} }')).not.toThrow();
  });

  it('should find missing globals used as free identifiers or through globalThis', () => {
    expect(checkBundle('fetch(u); new URL(x); setTimeout(f, 1); var b = { btoa };').missingGlobals).toEqual(['URL', 'btoa', 'fetch', 'setTimeout']);
    expect(checkBundle('globalThis.fetch(u); globalThis["atob"](s); self.x;').missingGlobals).toEqual(['globalThis.atob', 'globalThis.fetch', 'self']);
  });

  it('should ignore declared names, properties and keys', () => {
    const src = `
      function f(fetch) { return fetch(1); }
      var g = function URL() { return URL; };
      function h() { var process = 1; { let atob = 2; atob; } return process; }
      try { x(); } catch (require) { require; }
      for (const setTimeout of list) setTimeout();
      var o = { fetch: 1, URL: 2 }; o.fetch; o.URL; x.process.env;
      class C { fetch() { return this.fetch; } }
      var globalThis2 = { fetch: 1 }; globalThis2.fetch;
      var TextEncoder = 1; TextEncoder;`;
    expect(checkBundle(src).missingGlobals).toEqual([]);
    expect(checkBundle('function f() { { let atob = 1; } return atob; }').missingGlobals).toEqual(['atob']);
  });

  it('should list top-level function declarations only', () => {
    expect(checkBundle('function a() {} var b = function () {}; (function c() {}); function d() { function e() {} }').topLevelFunctions).toEqual(['a', 'd']);
  });
});

describe('dist/Code.js', () => {
  const source = () => readFileSync(join(DIST, 'Code.js'), 'utf8');

  it('should parse as ES2019 and use no global Apps Script lacks', () => {
    expect(checkBundle(source()).missingGlobals).toEqual([]);
  });

  // "KB" read as 1,000 bytes, the stricter of its two readings (scripts/sizes.ts).
  it('should stay within the bundle budgets: Code.js 150 KB, Sidebar.html 60 KB (docs/rules.md#budgets)', () => {
    expect(Buffer.byteLength(source(), 'utf8')).toBeLessThanOrEqual(BUDGETS['dist/Code.js'].limit);
    expect(readFileSync(join(DIST, 'Sidebar.html')).length).toBeLessThanOrEqual(BUDGETS['dist/Sidebar.html'].limit);
  });

  // The reserves are short of 5 KB and 10% (docs/rules.md#budgets): what is won is kept out of the parts' budgets.
  it('should keep each part within its budget, and the budgets with their reserve within each limit', () => {
    // The parts as the build that made dist/ measured them: that build's bytes are the files' own.
    const measured = JSON.parse(readFileSync(join(DIST, SIZES_FILE), 'utf8')) as { bytes: Record<string, number>; parts: Part[] };
    expect(measured.bytes).toEqual({ 'dist/Code.js': statSync(join(DIST, 'Code.js')).size, 'dist/Sidebar.html': statSync(join(DIST, 'Sidebar.html')).size });
    const of = (file: string) => measured.parts.filter((p) => p.file === file);
    const server = { parts: of('dist/Code.js'), bytes: measured.bytes['dist/Code.js']! };
    const sidebar = { parts: of('dist/Sidebar.html'), bytes: measured.bytes['dist/Sidebar.html']! };
    const parts = [...server.parts, ...sidebar.parts].filter((p) => p.budget !== undefined);
    expect(parts.map((p) => p.part)).toEqual(['server code', 'vendor (zod)', 'script', 'style', 'page']);
    expect(parts.filter((p) => p.bytes > p.budget!).map((p) => `${p.file} ${p.part}: ${kb(p.bytes)} of ${kb(p.budget!)}`)).toEqual([]);
    for (const f of Object.values(BUDGETS)) {
      expect(Object.values(f.parts).reduce((a: number, b: number) => a + b, f.reserve)).toBeLessThanOrEqual(f.limit);
      expect(f.reserve).toBeGreaterThan(0);
    }
    expect(server.parts.reduce((a, p) => a + p.bytes, 0)).toBe(server.bytes);
    expect(sidebar.parts.filter((p) => p.budget !== undefined).reduce((a, p) => a + p.bytes, 0)).toBe(sidebar.bytes);
  });

  it('should declare every entry point of src/main.ts as a top-level function', async () => {
    const exports = await entryExports();
    const declared = checkBundle(source()).topLevelFunctions;
    expect(exports).toEqual(expect.arrayContaining(REQUIRED_ENTRY_POINTS));
    expect(exports.filter((name) => !declared.includes(name))).toEqual([]);
  });

  it('should call no Apps Script service while loading', () => {
    const gas = new AppsScriptStandin({ bundlePath: join(DIST, 'Code.js'), sidebarHtml: '' });
    expect(gas.loadCalls).toEqual([]);
  });

  // Apps Script runs the top level at every execution, a one-second poll of the sidebar included (docs/api.md#replies).
  it('should build no schema of a reply while loading: only the four shared field schemas', () => {
    const context = vm.createContext({});
    vm.runInContext(
      `(() => { const define = Object.defineProperty; globalThis.built = 0;
        Object.defineProperty = function (o, k, d) { if (k === '_zod') globalThis.built++; return define.call(this, o, k, d); }; })()`,
      context,
    );
    vm.runInContext(source(), context);
    // str, num, nullable(string) (two) and optional(nullable): the fields every reply schema shares.
    expect(vm.runInContext('built', context)).toBe(5);
  });

  it('should build its menu in AuthMode.NONE with items that call top-level functions', () => {
    const gas = new AppsScriptStandin({ bundlePath: join(DIST, 'Code.js'), sidebarHtml: '' });
    gas.open({ authMode: 'NONE' });
    const items = gas.ui.menus.flatMap((m) => m.items).filter((i): i is { caption: string; functionName: string } => 'caption' in i);
    expect(gas.ui.menus.map((m) => m.addon)).toEqual([true]);
    expect(items.map((i) => i.caption)).toEqual(['Open sidebar', 'Refresh video status now', 'Check setup']);
    const declared = checkBundle(source()).topLevelFunctions;
    expect(items.filter((i) => !declared.includes(i.functionName))).toEqual([]);
  });
});

describe('dist/appsscript.json', () => {
  it('should run on V8 in UTC with exactly the four scopes of appsscript.json', () => {
    const dist = JSON.parse(readFileSync(join(DIST, 'appsscript.json'), 'utf8')) as { runtimeVersion?: string; timeZone?: string; oauthScopes?: string[] };
    const source = JSON.parse(readFileSync(join(ROOT, 'appsscript.json'), 'utf8')) as { oauthScopes?: string[] };
    expect(dist.runtimeVersion).toBe('V8');
    expect(dist.timeZone).toBe('Etc/UTC');
    expect(source.oauthScopes).toHaveLength(4);
    expect([...(dist.oauthScopes ?? [])].sort()).toEqual([...(source.oauthScopes ?? [])].sort());
  });
});

describe('withUrlFetchWhitelist', () => {
  it('should add the listed https prefixes for a published add-on', () => {
    expect(withUrlFetchWhitelist({ a: 1 }, 'https://api.example.com/, https://x.example.com/api/v1/')).toEqual({
      a: 1,
      urlFetchWhitelist: ['https://api.example.com/', 'https://x.example.com/api/v1/'],
    });
  });

  it('should leave the manifest alone without a list', () => {
    expect(withUrlFetchWhitelist({ a: 1 }, undefined)).toEqual({ a: 1 });
    expect(withUrlFetchWhitelist({ a: 1 }, ' ')).toEqual({ a: 1 });
  });

  it('should refuse a prefix Apps Script would refuse', () => {
    expect(() => withUrlFetchWhitelist({}, 'http://api.example.com/')).toThrow(/https/);
    expect(() => withUrlFetchWhitelist({}, 'https://api.example.com')).toThrow(/have a path/);
  });
});
