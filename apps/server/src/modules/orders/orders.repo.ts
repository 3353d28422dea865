import { and, eq, inArray, sql } from 'drizzle-orm';
import { moneyString, pounds } from '@tillpoint/contracts/basket';
import { CHECKOUT_MESSAGES, type OrderAddress, type PlacedOrder, UNPAID_PAYMENT_TYPES } from '@tillpoint/contracts/order';
import type { Db } from '../../db/open-db';
import { customerOrder, department, product, tax } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { conflict } from '../../platform/errors';
import { type Alongside, ORDER_EVENTS_CHANNEL, orderEventNotice, orderEventsPart, recordOrderEvent, withParts } from '../../platform/order-events';
import { orderPrintParts } from '../../platform/order-printing';
import { preparedRowsSql, preparedSql } from '../../db/prepared-sql';
import { type OrderAutomation, automationHistory, historyJson, orderAutomationOf, orderHistoryPart, planOrderAutomation } from './order-automation';

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
   * The order's basket claimed by the order's statement: only a basket still in `fromState` becomes
   * ORDERED (`orderType` the storefront's type of it), and the member it holds becomes the order's.
   * When it claims nothing the order is refused (409) and the caller's transaction rolls back.
   */
  claim?: { fromState: 'OPEN' | 'PLACING'; orderType: string };
  /** The customer's mail, written by the statement that takes the order's number: its subject and text each [before, after] the number. */
  mail?: { to: string; subject: readonly [string, string]; text: readonly [string, string] };
};

const P = sql.placeholder;
const placeholders = { account: P('account'), branch: P('branch'), orderId: sql`(select id from placed)` };

/**
 * The order's first statement, prepared once (a place runs it in its transaction; built by Drizzle
 * each time it cost about 2 ms of the server's CPU): the claim of its basket, the order (its number
 * provisional: minus its basket's id, unique and never positive, until orderNumber), its lines in
 * their order, the stock taken (a product is stock-kept once it has a stock level or limits; weighed
 * lines are not counted in units), the automatic steps' history and kitchen tickets, and its event
 * with its notice (delivered at commit). It answers the order, or nothing when the claim matched no basket.
 */
const orderPlace = preparedRowsSql(
  'order_place',
  { order: customerOrder },
  { from: { order: 'placed' } },
  (columns) => sql`with claimed as (
      update basket set state = 'ORDERED', order_type = ${P('basketOrderType')}::text, placing_since = null, updated_date = now()
      where ${P('claim')}::boolean and merchant_account_id = ${P('account')}::int and id = ${P('basketId')}::int and state = ${P('fromState')}::text
      returning member_user_id),
    placed as (
      insert into customer_order (merchant_account_id, merchant_branch_id, basket_id, order_no, order_type, basket_type, basket_status, order_status,
        sync_status, payment_type, remote, table_no, member_user_id, first_name, last_name, email, mobile_phone, delivery_address, billing_address,
        order_notes, allergies, delivery_time, sub_total, discount, service_charge, delivery_fee, tax, total,
        accepted_date, preparing_date, ready_date, delivered_date, driver_id, updated_date)
      values (${P('account')}::int, ${P('branch')}::int, ${P('basketId')}::int, -${P('basketId')}::int, ${P('orderType')}::text, ${P('basketType')}::text,
        ${P('basketStatus')}::text, ${P('orderStatus')}::text, ${P('syncStatus')}::text, ${P('paymentType')}::text, ${P('remote')}::boolean, ${P('tableNo')}::int,
        case when ${P('claim')}::boolean then (select member_user_id from claimed) else ${P('memberUserId')}::int end,
        ${P('firstName')}::text, ${P('lastName')}::text, ${P('email')}::text, ${P('mobilePhone')}::text, ${P('deliveryAddress')}::jsonb, ${P('billingAddress')}::jsonb,
        ${P('orderNotes')}::text, ${P('allergies')}::text, ${P('deliveryTime')}::text, ${P('subTotal')}::int, ${P('discount')}::int, ${P('serviceCharge')}::int,
        ${P('deliveryFee')}::int, ${P('tax')}::int, ${P('total')}::int, ${P('acceptedDate')}::timestamptz, ${P('preparingDate')}::timestamptz,
        ${P('readyDate')}::timestamptz, ${P('deliveredDate')}::timestamptz, ${P('driverId')}::int, coalesce(${P('updatedDate')}::timestamptz, now()))
      returning *),
    order_lines as (
      insert into customer_order_line (merchant_account_id, merchant_branch_id, order_id, product_id, web_menu_id, description, quantity_tenths, total_price, tax_rate_bp)
      select ${P('account')}::int, ${P('branch')}::int, (select id from placed), l.product_id, l.web_menu_id, l.description, l.quantity_tenths, l.total_price, l.tax_rate_bp
      from rows from (jsonb_to_recordset(${P('lines')}::jsonb)
        as (product_id int, web_menu_id int, description text, quantity_tenths int, total_price int, tax_rate_bp int))
        with ordinality as l(product_id, web_menu_id, description, quantity_tenths, total_price, tax_rate_bp, n)
      order by l.n),
    ${withParts([
      orderHistoryPart({ ...placeholders, rows: P('history') }),
      ...stockParts({ ...placeholders, ids: P('stockIds'), quantities: P('stockQuantities') }),
      ...orderPrintParts({ ...placeholders, kinds: P('prints') }),
    ])}
    ${orderEventsPart({ ...placeholders, kinds: P('kinds'), statuses: P('statuses') })},
    notified as (select count(${orderEventNotice(placeholders)}) from (select id from e order by id) e)
    select ${columns} from placed, notified where not ${P('claim')}::boolean or exists (select 1 from claimed)`,
);

