import { type SQL, type SQLWrapper, and, eq, inArray, sql } from 'drizzle-orm';
import { moneyString, pounds } from '@tillpoint/contracts/basket';
import { CHECKOUT_MESSAGES, type OrderAddress, type PlacedOrder, UNPAID_PAYMENT_TYPES } from '@tillpoint/contracts/order';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Db } from '../../db/open-db';
import { customerOrder, customerOrderLine, department, product, tax } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { conflict } from '../../platform/errors';
import { type Alongside, ORDER_EVENTS_CHANNEL, recordOrderEvent, recordOrderEvents } from '../../platform/order-events';
import { type OrderAutomation, automationWrites, orderAutomationOf, planOrderAutomation } from './order-automation';
import { queryRows } from '../../db/rows';

export type OrderRow = typeof customerOrder.$inferSelect;

// The event writer moved to platform/ (printing writes events too); kept exported here for its callers.
export { ORDER_EVENTS_CHANNEL, recordOrderEvent };

export type NewOrder = {
  basketId: number;
  orderType: string;
  basketStatus: string;
  orderStatus: string;
  paymentType: string;
  tableNo: number | null;
  customer: { firstName: string | null; lastName: string | null; email: string | null; mobilePhone: string | null };
  deliveryAddress: OrderAddress | null;
  /** The billing address a card payment was made with (absent or null: none). */
  billingAddress?: OrderAddress | null;
  orderNotes: string | null;
  allergies: string | null;
  deliveryTime: string | null;
  /** The member whose order it is (a basket a member took over at sign-in), if any. */
  memberUserId?: number | null;
  /** The branch's automation as the caller already holds it (the basket's store context); absent: read here. */
  automation?: OrderAutomation;
  money: { subTotal: number; discount: number; serviceCharge: number; deliveryFee: number; tax: number; total: number };
  /**
   * As priced: webMenuId the item it came from, taxRateBp the VAT rate the basket charged. A line
   * without a rate (a card checkout kept from before lines had one) takes its product's rate now.
   */
  lines: { productId: number | null; webMenuId?: number | null; description: string; quantityTenths: number; totalPrice: number; weighable: boolean; taxRateBp?: number }[];
};

const storedAddress = (a: OrderAddress | null | undefined) => (a ? { ...a, postCode: a.postCode ?? '', city: a.city ?? '', addressLine1: a.addressLine1 ?? '' } : null);

/** What a caller adds to the order's own statements (insertOrder): each statement is a round trip. */
export type OrderWrites = {
  /**
   * A write that claims the order's basket (only a basket still in the state the caller expects),
   * made by the order's statement; the member it returns becomes the order's. When it claims
   * nothing the order is refused (409) and the caller's transaction rolls back.
   */
  claim?: TypedQueryBuilder<{ memberUserId: AnyPgColumn }>;
  /** Writes that need the order's number, made by the statement that takes it; `orderNo` is that number in SQL. */
  withNumber?: (orderNo: SQL) => readonly SQLWrapper[];
};

/**
 * Writes an order in the caller's transaction, in three statements: the order with its lines (and the
 * caller's claim); its event with the stock taken (a product is stock-kept once it has a stock level or
 * limits; weighed lines are not counted in units), the automatic steps' history and tickets; then its
 * number (numberOrder) with the caller's writes that need it. The event is announced with pg_notify at commit.
 * It starts ORDER_PLACED and the branch's automation settings move it on at once (order-automation.ts),
 * in the same statements. `o.orderStatus` ORDER_ACCEPTED or ORDER_PLACED says whether it was checked
 * out under autoOrderConfirm: a card order settled after 3-D Secure keeps the choice it was made with.
 * Its number is taken last: the caller should write nothing after this before it commits.
 */
