import { fileURLToPath } from 'node:url';
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

export default defineConfig({
  base: '/',
  plugins: [react(), backofficePaths()],
  server: {
    // The API server; API_URL points the dev server at another port (e.g. a throwaway test server).
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { backoffice: page('./backoffice.html'), index: page('./index.html') },
    },
  },
});
