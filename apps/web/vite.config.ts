import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

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
 * The back office's page names the scripts of its first screen for the browser to fetch with the
 * page's own: the default (light) theme, which main.tsx asks for first thing and shows nothing
 * before, and the sign-in page with what it imports. Waiting for main.tsx to run before fetching
 * them would hold up the first paint. A signed-in visitor, or one who chose the dark theme, fetches
 * these for nothing (about 40 KB).
 */
const FIRST_SCREEN = ['lara-light-blue/theme.css', 'backoffice/auth/sign-in-page.tsx'];
const preloadFirstScreen = (): Plugin => ({
  name: 'tillpoint-preload-first-screen',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle || !ctx.filename.endsWith('backoffice.html')) return html;
      const files = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || files.has(fileName) || html.includes(`/${fileName}"`)) return;
        files.add(fileName);
        for (const imported of chunk.imports) add(imported);
      };
      for (const name of FIRST_SCREEN) {
        const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.includes(name));
        if (!chunk) throw new Error(`tillpoint-preload-first-screen: no chunk for ${name}`);
        add(chunk.fileName);
      }
      return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
    },
  },
});

export default defineConfig({
  base: '/',
  plugins: [react(), backofficePaths(), preloadFirstScreen(), precompress()],
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
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
});
