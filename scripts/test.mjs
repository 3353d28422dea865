#!/usr/bin/env node
// The README's test command: type check, lint, unit + API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys in real Chromium against the built server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error('\n\x1b[41m\x1b[97m  Chromium is missing at %s  \x1b[0m', CHROMIUM);
  console.error('  The browser journeys need Debian\'s Chromium. Install it with:\n\n      apt-get install -y chromium\n');
  console.error('  (or set CHROMIUM_PATH). Not running the tests rather than passing without them.\n');
  process.exit(1);
}

const started = Date.now();
const reports = mkdtempSync(join(tmpdir(), 'tillpoint-test-'));
const counts = { passed: 0, failed: 0, skipped: 0 };

function step(title, cmd, args, env = {}) {
  console.log(`\n\x1b[1m▶ ${title}\x1b[0m`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${r.status ?? r.signal})`);
    summary();
    process.exit(1);
  }
}

function addCounts(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += r.numPassedTests ?? 0;
  counts.failed += r.numFailedTests ?? 0;
  counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function summary() {
  addCounts(join(reports, 'unit.json'));
  addCounts(join(reports, 'e2e.json'));
  console.log(`\nTook ${Math.round((Date.now() - started) / 1000)} s.`);
  console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

const npx = 'npx';
step('Type check (every workspace)', 'npm', ['run', 'typecheck', '--silent']);
step('Lint (Biome)', npx, ['biome', 'lint', '--error-on-warnings', '.']);
if (!process.env.TEST_DATABASE_URL) console.log('\n(TEST_DATABASE_URL is not set: the API suites run on PGlite only.)');
step('Unit and API tests', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'unit.json')}`]);
// The production build (what npm start runs), made only where its sources changed since the last one.
step('Build the server and the web app', process.execPath, ['scripts/build.mjs']);
step('Browser journeys (Chromium)', npx, [
  'vitest',
  'run',
  '--config',
  'e2e/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, 'e2e.json')}`,
]);
summary();
