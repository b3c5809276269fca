/**
 * Jest: TypeScript through esbuild, tests under test/ mirroring src/. The end-to-end suite also runs under
 * each alternative reading of Apps Script (docs/rules.md#readings; dev/standin/readings.ts): one project per reading.
 * Each end-to-end file names the readings it is not run under on a line `// @not-under a, b (why)`, and the projects
 * are derived from those lines: a reading runs every end-to-end file that does not name it.
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const base = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.tsx?$': '<rootDir>/scripts/jest-transform.cjs' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
};

/** The readings the end-to-end files run under besides the default (names of NAMED_READINGS in dev/standin/readings.ts). */
const READINGS = [
  // Listing does not change what runs: every file but those that set their own readings or measure cost at scale.
  'triggers-unlisted',
  // The timer runs but writes no row: files where rows catch up once the sheet is open, or that need no timer.
  'no-document',
  // The timer cannot run at all: the files that never rely on it firing.
  'test-deployment-throws',
  'test-deployment-silent',
  // The rest touch one service each: the files that lean on it.
  'published-hourly',
  'timeout-360',
  'cache-evicts',
  'quota-rolling',
  // Sheets calls cost time: the files where run time, lock hold time and trigger minutes add up, and the explorer.
  'sheets-metered',
  // The smaller limit of a property: the files that store the most, and the explorer.
  'property-key-and-value',
];

/** Every end-to-end and explorer file, with the readings its `@not-under` line names. */
function e2eFiles() {
  return ['e2e', 'explore'].flatMap((folder) => {
    const dir = join(__dirname, 'test', folder);
    return readdirSync(dir, { recursive: true })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => {
        const line = /^\/\/ @not-under ([a-z0-9, -]+)/m.exec(readFileSync(join(dir, f), 'utf8'));
        const skips = line
          ? line[1]
              .split(',')
              .map((r) => r.trim())
              .filter(Boolean)
          : [];
        const unknown = skips.filter((r) => !READINGS.includes(r));
        if (unknown.length) throw new Error(`test/${folder}/${f}: @not-under names no reading of jest.config.cjs: ${unknown.join(', ')}`);
        return { path: `<rootDir>/test/${folder}/${f.split('\\').join('/')}`, skips };
      });
  });
}

const files = e2eFiles();

module.exports = {
  testTimeout: 60000,
  // Jest's default leaves a core idle (cores - 1: one worker on a 2-core machine); a worker per core is what two cores
  // can run (the browser files spend part of their time waiting on Chromium).
  // A worker and a half per core was tried: the heaviest files (the timer's bounded runs) then pass their minute and
  // the run falls apart, so one a core it stays.
  maxWorkers: '100%',
  // A simulator child starts from one script built for the run (docs/architecture.md#tests).
  globalSetup: '<rootDir>/scripts/jest-global.cjs',
  // Without jest's timings of a last run, the end-to-end and browser files first (docs/architecture.md#tests).
  testSequencer: '<rootDir>/scripts/jest-sequencer.cjs',
  projects: [
    { ...base, displayName: 'default', testMatch: ['**/*.test.ts'] },
    ...READINGS.map((reading) => ({
      ...base,
      displayName: `reading: ${reading}`,
      testMatch: files.filter((f) => !f.skips.includes(reading)).map((f) => f.path),
      globals: { STANDIN_READING: reading },
    })),
  ],
};
