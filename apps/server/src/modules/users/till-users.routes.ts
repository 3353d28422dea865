import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { tillUserSchema, tillUsersPushSchema } from '@tillpoint/contracts/till-user';
import { requiredText } from '@tillpoint/contracts/fields';
import type { Db } from '../../db/open-db';
import { requireTill } from '../../platform/auth';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { errorResponses as errors, tillOnly } from '../../platform/route-kit';
import { addTillUserNames, tillUserRepo } from './till-users.repo';

/**
 * Till users: administrators keep them with the generic calls under merchantuser/tilluser/ (create
 * names the branch); a till reports its own operators with its till token.
 */
export function tillUserRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, db, {
    access: 'admin',
    base: `${PATHS.merchantUser.base}tilluser/`,
    tag: 'Till users',
    record: tillUserSchema,
    input: z.object({ name: requiredText() }),
    repo: tillUserRepo,
  });

  const tags = ['Till'];
  const response = { 200: z.array(tillUserSchema), ...errors };
  app.put(`/api/${PATHS.tillUsersPush}`, { onRequest: tillOnly, schema: { tags, body: tillUsersPushSchema, response } }, async (req) =>
    addTillUserNames(db, requireTill(req).scope, req.body.names),
  );
}
