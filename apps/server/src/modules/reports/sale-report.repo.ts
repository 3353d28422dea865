import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { pounds } from '@tillpoint/contracts/basket';
import type { SaleReport, SaleReportArchiveItem } from '@tillpoint/contracts/sale-report';
import type { TableLoadRequest } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { customerOrder, customerOrderLine, merchantBranch, orderHistory, saleReport } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type TableColumns, hundredthsColumn, loadTable } from '../../platform/table-load';
import { ownedBy } from '../../platform/tenancy';
import type { ReportOrder } from './sale-report-figures';
import { queryRows } from '../../db/rows';

export type SaleReportRow = typeof saleReport.$inferSelect;

const orderFields = {
  id: customerOrder.id,
  orderType: customerOrder.orderType,
  orderStatus: customerOrder.orderStatus,
  basketStatus: customerOrder.basketStatus,
  // A clerk may close a declined order (ORDER_CLOSED): its history still says it was declined.
  // Written out: drizzle leaves a select field's columns unqualified, and inside the subquery they would name order_history's own.
  declined: sql<boolean>`exists (select 1 from order_history h where h.merchant_account_id = "customer_order"."merchant_account_id" and h.order_id = "customer_order"."id" and h.to_status = 'ORDER_DECLINED')`,
  paymentType: customerOrder.paymentType,
  tableNo: customerOrder.tableNo,
  subTotal: customerOrder.subTotal,
  discount: customerOrder.discount,
  serviceCharge: customerOrder.serviceCharge,
  deliveryFee: customerOrder.deliveryFee,
  tax: customerOrder.tax,
  total: customerOrder.total,
};

/** Each line with the VAT rate it was sold at (kept on the line: a rate changed since does not touch a past sale). */
async function withLines(db: Db, s: Scope, rows: (Omit<ReportOrder, 'lines'> & { id: number })[]): Promise<ReportOrder[]> {
  if (!rows.length) return [];
  const lines = await db
    .select({ orderId: customerOrderLine.orderId, totalPrice: customerOrderLine.totalPrice, taxRateBp: customerOrderLine.taxRateBp })
    .from(customerOrderLine)
    .where(and(eq(customerOrderLine.merchantAccountId, s.merchantAccountId), inArray(customerOrderLine.orderId, rows.map((r) => r.id))));
  const byOrder = new Map<number, ReportOrder['lines']>();
  for (const l of lines) {
    const list = byOrder.get(l.orderId) ?? [];
    list.push({ totalPrice: l.totalPrice, taxRateBp: l.taxRateBp });
    byOrder.set(l.orderId, list);
  }
  return rows.map(({ id, ...o }) => ({ ...o, lines: byOrder.get(id) ?? [] }));
}

/** The branch's orders placed in [from, to), and those refunded in it (the REFUND history row's date). */
export async function periodOrders(db: Db, s: Scope, from: Date, to: Date): Promise<{ placed: ReportOrder[]; refunded: ReportOrder[] }> {
  const placed = await db
    .select(orderFields)
    .from(customerOrder)
    .where(ownedBy(customerOrder, s, and(gte(customerOrder.orderDate, from), lt(customerOrder.orderDate, to))));
  const refundedIds = db
    .selectDistinct({ orderId: orderHistory.orderId })
    .from(orderHistory)
    .where(ownedBy(orderHistory, s, and(eq(orderHistory.action, 'REFUND'), gte(orderHistory.createdDate, from), lt(orderHistory.createdDate, to))));
  const refunded = await db
    .select(orderFields)
    .from(customerOrder)
    .where(ownedBy(customerOrder, s, and(eq(customerOrder.basketType, 'refund'), inArray(customerOrder.id, refundedIds))));
  return { placed: await withLines(db, s, placed), refunded: await withLines(db, s, refunded) };
}

/** The branch's latest finalised report, if any. */
export async function lastReport(db: Db, s: Scope): Promise<SaleReportRow | undefined> {
  const [row] = await db.select().from(saleReport).where(ownedBy(saleReport, s)).orderBy(desc(saleReport.xreportCounter)).limit(1);
  return row;
}

/**
 * Now by the database's clock. Orders and their history are stamped by the database (defaultNow),
 * so a period that ends "now" must end by the same clock: with the server's clock a refund stamped
 * a moment after a finalise could fall before its end and be counted in neither report.
 */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = await queryRows<{ now: string | Date }>(db, sql`select clock_timestamp() as now`);
  return new Date(row.now);
}

/** When the branch's first report starts: when the branch was made. */
export async function branchCreated(db: Db, s: Scope): Promise<Date> {
  const [row] = await db
    .select({ createdDate: merchantBranch.createdDate })
    .from(merchantBranch)
    .where(and(eq(merchantBranch.merchantAccountId, s.merchantAccountId), eq(merchantBranch.id, s.merchantBranchId)));
  return row?.createdDate ?? new Date(0);
}

export async function reportById(db: Db, s: Scope, id: number): Promise<SaleReportRow | undefined> {
  const [row] = await db.select().from(saleReport).where(ownedBy(saleReport, s, eq(saleReport.id, id)));
  return row;
}

/** A report as its archive row shows it; the whole report adds its lines. */
const archiveItem = (r: SaleReportRow): SaleReportArchiveItem => ({
  id: r.id,
  xreportCounter: r.xreportCounter,
  fromDate: r.fromDate.toISOString(),
  toDate: r.toDate.toISOString(),
  grossSale: pounds(r.grossSale),
  netSale: pounds(r.netSale),
});

export const reportReply = (r: SaleReportRow): SaleReport => ({ ...archiveItem(r), lines: r.lines });

const archiveColumns: TableColumns = {
  id: { column: saleReport.id, kind: 'number' },
  xreportCounter: { column: saleReport.xreportCounter, kind: 'number' },
  fromDate: { column: saleReport.fromDate, kind: 'date' },
  toDate: { column: saleReport.toDate, kind: 'date' },
  // Pence in the database, pounds in the table: filters and sorts speak pounds.
  grossSale: hundredthsColumn(saleReport.grossSale),
  netSale: hundredthsColumn(saleReport.netSale),
};

/** The archive table (spec 3 §2.1), newest first unless the caller sorts. */
export async function loadArchive(db: Db, s: Scope, request: TableLoadRequest) {
  const sorted = request.sort?.length ? request : { ...request, sort: [{ name: 'xreportCounter', ascending: false }] };
  return loadTable<SaleReportArchiveItem>(
    archiveColumns,
    saleReport.id,
    sorted,
    async (q) =>
      (await db.select().from(saleReport).where(ownedBy(saleReport, s, q.where)).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)).map(archiveItem),
    async (where) => (await db.select({ n: count() }).from(saleReport).where(ownedBy(saleReport, s, where)))[0].n,
  );
}
