import { type SQL, and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pounds } from '@tillpoint/contracts/basket';
import { idSchema } from '@tillpoint/contracts/fields';
import {
  type AdminSaleReportRow,
  type ReportChannel,
  adminReportQuery,
  adminReportRangeParams,
  adminSaleReportRowSchema,
  saleReportSchema,
  saleReportSummarySchema,
} from '@tillpoint/contracts/sale-report';
import type { Db } from '../../db/open-db';
import { merchantBranch, saleReport } from '../../db/schema';
import { adminRoutes, errorResponses, found } from '../../platform/route-kit';
import { type SaleReportRow, reportReply } from './sale-report.repo';
import { recalculateReport } from './sale-report.service';

const tags = ['Admin sale report'];
const B = '/api/admin/zxreport/';

type Range = z.output<typeof adminReportRangeParams>;

/** Reports of every merchant closed in the range: the branch when given, toDate within [start, end] (-1: open). */
function inRange(r: Range): SQL | undefined {
  return and(
    r.branchId === -1 ? undefined : eq(saleReport.merchantBranchId, r.branchId),
    r.start === -1 ? undefined : gte(saleReport.toDate, new Date(r.start)),
    r.end === -1 ? undefined : lte(saleReport.toDate, new Date(r.end)),
  );
}

/** A report's figures, or one channel's (spec 1 §9 channels), in pence. */
function figures(r: SaleReportRow, channel: ReportChannel | undefined) {
  const c = channel ? (r.byChannel[channel] ?? { grossSale: 0, grossSaleCnt: 0, refunds: 0, refundsCnt: 0 }) : r;
  return {
    grossSale: c.grossSale,
    grossSaleCnt: c.grossSaleCnt,
    refunds: c.refunds,
    refundsCnt: c.refundsCnt,
    netSale: c.grossSale - c.refunds,
    netSaleCnt: c.grossSaleCnt - c.refundsCnt,
  };
}

const inPounds = (f: ReturnType<typeof figures>) => ({ ...f, grossSale: pounds(f.grossSale), refunds: pounds(f.refunds), netSale: pounds(f.netSale) });

const withBranch = (db: Db, where: SQL | undefined) =>
  db
    .select({ report: saleReport, tradingName: merchantBranch.tradingName })
    .from(saleReport)
    .innerJoin(merchantBranch, and(eq(merchantBranch.merchantAccountId, saleReport.merchantAccountId), eq(merchantBranch.id, saleReport.merchantBranchId)))
    .where(where);

/**
 * The admin sale report (spec 1 "Admin sale report", §7 "Sale reports"): every merchant's finalised
 * reports, by branch, dates and channel; administrators only.
 */
export function adminSaleReportRoutes(parent: FastifyInstance, db: Db) {
  adminRoutes(parent, (app) => {
    const rangeSchema = { tags, params: adminReportRangeParams, querystring: adminReportQuery };

    app.get(
      `${B}summary/merchantBranchId/:branchId/:start/:end`,
      { schema: { ...rangeSchema, response: { 200: saleReportSummarySchema, ...errorResponses } } },
      async (req) => {
        // A summary adds at most a few reports a day per branch over 90 days: summed here, in pence.
        const rows = await db.select().from(saleReport).where(inRange(req.params));
        const total = { grossSale: 0, grossSaleCnt: 0, refunds: 0, refundsCnt: 0, netSale: 0, netSaleCnt: 0 };
        for (const r of rows) {
          const f = figures(r, req.query.channel);
          for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += f[k];
        }
        return inPounds(total);
      },
    );

    app.get(
      `${B}merchantBranchId/:branchId/:start/:end`,
      { schema: { ...rangeSchema, response: { 200: z.object({ data: z.array(adminSaleReportRowSchema), totalCount: z.number().int() }), ...errorResponses } } },
      async (req) => {
        const where = inRange(req.params);
        const { pageNumber, limit, channel } = req.query;
        const rows = await withBranch(db, where)
          .orderBy(desc(saleReport.toDate), desc(saleReport.id))
          .limit(limit)
          .offset(pageNumber * limit);
        const [{ n }] = await db.select({ n: count() }).from(saleReport).where(where);
        const data: AdminSaleReportRow[] = rows.map(({ report: r, tradingName }) => ({
          id: r.id,
          merchantBranchId: r.merchantBranchId,
          tradingName,
          xreportCounter: r.xreportCounter,
          fromDate: r.fromDate.toISOString(),
          toDate: r.toDate.toISOString(),
          ...inPounds(figures(r, channel)),
        }));
        return { data, totalCount: n };
      },
    );

    const one = async (reportId: number, branchId?: number) => {
      const [row] = await db
        .select()
        .from(saleReport)
        .where(and(eq(saleReport.id, reportId), branchId === undefined ? undefined : eq(saleReport.merchantBranchId, branchId)));
      return found(row);
    };

    app.get(
      `${B}:reportId/:branchId`,
      { schema: { tags, params: z.object({ reportId: idSchema, branchId: idSchema }), response: { 200: saleReportSchema, ...errorResponses } } },
      async (req) => reportReply(await one(req.params.reportId, req.params.branchId)),
    );

    // Asked after 'Are you sure to calculate sale report again?' (spec 1 §4).
    app.put(
      `${B}calculate/:reportId`,
      { schema: { tags, params: z.object({ reportId: idSchema }), response: { 200: saleReportSchema, ...errorResponses } } },
      async (req) => reportReply(await recalculateReport(db, await one(req.params.reportId))),
    );
  });
}
