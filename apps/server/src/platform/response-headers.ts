import type { FastifyInstance } from 'fastify';

/** One year, with subdomains: once a browser has seen the site over HTTPS it never tries plain HTTP. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers that depend on the request:
 * - API replies (tokens, codes, user data) are never stored by a browser or a proxy, unless the route
 *   set its own caching (files with their ETag).
 * - Strict-Transport-Security only when the request came over HTTPS (or through a trusted proxy that
 *   says so in X-Forwarded-Proto): sent over plain HTTP it would make a browser refuse the plain
 *   HTTP site it was just using (localhost, a test server).
 */
export function registerResponseHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
