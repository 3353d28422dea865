import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The built web app (npm run build), beside the server's sources. */
export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The built web app: back office at /admin/ and /merchant/, the storefront everywhere else.
 * Files under /assets/ carry a hash of their content in their names, so browsers keep them for a
 * year without asking again; the pages that name them are revalidated on every load, so a new build
 * is seen at once. Each file is sent brotli- or gzip-compressed when the browser accepts it, from the
 * copies the build wrote beside it (apps/web/vite.config.ts), with no compression work per request.
 */
export function serveWebApp(app: FastifyInstance, dist = webDist) {
  if (!existsSync(dist)) return;
  // A wildcard route: a file is looked up when asked for, so a rebuild while running is served too.
  app.register(fastifyStatic, {
    root: join(dist, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    serveDotFiles: false,
    preCompressed: true,
    maxAge: '1y',
    immutable: true,
  });
  const page = (file: string) => async (_req: unknown, reply: FastifyReply) =>
    // cacheControl false: the file sender would otherwise replace this header with its own.
    reply.header('cache-control', 'no-cache').sendFile(file, dist, { cacheControl: false });
  app.get('/admin', (_req, reply) => reply.redirect('/admin/'));
  app.get('/merchant', (_req, reply) => reply.redirect('/merchant/'));
  app.get('/admin/', page('backoffice.html'));
  app.get('/merchant/', page('backoffice.html'));
  app.get('/', page('index.html'));
  // Storefront path routes (/marketplace, /{domainName}, /display/{domainName}, …) all load the storefront page.
  app.get('/*', async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/')) return reply.callNotFound();
    return page('index.html')(req, reply);
  });
}
