import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { PATHS } from '@tillpoint/contracts/api-paths';
import {
  dataResetAuditSchema,
  dataResetRequestSchema,
  dataSyncRequestSchema,
  dataUploadRequestSchema,
  tillSyncResponseSchema,
} from '@tillpoint/contracts/data-sync';
import { idSchema } from '@tillpoint/contracts/fields';
import type { Db } from '../../db/open-db';
import { adminOnly, requireAdmin, requireTill } from '../../platform/auth';
import { branchScope } from '../../platform/tenancy';
import { notFound } from '../../platform/errors';
import { resetAuditsOfBranch, syncRequestsOfBranch } from './data-sync.repo';
import { requestSync, resetBranch, tillSync } from './data-sync.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const idParams = z.object({ id: idSchema });

/** Data upload (sync requests) and data reset of a branch (administrators), and the tills' sync. */
export function dataSyncRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const onRequest = adminOnly;
  const tags = ['Data upload and reset'];
  const branch = async (id: number) => {
    const scope = await branchScope(db, id);
    if (!scope) throw notFound();
    return scope;
  };
  const U = `/api/${PATHS.dataUpload.base}`;
  const R = `/api/${PATHS.dataReset.base}`;

  app.post(`${U}create`, { onRequest, schema: { tags, body: dataUploadRequestSchema, response: { 200: dataSyncRequestSchema, ...errors } } }, async (req) =>
    requestSync(db, await branch(req.body.merchantBranchId), req.body, requireAdmin(req).userId),
  );
  app.get(
    `${U}merchantBranchId/:id`,
    { onRequest, schema: { tags, params: idParams, response: { 200: z.array(dataSyncRequestSchema), ...errors } } },
    async (req) => syncRequestsOfBranch(db, await branch(req.params.id)),
  );

  app.post(`${R}create`, { onRequest, schema: { tags, body: dataResetRequestSchema, response: { 200: dataResetAuditSchema, ...errors } } }, async (req) =>
    resetBranch(db, await branch(req.body.merchantBranchId), req.body, requireAdmin(req).userId),
  );
  app.get(
    `${R}merchantBranchId/:id`,
    { onRequest, schema: { tags, params: idParams, response: { 200: z.array(dataResetAuditSchema), ...errors } } },
    async (req) => resetAuditsOfBranch(db, await branch(req.params.id)),
  );

  app.get(`/api/${PATHS.tillSync}`, { schema: { tags: ['Till'], response: { 200: tillSyncResponseSchema, ...errors } } }, async (req) =>
    tillSync(db, requireTill(req)),
  );
}
