#!/usr/bin/env node
// npm run build (and npm install, through "prepare"; npm start before it starts the server):
// builds the server bundle and the web app, each only when its sources changed since its last
// build. --force rebuilds both.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TARGETS, root, sourceHash, upToDate, writeStamp } from './build-stamp.mjs';

const LABELS = { server: 'server', web: 'web app' };

const builders = {
  server: async () => (await import('./build-server.mjs')).buildServer(),
  web: async () => {
    // The web app's own Vite (vitest brings another version to the root).
    const vite = dirname(createRequire(join(root, 'apps/web/package.json')).resolve('vite/package.json'));
    const r = spawnSync(process.execPath, [join(vite, 'bin/vite.js'), 'build'], { cwd: join(root, 'apps/web'), stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`the web build failed (exit ${r.status ?? r.signal})`);
  },
};

/** Builds what is out of date; says what it built, and nothing when nothing was. */
export async function ensureBuilt({ force = false } = {}) {
  for (const name of Object.keys(TARGETS)) {
    if (!force && upToDate(name)) continue;
    // Hashed before building: a source edited during the build leaves a stamp that no longer matches.
    const hash = sourceHash(name);
    const started = Date.now();
    console.log(`Building the ${LABELS[name]}…`);
    await builders[name]();
    writeStamp(name, hash);
    console.log(`Built the ${LABELS[name]} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await ensureBuilt({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
