import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PATHS } from '@tillpoint/contracts/api-paths';
import {
  dataResetAuditSchema,
  dataResetRequestSchema,
  dataSyncRequestSchema,
  dataUploadRequestSchema,
  tillSyncResponseSchema,
} from '@tillpoint/contracts/data-sync';
import type { Db } from '../../db/open-db';
import { requireAdmin, requireTill } from '../../platform/auth';
import type { ModuleRegistry } from '../../platform/module';
import { adminRoutes, errorResponses as errors, found, idParams, tillOnly } from '../../platform/route-kit';
import { branchScope } from '../../platform/tenancy';
import { resetAuditsOfBranch, syncRequestsOfBranch } from './data-sync.repo';
import { requestSync, resetBranch, tillSync } from './data-sync.service';

/** Data upload (sync requests) and data reset of a branch (administrators), and the tills' sync. */
export function dataSyncRoutes(parent: FastifyInstance, db: Db, registry: ModuleRegistry) {
  const tags = ['Data upload and reset'];
  const branch = async (id: number) => found(await branchScope(db, id));
  const U = `/api/${PATHS.dataUpload.base}`;
  const R = `/api/${PATHS.dataReset.base}`;

  adminRoutes(parent, (app) => {
    app.post(`${U}create`, { schema: { tags, body: dataUploadRequestSchema, response: { 200: dataSyncRequestSchema, ...errors } } }, async (req) =>
      requestSync(db, await branch(req.body.merchantBranchId), req.body, requireAdmin(req).userId),
    );
    app.get(
      `${U}merchantBranchId/:id`,
      { schema: { tags, params: idParams, response: { 200: z.array(dataSyncRequestSchema), ...errors } } },
      async (req) => syncRequestsOfBranch(db, await branch(req.params.id)),
    );

    app.post(`${R}create`, { schema: { tags, body: dataResetRequestSchema, response: { 200: dataResetAuditSchema, ...errors } } }, async (req) =>
      resetBranch(db, await branch(req.body.merchantBranchId), req.body, requireAdmin(req).userId, registry.resetTables),
    );
    app.get(
      `${R}merchantBranchId/:id`,
      { schema: { tags, params: idParams, response: { 200: z.array(dataResetAuditSchema), ...errors } } },
      async (req) => resetAuditsOfBranch(db, await branch(req.params.id)),
    );
  });

  parent.withTypeProvider<ZodTypeProvider>().get(`/api/${PATHS.tillSync}`, { onRequest: tillOnly, schema: { tags: ['Till'], response: { 200: tillSyncResponseSchema, ...errors } } }, async (req) =>
    tillSync(db, requireTill(req), registry),
  );
}
