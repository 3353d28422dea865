import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import {
  SALE_REPORT_PATHS,
  type SaleReportLine,
  finaliseInputSchema,
  saleReportArchiveItemSchema,
  saleReportLineSchema,
  saleReportSchema,
} from '@tillpoint/contracts/sale-report';
import { type TableLoadRequest, tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { requireMerchant, scopeOf } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { errorResponses, found, guardedRoutes, idParams } from '../../platform/route-kit';
import { loadArchive, reportById, reportReply } from './sale-report.repo';
import { currentReport, finaliseReport } from './sale-report.service';

const tags = ['Sale reports'];
const at = (path: string) => `/api/${path}`;
const VIEW = 'View';
const FINALISE = 'Create';

/**
 * A report's lines as a table load, so the table mechanism gives them Export To PDF and Send Email
 * (spec 3 §4.3, §7.2). The lines are the report's own order: no filter or sort applies.
 */
function linesPage(lines: SaleReportLine[], req: TableLoadRequest) {
  const parsed = tableLoadRequestSchema.parse(req);
  const unknown = parsed.filter[0]?.name ?? parsed.sort[0]?.name;
  if (unknown !== undefined) throw badRequest(`Unknown filter field: ${unknown}`);
  const data = parsed.limit === -1 ? lines : lines.slice(parsed.pageNumber * parsed.limit, (parsed.pageNumber + 1) * parsed.limit);
  return { data, totalCount: lines.length };
}

export function saleReportRoutes(parent: FastifyInstance, db: Db) {
  // Privileges are checked before any body is read: a caller who may not see reports learns nothing from a 400.
  const viewer = async (req: FastifyRequest) => {
    requireMerchant(req, OBJECTS.saleReport, VIEW);
  };
  guardedRoutes(parent, viewer, (app) => {
    const reportReplySchema = { 200: saleReportSchema, ...errorResponses };
    const linesTable = { tags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(saleReportLineSchema), ...errorResponses } };

    app.get(at(SALE_REPORT_PATHS.current), { schema: { tags, response: reportReplySchema } }, async (req) =>
      currentReport(db, scopeOf(requireMerchant(req, OBJECTS.saleReport, VIEW))),
    );
    app.put(at(SALE_REPORT_PATHS.archive), { schema: { tags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(saleReportArchiveItemSchema), ...errorResponses } } }, async (req) =>
      loadArchive(db, scopeOf(requireMerchant(req, OBJECTS.saleReport, VIEW)), req.body),
    );
    app.get(`${at(SALE_REPORT_PATHS.current)}/:id`, { schema: { tags, params: idParams, response: reportReplySchema } }, async (req) =>
      reportReply(found(await reportById(db, scopeOf(requireMerchant(req, OBJECTS.saleReport, VIEW)), req.params.id))),
    );
    app.put(at(SALE_REPORT_PATHS.currentLines), { schema: linesTable }, async (req) => {
      const report = await currentReport(db, scopeOf(requireMerchant(req, OBJECTS.saleReport, VIEW)));
      return linesPage(report.lines, req.body);
    });
    app.put(`${at(SALE_REPORT_PATHS.currentLines)}/:id`, { schema: { ...linesTable, params: idParams } }, async (req) => {
      const row = found(await reportById(db, scopeOf(requireMerchant(req, OBJECTS.saleReport, VIEW)), req.params.id));
      return linesPage(row.lines, req.body);
    });
    const finaliser = async (req: FastifyRequest) => {
      requireMerchant(req, OBJECTS.saleReport, FINALISE);
    };
    app.put(at(SALE_REPORT_PATHS.finalise), { onRequest: finaliser, schema: { tags, body: finaliseInputSchema, response: reportReplySchema } }, async (req) => {
      const p = requireMerchant(req, OBJECTS.saleReport, FINALISE);
      return finaliseReport(db, scopeOf(p), req.body.xreportCounter, p.userId);
    });
  });
}
