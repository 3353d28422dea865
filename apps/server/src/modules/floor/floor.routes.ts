import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { REST_TABLE_MESSAGES, REST_TABLE_PATHS, floorPlanParamSchema, resizeParamsSchema, restTableInputSchema, restTableSchema } from '@tillpoint/contracts/rest-table';
import type { Db } from '../../db/open-db';
import { merchantBranch } from '../../db/schema';
import { requireMerchant, scopeOf } from '../../platform/auth';
import { badRequest, conflict } from '../../platform/errors';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { branchParams, errorResponses, found } from '../../platform/route-kit';
import { branchScope } from '../../platform/tenancy';
import { attachmentHeader } from '../../platform/table-export';
import { branchClientId, floorParam, floorTables, resizeFloor, restTableRepo } from './floor.repo';
import { tableQrPdf } from './floor.service';

const tags = ['RestTable'];

/** Floor plan (spec 2 §7 Rest table): the generic calls, resize, param and the tables' QR sheet. */
export function floorRoutes(parent: FastifyInstance, db: Db, opts: { uiAddress: string }) {
  registerResourceRoutes(parent, db, {
    base: REST_TABLE_PATHS.base,
    objectName: OBJECTS.restTable,
    tag: 'RestTable',
    record: restTableSchema,
    input: restTableInputSchema,
    repo: restTableRepo,
    sample: async (db, s) => (await restTableRepo.create(db, s, { tableNo: 9000 + Math.floor(Math.random() * 999), tableCapacity: 4, status: 'ACTIVE' })).id,
  });

  const app = parent.withTypeProvider<ZodTypeProvider>();
  const B = `/api/${REST_TABLE_PATHS.base}`;
  const guard = (action: string) => async (req: FastifyRequest) => {
    requireMerchant(req, OBJECTS.restTable, action);
  };
  const own = (req: FastifyRequest) => scopeOf(requireMerchant(req));

  app.post(
    `${B}resize/:size/:rowSize`,
    { onRequest: guard('Create'), schema: { tags, params: resizeParamsSchema, response: { 200: z.array(restTableSchema), ...errorResponses } } },
    async (req) => resizeFloor(db, own(req), req.params.size, req.params.rowSize),
  );

  // Public (spec 3 §7.5 'tables by branch id'): the storefront's Table No choices; table numbers are not secret.
  app.get(
    `${B}member/merchantBranchId/:branchId`,
    { schema: { tags, params: branchParams, response: { 200: z.array(z.number().int()), ...errorResponses } } },
    async (req) => (await floorTables(db, found(await branchScope(db, req.params.branchId)), true)).map((t) => t.tableNo),
  );

  app.get(`${B}param`, { onRequest: guard('View'), schema: { tags, response: { 200: floorPlanParamSchema, ...errorResponses } } }, async (req) =>
    floorParam(db, own(req)),
  );

  app.get(`${B}qrcode/pdf`, { onRequest: guard('View'), schema: { tags } }, async (req, reply) => {
    const s = own(req);
    const tables = await floorTables(db, s, true);
    if (!tables.length) throw badRequest(REST_TABLE_MESSAGES.emptyFloorPlan);
    const clientId = await branchClientId(db, s);
    if (!clientId) throw conflict(REST_TABLE_MESSAGES.noClientId);
    const [branch] = await db
      .select({ tradingName: merchantBranch.tradingName })
      .from(merchantBranch)
      .where(and(eq(merchantBranch.merchantAccountId, s.merchantAccountId), eq(merchantBranch.id, s.merchantBranchId)));
    const pdf = await tableQrPdf(opts.uiAddress, clientId, tables.map((t) => t.tableNo), `${branch?.tradingName ?? 'Tables'} · Table QR Codes`);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentHeader('table-qrcodes.pdf'))
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
