// Bundles the server (and the contracts it imports as TypeScript) into plain ES modules under
// apps/server/dist, so production starts JavaScript that is already compiled. The pure JavaScript
// packages go into the bundle too: one file parses faster than the ~1,500 small ones Node would
// otherwise find, read and compile at every start. Left in node_modules: native and WebAssembly
// packages, and those that read their own files at run time (swagger-ui's pages, pdfmake's fonts).
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { root } from './build-stamp.mjs';

const defaultOutdir = join(root, 'apps/server/dist');

/** Imported from node_modules at run time rather than bundled. */
const EXTERNAL = new Set([
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'pg',
  'pg-native',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pdfmake',
  'exceljs',
]);
const packageName = (path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');
/**
 * `import.meta.url` keeps meaning "this source file": the server finds its migrations and the web
 * app relative to its sources (../../drizzle, ../../web/dist), and a bundled package may find its
 * own files the same way. Each file gets its own URL, relative to the bundle, so the checkout (or a
 * copy of it) can move.
 */
const sourceMetaUrl = (outdir) => ({
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async ({ path }) => {
      const code = await readFile(path, 'utf8');
      if (!code.includes('import.meta.url')) return undefined;
      // Every output file sits in outdir (chunks too), so one relative path serves.
      const url = `new URL(${JSON.stringify(relative(outdir, path).split('\\').join('/'))}, import.meta.url).href`;
      return { loader: extname(path).endsWith('ts') ? 'ts' : 'js', contents: code.replaceAll('import.meta.url', url) };
    });
  },
});

/**
 * Bundled packages that import() another bundled package on first use: each such import would be a
 * chunk of its own, read from disk while the server starts (@fastify/cookie loads the ESM-only
 * `cookie` when registered, and the start waited for that read). Here it is part of the bundle.
 */
const INLINED_IMPORTS = [{ file: /node_modules[\\/]@fastify[\\/]cookie[\\/]index\.js$/, from: "await import('cookie')", to: "require('cookie')" }];
const inlineDynamicImports = {
  name: 'inline-dynamic-imports',
  setup(b) {
    for (const { file, from, to } of INLINED_IMPORTS) {
      b.onLoad({ filter: file }, async ({ path }) => {
        const code = await readFile(path, 'utf8');
        if (!code.includes(from)) throw new Error(`${relative(root, path)} no longer says ${from}: update INLINED_IMPORTS in scripts/build-server.mjs`);
        return { loader: 'js', contents: code.replace(from, to) };
      });
    }
  },
};

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('node:') || EXTERNAL.has(packageName(path)) ? { path, external: true } : undefined));
  },
};

/**
 * outdir: another folder inside the checkout (node_modules must resolve from it), and overrides: esbuild
 * options to try (minify, …), for comparing builds.
 */
export async function buildServer({ outdir = defaultOutdir, ...overrides } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: join(root, 'apps/server/src/main.ts') },
    outdir,
    // main.ts loads the app with import(): a chunk of its own, read while the database opens.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Whitespace and syntax only: about a third less to parse at every start (the app's code loads
    // about 10 % faster), while names stay as written for stack traces and profiles.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: join(root, 'apps/server/tsconfig.json'),
    // CommonJS packages in an ES module bundle still call require() for Node's own modules.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    plugins: [inlineDynamicImports, sourceMetaUrl(outdir), externalPackages],
    ...overrides,
  });
}
