import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // API suites hash passwords at full cost and run on PostgreSQL too.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two projects so that PostgreSQL starts only when an API file is in the run: vitest runs a project's global
    // setup only when the run includes that project's files.
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