/**
 * The order's number, and the caller's mail that names it, in one prepared statement: the branch's
 * counter row is taken up by one and locked to the end of the transaction, so two orders never share
 * a number and numbers follow the order the places commit in. Taken last, the row is held for this
 * statement and the commit alone: every place of the branch waits on it. The first order of a branch
 * (or one after orders made some other way) starts after the highest number the branch has: not
 * counting the provisional (negative) numbers of orders still being placed, its own among them.
 */
const orderNumber = preparedSql<{ order_no: number }>(
  'order_number',
  sql`with n as (
      insert into branch_order_counter (merchant_account_id, merchant_branch_id, last_order_no)
      values (${P('account')}::int, ${P('branch')}::int,
        (select coalesce(max(o.order_no), 0) + 1 from customer_order o
          where o.merchant_account_id = ${P('account')}::int and o.merchant_branch_id = ${P('branch')}::int and o.order_no > 0))
      on conflict (merchant_account_id, merchant_branch_id)
        do update set last_order_no = greatest(branch_order_counter.last_order_no + 1, excluded.last_order_no)
      returning last_order_no),
    mail as (
      insert into mail_outbox (to_address, subject, text_body)
      select ${P('mailTo')}::text, concat(${P('subjectBefore')}::text, n.last_order_no, ${P('subjectAfter')}::text),
        concat(${P('textBefore')}::text, n.last_order_no, ${P('textAfter')}::text)
      from n where ${P('mailTo')}::text is not null)
    update customer_order set order_no = n.last_order_no from n
      where customer_order.merchant_account_id = ${P('account')}::int and customer_order.id = ${P('orderId')}::int
      returning customer_order.order_no`,
);

