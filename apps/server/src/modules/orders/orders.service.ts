import { and, eq, sql } from 'drizzle-orm';
import { ORDER_PRIVILEGES, type OrderAction, type OrderActionReply, type OrderPrivilege } from '@tillpoint/contracts/order-handling';
import { OBJECTS, privilegeKey } from '@tillpoint/contracts/privileges';
import type { Db } from '../../db/open-db';
import { branchSettings, customerOrder, orderHistory } from '../../db/schema';
import { preparedSql } from '../../db/prepared-sql';
import { perDatabase } from '../../db/per-database';
import type { Scope } from '../../platform/auth';
import type { CardRefund } from '../../platform/module';
import { HttpError, badRequest, forbidden, notFound } from '../../platform/errors';
import { type PrintKind, orderPrintParts } from '../../platform/order-printing';
import { callerOrder } from '../../platform/caller-order';
import { SCOPE_PLACEHOLDERS } from '../../platform/tenancy';
import { branchDrivers } from '../../platform/branch-drivers';
import { decideOrderAction } from '@tillpoint/contracts/order-state-machine';
import { AUTOMATION_COLUMNS, STATUS_DATES, automationHistory, automationOfSettings, historyJson, orderHistoryPart, planOrderAutomation } from './order-automation';
import { orderEventsInsert, recordOrderEvent, withParts } from '../../platform/order-events';
import type { OrderRow } from './orders.repo';

/** Who acts: the merchant user and the privileges of its token. */
export type Actor = { userId: number; privileges: ReadonlySet<string> };
export type ActionOptions = {
  driverId?: number;
  paymentType?: 'CARD' | 'CASH';
  /** Called after commit when the action queued prints, so the print queue sends them now. */
  printsQueued?: () => void;
};

/** The date an action's new status stamps (spec 3 §3 "Order"). */
const STAMPS = STATUS_DATES;

/** The prints an action asks for (spec 3 §4.2: accepting prints the kitchen tickets; Print Order resends them). */
const PRINTS: Partial<Record<OrderAction, PrintKind>> = { accept: 'KITCHEN', resendkitchen: 'KITCHEN', printreceipt: 'RECEIPT' };

export const ORDER_ACTION_MESSAGES = {
  notAllowed: 'This action is not allowed for the order in its current state.',
  notADriver: 'The chosen driver is not a driver of this branch.',
} as const;

const P = sql.placeholder;

/** The order an action decides on, with its branch's automation settings: one prepared statement. */
const orderForAction = perDatabase((db) =>
  db
    .select({ order: customerOrder, automation: AUTOMATION_COLUMNS })
    .from(customerOrder)
    .leftJoin(branchSettings, and(eq(branchSettings.merchantAccountId, customerOrder.merchantAccountId), eq(branchSettings.merchantBranchId, customerOrder.merchantBranchId)))
    .where(callerOrder(SCOPE_PLACEHOLDERS, P('orderId')))
    .prepare('order_for_action'),
);

/**
 * An action's write, prepared once (its text is the same for every action, so neither Drizzle nor
 * PostgreSQL builds or plans it again): the order set to the state it leaves, guarded by the facts the
 * rules read (`was`: order, basket and sync status, basket type), and, only when that matched, the
 * history rows, the prints (a newer print of a kind replaces one still waiting: order-printing.ts) and
 * the events with their notices. Its commit waits for the disk: an accepted order is not lost.
 */
