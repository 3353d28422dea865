import { asc, count, inArray } from 'drizzle-orm';
import { DISPLAYED_STATUSES, DISPLAY_DEFAULT_ZOOM, DISPLAY_PAGE_SIZE } from '@tillpoint/contracts/order-display-paths';
import type { DisplayOrder, DisplayOrdersReply } from '@tillpoint/contracts/order-display';
import type { Db } from '../../db/open-db';
import { customerOrder, pageSettings } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { grantedServices } from '../../platform/licence-grants';
import { publicStore } from '../../platform/public-store';
import { callerOrder } from '../../platform/caller-order';
import { ownedBy } from '../../platform/tenancy';
import { TIME } from './live-orders.repo';

/** The branch a display names: a live store (ACTIVE branch of an ACTIVE account), whether ORDER_DISPLAY is licensed, its zoom. */
export type DisplayBranch = { scope: Scope; tradingName: string; licensed: boolean; zoom: number };

export async function displayBranch(db: Db, domainName: string): Promise<DisplayBranch | undefined> {
  const store = await publicStore(db, { domainName });
  if (!store) return undefined;
  const scope = { merchantAccountId: store.merchantAccountId, merchantBranchId: store.id };
  const [services, [page]] = await Promise.all([
    grantedServices(db, scope.merchantAccountId, scope.merchantBranchId),
    db
      .select({ zoom: pageSettings.displayMemberZoom })
      .from(pageSettings)
      .where(ownedBy(pageSettings, scope)),
  ]);
  return { scope, tradingName: store.tradingName, licensed: services.has('ORDER_DISPLAY'), zoom: page?.zoom ?? DISPLAY_DEFAULT_ZOOM };
}

const onDisplay = (s: Scope) => ownedBy(customerOrder, s, inArray(customerOrder.orderStatus, [...DISPLAYED_STATUSES]));

const shown = { orderNo: customerOrder.orderNo, orderDate: customerOrder.orderDate, orderStatus: customerOrder.orderStatus };
const toDisplay = (r: { orderNo: number; orderDate: Date; orderStatus: string }): DisplayOrder => ({ orderNo: r.orderNo, orderTime: TIME.format(r.orderDate), orderStatus: r.orderStatus });

/** One page of the branch's orders on display, oldest first (the numbers a customer waits for, in turn). */
export async function displayOrdersPage(db: Db, b: DisplayBranch, pageNumber: number): Promise<DisplayOrdersReply> {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(shown)
      .from(customerOrder)
      .where(onDisplay(b.scope))
      .orderBy(asc(customerOrder.orderNo), asc(customerOrder.id))
      .limit(DISPLAY_PAGE_SIZE)
      .offset(pageNumber * DISPLAY_PAGE_SIZE),
    db.select({ n: count() }).from(customerOrder).where(onDisplay(b.scope)),
  ]);
  return { data: rows.map(toDisplay), totalCount: n, pageNumber, pageSize: DISPLAY_PAGE_SIZE, displayMemberZoom: b.zoom, tradingName: b.tradingName };
}

/** What a display hears of one changed order: its number, time and status (also one that left the display). */
export async function displayOrderOf(db: Db, s: Scope, orderId: number): Promise<DisplayOrder | undefined> {
  const [row] = await db
    .select(shown)
    .from(customerOrder)
    .where(callerOrder(s, orderId));
  return row ? toDisplay(row) : undefined;
}
