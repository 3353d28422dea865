import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { NO_DEPARTMENT, departmentInputSchema, departmentSchema, departmentTransferResultSchema } from '@tillpoint/contracts/department';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { idSchema } from '@tillpoint/contracts/fields';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import type { Db } from '../../db/open-db';
import { requireMerchant, scopeOf } from '../../platform/auth';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { errorResponses, idParams } from '../../platform/route-kit';
import { departmentRepo } from './departments.repo';
import { sampleDepartment } from './catalogue-samples';
import { deleteDepartmentWithTransfer, hasConnectedAnyMixAndMatch, refuseDeleteWithProducts } from './departments.service';

export function departmentRoutes(parent: FastifyInstance, db: Db) {
  const B = `/api/${PATHS.department.base}`;
  const tags = ['Department'];
  registerResourceRoutes(parent, db, {
    base: PATHS.department.base,
    objectName: OBJECTS.department,
    tag: 'Department',
    record: departmentSchema,
    input: departmentInputSchema,
    repo: departmentRepo,
    beforeDelete: refuseDeleteWithProducts,
    sample: sampleDepartment,
  });
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const guard = (action: string) => async (req: FastifyRequest) => {
    requireMerchant(req, OBJECTS.department, action);
  };
  const own = (req: FastifyRequest) => scopeOf(requireMerchant(req));

  app.get(
    `${B}:id/hasConnectedAnyMixAndMatch`,
    { onRequest: guard('View'), schema: { tags, params: idParams, response: { 200: z.boolean(), ...errorResponses } } },
    (req) => hasConnectedAnyMixAndMatch(db, own(req), req.params.id),
  );
  app.delete(
    `${B}:id/transferDepartmentId/:otherId`,
    {
      onRequest: guard('Delete'),
      schema: {
        tags,
        // -1: no receiving department (spec 2 §7).
        params: z.object({ id: idSchema, otherId: z.coerce.number({ error: MESSAGES.emptyValues }).int().refine((n) => n === NO_DEPARTMENT || (n > 0 && n <= 2147483647)) }),
        response: { 200: departmentTransferResultSchema, ...errorResponses },
      },
    },
    (req) => deleteDepartmentWithTransfer(db, own(req), req.params.id, req.params.otherId),
  );
}
