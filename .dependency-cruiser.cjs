/** Import cycles are refused everywhere the add-on has code (src/, sidebar/, dev/), and src/server/'s folders keep their order (docs/architecture.md#pieces). */
module.exports = {
  forbidden: [
    {
      name: 'server-calls-on-top',
      severity: 'error',
      comment: 'src/server/calls/ holds what the sidebar and menu call; nothing else in the server builds on it (docs/architecture.md#pieces).',
      from: { path: '^src/server/', pathNot: '^src/server/calls/' },
      to: { path: '^src/server/calls/' },
    },
    {
      name: 'server-campaign-below',
      severity: 'error',
      comment: 'The parts record and campaign state sit below money and the timer: they import neither.',
      from: { path: '^src/server/campaign/' },
      to: { path: '^src/server/(money|timer)/' },
    },
    {
      name: 'server-plumbing-at-bottom',
      severity: 'error',
      comment: 'The files directly in src/server/ (contract, context, failure, settings, per-tab state) are what every capability shares.',
      from: { path: '^src/server/[^/]+[.]ts$' },
      to: { path: '^src/server/[^/]+/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle hides which module owns a rule; move the shared piece down a layer.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
