import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { INLINED_REPLIES_ID } from '@tillpoint/contracts/api-paths';
import { isReservedPathName } from '@tillpoint/contracts/storefront-routes';
import { acceptedEncoding, compressBytes } from './json-compression';

/** The built web app (npm run build), beside the server's sources. */
export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * A file or API call a page will ask for, named with the page itself so the browser fetches it before
 * any script runs. A `fetch` is sent without credentials beyond the same origin's (`crossorigin`), as
 * the web app's API client asks (shared/api.ts), so its call takes the preloaded reply.
 */
export type PagePreload = { href: string; as: 'image' | 'fetch'; fetchPriority?: 'high' };

/**
 * What a module preloads with a store's page (`/{domainName}`), by the domain name as typed: nothing
 * for an unknown store. Asked on every load of the page, so it answers from what the module keeps.
 */
export type StorePagePreloads = (domainName: string) => Promise<PagePreload[]>;

/** The store's domain name when a path is a store's page, as the storefront's router reads it (router.tsx): one segment, not a page name. */
export function storeDomainOf(url: string): string | null {
  const parts = (url.split('?')[0] ?? '').split('/').filter(Boolean);
  if (parts.length !== 1) return null;
  let name: string;
  try {
    name = decodeURIComponent(parts[0]);
  } catch {
    name = parts[0];
  }
  return isReservedPathName(name) ? null : name;
}

// Only hrefs of the app's own kind go into a header: no character that could end the link or the header.
const SAFE_HREF = /^\/[A-Za-z0-9/_.~%=&?-]*$/;
const linkHeader = (preloads: PagePreload[]) =>
  preloads
    .filter((p) => SAFE_HREF.test(p.href))
    .map((p) => `<${p.href}>; rel=preload; as=${p.as}${p.as === 'fetch' ? '; crossorigin' : ''}${p.fetchPriority ? `; fetchpriority=${p.fetchPriority}` : ''}`)
    .join(', ');

/**
 * The replies of a page's `fetch` preloads, asked of the app itself as the browser would (no token),
 * as a JSON object by href: the page then needs no round trip for its first screen's data. A call that
 * does not answer 200 with JSON is left to the browser (a Link preload, as before). `<` is escaped,
 * so no reply can end the script element.
 */
async function inlineReplies(app: FastifyInstance, preloads: PagePreload[]) {
  const inlined: string[] = [];
  const left: PagePreload[] = [];
  await Promise.all(
    preloads.map(async (p) => {
      if (p.as !== 'fetch') return left.push(p);
      const res = await app.inject({ method: 'GET', url: p.href, headers: { accept: 'application/json' } }).catch(() => null);
      if (res?.statusCode === 200 && String(res.headers['content-type'] ?? '').startsWith('application/json') && res.body) {
        inlined.push(`${JSON.stringify(p.href)}:${res.body}`);
      } else left.push(p);
    }),
  );
  const script = inlined.length ? `<script type="application/json" id="${INLINED_REPLIES_ID}">{${inlined.join(',').replace(/</g, '\\u003c')}}</script>` : '';
  return { script, left };
}

/**
 * The built web app: back office at /admin/ and /merchant/, the storefront everywhere else.
 * Files under /assets/ carry a hash of their content in their names, so browsers keep them for a
 * year without asking again; the pages that name them are revalidated on every load, so a new build
 * is seen at once. Each file is sent brotli- or gzip-compressed when the browser accepts it, from the
 * copies the build wrote beside it (apps/web/vite.config.ts), with no compression work per request.
 * A store's page carries the replies of the API calls its first screen makes (`storePreloads`: the
 * store, its settings, its top-level menu, …) written into its HTML, and a `Link: rel=preload` header
 * for the rest (its first category's image), which the page would otherwise ask for only once its
 * scripts ran: on a phone each call was a request queued behind the scripts on a handful of
 * connections. That page is built per request: no ETag, compressed as it goes out.
 */
export function serveWebApp(app: FastifyInstance, dist = webDist, storePreloads: readonly StorePagePreloads[] = []) {
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
    const domainName = storePreloads.length ? storeDomainOf(req.url) : null;
    if (!domainName) return page('index.html')(req, reply);
    // A preload is a hint: a module that fails to answer costs the page its hint, never the page.
    const preloads = await Promise.all(storePreloads.map((p) => p(domainName).catch(() => [])));
    const { script, left } = await inlineReplies(app, preloads.flat());
    const link = linkHeader(left);
    if (link) reply.header('link', link);
    const html = (await readFile(join(dist, 'index.html'), 'utf8')).replace('<head>', `<head>${script}`);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compressBytes(Buffer.from(html), encoding));
  });
}
