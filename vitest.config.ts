import { defineConfig } from 'vitest/config';

/** Makes the migrated and the demo database each server test file copies (apps/server/src/test/db-templates.ts). */
const serverSetup = 'apps/server/src/test/global-setup.ts';

/**
 * Unit and API tests. The API suites run on in-memory PGlite, and once more on PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Browser journeys are in e2e/ with their own config.
 */
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: { name: 'server-postgres', include: ['apps/server/src/**/*.test.ts'], env: { DB_ENGINE: 'postgres' }, globalSetup: [serverSetup] },
      },
    ]
  : [];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'server-pglite', include: ['apps/server/src/**/*.test.ts'], env: { DB_ENGINE: 'pglite' }, globalSetup: [serverSetup] } },
      ...postgres,
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
    ],
  },
});
