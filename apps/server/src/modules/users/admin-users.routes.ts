import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserCreateSchema, adminUserSchema, adminUserUpdateSchema } from '@tillpoint/contracts/admin-user';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { statusSchema } from '@tillpoint/contracts/enums';
import { idSchema } from '@tillpoint/contracts/fields';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { adminOnly, requireAdmin } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { allAdminUsers, getAdminUser, listAdminUsers } from './admin-users.repo';
import { createAdminUser, removeAdminUser, saveAdminUser, setAdminUserStatus } from './admin-users.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const idParams = z.object({ id: idSchema });
const record = { 200: adminUserSchema, ...errors };

/** Platform administrators (spec 1 §7 "Admin users", base adminuser/): administrators only. */
export function adminUserRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const B = `/api/${PATHS.adminUser.base}`;
  const tags = ['Admin users'];
  const onRequest = adminOnly;

  // The spec loads the table with GET adminuser/all (every row); PUT is the generic paged table load.
  app.get(`${B}all`, { onRequest, schema: { tags, response: { 200: z.array(adminUserSchema), ...errors } } }, async () => allAdminUsers(db));
  app.put(
    `${B}all`,
    { onRequest, schema: { tags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(adminUserSchema), ...errors } } },
    async (req) => listAdminUsers(db, req.body),
  );
  app.get(`${B}:id`, { onRequest, schema: { tags, params: idParams, response: record } }, async (req) => {
    const row = await getAdminUser(db, req.params.id);
    if (!row) throw notFound();
    return row;
  });
  app.post(`${B}create`, { onRequest, schema: { tags, body: adminUserCreateSchema, response: record } }, async (req) => createAdminUser(db, req.body));
  app.put(`${B}update`, { onRequest, schema: { tags, body: adminUserUpdateSchema, response: record } }, async (req) =>
    saveAdminUser(db, requireAdmin(req).userId, req.body),
  );
  app.delete(`${B}:id`, { onRequest, schema: { tags, params: idParams, response: record } }, async (req) =>
    removeAdminUser(db, requireAdmin(req).userId, req.params.id),
  );
  app.put(`${B}:id/status/:status`, { onRequest, schema: { tags, params: z.object({ id: idSchema, status: statusSchema }), response: record } }, async (req) =>
    setAdminUserStatus(db, requireAdmin(req).userId, req.params.id, req.params.status),
  );
}
