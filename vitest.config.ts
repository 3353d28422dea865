import { defineConfig } from 'vitest/config';

/** Makes the migrated and the demo database each server test file copies (apps/server/src/test/db-templates.ts). */
const serverSetup = 'apps/server/src/test/global-setup.ts';

/**
 * A server test file runs in the worker the previous one used, with its modules already loaded:
 * a fresh worker per file imported the whole app and compiled PGlite's WebAssembly again, 2-3 s a
 * file before its first test. Each file still gets its own database and app (harness.ts); the
 * module-level caches in the server are keyed by database, config or random session ids.
 */
const shareWorker = { isolate: false } as const;

/**
 * Unit and API tests. The API suites run on in-memory PGlite, and once more on PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Browser journeys are in e2e/ with their own config.
 */
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: { name: 'server-postgres', include: ['apps/server/src/**/*.test.ts'], env: { DB_ENGINE: 'postgres' }, globalSetup: [serverSetup], ...shareWorker },
      },
    ]
  : [];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'server-pglite', include: ['apps/server/src/**/*.test.ts'], env: { DB_ENGINE: 'pglite' }, globalSetup: [serverSetup], ...shareWorker } },
      ...postgres,
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
    ],
  },
});
