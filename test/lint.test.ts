// The map of imports is enforced: dependency-cruiser refuses a module that imports from a layer above it, naming the
// rule, counts type-only imports, and the layer line of docs/architecture.md is the order its config holds; zod stays
// where replies are parsed, with safeParse alone.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { droppedMethods, installedZodMini } from '../scripts/zod-slim';

const ROOT = join(__dirname, '..');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the config is CommonJS, as dependency-cruiser reads it
const CONFIG = require('../.dependency-cruiser.cjs') as {
  forbidden: { name: string; from: { path?: string; pathNot?: string }; to: { path?: string; pathNot?: string } }[];
};

/** Probe files written beside the real ones (so the config's paths apply), cruised in one run; the rules each one broke. */
function cruise(probes: Record<string, string>): Record<string, string[]> {
  const files = Object.keys(probes);
  try {
    for (const f of files) {
      mkdirSync(dirname(join(ROOT, f)), { recursive: true });
      writeFileSync(join(ROOT, f), probes[f]!);
    }
    const run = spawnSync(process.execPath, [DEPCRUISE, ...files, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const out = JSON.parse(run.stdout) as { summary: { violations: { from: string; rule: { name: string } }[] } };
    return Object.fromEntries(files.map((f) => [f, out.summary.violations.filter((v) => v.from === f).map((v) => v.rule.name)]));
  } finally {
    for (const f of files) rmSync(join(ROOT, f), { force: true });
  }
}

/** Whether a layer rule of the config refuses an import from one file to another. */
function refused(from: string, to: string): boolean {
  const hit = (p: { path?: string; pathNot?: string }, f: string) => (!p.path || new RegExp(p.path).test(f)) && !(p.pathNot && new RegExp(p.pathNot).test(f));
  return CONFIG.forbidden.some((r) => r.name.startsWith('layer-') && hit(r.from, from) && hit(r.to, to));
}

/** Imports of zod from outside the reply schemas, their caller and their types. */
const ZOD_PROBES: [string, string][] = [
  ['src/push/zod-probe.ts', "import * as z from 'zod/mini';\nexport const s = z.string();\n"],
  ['src/api/zod-probe.ts', "import type * as z from 'zod/mini';\nexport type S = z.ZodMiniString;\n"],
];

describe('import map', () => {
  jest.setTimeout(120_000);
  const p = 'layer-probe';
  const upward: [string, string][] = [
    [`src/api/${p}.ts`, "import '../server/contract';\n"],
    [`src/core/${p}.ts`, "import type { ApiClient } from '../api/client';\nexport type A = ApiClient;\n"],
    [`src/sheet/${p}.ts`, "import '../push/push';\n"],
    [`src/register/${p}.ts`, "import '../push/push';\n"],
    [`src/sheet/${p}x.ts`, "import '../register/store';\n"],
    [`src/push/${p}.ts`, "import '../refresh/refresh';\n"],
    [`src/refresh/${p}.ts`, "import '../server/context';\n"],
    [`src/server/${p}.ts`, "import '../main';\n"],
    [`src/server/campaign/${p}.ts`, "import '../money/record';\n"],
    [`src/server/money/${p}.ts`, "import '../timer/run';\n"],
    [`src/server/${p}x.ts`, "import '../server/campaign/parts';\n"],
    [`sidebar/${p}.ts`, "import { refreshSheet } from '../src/refresh/refresh';\nexport const r = refreshSheet;\n"],
    [`src/shared/${p}.ts`, "import '../api/client';\n"],
    [`src/shared/${p}z.ts`, "import type { Lead } from '../api/types';\nexport type L = Lead;\n"],
    [`src/shared/${p}w.ts`, "import '../sheet/names';\n"],
    [`src/core/${p}x.ts`, "import '../../dev/sim/rng';\n"],
  ];
  const downward: [string, string][] = [
    [`src/server/${p}y.ts`, "import '../push/push';\nimport '../core/clock';\n"],
    [`src/refresh/${p}y.ts`, "import '../shared/links';\nimport '../register/store';\n"],
    [`src/api/${p}y.ts`, "import '../shared/people';\n"],
    [`src/server/timer/${p}y.ts`, "import '../money/record';\nimport '../campaign/parts';\n"],
    [`src/shared/${p}y.ts`, "import '../core/clock';\n"],
    [
      `sidebar/${p}y.ts`,
      "import { validatePerson } from '../src/shared/people';\nimport type { Reply } from '../src/server/contract';\nexport type R = Reply<object>;\nexport const v = validatePerson;\n",
    ],
  ];
  // zod's probes ride in the same run (one dependency-cruiser start, about 2 s).
  const found = cruise(Object.fromEntries([...upward, ...downward, ...ZOD_PROBES]));

  it.each(ZOD_PROBES)('should refuse zod outside the reply schemas, their caller and their types: %s', (file) => {
    expect(found[file]).toEqual(['zod-parses-replies-only']);
  });

  it.each(upward)('should refuse the upward or sideways import in %s, naming the rule', (file) => {
    expect(found[file]!.length).toBeGreaterThan(0);
  });

  it.each(downward)("should allow downward imports, the sidebar's shared modules and types in %s", (file) => {
    expect(found[file]).toEqual([]);
  });

  it('should hold the layer order docs/architecture.md states, from each layer to every one above it', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const line = /`(main → [^`]+)`/.exec(doc)?.[1];
    const layers = line!.split(' → ').map((l) => l.split(' | '));
    expect(layers.flat()).toEqual(expect.arrayContaining(['main', 'server', 'register', 'records', 'shared', 'core']));
    const fileOf = (l: string) => (l === 'main' ? 'src/main.ts' : `src/${l}/x.ts`);
    const wrong: string[] = [];
    layers.forEach((level, at) => {
      for (const l of level) {
        for (const up of [...layers.slice(0, at).flat(), ...level.filter((o) => o !== l)])
          if (!refused(fileOf(l), fileOf(up))) wrong.push(`${l} → ${up} allowed`);
        for (const down of layers.slice(at + 1).flat()) if (refused(fileOf(l), fileOf(down))) wrong.push(`${l} → ${down} refused`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it('should name every folder of src/ in the layer line', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const named = /`(main → [^`]+)`/.exec(doc)![1]!.split(/ → | \| /);
    const folders = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => !named.includes(f))).toEqual([]);
  });
});

