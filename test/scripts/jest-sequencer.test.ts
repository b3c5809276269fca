// The order of test files: with no timings of a last run, the end-to-end and browser files first.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the sequencer is CommonJS, as Jest loads it
const HeavyFirst = require('../../scripts/jest-sequencer.cjs') as new (o: object) => { sort(tests: FakeTest[]): FakeTest[] };

interface FakeTest {
  path: string;
  duration?: number;
  context: { config: { cache: boolean; id: string; rootDir: string }; hasteFS: { getSize(p: string): number } };
}

/** Test files of one project with no cache (a fresh clone): jest's own sort would take them by size alone. */
function files(sizes: Record<string, number>): FakeTest[] {
  const context = { config: { cache: false, id: 'default', rootDir: '/repo' }, hasteFS: { getSize: (p: string) => sizes[p] ?? 0 } };
  return Object.keys(sizes).map((path) => ({ path, context }));
}

describe('jest-sequencer', () => {
  it('should run untimed end-to-end, explorer and browser files before larger untimed unit files', () => {
    const tests = files({
      '/repo/test/api/client.test.ts': 22_000,
      '/repo/test/e2e/refresh/export-scale.test.ts': 6_000,
      '/repo/test/explore/explore.test.ts': 3_000,
      '/repo/test/sidebar/truth.test.ts': 29_000,
      '/repo/test/dev/playground/journey.test.ts': 27_000,
      '/repo/test/dev/sim/service.test.ts': 29_500,
    });
    expect(new HeavyFirst({}).sort(tests).map((t) => t.path.replace('/repo/test/', ''))).toEqual([
      'sidebar/truth.test.ts',
      'dev/playground/journey.test.ts',
      'e2e/refresh/export-scale.test.ts',
      'explore/explore.test.ts',
      'dev/sim/service.test.ts',
      'api/client.test.ts',
    ]);
  });

  it('should be the jest config’s sequencer', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- Jest's config is CommonJS
    expect((require('../../jest.config.cjs') as { testSequencer: string }).testSequencer).toBe('<rootDir>/scripts/jest-sequencer.cjs');
  });
});
