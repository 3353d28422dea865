import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { licenceFlagsSchema } from '@tillpoint/contracts/auth';
import { licenceFieldsSchema, licenceReportRowSchema, licenceSchema } from '@tillpoint/contracts/licence';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { requireMerchant } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { adminRoutes, branchParams, errorResponses as errors, merchantOnly } from '../../platform/route-kit';
import { licenceFlags, listLicenceReport, storeServices } from './licences.repo';
import { licenceCheck, licenceResource } from './licences.service';

export function licencesRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const B = `/api/${PATHS.licence.base}`;
  const tags = ['Licences'];

  // Administrators: create, update, read by id or branch, delete (merchantBranchId names the branch).
  registerResourceRoutes(app, db, { access: 'admin', base: PATHS.licence.base, tag: 'Licences', record: licenceSchema, input: licenceFieldsSchema, repo: licenceResource });

  // The licences page: every branch's licences, 10 rows at a time.
  adminRoutes(app, (app) => {
    app.put(
      `${B}all`,
      { schema: { tags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(licenceReportRowSchema), ...errors } } },
      async (req) => listLicenceReport(db, req.body),
    );
  });

  // The signed-in merchant's check after sign-in: its own branch only, 400 when nothing is licensed.
  app.get(
    `${B}check/:branchId`,
    { onRequest: merchantOnly, schema: { tags, params: branchParams, response: { 200: licenceFlagsSchema, ...errors } } },
    async (req) => {
      const p = requireMerchant(req);
      if (p.merchantBranchId !== req.params.branchId) throw notFound();
      return licenceFlags(await licenceCheck(db, p.merchantAccountId, req.params.branchId));
    },
  );

  // Public: the storefront reads its service flags before anyone signs in; flags are not secret.
  // An unknown or closed store reads as licensed for nothing, like a store without licences.
  app.get(
    `${B}getLicenses/:branchId`,
    { schema: { tags, params: branchParams, response: { 200: licenceFlagsSchema, ...errors } } },
    async (req) => licenceFlags(await storeServices(db, req.params.branchId)),
  );
}
