import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { statusSchema } from '@tillpoint/contracts/enums';
import { idSchema } from '@tillpoint/contracts/fields';
import { adminOnly, requireMerchant, requireTill, requireUser } from './auth';
import { notFound } from './errors';

/** A Fastify instance whose routes are typed from their zod schemas. */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The failure replies of a route (ARCHITECTURE §2 "Errors"), each with the typed error body. */
export const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
export const idParams = z.object({ id: idSchema });
export const statusParams = z.object({ id: idSchema, status: statusSchema });
export const branchParams = z.object({ branchId: idSchema });

/** The row, or the 404 every missing (or other tenant's) record gets. */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw notFound();
  return row;
}

/** A signed-in merchant user (any privileges): 401/403 for anyone else. */
export async function merchantOnly(req: FastifyRequest) {
  requireMerchant(req);
}

/** A till signed in with its credential (POST till/auth). */
export async function tillOnly(req: FastifyRequest) {
  requireTill(req);
}

/** A signed-in administrator or merchant user. */
export async function staffOnly(req: FastifyRequest) {
  requireUser(req, 'admin', 'merchant');
}

/**
 * Registers a group of routes behind one onRequest hook. The hook runs before the body is read or
 * validated, so a caller who may not use the routes gets its 401/403, never a 400 that says
 * something about what the route expects. The group is a Fastify plugin: the hook reaches only it.
 */
export function guardedRoutes(parent: FastifyInstance, hook: (req: FastifyRequest) => Promise<void>, routes: (app: ZodApp) => void) {
  parent.register(async (scoped) => {
    scoped.addHook('onRequest', hook);
    routes(scoped.withTypeProvider<ZodTypeProvider>());
  });
}

/** Routes for platform administrators only. */
export const adminRoutes = (parent: FastifyInstance, routes: (app: ZodApp) => void) => guardedRoutes(parent, adminOnly, routes);

/** Routes for signed-in merchant users (each route adds the privileges it needs). */
export const merchantRoutes = (parent: FastifyInstance, routes: (app: ZodApp) => void) => guardedRoutes(parent, merchantOnly, routes);
