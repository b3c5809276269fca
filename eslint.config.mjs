// Lint: typescript-eslint's recommended rules with unused code as errors. Which module may import which is
// dependency-cruiser's (.dependency-cruiser.cjs, docs/architecture.md#pieces): one map of the layers.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  // The server bundle's zod/mini keeps safeParse alone (scripts/zod-slim.ts): a schema's other methods are not there.
  {
    files: ['src/api/schemas.ts', 'src/api/caller.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(parse|parseAsync|safeParseAsync|check|with|clone|brand|register|apply)$/]:not([object.name=/^(JSON|Date)$/])',
          message: 'A reply is parsed by safeParse alone: the bundle has no other schema method (scripts/zod-slim.ts).',
        },
      ],
    },
  },
  // A function longer than a screen hides its steps; one that must be longer says why in a disable comment.
  { files: ['src/**/*.ts', 'sidebar/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] } },
);
