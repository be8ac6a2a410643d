/** Unit specs live beside their source; e2e specs boot the real app against PostgreSQL and Redis. */
const common = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
  moduleNameMapper: { '^src/(.*)$': '<rootDir>/src/$1', '^test/(.*)$': '<rootDir>/test/$1' },
  testEnvironment: 'node',
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/utils/global-setup.ts',
      testTimeout: 60000,
    },
  ],
};
