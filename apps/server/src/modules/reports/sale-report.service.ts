import { and, eq } from 'drizzle-orm';
import { pounds } from '@tillpoint/contracts/basket';
import { SALE_REPORT_MESSAGES, type SaleReport, type SaleReportLine } from '@tillpoint/contracts/sale-report';
import type { Db } from '../../db/open-db';
import { saleReport } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { HttpError } from '../../platform/errors';
import { type ExportFile, renderExport } from '../../platform/table-export';
import { lockBranch } from '../../platform/tenancy';
import { type ReportFigures, saleReportFigures } from './sale-report-figures';
import { type SaleReportRow, branchCreated, databaseNow, lastReport, periodOrders, reportReply } from './sale-report.repo';

/** The current period starts where the last finalised report ended (or when the branch was made). */
async function currentPeriodStart(db: Db, s: Scope) {
  const last = await lastReport(db, s);
  return { next: (last?.xreportCounter ?? 0) + 1, from: last?.toDate ?? (await branchCreated(db, s)) };
}

/** The X report (spec 3 §7.2 GET salereport): the orders since the last finalised report, up to now. */
export async function currentReport(db: Db, s: Scope, at?: Date): Promise<SaleReport> {
  const { next, from } = await currentPeriodStart(db, s);
  const now = at ?? (await databaseNow(db));
  const { placed, refunded } = await periodOrders(db, s, from, now);
  const f = saleReportFigures(placed, refunded);
  return { id: null, xreportCounter: next, fromDate: from.toISOString(), toDate: now.toISOString(), grossSale: pounds(f.grossSale), netSale: pounds(f.netSale), lines: f.lines };
}

export type FinaliseOptions = {
  /** The number the caller saw on the current report; null for the end-of-day job (its due hour guards it). */
  expected: number | null;
  /** The period's end: now for a user, the due hour for the end-of-day job. */
  to: Date;
  endOfDayDue?: Date | null;
  userId?: number | null;
};

/** The figures and lines of a period's orders: its report's columns, as first made and when made again. */
async function periodFigures(db: Db, s: Scope, from: Date, to: Date): Promise<ReportFigures> {
  const { placed, refunded } = await periodOrders(db, s, from, to);
  return saleReportFigures(placed, refunded);
}

/**
 * Finalises the current period as a Z report, in the caller's transaction, with the branch row
 * locked (the caller locks it): the next number, the period [from, to), its figures and lines,
 * frozen. A caller finalising a number already taken gets 409, so two clicks, two screens or two
 * server instances at once make one report; the unique keys on (branch, number) and (branch, period
 * start) are the database's own guard behind the lock. Returns null when the period is empty of time
 * (nothing to close since the last report ended).
 */
export async function finaliseLocked(tx: Db, s: Scope, o: FinaliseOptions): Promise<SaleReportRow | null> {
  const { next, from } = await currentPeriodStart(tx, s);
  if (o.expected !== null && o.expected !== next) throw new HttpError(409, SALE_REPORT_MESSAGES.alreadyFinalised);
  if (o.to.getTime() <= from.getTime()) return null;
  const [row] = await tx
    .insert(saleReport)
    .values({
      ...s,
      xreportCounter: next,
      fromDate: from,
      toDate: o.to,
      ...(await periodFigures(tx, s, from, o.to)),
      endOfDayDue: o.endOfDayDue ?? null,
      finalisedBy: o.userId ?? null,
    })
    .returning();
  return row;
}

/** PUT storemanagement/zxreport/finalise (spec 3 §4.3). */
export async function finaliseReport(db: Db, s: Scope, expected: number, userId: number, at?: Date): Promise<SaleReport> {
  const row = await db.transaction(async (tx) => {
    await lockBranch(tx, s);
    // Taken after the lock, by the clock that stamps the orders (see databaseNow).
    return finaliseLocked(tx, s, { expected, to: at ?? (await databaseNow(tx)), userId });
  });
  // Finalised twice within the same instant: the period has no time in it left to close.
  if (!row) throw new HttpError(409, SALE_REPORT_MESSAGES.alreadyFinalised);
  return reportReply(row);
}

/**
 * Calculate Again (spec 1, admin sale report): the report's figures and lines made again from the
 * orders of its own period (e.g. after a late refund was recorded), its number and period unchanged.
 */
export async function recalculateReport(db: Db, row: SaleReportRow): Promise<SaleReportRow> {
  const s = { merchantAccountId: row.merchantAccountId, merchantBranchId: row.merchantBranchId };
  const [after] = await db
    .update(saleReport)
    .set({
      ...(await periodFigures(db, s, row.fromDate, row.toDate)),
      calculatedDate: new Date(),
    })
    .where(and(eq(saleReport.merchantAccountId, row.merchantAccountId), eq(saleReport.id, row.id)))
    .returning();
  return after;
}

export const REPORT_COLUMNS = [
  { field: 'name', header: 'Name' },
  { field: 'quantityText', header: 'Quantity' },
  { field: 'amountText', header: 'Amount' },
];

/** A report's title as its PDF and mail show it. */
export function reportTitle(r: Pick<SaleReport, 'id' | 'xreportCounter'>, tradingName?: string) {
  return `${tradingName ? `${tradingName} ` : ''}Sale Report${r.id === null ? '' : ` No ${r.xreportCounter}`}`;
}

/** The report's lines as a PDF (the table exports' PDF: A4, the same fonts). */
export function reportPdf(title: string, lines: SaleReportLine[], at: Date, timeZone: string): Promise<ExportFile> {
  return renderExport('pdf', { title, columns: REPORT_COLUMNS, rows: lines, timeZone, at });
}
