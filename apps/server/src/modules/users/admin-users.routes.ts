import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminUserCreateSchema, adminUserSchema, adminUserUpdateSchema } from '@tillpoint/contracts/admin-user';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { requireAdmin } from '../../platform/auth';
import { adminRoutes, errorResponses as errors, found, idParams, statusParams } from '../../platform/route-kit';
import { allAdminUsers, getAdminUser, listAdminUsers } from './admin-users.repo';
import { createAdminUser, removeAdminUser, saveAdminUser, setAdminUserStatus } from './admin-users.service';

const record = { 200: adminUserSchema, ...errors };

/** Platform administrators (spec 1 §7 "Admin users", base adminuser/): administrators only. */
export function adminUserRoutes(parent: FastifyInstance, db: Db) {
  const B = `/api/${PATHS.adminUser.base}`;
  const tags = ['Admin users'];

  adminRoutes(parent, (app) => {
    // The spec loads the table with GET adminuser/all (every row); PUT is the generic paged table load.
    app.get(`${B}all`, { schema: { tags, response: { 200: z.array(adminUserSchema), ...errors } } }, async () => allAdminUsers(db));
    app.put(
      `${B}all`,
      { schema: { tags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(adminUserSchema), ...errors } } },
      async (req) => listAdminUsers(db, req.body),
    );
    app.get(`${B}:id`, { schema: { tags, params: idParams, response: record } }, async (req) => found(await getAdminUser(db, req.params.id)));
    app.post(`${B}create`, { schema: { tags, body: adminUserCreateSchema, response: record } }, async (req) => createAdminUser(db, req.body));
    // The caller's own id: an administrator may not remove or deactivate itself.
    app.put(`${B}update`, { schema: { tags, body: adminUserUpdateSchema, response: record } }, async (req) => saveAdminUser(db, requireAdmin(req).userId, req.body));
    app.delete(`${B}:id`, { schema: { tags, params: idParams, response: record } }, async (req) => removeAdminUser(db, requireAdmin(req).userId, req.params.id));
    app.put(`${B}:id/status/:status`, { schema: { tags, params: statusParams, response: record } }, async (req) =>
      setAdminUserStatus(db, requireAdmin(req).userId, req.params.id, req.params.status),
    );
  });
}
