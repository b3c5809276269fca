/**
 * The one map of imports (docs/architecture.md#pieces), checked by `npm run lint` over src/, sidebar/, dev/, bench/ and
 * scripts/: the layers of src/, the order inside src/server/, what the sidebar may take from src/, and no import cycle.
 * Type-only imports count like any other.
 */

/** Layers of src/ from the top; each may import only the ones after it (`|`: side by side, neither imports the other). */
const LAYERS = ['main', 'server', 'push|refresh', 'register', 'sheet', 'records', 'api', 'shared', 'core'];

/** Inside src/server/, from the top: the folders and then the files directly in it, which every capability shares. */
const SERVER = ['calls', 'timer', 'money', 'campaign', '*.ts'];

/** Imports that break the map today and are left to the move that fixes them, each named with its reason. */
const KNOWN_EXCEPTIONS = [
  // Generate and Preview switch the timer on. The timer's memory is a record now (src/records/timer-record.ts); installing
  // the trigger, which needs the tab's state and the permission sentences, stays the timer's, above money.
  { from: '^src/server/money/actions[.]ts$', to: '^src/server/timer/timer[.]ts$' },
];

/** The path pattern of a layer: src/main.ts, or a folder of src/. */
const layerPath = (l) => (l === 'main' ? '^src/main[.]ts$' : `^src/${l}/`);
const serverPath = (s) => (s === '*.ts' ? '^src/server/[^/]+[.]ts$' : `^src/server/${s}/`);

/** One rule per level of an order: nothing at it imports a level above it or a peer beside it. */
function orderRules(kind, levels, pathOf) {
  return levels.flatMap((level, at) =>
    level.split('|').map((name) => {
      const above = [...levels.slice(0, at).flatMap((l) => l.split('|')), ...level.split('|').filter((p) => p !== name)];
      if (above.length === 0) return null;
      const exceptions = KNOWN_EXCEPTIONS.filter((e) => new RegExp(pathOf(name)).test(e.from.replace(/^\^|\$$|\[|\]/g, '')));
      return {
        name: `${kind}-${name.replace('*.ts', 'files')}`,
        severity: 'error',
        comment: `${kind} order ${levels.join(' → ')} (docs/architecture.md#pieces): ${name} may not import ${above.join(', ')}.`,
        from: { path: pathOf(name) },
        to: { path: above.map(pathOf).join('|') },
        ...(exceptions.length ? { _exceptions: exceptions } : {}),
      };
    }),
  );
}

/** dependency-cruiser has no per-pair exception: a rule with some is split so the named pairs pass. */
function withExceptions(rule) {
  const { _exceptions: exceptions, ...plain } = rule;
  if (!exceptions) return [plain];
  const named = exceptions.map((e) => e.from).join('|');
  return [
    { ...plain, from: { path: plain.from.path, pathNot: named } },
    ...exceptions.map((e, i) => ({ ...plain, name: `${plain.name}-except-${i + 1}`, from: { path: e.from }, to: { path: plain.to.path, pathNot: e.to } })),
  ];
}

module.exports = {
  forbidden: [
    ...orderRules('layer', LAYERS, layerPath).filter(Boolean).flatMap(withExceptions),
    ...orderRules('server', SERVER, serverPath).filter(Boolean).flatMap(withExceptions),
    {
      name: 'sidebar-shares-only',
      severity: 'error',
      comment:
        'The sidebar runs in the browser: from src/ it runs only src/shared/ (the code both sides run: plain functions over plain values); the rest it imports as types.',
      from: { path: '^sidebar/' },
      to: { path: '^src/', pathNot: '^src/shared/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'src-stands-alone',
      severity: 'error',
      comment: 'The add-on ships only src/: it imports nothing from the sidebar, the dev tools, the bench, the scripts or the tests.',
      from: { path: '^src/' },
      to: { path: '^(sidebar|dev|bench|scripts|test)/' },
    },
    {
      name: 'sidebar-and-dev-apart',
      severity: 'error',
      comment: 'The sidebar ships; the dev tools, the bench and the scripts do not, so the sidebar imports none of them.',
      from: { path: '^sidebar/' },
      to: { path: '^(dev|bench|scripts|test)/' },
    },
    {
      name: 'zod-parses-replies-only',
      severity: 'error',
      comment:
        "The server bundle's zod/mini keeps safeParse alone (scripts/zod-slim.ts): only the reply schemas, the caller that parses with them and the types inferred from them touch zod.",
      from: { path: '^(src|sidebar)/', pathNot: '^src/api/(schemas|caller|types)\\.ts$' },
      to: { path: 'node_modules/zod/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle hides which module owns a rule; move the shared piece down a layer.',
      // Type imports count too (tsPreCompilationDeps): none anywhere.
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
