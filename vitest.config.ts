import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/api/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // One migrated database per run, which every test app copies (tests/helpers/database-template.ts).
    globalSetup: ['tests/helpers/database-template.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