const orderActionWrite = preparedSql<{ id: number }>(
  'order_action_write',
  sql`with changed as (
      update customer_order set order_status = ${P('orderStatus')}::text, basket_status = ${P('basketStatus')}::text,
        basket_type = ${P('basketType')}::text, sync_status = ${P('syncStatus')}::text,
        accepted_date = ${P('acceptedDate')}::timestamptz, preparing_date = ${P('preparingDate')}::timestamptz,
        ready_date = ${P('readyDate')}::timestamptz, delivered_date = ${P('deliveredDate')}::timestamptz,
        driver_id = ${P('driverId')}::int, payment_type = ${P('paymentType')}::text, updated_date = ${P('now')}::timestamptz
      where merchant_account_id = ${P('account')}::int and merchant_branch_id = ${P('branch')}::int and id = ${P('orderId')}::int
        and array[order_status, basket_status, basket_type, sync_status] = ${P('was')}::text[]
      returning id),
    ${withParts([
      orderHistoryPart({ account: P('account'), branch: P('branch'), orderId: P('orderId'), rows: P('history') }, 'changed'),
      ...orderPrintParts({ account: P('account'), branch: P('branch'), orderId: P('orderId'), kinds: P('prints') }, 'changed'),
    ])}
    ${orderEventsInsert({ account: P('account'), branch: P('branch'), orderId: P('orderId'), kinds: P('kinds'), statuses: P('statuses') }, 'changed')}`,
);

/** How often an action decides again when its order changed between its read and its write. */
const DECIDE_AGAIN = 3;

/**
 * One order action (spec 3 §4.2, §7.1), in two statements and no transaction around them: the order
 * is read with its branch's automation settings and the rules decide on it; then one statement
 * writes the change, guarded by the state the rules read (its WHERE repeats it), together with the
 * history row (who, when, from, to), the live-order events and the prints, which are written only
 * when the guarded update matched. Two clerks pressing Accept at once: the second update waits for
 * the first's row lock, finds the order no longer ORDER_PLACED and matches nothing, so nothing of it
 * is written; that action reads again and answers 409. On a busy machine every round trip waits
 * for its turn (the server's event loop, a CPU for the database), and those waits were most of an
 * action's slowest calls: it made five.
 */
export async function takeOrderAction(db: Db, s: Scope, actor: Actor, orderId: number, action: OrderAction, opts: ActionOptions = {}): Promise<OrderActionReply> {
  for (let attempt = 1; ; attempt++) {
    const [found] = await orderForAction(db).execute({ ...s, orderId });
    if (!found) throw notFound();
    const { order } = found;
    const has = (p: OrderPrivilege) => actor.privileges.has(privilegeKey(OBJECTS.order, p));
    const decision = decideOrderAction(order, action, has);
    if (!decision.ok) throw decision.status === 403 ? forbidden() : new HttpError(409, ORDER_ACTION_MESSAGES.notAllowed);
    const now = new Date();
    const change = decision.change;
    const set: Partial<typeof customerOrder.$inferInsert> = { ...change, updatedDate: now };
    if (change.orderStatus && change.orderStatus in STAMPS) set[STAMPS[change.orderStatus as keyof typeof STAMPS]] = now;
    if (action === 'dispatch') {
      const driverId = opts.driverId ?? -1;
      if (driverId !== -1 && !(await isBranchDriver(db, s, driverId))) throw badRequest(ORDER_ACTION_MESSAGES.notADriver);
      set.driverId = driverId === -1 ? null : driverId;
    }
    if (action === 'payment') {
      if (!opts.paymentType) throw badRequest('paymentType must be CARD or CASH.');
      set.paymentType = opts.paymentType;
    }
    // The branch's automation takes a moved order on from here (an accepted one into the kitchen…),
    // planned from the state this action leaves, so one update writes both and the reply is where it
    // ends. A print or a finalised sync moves nothing, so it sets nothing off.
    const acted = { ...order, ...change };
    const moved = acted.orderStatus !== order.orderStatus || acted.basketStatus !== order.basketStatus;
    const plan = moved ? planOrderAutomation(acted, automationOfSettings(found.automation), now) : { steps: [], set: {} };
    // Undefined values are left out of an update, so out of the order as it leaves too. What the
    // rules read is unchanged when the update matches (its guard), so this is the order it leaves.
    const values = Object.fromEntries(Object.entries({ ...set, ...plan.set }).filter(([, v]) => v !== undefined));
    const after = { ...order, ...values } as OrderRow;
    // Accept and Print Order print the kitchen tickets, Print Receipt the receipt (an automatic accept
    // the kitchen tickets too): queued by the statement, sent after it.
    const prints = [...new Set([PRINTS[action], ...plan.steps.map((st) => PRINTS[st.action])].filter((k) => k !== undefined))];
    const historyAction = action === 'payment' ? `PAYMENT_${opts.paymentType}` : action.toUpperCase();
    const last = plan.steps.at(-1);
    // One statement: the guarded change, then, only when it matched, the events (one for the action,
    // one naming the automation's last step), the history (the person's row, then the automatic
    // steps' with no user) and the prints.
    const events = await orderActionWrite(db, {
      account: s.merchantAccountId,
      branch: s.merchantBranchId,
      orderId: order.id,
      was: [order.orderStatus, order.basketStatus, order.basketType, order.syncStatus],
      orderStatus: after.orderStatus,
      basketStatus: after.basketStatus,
      basketType: after.basketType,
      syncStatus: after.syncStatus,
      acceptedDate: after.acceptedDate?.toISOString() ?? null,
      preparingDate: after.preparingDate?.toISOString() ?? null,
      readyDate: after.readyDate?.toISOString() ?? null,
      deliveredDate: after.deliveredDate?.toISOString() ?? null,
      driverId: after.driverId,
      paymentType: after.paymentType,
      now: now.toISOString(),
      history: historyJson([{ userId: actor.userId, action: historyAction, fromStatus: order.orderStatus, toStatus: acted.orderStatus }, ...automationHistory(plan.steps)]),
      prints,
      kinds: [`ORDER_${historyAction}`, ...(last ? [`ORDER_AUTO_${last.action.toUpperCase()}`] : [])],
      statuses: [acted.orderStatus, ...(last ? [after.orderStatus] : [])],
    });
    if (events.length) {
      if (prints.length) opts.printsQueued?.();
      return actionReply(after);
    }
    // Changed by someone else since it was read: decide again on what it is now.
    if (attempt === DECIDE_AGAIN) throw new HttpError(409, ORDER_ACTION_MESSAGES.notAllowed);
  }
}