export async function insertOrder(tx: Db, s: Scope, o: NewOrder, writes: OrderWrites = {}): Promise<OrderRow> {
  // 'remote' is paid remotely (online, through the card provider). An order paid at the counter or
  // at the door is not: staff take its payment (§4.2 Card or Cash) and refund it at the till.
  // Without this a web order paid at the door by cash could never be paid, delivered or closed.
  const remote = !(UNPAID_PAYMENT_TYPES as readonly string[]).includes(o.paymentType);
  const settings = { ...(o.automation ?? (await orderAutomationOf(tx, s))), autoOrderConfirm: o.orderStatus === 'ORDER_ACCEPTED' };
  const auto = planOrderAutomation({ orderStatus: 'ORDER_PLACED', basketStatus: o.basketStatus, basketType: 'sale', orderType: o.orderType, syncStatus: 'INIT', remote }, settings);
  const rates = o.lines.every((l) => l.taxRateBp !== undefined) ? new Map<number, number>() : await productTaxRates(tx, s, o.lines);
  const claimed = writes.claim && tx.$with('claimed').as(writes.claim);
  const placed = tx.$with('placed').as(
    tx
      .insert(customerOrder)
      .values({
        ...s,
        basketId: o.basketId,
        // Until numberOrder, a number no real order has (minus its basket's id: unique, never positive).
        orderNo: -o.basketId,
        orderType: o.orderType,
        basketStatus: o.basketStatus,
        orderStatus: 'ORDER_PLACED',
        paymentType: o.paymentType,
        remote,
        tableNo: o.tableNo,
        ...o.customer,
        memberUserId: claimed ? sql`(select ${claimed.memberUserId} from ${claimed})` : (o.memberUserId ?? null),
        deliveryAddress: storedAddress(o.deliveryAddress),
        billingAddress: storedAddress(o.billingAddress),
        orderNotes: o.orderNotes,
        allergies: o.allergies,
        deliveryTime: o.deliveryTime,
        ...o.money,
        ...auto.set,
      })
      .returning(),
  );
  // An order without lines (none is placed so; callers' tests make them) writes none: an insert needs a row.
  const lines =
    o.lines.length > 0 &&
    tx.$with('lines').as(
    tx
      .insert(customerOrderLine)
      .values(
        o.lines.map((l) => ({
          ...s,
          orderId: sql`(select ${placed.id} from ${placed})`,
          productId: l.productId,
          webMenuId: l.webMenuId ?? null,
          description: l.description,
          quantityTenths: l.quantityTenths,
          totalPrice: l.totalPrice,
          taxRateBp: l.taxRateBp ?? (l.productId === null ? 0 : (rates.get(l.productId) ?? 0)),
        })),
      )
      .returning({ id: customerOrderLine.id }),
  );
  const [row] = await tx
    .with(...(claimed ? [claimed] : []), placed, ...(lines ? [lines] : []))
    .select({ order: placed._.selectedFields, claimed: claimed ? sql<boolean>`exists (select 1 from ${claimed})` : sql<boolean>`true` })
    .from(placed);
  if (!row.claimed) throw conflict(CHECKOUT_MESSAGES.placing);
  const order = row.order;
  // Its automatic steps in its history (no user), and the kitchen tickets when it was accepted.
  await recordOrderEvents(tx, s, order.id, [{ kind: 'ORDER_CREATED', orderStatus: order.orderStatus }], [...stockWrites(s, o.lines), ...automationWrites(tx, s, order.id, auto.steps)]);
  order.orderNo = await numberOrder(tx, s, order.id, writes.withNumber);
  return order;
}

/**
 * Gives the order the branch's next number, in one statement with the writes that need it: the
 * branch's counter row is taken up by one and locked to the end of the transaction, so two orders
 * never share a number and numbers follow the order the places commit in. Taken last, the row is
 * held for this statement and the commit alone: every place of the branch waits on it. The first
 * order of a branch (or one after orders made some other way) starts after the highest number the
 * branch has: not counting the provisional (negative) numbers of orders still being placed, its own among them.
 */
async function numberOrder(tx: Db, s: Scope, orderId: number, withNumber: OrderWrites['withNumber']): Promise<number> {
  const also = withNumber?.(sql`(select last_order_no from n)`) ?? [];
  const [numbered] = await queryRows<{ order_no: number }>(
    tx,
    sql`with n as (
      insert into branch_order_counter (merchant_account_id, merchant_branch_id, last_order_no)
      values (${s.merchantAccountId}::int, ${s.merchantBranchId}::int,
        (select coalesce(max(o.order_no), 0) + 1 from customer_order o
          where o.merchant_account_id = ${s.merchantAccountId}::int and o.merchant_branch_id = ${s.merchantBranchId}::int and o.order_no > 0))
      on conflict (merchant_account_id, merchant_branch_id)
        do update set last_order_no = greatest(branch_order_counter.last_order_no + 1, excluded.last_order_no)
      returning last_order_no)${sql.join(also.map((w, i) => sql`, ${sql.raw(`w${i}`)} as ${w}`))}
    update customer_order set order_no = n.last_order_no from n
      where customer_order.merchant_account_id = ${s.merchantAccountId}::int and customer_order.id = ${orderId}::int
      returning customer_order.order_no`,
  );
  return Number(numbered.order_no);
}

