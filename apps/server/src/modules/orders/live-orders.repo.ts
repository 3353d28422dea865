import { type SQL, and, count, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { moneyString, pounds } from '@tillpoint/contracts/basket';
import type { LiveOrder, OrderEvent } from '@tillpoint/contracts/order-handling';
import type { TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { perDatabase } from '../../db/per-database';
import { customerOrder, customerOrderLine, merchantUser, orderEvent } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type TableColumns, loadTable } from '../../platform/table-load';
import { SCOPE_PLACEHOLDERS, ownedBy } from '../../platform/tenancy';

/** Statuses after which an order leaves the open-orders table for the history (spec 3 §2.1). */
export const COMPLETED_STATUSES = ['ORDER_CLOSED', 'ORDER_DECLINED', 'ORDER_CANCELLED'];

const driver = alias(merchantUser, 'driver');

const COLUMNS: TableColumns = {
  id: { column: customerOrder.id, kind: 'number' },
  orderNo: { column: customerOrder.orderNo, kind: 'number' },
  orderType: { column: customerOrder.orderType, kind: 'text' },
  basketType: { column: customerOrder.basketType, kind: 'text' },
  basketStatus: { column: customerOrder.basketStatus, kind: 'text' },
  orderStatus: { column: customerOrder.orderStatus, kind: 'text' },
  syncStatus: { column: customerOrder.syncStatus, kind: 'text' },
  orderDate: { column: customerOrder.orderDate, kind: 'date' },
  orderTime: { column: customerOrder.orderDate, kind: 'date' },
  read: { column: customerOrder.read, kind: 'boolean' },
  customerFullName: { column: sql`concat_ws(' ', ${customerOrder.firstName}, ${customerOrder.lastName})`, kind: 'text' },
  driverFullName: { column: sql`concat_ws(' ', ${driver.firstName}, ${driver.lastName})`, kind: 'text' },
  receiptNumber: { column: sql`${customerOrder.orderNo}::text`, kind: 'text' },
};

/** Dates as the spec shows them (DD/MM/YYYY HH:mm, UK time). */
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
export const TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hour12: false });
const when = (d: Date | null) => (d ? DATE_TIME.format(d).replace(',', '') : null);

type Row = typeof customerOrder.$inferSelect & { driverFullName: string | null };

/** An address on one line: lines 1 to 4, city, postcode. */
const oneLine = (a: Row['deliveryAddress']) => (a ? [a.addressLine1, a.addressLine2, a.addressLine3, a.addressLine4, a.city, a.postCode].filter(Boolean).join(', ') : null);

function toLiveOrder(o: Row, lines: LiveOrder['basketDetailList']): LiveOrder {
  return {
    id: o.id,
    orderNo: o.orderNo,
    orderType: o.orderType,
    basketType: o.basketType,
    basketStatus: o.basketStatus,
    orderStatus: o.orderStatus,
    syncStatus: o.syncStatus,
    remote: o.remote ? 1 : 0,
    read: o.read ? 1 : 0,
    orderDate: when(o.orderDate) ?? '',
    orderTime: TIME.format(o.orderDate),
    deliveryDateString: o.deliveryTime,
    acceptedDate: when(o.acceptedDate),
    preparingDate: when(o.preparingDate),
    readyDate: when(o.readyDate),
    deliveredDate: when(o.deliveredDate),
    totalPrice: pounds(o.total),
    totalPriceString: moneyString(o.total),
    subTotalPriceString: moneyString(o.subTotal),
    calculatedServiceChargeString: moneyString(o.serviceCharge),
    calculatedDeliveryFeeString: moneyString(o.deliveryFee),
    customerFullName: [o.firstName, o.lastName].filter(Boolean).join(' '),
    driverId: o.driverId,
    driverFullName: o.driverFullName,
    deliveryAddress: oneLine(o.deliveryAddress),
    billingAddress: oneLine(o.billingAddress),
    orderNotes: o.orderNotes,
    allergies: o.allergies,
    errorType: o.errorType,
    errorMessage: o.errorMessage,
    receiptNumber: String(o.orderNo),
    basketDetailList: lines,
  };
}

