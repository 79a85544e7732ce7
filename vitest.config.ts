import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    // API suites hash passwords at full cost and may run on PostgreSQL too.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
