// Lint: typescript-eslint's recommended rules with unused code as errors, and the layer order of
// README › Architecture: a module may import only from the layers below it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Layers from the top; each may import only the ones after it (push and refresh sit side by side). */
const LAYERS = ['main', 'server', 'push|refresh', 'sheet', 'rules', 'api', 'core'];

/** Pure modules of src/ that the sidebar shares with the server, so both check a row the same way. */
const SIDEBAR_SHARED = [
  'api/people',
  'api/types',
  'sheet/headers',
  'sheet/output-headers',
  'sheet/cells',
  'push/row-person',
  'core/text-limits',
  'core/limit-rule',
  'rules/unknown-outcome',
  'rules/may-render',
  'rules/links',
];

/** For a folder of src/, the sibling folders it must not import: its own layer's peers and every layer above. */
function forbiddenFor(layer) {
  const at = LAYERS.findIndex((l) => l.split('|').includes(layer));
  const above = LAYERS.slice(0, at).flatMap((l) => l.split('|'));
  const peers = LAYERS[at].split('|').filter((l) => l !== layer);
  return [...above, ...peers];
}

function layerRule(layer) {
  const forbidden = forbiddenFor(layer);
  return {
    files: [`src/${layer}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((f) => ({
            // Up to three folders deep (src/server/calls/x.ts reaches src/ by ../../).
            group: ['../', '../../', '../../../'].map((up) => (f === 'main' ? `${up}main` : `${up}${f}/*`)),
            message: `Layer order (README › Architecture): src/${layer} may not import src/${f}; only ${LAYERS.slice(LAYERS.findIndex((l) => l.split('|').includes(layer)) + 1).join(', ')}.`,
          })),
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'dev/playground/client/**/*.js', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // A function longer than a screen hides its steps; one that must be longer says why in a disable comment.
  { files: ['src/**/*.ts', 'sidebar/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] } },
  ...['server', 'push', 'refresh', 'sheet', 'api', 'core'].map(layerRule),
  {
    // src/rules: one home per rule the server and the sidebar share (docs/rules.md). Pure: plain functions
    // over plain values, so from below it takes only the API's types and core.
    files: ['src/rules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!(api/types|core/[a-z-]+|rules/[a-z-]+)$)',
              message: 'src/rules is pure: it may import only api/types, core and other rules (README › Architecture).',
            },
          ],
        },
      ],
    },
  },
  {
    // The sidebar runs in the browser: from src/ it may take only the pure modules shared with the
    // server (the person vocabulary, header detection, a row as a person), and types.
    files: ['sidebar/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./src/(?!(${SIDEBAR_SHARED.join('|')})$)`,
              allowTypeImports: true,
              message: `The sidebar may import from src/ only ${SIDEBAR_SHARED.join(', ')} (the code shared with the server), and types (import type).`,
            },
          ],
        },
      ],
    },
  },
);
