import { type SQL, and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { moneyString, pounds } from '@tillpoint/contracts/basket';
import { type PreviousOrder, memberOrderStatus } from '@tillpoint/contracts/member-data';
import type { TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { basket, customerOrder, customerOrderLine, merchantBranch } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { type TableColumns, loadTable } from '../../platform/table-load';
import { branchScope, ownedBy } from '../../platform/tenancy';

/**
 * The member's orders (spec 3 §2.2 'My Orders', §3 'Previous order', §7.3) and the basket taken over
 * at sign-in. An order belongs to a member through customer_order.member_user_id, copied from its
 * basket when it is placed; every query filters on the signed-in member.
 */

const orderColumns = {
  id: customerOrder.id,
  merchantAccountId: customerOrder.merchantAccountId,
  orderNo: customerOrder.orderNo,
  orderDate: customerOrder.orderDate,
  merchantBranchId: customerOrder.merchantBranchId,
  businessName: merchantBranch.tradingName,
  basketStatus: customerOrder.basketStatus,
  syncStatus: customerOrder.syncStatus,
  orderStatus: customerOrder.orderStatus,
  acceptedDate: customerOrder.acceptedDate,
  subTotal: customerOrder.subTotal,
  discount: customerOrder.discount,
  deliveryFee: customerOrder.deliveryFee,
  serviceCharge: customerOrder.serviceCharge,
  tax: customerOrder.tax,
  total: customerOrder.total,
  orderType: customerOrder.orderType,
  deliveryAddress: customerOrder.deliveryAddress,
};
type OrderRow = typeof customerOrder.$inferSelect;
type OrderHead = Pick<
  OrderRow,
  | 'id'
  | 'merchantAccountId'
  | 'orderNo'
  | 'orderDate'
  | 'merchantBranchId'
  | 'basketStatus'
  | 'syncStatus'
  | 'orderStatus'
  | 'acceptedDate'
  | 'subTotal'
  | 'discount'
  | 'deliveryFee'
  | 'serviceCharge'
  | 'tax'
  | 'total'
  | 'orderType'
  | 'deliveryAddress'
> & { businessName: string };

const branchJoin = and(eq(merchantBranch.merchantAccountId, customerOrder.merchantAccountId), eq(merchantBranch.id, customerOrder.merchantBranchId));

/** The lines of the given orders, keyed by tenant and order id (order ids repeat across tenants). */
async function linesOf(db: Db, heads: OrderHead[]) {
  const byKey = new Map<string, PreviousOrder['basketDetailList']>();
  if (!heads.length) return byKey;
  const rows = await db
    .select({
      merchantAccountId: customerOrderLine.merchantAccountId,
      orderId: customerOrderLine.orderId,
      description: customerOrderLine.description,
      quantityTenths: customerOrderLine.quantityTenths,
      totalPrice: customerOrderLine.totalPrice,
    })
    .from(customerOrderLine)
    .where(sql`(${customerOrderLine.merchantAccountId}, ${customerOrderLine.orderId}) in (${sql.join(
      heads.map((h) => sql`(${h.merchantAccountId}, ${h.id})`),
      sql`, `,
    )})`)
    .orderBy(customerOrderLine.id);
  for (const r of rows) {
    const key = `${r.merchantAccountId}:${r.orderId}`;
    const list = byKey.get(key) ?? [];
    list.push({ description: r.description, quantity: r.quantityTenths / 10, totalPrice: pounds(r.totalPrice), totalPriceString: moneyString(r.totalPrice) });
    byKey.set(key, list);
  }
  return byKey;
}

const addressLine = (a: OrderHead['deliveryAddress']) =>
  a ? [a.addressLine1, a.addressLine2, a.addressLine3, a.addressLine4, a.city, a.postCode].filter((p) => p?.trim()).join(', ') : null;

async function toPreviousOrders(db: Db, heads: OrderHead[]): Promise<PreviousOrder[]> {
  const lines = await linesOf(db, heads);
  return heads.map((h) => ({
    id: h.id,
    orderNo: h.orderNo,
    orderDate: h.orderDate.toISOString(),
    merchantBranchId: h.merchantBranchId,
    businessName: h.businessName,
    basketStatus: h.basketStatus,
    syncStatus: h.syncStatus,
    orderStatus: h.orderStatus,
    orderStatusMember: memberOrderStatus(h.orderStatus),
    acceptedDate: h.acceptedDate?.toISOString() ?? null,
    subTotalPrice: pounds(h.subTotal),
    subTotalPriceString: moneyString(h.subTotal),
    discountPrice: pounds(h.discount),
    discountPriceString: moneyString(h.discount),
    deliveryPrice: pounds(h.deliveryFee),
    deliveryFeeString: moneyString(h.deliveryFee),
    calculatedServiceCharge: pounds(h.serviceCharge),
    calculatedServiceChargeString: moneyString(h.serviceCharge),
    totalTaxPrice: pounds(h.tax),
    totalTaxPriceString: moneyString(h.tax),
    totalPrice: pounds(h.total),
    totalPriceString: moneyString(h.total),
    orderType: h.orderType,
    deliveryAddress: addressLine(h.deliveryAddress),
    basketDetailList: lines.get(`${h.merchantAccountId}:${h.id}`) ?? [],
  }));
}

const ofMember = (memberId: number, extra?: SQL) => and(eq(customerOrder.memberUserId, memberId), extra);

/** GET previousOrders/nlastday/{days}: the member's orders of the last n days, newest first. */
export async function previousOrders(db: Db, memberId: number, days: number): Promise<PreviousOrder[]> {
  const since = new Date(Date.now() - days * 86_400_000);
  const heads = await db
    .select(orderColumns)
    .from(customerOrder)
    .innerJoin(merchantBranch, branchJoin)
    .where(ofMember(memberId, gte(customerOrder.orderDate, since)))
    .orderBy(desc(customerOrder.orderDate), desc(customerOrder.id))
    .limit(500);
  return toPreviousOrders(db, heads);
}

/** One of the member's orders (the 'Order Details' dialog); another member's order is not found. */
export async function previousOrder(db: Db, memberId: number, id: number): Promise<PreviousOrder> {
  // Order ids are per tenant: a member may have two orders with the same id at two merchants; the newest is meant.
  const heads = await db
    .select(orderColumns)
    .from(customerOrder)
    .innerJoin(merchantBranch, branchJoin)
    .where(ofMember(memberId, eq(customerOrder.id, id)))
    .orderBy(desc(customerOrder.orderDate))
    .limit(1);
  if (!heads.length) throw notFound();
  return (await toPreviousOrders(db, heads))[0];
}

const PREVIOUS_ORDER_COLUMNS: TableColumns = {
  orderNo: { column: customerOrder.orderNo, kind: 'number' },
  orderDate: { column: customerOrder.orderDate, kind: 'date' },
  businessName: { column: merchantBranch.tradingName, kind: 'text' },
  orderStatus: { column: customerOrder.orderStatus, kind: 'text' },
  orderType: { column: customerOrder.orderType, kind: 'text' },
};

/** PUT previousorders: the My Orders table; newest first unless a sort is asked for. */
export async function previousOrdersTable(db: Db, memberId: number, request: TableLoadRequest): Promise<TableLoadResponse<PreviousOrder>> {
  const sorted = request.sort?.length ? request : { ...request, sort: [{ name: 'orderDate', ascending: false }] };
  return loadTable(
    PREVIOUS_ORDER_COLUMNS,
    customerOrder.id,
    sorted,
    async (q) =>
      toPreviousOrders(
        db,
        await db.select(orderColumns).from(customerOrder).innerJoin(merchantBranch, branchJoin).where(ofMember(memberId, q.where)).orderBy(...q.orderBy).limit(q.limit).offset(q.offset),
      ),
    async (where) => {
      const [row] = await db.select({ n: count() }).from(customerOrder).innerJoin(merchantBranch, branchJoin).where(ofMember(memberId, where));
      return Number(row?.n ?? 0);
    },
  );
}

/**
 * PUT setBasketToLoginUser: the visitor's open basket becomes the signed-in member's (spec 3 §4.9),
 * so the order placed from it is theirs. A basket another member already holds, or one that is no
 * longer open, is not found: a basket id alone never moves a basket between members.
 */
export async function setBasketToLoginUser(db: Db, memberId: number, branchId: number, bssId: string): Promise<{ id: string }> {
  const scope = await branchScope(db, branchId);
  if (!scope) throw notFound();
  const [row] = await db
    .update(basket)
    .set({ memberUserId: memberId, updatedDate: new Date() })
    .where(
      ownedBy(basket, scope, and(eq(basket.bssId, bssId), eq(basket.state, 'OPEN'), sql`(${basket.memberUserId} is null or ${basket.memberUserId} = ${memberId})`)),
    )
    .returning({ id: basket.bssId });
  if (!row) throw notFound();
  return row;
}
