import type { FastifyInstance } from 'fastify';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { creditFieldsSchema, creditSchema, creditTotalsSchema, creditUpdateSchema } from '@tillpoint/contracts/credit';
import type { Db } from '../../db/open-db';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { adminRoutes, errorResponses as errors, found, idParams } from '../../platform/route-kit';
import { branchScope } from '../../platform/tenancy';
import { creditRepo } from './credits.repo';
import { checkCreditDeletable, creditTotals } from './credits.rules';

/** A branch's postcode look-up credits (administrators). */
export function creditsRoutes(app: FastifyInstance, db: Db) {
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

  adminRoutes(app, (app) => {
    app.get(
      `/api/${PATHS.credit.base}totals/merchantBranchId/:id`,
      { schema: { tags: ['Credits'], params: idParams, response: { 200: creditTotalsSchema, ...errors } } },
      async (req) => creditTotals(await creditRepo.all(db, found(await branchScope(db, req.params.id)))),
    );
  });
}
