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
const WITHOUT_TIMER = e2e('push/send', 'push/problem-rows', 'push/follow-up', 'money/record');

const EXPLORER = '<rootDir>/test/explore/explore.test.ts';

const READINGS = {
  // Listing does not change what runs: every file but those that set their own readings or measure cost at scale.
  'triggers-unlisted': e2e(
    ...['push/send', 'push/problem-rows', 'push/follow-up', 'register/identity', 'register/edits'],
    ...['refresh/links', 'refresh/cost', 'refresh/export'],
    ...['money/generate', 'money/stop', 'money/estimate', 'money/record', 'money/refunds', 'money/limit'],
    ...['timer/runs', 'timer/triggers', 'timer/auto-mode', 'sidebar/state', 'sidebar/connection', 'sidebar/pacing'],
  ),
  // The timer runs but writes no row: files where rows catch up once the sheet is open, or that need no timer.
  'no-document': [...WITHOUT_TIMER, ...e2e('timer/hard-cases', 'money/refusals', 'sidebar/pacing')],
  'test-deployment-throws': WITHOUT_TIMER,
  'test-deployment-silent': WITHOUT_TIMER,
  // The rest touch one service each: the files that lean on it.
  'published-hourly': e2e('timer/hard-cases', 'sidebar/check-setup'),
  'timeout-360': e2e('timer/hard-cases', 'timer/runs', 'timer/triggers', 'sidebar/check-setup', 'sidebar/connection'),
  'cache-evicts': e2e(
    ...['push/send', 'refresh/links', 'refresh/cost', 'refresh/export', 'money/generate', 'money/stop', 'money/refunds'],
    ...['timer/runs', 'timer/triggers', 'sidebar/state', 'sidebar/connection', 'sidebar/pacing', 'sidebar/check-setup'],
  ),
  'quota-rolling': e2e(
    ...['push/send', 'refresh/links', 'refresh/cost', 'refresh/export', 'money/generate', 'money/stop'],
    ...['timer/hard-cases', 'timer/runs', 'timer/triggers', 'sidebar/state'],
  ),
  // Sheets calls cost time: the files where run time, lock hold time and trigger minutes add up, and the explorer.
  'sheets-metered': [
    ...e2e('push/send', 'push/per-row', 'push/cost', 'money/generate', 'money/stop', 'refresh/links', 'refresh/cost'),
    ...e2e('timer/runs', 'timer/auto-mode', 'timer/hard-cases', 'register/cost'),
    EXPLORER,
  ],
  // The smaller limit of a property: the files that store the most, and the explorer.
  'property-key-and-value': [
    ...e2e('push/send', 'register/identity', 'register/cost', 'money/record', 'money/limit', 'money/refunds'),
    ...e2e('timer/runs', 'timer/auto-mode', 'refresh/cost', 'refresh/export'),
    EXPLORER,
  ],
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
