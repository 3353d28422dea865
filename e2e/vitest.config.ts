import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files share one server and its data, so they run one after another in the order of their names
 * (zz-password-reset last). Vitest's own order puts failed and slow files first.
 */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
  }
}

/** Browser journeys: one built server for the whole run (global setup), files one after another. */
export default defineConfig({
  test: {
    // The repository root, so that `npm test -w e2e` (run inside e2e/) finds the same files.
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    // One worker for every file, its imports (playwright-core, the contracts) loaded once: a fresh
    // worker per file cost 3-5 s each. The journeys keep no state in modules (each has its own
    // browser and puts the demo data back), so sharing the module cache changes nothing they check.
    isolate: false,
    sequence: { sequencer: ByName },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