/**
 * Writes an order in the caller's transaction, in two prepared statements: the order with all that
 * comes with it (orderPlace), then its number with the caller's mail (orderNumber). It starts
 * ORDER_PLACED and the branch's automation settings move it on at once (order-automation.ts), in the
 * same statement. `o.orderStatus` ORDER_ACCEPTED or ORDER_PLACED says whether it was checked out
 * under autoOrderConfirm: a card order settled after 3-D Secure keeps the choice it was made with.
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
  // The order as the automation leaves it: every column a step may set (as an order action's write).
  const at = { orderStatus: 'ORDER_PLACED', basketStatus: o.basketStatus, basketType: 'sale', syncStatus: 'INIT', paymentType: o.paymentType, driverId: null, ...auto.set };
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const units = stockUnits(o.lines);
  const [row] = await orderPlace(tx, {
    account: s.merchantAccountId,
    branch: s.merchantBranchId,
    basketId: o.basketId,
    claim: !!writes.claim,
    fromState: writes.claim?.fromState ?? null,
    basketOrderType: writes.claim?.orderType ?? null,
    memberUserId: o.memberUserId ?? null,
    orderType: o.orderType,
    basketType: at.basketType,
    basketStatus: at.basketStatus,
    orderStatus: at.orderStatus,
    syncStatus: at.syncStatus,
    paymentType: at.paymentType,
    remote,
    tableNo: o.tableNo,
    ...o.customer,
    deliveryAddress: jsonOrNull(storedAddress(o.deliveryAddress)),
    billingAddress: jsonOrNull(storedAddress(o.billingAddress)),
    orderNotes: o.orderNotes,
    allergies: o.allergies,
    deliveryTime: o.deliveryTime,
    ...o.money,
    acceptedDate: iso(at.acceptedDate),
    preparingDate: iso(at.preparingDate),
    readyDate: iso(at.readyDate),
    deliveredDate: iso(at.deliveredDate),
    driverId: at.driverId ?? null,
    updatedDate: iso(at.updatedDate),
    lines: JSON.stringify(
      o.lines.map((l) => ({
        product_id: l.productId,
        web_menu_id: l.webMenuId ?? null,
        description: l.description,
        quantity_tenths: l.quantityTenths,
        total_price: l.totalPrice,
        tax_rate_bp: l.taxRateBp ?? (l.productId === null ? 0 : (rates.get(l.productId) ?? 0)),
      })),
    ),
    // Its automatic steps in its history (no user), and the kitchen tickets when it was accepted.
    history: historyJson(automationHistory(auto.steps)),
    prints: auto.steps.some((st) => st.action === 'accept') ? ['KITCHEN'] : [],
    stockIds: [...units.keys()],
    stockQuantities: [...units.values()],
    kinds: ['ORDER_CREATED'],
    statuses: [at.orderStatus],
  });
  if (!row) throw conflict(CHECKOUT_MESSAGES.placing);
  const order = row.order;
  const [numbered] = await orderNumber(tx, {
    account: s.merchantAccountId,
    branch: s.merchantBranchId,
    orderId: order.id,
    mailTo: writes.mail?.to ?? null,
    subjectBefore: writes.mail?.subject[0] ?? null,
    subjectAfter: writes.mail?.subject[1] ?? null,
    textBefore: writes.mail?.text[0] ?? null,
    textAfter: writes.mail?.text[1] ?? null,
  });
  order.orderNo = Number(numbered.order_no);
  return order;
}

const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

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

/** The units ordered of each product counted in units (weighed lines are not). */
function stockUnits(lines: NewOrder['lines']): Map<number, number> {
  const units = new Map<number, number>();
  for (const l of lines) if (l.productId !== null && !l.weighable) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantityTenths / 10);
  return units;
}

/**
 * The ordered units taken off the stock-kept products, each recorded as a stock event, as parts of
 * the order's statement (`ids` and `quantities` int arrays, as from stockUnits): the rows are locked
 * in id order first (two orders sharing products never deadlock), then updated, then their events
 * written from what the update returned.
 */
function stockParts(v: { account: unknown; branch: unknown; ids: unknown; quantities: unknown }): Alongside[] {
  return [
    { name: 'stock_wanted', query: sql`(select * from unnest(${v.ids}::int[], ${v.quantities}::int[]) v (id, quantity))` },
    {
      name: 'stock_locked',
      query: sql`(select p.id from product p join stock_wanted w on w.id = p.id
        where p.merchant_account_id = ${v.account}::int and p.merchant_branch_id = ${v.branch}::int
          and (p.current_stock <> 0 or p.min_stock is not null or p.max_stock is not null)
        order by p.id for update of p)`,
    },
    {
      name: 'stock_taken',
      query: sql`(update product p set current_stock = p.current_stock - w.quantity, updated_date = now()
        from stock_locked l join stock_wanted w on w.id = l.id
        where p.merchant_account_id = ${v.account}::int and p.id = l.id
        returning p.id, p.current_stock, w.quantity)`,
    },
    {
      name: 'stock_events',
      query: sql`(insert into stock_event (merchant_account_id, merchant_branch_id, product_id, stock_operation, stock_event_reason, quantity, stock_before, stock_after)
        select ${v.account}::int, ${v.branch}::int, t.id, 'DROP_STOCK', 'OTHER', t.quantity, t.current_stock + t.quantity, t.current_stock from stock_taken t order by t.id)`,
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
