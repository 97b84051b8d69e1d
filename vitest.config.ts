import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // The two projects share these two workers.
    maxWorkers: 2,
    projects: [
      {
        // Modules, stores and islands: no database template to build, each file in a fresh module graph (they mock modules).
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
        },
      },
      {
        // The API through app.inject() (npm run test:api, or `vitest run tests/api` with DATABASE_URL on PostgreSQL).
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // One migrated database per run, which every test app copies (tests/helpers/database-template.ts).
          globalSetup: ['tests/helpers/database-template.ts'],
          // A worker runs its files one after another in one module graph: the server, PGlite's compiled WebAssembly and
          // the template are loaded once per worker instead of once per file. Safe because every file builds its own app
          // (buildTestApp) on its own database and closes it, the server keeps no per-app state in modules (the metrics'
          // verdict observer is removed on close, the model and the institutions table are read-only caches, env is
          // read by loadConfig per app) and no file here mocks a module; the few spies and process listeners are undone.
          isolate: false,
        },
      },
    ],
  },
});
