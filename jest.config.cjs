/**
 * Jest: TypeScript through esbuild, tests under test/ mirroring src/. The end-to-end suite also runs under
 * each alternative reading of Apps Script (docs/rules.md#readings; dev/standin/readings.ts): one project per reading,
 * with the e2e files that reading can run (where the timer cannot run at all, those that do not need it).
 */
const base = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.tsx?$': '<rootDir>/scripts/jest-transform.cjs' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
};

const e2e = (...names) => names.map((n) => `<rootDir>/test/e2e/${n}.test.ts`);
/** Files that never rely on the timer firing: they hold under readings where it cannot. */
const WITHOUT_TIMER = e2e('push', 'extras');

const READINGS = {
  'triggers-unlisted': e2e(
    'lifecycle',
    'budgets',
    'trust',
    'push',
    'extras',
    'readings',
    'identity',
    'many-parts',
    'protected',
    'money-record',
    'limit',
    'register',
    'auto-mode',
  ),
  // The timer runs but writes no row: files where rows catch up once the sheet is open, or that need no timer.
  'no-document': [...WITHOUT_TIMER, ...e2e('timer', 'refusals', 'cache')],
  'test-deployment-throws': WITHOUT_TIMER,
  'test-deployment-silent': WITHOUT_TIMER,
  // The rest touch one service each: the files that lean on it.
  'published-hourly': e2e('timer', 'check-setup'),
  'timeout-360': e2e('readings', 'timer', 'check-setup'),
  'cache-evicts': e2e('many-parts', 'budgets', 'cache', 'truth', 'check-setup'),
  'quota-rolling': e2e('budgets', 'lifecycle', 'timer'),
};

module.exports = {
  testTimeout: 60000,
  projects: [
    { ...base, displayName: 'default', testMatch: ['**/*.test.ts'] },
    ...Object.entries(READINGS).map(([reading, files]) => ({
      ...base,
      displayName: `reading: ${reading}`,
      testMatch: files,
      globals: { STANDIN_READING: reading },
    })),
  ],
};
