// What each build is made from, and the stamp a finished build leaves: the hash of those sources at
// the moment the build started, and beside it each source's size and modification time then. A build
// whose stamp matches the sources is up to date and is skipped. npm start checks this before every
// start: sizes and times that all match answer at once; only when they differ (an edit, a checkout)
// are the contents hashed and compared.
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
    manifest: 'apps/server/dist/.build-files',
  },
  web: {
    // The lock file too: the web build bundles its dependencies, so a new version means a new build.
    inputs: ['apps/web/src', 'apps/web/index.html', 'apps/web/backoffice.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'apps/web/tsconfig.json', 'package-lock.json', ...shared],
    output: 'apps/web/dist/backoffice.html',
    stamp: 'apps/web/dist/.build-stamp',
    manifest: 'apps/web/dist/.build-files',
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

/** A target's sources now: each file's path, size and modification time, in a fixed order. */
function listing(name) {
  return TARGETS[name].inputs
    .flatMap(files)
    .sort()
    .map((path) => {
      const { size, mtimeMs } = statSync(join(root, path));
      return `${path}\t${size}\t${mtimeMs}`;
    })
    .join('\n');
}

/** The hash of a target's sources (every file's path and content, in a fixed order), and their listing just before. */
export function sourceHash(name) {
  const files = listing(name);
  const hash = createHash('sha256');
  for (const line of files.split('\n')) {
    const path = line.slice(0, line.indexOf('\t'));
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  return { hash: hash.digest('hex'), files };
}

const read = (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null);

/** Whether the target's last build is of its current sources. */
export function upToDate(name) {
  const { output, stamp, manifest } = TARGETS[name];
  const stamped = read(stamp)?.trim();
  if (!stamped || !existsSync(join(root, output))) return false;
  if (read(manifest) === listing(name)) return true;
  const now = sourceHash(name);
  if (now.hash !== stamped) return false;
  // The same contents with new times (a checkout, a touch): remembered, so the next check is quick again.
  writeFileSync(join(root, manifest), now.files);
  return true;
}

export function writeStamp(name, { hash, files }) {
  writeFileSync(join(root, TARGETS[name].stamp), `${hash}\n`);
  writeFileSync(join(root, TARGETS[name].manifest), files);
}
