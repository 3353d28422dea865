import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { creditFieldsSchema, creditSchema, creditTotalsSchema, creditUpdateSchema } from '@tillpoint/contracts/credit';
import { idSchema } from '@tillpoint/contracts/fields';
import type { Db } from '../../db/open-db';
import { requireAdmin } from '../../platform/auth';
import { branchScope } from '../../platform/tenancy';
import { notFound } from '../../platform/errors';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { creditRepo } from './credits.repo';
import { checkCreditDeletable, creditTotals } from './credits.rules';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A branch's postcode look-up credits (administrators). */
export function creditsRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, db, {
    access: 'admin',
    base: PATHS.credit.base,
    tag: 'Credits',
    record: creditSchema,
    input: creditFieldsSchema,
    updateInput: creditUpdateSchema.omit({ id: true }),
    repo: creditRepo,
    beforeDelete: async (db, scope, id) => {
      const credit = await creditRepo.get(db, scope, id);
      if (credit) checkCreditDeletable(credit);
    },
  });

  app.get(
    `/api/${PATHS.credit.base}totals/merchantBranchId/:id`,
    { schema: { tags: ['Credits'], params: z.object({ id: idSchema }), response: { 200: creditTotalsSchema, ...errors } } },
    async (req) => {
      requireAdmin(req);
      const scope = await branchScope(db, req.params.id);
      if (!scope) throw notFound();
      return creditTotals(await creditRepo.all(db, scope));
    },
  );
}