/**
 * Refund (spec 3 §4.2, issue 12). A till (non-remote) order paid at the counter follows the state
 * machine: the sale becomes a refund basket. A web (remote) order paid by card is refunded through
 * its payment provider by the payments area (which refunds at most what was paid, once, and writes
 * the live-order event); the history row is written here after it succeeded.
 */
export async function refundOrder(db: Db, s: Scope, actor: Actor, orderId: number, cardRefund: CardRefund | undefined): Promise<OrderActionReply> {
  const [order] = await db
    .select()
    .from(customerOrder)
    .where(callerOrder(s, orderId));
  if (!order) throw notFound();
  if (!order.remote || !cardRefund) return takeOrderAction(db, s, actor, orderId, 'refund');
  if (!actor.privileges.has(privilegeKey(OBJECTS.order, ORDER_PRIVILEGES.refund))) throw forbidden();
  await cardRefund(s, orderId);
  const [after] = await db.select().from(customerOrder).where(callerOrder(s, orderId));
  await db.insert(orderHistory).values({ ...s, orderId, userId: actor.userId, action: 'REFUND', fromStatus: order.orderStatus, toStatus: after.orderStatus });
  return actionReply(after);
}

/** What an order action answers: the order's state as the action left it. */
const actionReply = (o: typeof customerOrder.$inferSelect): OrderActionReply => ({
  id: o.id,
  orderNo: o.orderNo,
  orderStatus: o.orderStatus,
  basketStatus: o.basketStatus,
  basketType: o.basketType,
  syncStatus: o.syncStatus,
  driverId: o.driverId,
});

/** An ACTIVE user of the branch holding the DRIVER role. */
const isBranchDriver = async (db: Db, s: Scope, userId: number) => (await branchDrivers(db, s, userId)).length > 0;

/** Opening an order marks it read (the unread sound stops); an event tells the other screens. */
export async function markRead(db: Db, s: Scope, orderId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(customerOrder)
      .set({ read: true })
      .where(callerOrder(s, orderId, eq(customerOrder.read, false)))
      .returning({ orderStatus: customerOrder.orderStatus });
    if (row) await recordOrderEvent(tx, s, orderId, 'ORDER_READ', row.orderStatus);
  });
}
