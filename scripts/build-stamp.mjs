// What each build is made from, and the stamp a finished build leaves: the hash of those sources at
// the moment the build started. A build whose stamp matches the sources is up to date and is skipped.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

const shared = ['packages/contracts/src', 'packages/contracts/package.json', 'tsconfig.base.json', 'scripts/build-stamp.mjs'];

export const TARGETS = {
  server: {
    inputs: ['apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json', 'scripts/build-server.mjs', ...shared],
    output: 'apps/server/dist/main.js',
    stamp: 'apps/server/dist/.build-stamp',
  },
  web: {
    // The lock file too: the web build bundles its dependencies, so a new version means a new build.
    inputs: ['apps/web/src', 'apps/web/index.html', 'apps/web/backoffice.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'apps/web/tsconfig.json', 'package-lock.json', ...shared],
    output: 'apps/web/dist/backoffice.html',
    stamp: 'apps/web/dist/.build-stamp',
  },
};

// Tests are not part of what runs.
const skipped = (path) => /\.test\.tsx?$/.test(path) || path.startsWith('apps/server/src/test/');

function files(input) {
  const abs = join(root, input);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [input];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)))
    .filter((path) => !skipped(path));
}

/** The hash of a target's sources: every file's path and content, in a fixed order. */
export function sourceHash(name) {
  const hash = createHash('sha256');
  for (const path of TARGETS[name].inputs.flatMap(files).sort()) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function upToDate(name, hash = sourceHash(name)) {
  const { output, stamp } = TARGETS[name];
  return existsSync(join(root, output)) && existsSync(join(root, stamp)) && readFileSync(join(root, stamp), 'utf8').trim() === hash;
}

export function writeStamp(name, hash) {
  writeFileSync(join(root, TARGETS[name].stamp), `${hash}\n`);
}
