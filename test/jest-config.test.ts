// The reading projects of jest.config.cjs come from the `@not-under` line of each end-to-end and explorer file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Jest's config is CommonJS
const config = require('../jest.config.cjs') as {
  maxWorkers?: string;
  projects: { displayName: string; testMatch: string[]; globals?: { STANDIN_READING: string } }[];
};
const { NAMED_READINGS } = jest.requireActual<typeof import('../dev/standin/readings')>('../dev/standin/readings');

const runFiles = ['e2e', 'explore'].flatMap((folder) =>
  (readdirSync(join(ROOT, 'test', folder), { recursive: true }) as string[]).filter((f) => f.endsWith('.test.ts')).map((f) => `<rootDir>/test/${folder}/${f}`),
);
const readings = config.projects.filter((p) => p.globals);

describe('jest.config.cjs', () => {
  it('should run a worker per core: Jest’s default leaves one of two cores idle', () => {
    expect(config.maxWorkers).toBe('100%');
  });

  it('should run a project for every named reading of the stand-in', () => {
    expect(readings.map((p) => p.globals!.STANDIN_READING).sort()).toEqual(
      Object.keys(NAMED_READINGS)
        .filter((r) => r !== 'default')
        .sort(),
    );
  });

  it('should give every reading some end-to-end files, and only files that exist', () => {
    for (const p of readings) {
      expect(p.testMatch.length).toBeGreaterThan(0);
      expect(p.testMatch.filter((m) => !runFiles.includes(m))).toEqual([]);
    }
  });

  it('should run a file under each reading its @not-under line does not name', () => {
    const under = (file: string) => readings.filter((p) => p.testMatch.includes(`<rootDir>/test/e2e/${file}`)).map((p) => p.globals!.STANDIN_READING);
    expect(under('push/send.test.ts')).not.toContain('published-hourly');
    expect(under('push/send.test.ts')).toContain('no-document');
    expect(under('timer/hard-cases.test.ts')).toEqual(expect.arrayContaining(['published-hourly', 'no-document', 'timeout-360', 'quota-rolling']));
  });
});