/** The products' VAT rates now, basis points: the product's tax, else its department's (as the basket prices them). */
async function productTaxRates(tx: Db, s: Scope, lines: NewOrder['lines']): Promise<Map<number, number>> {
  const ids = [...new Set(lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))];
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: product.id, rateBp: tax.rateBp })
    .from(product)
    .innerJoin(department, and(eq(department.merchantAccountId, product.merchantAccountId), eq(department.id, product.departmentId)))
    .innerJoin(tax, and(eq(tax.merchantAccountId, product.merchantAccountId), eq(tax.id, sql`coalesce(${product.taxId}, ${department.taxId})`)))
    .where(and(eq(product.merchantAccountId, s.merchantAccountId), inArray(product.id, ids)));
  return new Map(rows.map((r) => [r.id, r.rateBp]));
}

/**
 * The ordered units taken off the stock-kept products, each recorded as a stock event, as writes of
 * the order's event statement: the rows are locked in id order first (two orders sharing products
 * never deadlock), then updated, then their events written from what the update returned.
 */
function stockWrites(s: Scope, lines: NewOrder['lines']): Alongside[] {
  const units = new Map<number, number>();
  for (const l of lines) if (l.productId !== null && !l.weighable) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantityTenths / 10);
  if (!units.size) return [];
  const wanted = sql.join(
    [...units].map(([id, quantity]) => sql`(${id}::int, ${quantity}::int)`),
    sql`, `,
  );
  return [
    { name: 'stock_wanted', query: sql`(select * from (values ${wanted}) v (id, quantity))` },
    {
      name: 'stock_locked',
      query: sql`(select p.id from product p join stock_wanted w on w.id = p.id
        where p.merchant_account_id = ${s.merchantAccountId}::int and p.merchant_branch_id = ${s.merchantBranchId}::int
          and (p.current_stock <> 0 or p.min_stock is not null or p.max_stock is not null)
        order by p.id for update of p)`,
    },
    {
      name: 'stock_taken',
      query: sql`(update product p set current_stock = p.current_stock - w.quantity, updated_date = now()
        from stock_locked l join stock_wanted w on w.id = l.id
        where p.merchant_account_id = ${s.merchantAccountId}::int and p.id = l.id
        returning p.id, p.current_stock, w.quantity)`,
    },
    {
      name: 'stock_events',
      query: sql`(insert into stock_event (merchant_account_id, merchant_branch_id, product_id, stock_operation, stock_event_reason, quantity, stock_before, stock_after)
        select ${s.merchantAccountId}::int, ${s.merchantBranchId}::int, t.id, 'DROP_STOCK', 'OTHER', t.quantity, t.current_stock + t.quantity, t.current_stock from stock_taken t order by t.id)`,
    },
  ];
}

export async function orderOfBasket(db: Db, s: Scope, basketId: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(customerOrder)
    .where(and(eq(customerOrder.merchantAccountId, s.merchantAccountId), eq(customerOrder.basketId, basketId)));
  return row;
}

/** An order accepted as it was placed (autoOrderConfirm): its kitchen tickets were queued with it (insertOrder). */
export const ticketsQueuedAtPlace = (o: { orderStatus: string }) => o.orderStatus !== 'ORDER_PLACED';

export const placedReply = (o: OrderRow): PlacedOrder => ({
  id: o.id,
  orderNo: o.orderNo,
  orderType: o.orderType as PlacedOrder['orderType'],
  orderStatus: o.orderStatus as PlacedOrder['orderStatus'],
  basketStatus: o.basketStatus as PlacedOrder['basketStatus'],
  paymentType: o.paymentType,
  totalPrice: pounds(o.total),
  totalPriceString: moneyString(o.total),
  message: CHECKOUT_MESSAGES.placed,
});
