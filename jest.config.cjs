/** Jest: TypeScript through esbuild, tests under test/ mirroring src/. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.tsx?$': '<rootDir>/scripts/jest-transform.cjs' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
  testTimeout: 60000,
};