async function ordersWhere(db: Db, s: Scope, where: SQL | undefined, page?: { orderBy: SQL[]; limit: number; offset: number }): Promise<LiveOrder[]> {
  let q = db
    .select({ order: customerOrder, driverFullName: sql<string | null>`nullif(concat_ws(' ', ${driver.firstName}, ${driver.lastName}), '')` })
    .from(customerOrder)
    .leftJoin(driver, and(eq(driver.merchantAccountId, customerOrder.merchantAccountId), eq(driver.id, customerOrder.driverId)))
    .where(ownedBy(customerOrder, s, where))
    .$dynamic();
  if (page) q = q.orderBy(...page.orderBy).limit(page.limit).offset(page.offset);
  const rows = await q;
  if (!rows.length) return [];
  const lines = await db
    .select({ orderId: customerOrderLine.orderId, description: customerOrderLine.description, quantityTenths: customerOrderLine.quantityTenths, totalPrice: customerOrderLine.totalPrice })
    .from(customerOrderLine)
    .where(and(eq(customerOrderLine.merchantAccountId, s.merchantAccountId), inArray(customerOrderLine.orderId, rows.map((r) => r.order.id))))
    .orderBy(customerOrderLine.id);
  return rows.map((r) =>
    toLiveOrder(
      { ...r.order, driverFullName: r.driverFullName },
      lines.filter((l) => l.orderId === r.order.id).map((l) => ({ description: l.description, quantity: l.quantityTenths / 10, totalPrice: pounds(l.totalPrice) })),
    ),
  );
}

/** The open orders (newOrders) or the completed ones (completedOrders) of the caller's branch, as a table load. */
export function loadOrders(db: Db, s: Scope, which: 'open' | 'completed', request: TableLoadRequest): Promise<TableLoadResponse<LiveOrder>> {
  const state = which === 'open' ? notInArray(customerOrder.orderStatus, COMPLETED_STATUSES) : inArray(customerOrder.orderStatus, COMPLETED_STATUSES);
  return loadTable(
    COLUMNS,
    customerOrder.id,
    request,
    (q) => ordersWhere(db, s, and(state, q.where), q),
    async (where) => {
      const [{ n }] = await db
        .select({ n: count() })
        .from(customerOrder)
        .leftJoin(driver, and(eq(driver.merchantAccountId, customerOrder.merchantAccountId), eq(driver.id, customerOrder.driverId)))
        .where(ownedBy(customerOrder, s, and(state, where)));
      return n;
    },
  );
}

export async function orderById(db: Db, s: Scope, id: number): Promise<LiveOrder | undefined> {
  const [o] = await ordersWhere(db, s, eq(customerOrder.id, id));
  return o;
}

/** How many open orders of the branch nobody has opened yet (newOrders/count). */
export async function unreadOpenCount(db: Db, s: Scope): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(customerOrder)
    .where(ownedBy(customerOrder, s, and(eq(customerOrder.read, false), notInArray(customerOrder.orderStatus, COMPLETED_STATUSES))));
  return n;
}

/**
 * The branch's events after an id (and the named ones), oldest first: Last-Event-ID resume, a bounded
 * catch-up, and the read every change's notice makes for all the branch's open screens. Prepared.
 */
const eventsAfterStatement = perDatabase((db) =>
  db
    .select({ id: orderEvent.id, orderId: orderEvent.orderId, kind: orderEvent.kind, orderStatus: orderEvent.orderStatus })
    .from(orderEvent)
    .where(ownedBy(orderEvent, SCOPE_PLACEHOLDERS, or(gt(orderEvent.id, sql.placeholder('afterId')), sql`${orderEvent.id} = any(${sql.placeholder('alsoIds')}::int[])`)))
    .orderBy(orderEvent.id)
    .limit(sql.placeholder('limit'))
    .prepare('order_events_after'),
);

export async function eventsAfter(db: Db, s: Scope, afterId: number, alsoIds: number[] = [], limit = 500): Promise<OrderEvent[]> {
  return eventsAfterStatement(db).execute({ ...s, afterId, alsoIds, limit });
}

/** The newest event id of the branch: a fresh stream starts after it. */
export async function lastEventId(db: Db, s: Scope): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${orderEvent.id})` })
    .from(orderEvent)
    .where(ownedBy(orderEvent, s));
  return Number(row?.id ?? 0);
}
