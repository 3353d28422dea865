import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@tillpoint/contracts/auth';

export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document and its pages at /api/docs, generated from the routes' zod schemas.
 *
 * Built on the first request for it, not at start: loading @fastify/swagger and its UI (yaml, a
 * JSON-schema resolver, a second static file server) took about a sixth of a restart. The app
 * only notes each route as it is added (onRoute, so call this before any route is registered);
 * the first docs request replays them, schemas and all, into a small instance of their own that
 * runs the two plugins, and every docs request is answered by that instance.
 */
export function registerApiDocs(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DOCS_PREFIX)) routes.push(route);
  });
  let docs: Promise<FastifyInstance> | undefined;
  const build = async () => {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
    // HEAD routes are replayed as they were added, so none are made a second time here.
    const inner = Fastify({ exposeHeadRoutes: false });
    inner.setValidatorCompiler(validatorCompiler);
    inner.setSerializerCompiler(serializerCompiler);
    await inner.register(swagger, {
      openapi: { info: { title: 'Tillpoint API', version: APP_VERSION }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
      transform: jsonSchemaTransform,
    });
    await inner.register(swaggerUi, { routePrefix: DOCS_PREFIX });
    // Only what the document is made from: the handlers never run here.
    for (const r of routes) inner.route({ method: r.method, url: r.url, schema: r.schema, config: r.config, constraints: r.constraints, handler: notServed });
    await inner.ready();
    return inner;
  };
  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    docs ??= build().catch((err) => {
      docs = undefined;
      throw err;
    });
    const res = await (await docs).inject({ method: 'GET', url: req.url, headers: { accept: req.headers.accept ?? '*/*' } });
    for (const name of ['content-type', 'location', 'cache-control', 'etag', 'last-modified'] as const) {
      const value = res.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.status(res.statusCode).send(res.rawPayload);
  };
  app.get(DOCS_PREFIX, serve);
  app.get(`${DOCS_PREFIX}/*`, serve);
}

async function notServed(_req: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send();
}
