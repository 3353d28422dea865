import { defineConfig } from 'vitest/config';

/** Browser journeys: one built server for the whole run (global setup), files one after another. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