describe('zod', () => {
  jest.setTimeout(120_000);
  /** The messages ESLint gives each text as if it were its file, in one run (ESLint's config is a module jest cannot load). */
  const lint = (texts: [file: string, code: string][]): string[][] => {
    const script = `import { ESLint } from 'eslint';
      const eslint = new ESLint();
      const out = [];
      for (const [filePath, code] of JSON.parse(process.argv[1])) out.push((await eslint.lintText(code, { filePath }))[0].messages.map((m) => m.message));
      process.stdout.write(JSON.stringify(out));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(texts)], { cwd: ROOT, encoding: 'utf8' });
    return JSON.parse(run.stdout) as string[][];
  };

  it('should refuse every schema method the bundle leaves out, and allow safeParse and JSON.parse', () => {
    // The methods as this zod declares them: a zod that adds one fails here until the rule names it.
    const dropped = droppedMethods(installedZodMini());
    const [refused, allowed] = lint([
      ['src/api/schemas.ts', `export const f = (s: any, t: string) => [${dropped.map((m) => `s.${m}(t)`).join(', ')}];\n`],
      ['src/api/caller.ts', 'export const f = (s: any, t: string) => [s.safeParse(JSON.parse(t)), Date.parse(t)];\n'],
    ]);
    expect(refused).toEqual(dropped.map(() => expect.stringMatching(/safeParse alone/)));
    expect(allowed).toEqual([]);
  });
});

describe('the sidebar’s types', () => {
  // docs/architecture.md#one-home-per-rule: the sidebar takes the server's reply types, it never declares its own copy.
  it('should write out no interface or object type under a name the server’s contract or the API types export', () => {
    const exported = (file: string) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]!);
    const server = new Set([...exported('src/server/contract.ts'), ...exported('src/api/types.ts')]);
    const copies = readdirSync(join(ROOT, 'sidebar'))
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        // A type derived from the server's (`type Estimate = Omit<…>`) is no copy; one written out is.
        [...readFileSync(join(ROOT, 'sidebar', f), 'utf8').matchAll(/^(?:export )?(?:interface (\w+)|type (\w+)(?:<[^=]*>)? = \{)/gm)]
          .map((m) => (m[1] ?? m[2])!)
          .filter((n) => server.has(n))
          .map((n) => `sidebar/${f}: ${n}`),
      );
    expect(copies).toEqual([]);
  });
});
