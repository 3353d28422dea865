import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { type BuiltFile, entryCrossings } from './src/build/separate-entries';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * In `vite dev` the back office lives at /admin/ and /merchant/ just as the server serves it,
 * because the session reads its user type from that path.
 */
const backofficePaths = (): Plugin => ({
  name: 'tillpoint-backoffice-paths',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/(admin|merchant)\/?(\?.*)?$/.test(req.url)) req.url = '/backoffice.html';
      next();
    });
  },
});

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * After the build, a brotli (.br) and a gzip (.gz) copy beside every file that compresses well, so the
 * server sends whichever the browser accepts as it is (apps/server/src/platform/web-app.ts), with no
 * compression work per request. Brotli quality 10: within 2% of 11's size in a quarter of its time.
 * Fonts in woff2 are compressed already.
 */
const precompress = (): Plugin => ({
  name: 'tillpoint-precompress',
  apply: 'build',
  // Once the build's files are written (a failed build writes none, and leaves nothing to do here).
  async writeBundle(options, bundle) {
    const dir = options.dir ?? '';
    const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json|ttf|eot|txt)$/.test(name));
    await Promise.all(
      files.map(async (name) => {
        const file = join(dir, name);
        const content = await readFile(file);
        if (content.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        // A copy no smaller than the file is left out: the server then sends the file itself.
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      }),
    );
  },
});

/**
 * Each page names the scripts of its first screen for the browser to fetch with the page's own.
 * The back office: the default (light) theme, which main.tsx asks for first thing and shows nothing
 * before, and the sign-in page with what it imports; a signed-in visitor, or one who chose the dark
 * theme, fetches these for nothing (about 40 KB). The storefront: the store page, which its address
 * usually names; the marketplace and checkout fetch it for nothing (about 15 KB). Waiting for
 * main.tsx to run before fetching them would hold up the first paint.
 */
const FIRST_SCREEN: Record<string, string[]> = {
  'backoffice.html': ['lara-light-blue/theme.css', 'backoffice/auth/sign-in-page.tsx'],
  'index.html': ['storefront/store-page.tsx'],
};
const preloadFirstScreen = (): Plugin => ({
  name: 'tillpoint-preload-first-screen',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      const names = FIRST_SCREEN[basename(ctx.filename)];
      if (!bundle || !names) return html;
      const files = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || files.has(fileName) || html.includes(`/${fileName}"`)) return;
        files.add(fileName);
        for (const imported of chunk.imports) add(imported);
      };
      for (const name of names) {
        // A module grouped into a shared chunk (codeSplitting below) is that chunk's, not a facade of its own.
        const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && (c.facadeModuleId?.includes(name) || c.moduleIds.some((id) => id.includes(name))));
        if (!chunk) throw new Error(`tillpoint-preload-first-screen: no chunk for ${name}`);
        add(chunk.fileName);
      }
      return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
    },
  },
});

/**
 * The sign-in page's own modules and what it renders with: one chunk (codeSplitting below). Not the
 * captcha: the storefront's login page shows it too, and this chunk imports the back office's entry
 * (separateEntries below). Nor the sign-in's schemas (zod) or the captcha widget's code: they load at
 * the first submit and once the page is idle (use-zod-form.ts, captcha.tsx).
 */
const SIGN_IN_MODULES =
  /node_modules[\\/](react-hook-form|primereact[\\/](utils|api|hooks|componentbase|iconbase|ripple|portal|icons[\\/]spinner|tooltip|button|keyfilter|inputtext))[\\/]|src[\\/](backoffice[\\/]auth[\\/](?!captcha\.)|backoffice[\\/]route-hrefs\.|shared[\\/]ui[\\/](field-frame|use-zod-form)\.)/;

/**
 * What every page of both apps loads first: the API client, the notices, Vite's preload helper, and the
 * two tiny form helpers both apps' forms use (use-busy, submit-form). On their own the two would be a
 * chunk (two requests more for the admin sign-in page); in the sign-in's chunk the storefront would load
 * the back office's entry (separateEntries below).
 */
const CORE_MODULES =
  /vite[\\/](modulepreload-polyfill|preload-helper)\.js$|src[\\/]shared[\\/](api|notify|toast-bus|ui[\\/]submit-form|ui[\\/]use-busy)\.tsx?$|contracts[\\/]src[\\/](api-paths|session-constants|order-display-paths|messages|notice)\.ts$/;

/**
 * The contracts' path constants of the areas (web-menu-paths.ts, …, storefront-routes.ts); not those the
 * API client and the session import (api-paths.ts, order-display-paths.ts): they stay in the core every
 * page loads, or the admin sign-in page would load this chunk too (one more script, 3 KB).
 */
const API_PATH_MODULES = /packages[\\/]contracts[\\/]src[\\/]((?!api-|order-display-)[a-z-]+-paths|storefront-routes)\.ts$/;
/** The store page and the parts it imports: the basket panel and its store, the item dialog, the favourite button, the marketplace's store card, the confirmation dialog. */
const STORE_PAGE_MODULES = /src[\\/]storefront[\\/](store-page|basket-panel|basket-store|item-dialog|favourite-button|marketplace-page|confirm-dialog)\.tsx?$/;

/** The build fails when a page of one entry would load the other entry's chunk (src/build/separate-entries.ts). */
const separateEntries = (): Plugin => ({
  name: 'tillpoint-separate-entries',
  apply: 'build',
  generateBundle(_options, bundle) {
    const crossings = entryCrossings(bundle as Record<string, BuiltFile>);
    if (crossings.length > 0) this.error(`one page would run the other app's entry: ${crossings.join('; ')}`);
  },
});

export default defineConfig({
  base: '/',
  plugins: [react(), backofficePaths(), preloadFirstScreen(), separateEntries(), precompress()],
  server: {
    // The API server; API_URL points the dev server at another port (e.g. a throwaway test server).
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { backoffice: page('./backoffice.html'), index: page('./index.html') },
      output: {
        // React in a chunk of its own: it changes far less often than our code, so a new build leaves
        // the browser's copy valid (it used to share a chunk, named 'messages', with the API client).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'core', test: CORE_MODULES, includeDependenciesRecursively: false },
            // The sign-in page and what it renders with (PrimeReact's core, button and input, the form
            // library) in one file rather than a dozen: on a first visit each file is a request of its
            // own, over a handful of connections. Later screens need the same PrimeReact core. Only these
            // modules: their dependencies (the API client, the session) are the storefront's too.
            { name: 'sign-in', test: SIGN_IN_MODULES, includeDependenciesRecursively: false },
            // The same for the storefront's first screen: the API paths (constants, no side effects,
            // shared by both apps) in one file rather than one per area, and the store page with the
            // parts it renders at once in one more. Eight requests fewer before a phone draws the menu.
            { name: 'paths', test: API_PATH_MODULES, includeDependenciesRecursively: false },
            { name: 'store-page', test: STORE_PAGE_MODULES, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
