import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADDRESS_MESSAGES } from '@tillpoint/contracts/address-lookup';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import { CHECKOUT_MESSAGES, type PlacedOrder, placeOrderInputSchema } from '@tillpoint/contracts/order';
import { PAYMENT_MESSAGES } from '@tillpoint/contracts/payment';
import { basket, customerOrder, customerOrderLine, mailOutbox, orderEvent, product, restTable, stockEvent } from '../../db/schema';
import { type ApiError, type BasketWorld, basketWorld } from './basket-test-kit';
import { placeOrder } from './place-order.service';
import { lockBasketWithLines } from './basket.repo';
import { addressProviderFor } from '../addresses/address-provider';
import { paymentDeps } from '../payments/providers';

let w: BasketWorld;
beforeAll(async () => {
  w = await basketWorld();
  await w.t.db.insert(restTable).values({ ...w.s, tableNo: 4 });
});
afterAll(() => w.t.close());

const branch = () => w.s.merchantBranchId;
const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', mobilePhone: '07700 900123' };
const address = { postCode: 'sw1a2aa', city: 'London', addressLine1: '10 Downing Street' };

/** A fresh basket holding these items (web menu id, quantity). */
async function basketOf(items: [number, number][], orderType = 'Delivery'): Promise<string> {
  let id: string | null = null;
  for (const [webMenuBssId, quantity] of items) {
    const res: { body: Basket } = await w.api('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: id, orderType, webMenuBssId, quantity });
    id = res.body.bssId;
  }
  return id as string;
}
const place = (body: Record<string, unknown>) => w.api<PlacedOrder & ApiError>('POST', BASKET_PATHS.place, { merchantBranchId: branch(), ...body });
const stockOf = async (id: number) => (await w.t.db.select({ s: product.currentStock }).from(product).where(eq(product.id, id)))[0].s;
const mailsTo = async (to: string) => (await w.t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).length;
const ordersOf = async (basketBssId: string) => {
  const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, basketBssId));
  return w.t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.basketId, b.id)));
};

describe('placing an order: the checks of spec 3 §5.3, in their order', () => {
  it('each failing check answers with its own words, and nothing is placed', async () => {
    const id = await basketOf([[w.menu.gift.id, 1]]);
    const steps: [Record<string, unknown>, string][] = [
      [{ id: null, orderType: 'Delivery' }, CHECKOUT_MESSAGES.orderEmpty],
      [{ id }, CHECKOUT_MESSAGES.deliveryType],
      [{ id, orderType: 'Takeaway' }, CHECKOUT_MESSAGES.deliveryType],
      [{ id, orderType: 'Delivery', ...guest, lastName: '' }, CHECKOUT_MESSAGES.userDetails],
      [{ id, orderType: 'Delivery', ...guest, email: 'ada.example' }, CHECKOUT_MESSAGES.email],
      [{ id, orderType: 'Delivery', ...guest }, CHECKOUT_MESSAGES.selectAddress],
      [{ id, orderType: 'Delivery', ...guest, memberUserAddress: { ...address, city: ' ' } }, CHECKOUT_MESSAGES.addressDetails],
      [{ id, orderType: 'Table Order', ...guest }, CHECKOUT_MESSAGES.tableNo],
      [{ id, orderType: 'Table Order', tableNo: 99, ...guest }, CHECKOUT_MESSAGES.tableNo],
      [{ id, orderType: 'Delivery', ...guest, memberUserAddress: address }, CHECKOUT_MESSAGES.paymentType],
      [{ id, orderType: 'Delivery', ...guest, memberUserAddress: address, paymentType: 'PAY AT COUNTER' }, CHECKOUT_MESSAGES.paymentType],
      [{ id, orderType: 'Delivery', ...guest, memberUserAddress: address, paymentType: 'CARD' }, CHECKOUT_MESSAGES.billingAddress],
      [{ id, orderType: 'Delivery', ...guest, memberUserAddress: address, memberBillingAddress: address, paymentType: 'CARD' }, PAYMENT_MESSAGES.noProvider],
    ];
    for (const [body, message] of steps) {
      const res = await place(body);
      expect({ message: res.body.details, status: res.status }).toEqual({ message, status: 400 });
    }
    const small = await basketOf([[w.menu.crisps.id, 1]]);
    const under = await place({ id: small, orderType: 'Delivery', ...guest, memberUserAddress: address, paymentType: 'PAY AT DOOR BY CASH' });
    expect(under.body.details).toBe(CHECKOUT_MESSAGES.minimumBasket);
    const bad = await place({ id, orderType: 'Delivery', ...guest, memberUserAddress: { ...address, postCode: 'NOWHERE1' }, paymentType: 'PAY AT DOOR BY CASH' });
    expect(bad.body.details).toBe(ADDRESS_MESSAGES.invalid);
    await w.setSettings({ serviceableAreas: 'N1' });
    const far = await place({ id, orderType: 'Delivery', ...guest, memberUserAddress: address, paymentType: 'PAY AT DOOR BY CASH' });
    await w.setSettings({ serviceableAreas: null });
    expect(far.body.details).toBe(ADDRESS_MESSAGES.notServiceable);
    const notes = await place({ id, orderType: 'Delivery', ...guest, memberUserAddress: address, paymentType: 'PAY AT DOOR BY CASH', orderNotes: 'x'.repeat(101) });
    expect(notes.body.details).toBe(CHECKOUT_MESSAGES.max100);
    expect(await ordersOf(id)).toEqual([]);
  });
});

describe('placing an emptied basket', () => {
  it('a basket whose every item was removed is refused in the spec\'s words, and nothing is placed', async () => {
    const id = await basketOf([[w.menu.gift.id, 1]]);
    const [line] = (await w.api<Basket>('GET', BASKET_PATHS.status(branch(), 'Delivery', id))).body.basketDetailList;
    await w.api('PUT', BASKET_PATHS.removeItem, { merchantBranchId: branch(), basketBssId: id, bssId: line.bssId });
    const res = await place({ id, orderType: 'Delivery', ...guest, memberUserAddress: address, paymentType: 'PAY AT DOOR BY CASH' });
    expect({ message: res.body.details, status: res.status }).toEqual({ message: CHECKOUT_MESSAGES.orderEmpty, status: 400 });
    expect(await ordersOf(id)).toEqual([]);
    // The place's locked read answers the basket with no lines (its left join's empty side is no line, not a line of nulls).
    const locked = await w.t.db.transaction((tx) => lockBasketWithLines(tx, w.s, id));
    expect({ bssId: locked?.row.bssId, lines: locked?.lines }).toEqual({ bssId: id, lines: [] });
  });
});

describe('placing an order: pay at the door or the counter', () => {
  it('a delivery order: number, type, ORDER_PLACED, INPROGRESS, server prices, stock taken, mail and event written', async () => {
    const id = await basketOf([
      [w.menu.gift.id, 1],
      [w.menu.crisps.id, 2],
    ]);
    const crispsBefore = await stockOf(w.products.crispsP.id);
    const eventsBefore = new Set((await w.t.db.select({ id: stockEvent.id }).from(stockEvent)).map((e) => e.id));
    const res = await place({ id, orderType: 'Delivery', ...guest, memberUserAddress: address, paymentType: 'PAY AT DOOR BY CASH', totalPrice: 0.01, orderNotes: 'Ring twice' });
    expect(res.status).toBe(200);
    // £10 + 2 × £1.50; service charge 10 % of the crisps only (£0.30); delivery £2.50.
    expect(res.body).toMatchObject({ orderType: 'DELIVERY', orderStatus: 'ORDER_PLACED', basketStatus: 'INPROGRESS', paymentType: 'PAY AT DOOR BY CASH', totalPriceString: '£15.80' });
    expect(res.body.type).toBeUndefined();
    const [order] = await ordersOf(id);
    expect(order).toMatchObject({ orderNo: res.body.orderNo, subTotal: 1300, serviceCharge: 30, deliveryFee: 250, total: 1580, orderNotes: 'Ring twice', email: guest.email });
    expect(order.deliveryAddress).toMatchObject({ ...address, postCode: 'SW1A 2AA' });
    const lines = await w.t.db.select().from(customerOrderLine).where(eq(customerOrderLine.orderId, order.id));
    expect(lines.map((l) => [l.description, l.quantityTenths, l.totalPrice])).toEqual([
      ['Gift card', 10, 1000],
      ['Crisps', 20, 300],
    ]);
    expect(await stockOf(w.products.crispsP.id)).toBe(crispsBefore - 2);
    // The stock-kept crisps leave a stock event; the gift card, kept by nobody, none.
    const taken = (await w.t.db.select().from(stockEvent)).filter((e) => !eventsBefore.has(e.id));
    expect(taken.map((e) => [e.productId, e.merchantBranchId, e.stockOperation, e.stockEventReason, e.quantity, e.stockBefore, e.stockAfter])).toEqual([
      [w.products.crispsP.id, order.merchantBranchId, 'DROP_STOCK', 'OTHER', 2, crispsBefore, crispsBefore - 2],
    ]);
    // The confirmation mail has the number the order was given (its last statement writes both).
    const [mail] = await w.t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, guest.email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.subject).toBe(`Your order ${order.orderNo} at basket-cafe`);
    expect(mail.textBody).toBe(
      [
        `Thank you, Ada. ${CHECKOUT_MESSAGES.placed}.`,
        `Order no: ${order.orderNo} (Delivery, PAY AT DOOR BY CASH)`,
        '',
        '1 x Gift card  £10.00',
        '2 x Crisps  £3.00',
        '',
        'Total: £15.80',
      ].join('\n'),
    );
    const events = await w.t.db.select().from(orderEvent).where(eq(orderEvent.orderId, order.id));
    expect(events).toMatchObject([{ kind: 'ORDER_CREATED', orderStatus: 'ORDER_PLACED' }]);
    // The basket is spent: its id now shows an empty basket.
    expect((await w.api('GET', BASKET_PATHS.status(branch(), 'Delivery', id))).body.basketDetailList).toEqual([]);
  });

  it('collection and table orders; autoOrderConfirm accepts at once; order numbers follow on', async () => {
    // 'Ready By' 18:30 is a slot only before 18:15 (London): the clock is set to noon.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    await w.setSettings({ autoOrderConfirm: true });
    try {
      const c = await place({ id: await basketOf([[w.menu.gift.id, 1]], 'Collection'), orderType: 'Collection', ...guest, paymentType: 'PAY AT COUNTER', orderTimeForDelivery: '18:30' });
      expect(c.body).toMatchObject({ orderType: 'COLLECTION', orderStatus: 'ORDER_ACCEPTED', basketStatus: 'INPROGRESS' });
      const [collection] = await w.t.db.select().from(customerOrder).where(eq(customerOrder.id, c.body.id));
      expect(collection.deliveryTime).toBe('18:30'); // 'Ready By'
      const t = await place({ id: await basketOf([[w.menu.gift.id, 1]], 'Table Order'), orderType: 'Table Order', tableNo: 4, ...guest, paymentType: 'PAY AT COUNTER', orderTimeForDelivery: '18:30' });
      expect(t.body).toMatchObject({ orderType: 'EAT_IN', orderNo: c.body.orderNo + 1 });
      const [row] = await w.t.db.select().from(customerOrder).where(eq(customerOrder.id, t.body.id));
      expect(row.tableNo).toBe(4);
      expect(row.deliveryTime).toBeNull();
    } finally {
      vi.useRealTimers();
      await w.setSettings({ autoOrderConfirm: false });
    }
  });
});

describe('kitchen tickets of an order accepted as it is placed', () => {
  it('wake the print queue once the order has committed; a place answered again, or one left for staff to accept, does not', async () => {
    let told = 0;
    const payments = { ...paymentDeps({ db: w.t.db, publicUrl: 'http://localhost', testEnvironment: true }), ticketsQueued: () => told++ };
    const browser = { ip: '127.0.0.1', accept: '*/*', userAgent: 'test', language: 'en-GB' };
    const placeHere = async (id: string) =>
      placeOrder(w.t.db, addressProviderFor(w.t.config), placeOrderInputSchema.parse({ merchantBranchId: branch(), id, orderType: 'Table Order', tableNo: 4, ...guest, paymentType: 'PAY AT COUNTER' }), { payments, browser });
    await w.setSettings({ autoOrderConfirm: true });
    try {
      const id = await basketOf([[w.menu.gift.id, 1]], 'Table Order');
      expect(await placeHere(id)).toMatchObject({ orderStatus: 'ORDER_ACCEPTED' });
      expect(told).toBe(1);
      await placeHere(id);
      expect(told).toBe(1);
    } finally {
      await w.setSettings({ autoOrderConfirm: false });
    }
    expect(await placeHere(await basketOf([[w.menu.gift.id, 1]], 'Table Order'))).toMatchObject({ orderStatus: 'ORDER_PLACED' });
    expect(told).toBe(1);
  });
});

describe('the chosen time must be one the branch offers (Ready By, Deliver By)', () => {
  const at = (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  };
  afterEach(() => vi.useRealTimers());
  const collect = (id: string, time: string | null) => place({ id, orderType: 'Collection', ...guest, paymentType: 'PAY AT COUNTER', orderTimeForDelivery: time });
  const deliver = (id: string, time: string | null) =>
    place({ id, orderType: 'Delivery', ...guest, memberUserAddress: address, paymentType: 'PAY AT DOOR BY CASH', orderTimeForDelivery: time });

  it('Ready By: a time that is not one of the slots is refused and nothing is placed; a slot is taken', async () => {
    at('2026-11-23T12:00:00Z'); // 12:00 in London: the slots run from 12:15 every quarter of an hour
    const id = await basketOf([[w.menu.gift.id, 1]], 'Collection');
    for (const time of ['12:00', '12:10', '11:45', '25:00', '12:15:00', 'soon']) {
      const res = await collect(id, time);
      expect({ time, status: res.status, details: res.body.details }).toEqual({ time, status: 400, details: CHECKOUT_MESSAGES.orderTime });
    }
    expect(await ordersOf(id)).toEqual([]);
    expect((await collect(id, '12:15')).body).toMatchObject({ orderType: 'COLLECTION' });
    expect((await ordersOf(id))[0].deliveryTime).toBe('12:15');
  });

  it('a slot offered a few minutes ago (while the customer chose it) is still taken; an older one is not', async () => {
    at('2026-11-23T12:04:00Z'); // 12:15 was offered at 12:00
    expect((await collect(await basketOf([[w.menu.gift.id, 1]], 'Collection'), '12:15')).status).toBe(200);
    at('2026-11-23T12:10:00Z');
    expect((await collect(await basketOf([[w.menu.gift.id, 1]], 'Collection'), '12:15')).body.details).toBe(CHECKOUT_MESSAGES.orderTime);
  });

  it('Deliver By: none is offered without scheduled delivery; with it, only its slots (after the minimum delivery duration)', async () => {
    at('2026-11-23T12:00:00Z');
    const id = await basketOf([[w.menu.gift.id, 1]]);
    expect((await deliver(id, '13:00')).body.details).toBe(CHECKOUT_MESSAGES.orderTime);
    await w.setSettings({ scheduledForDelivery: true, minimumDeliveryDeliveryDuration: 30 });
    try {
      expect((await deliver(id, '12:15')).body.details).toBe(CHECKOUT_MESSAGES.orderTime);
      expect(await ordersOf(id)).toEqual([]);
      expect((await deliver(id, '12:30')).body).toMatchObject({ orderType: 'DELIVERY' });
      expect((await ordersOf(id))[0].deliveryTime).toBe('12:30');
    } finally {
      await w.setSettings({ scheduledForDelivery: false, minimumDeliveryDeliveryDuration: null });
    }
  });

  it('no time (as soon as possible) is always taken', async () => {
    expect((await collect(await basketOf([[w.menu.gift.id, 1]], 'Collection'), null)).status).toBe(200);
  });
});

describe('placing an order exactly once', () => {
  const body = (id: string) => ({ id, orderType: 'Collection', ...guest, email: `once-${id.slice(0, 8)}@example.test`, paymentType: 'PAY AT COUNTER' });

  it('placed again after a timeout: the first order comes back, nothing new', async () => {
    const id = await basketOf([[w.menu.crisps.id, 1]], 'Collection');
    const first = await place(body(id));
    const again = await place(body(id));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('two places at once: one order, one stock decrement, one mail', async () => {
    const id = await basketOf([[w.menu.crisps.id, 1]], 'Collection');
    const before = await stockOf(w.products.crispsP.id);
    const results = await Promise.all([place(body(id)), place(body(id)), place(body(id))]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.details).toBe(CHECKOUT_MESSAGES.placing);
    expect(await ordersOf(id)).toHaveLength(1);
    expect(await stockOf(w.products.crispsP.id)).toBe(before - 1);
    expect(await mailsTo(body(id).email)).toBe(1);
  });

  it('places of different baskets at once: each its own number, one after the other, none taken twice', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => basketOf([[w.menu.crisps.id, 1]], 'Collection')));
    const results = await Promise.all(ids.map((id) => place(body(id))));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const numbers = results.map((r) => r.body.orderNo as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 5 }, (_, i) => numbers[0] + i));
    const [{ highest }] = await w.t.db.select({ highest: sql<number>`max(${customerOrder.orderNo})` }).from(customerOrder).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.merchantBranchId, w.s.merchantBranchId)));
    expect(Number(highest)).toBe(numbers[4]);
    // The counter goes on from there.
    const next = await place(body(await basketOf([[w.menu.crisps.id, 1]], 'Collection')));
    expect(next.body.orderNo).toBe(numbers[4] + 1);
  });

  it('a failure halfway leaves no order, no stock change, no mail, and the basket open', async () => {
    const id = await basketOf([[w.menu.crisps.id, 1]], 'Collection');
    const before = await stockOf(w.products.crispsP.id);
    await w.t.db.execute(sql.raw(`create function fail_order_event() returns trigger language plpgsql as $$ begin raise exception 'planted failure'; end $$`));
    await w.t.db.execute(sql.raw('create trigger fail_order_event before insert on order_event for each row execute function fail_order_event()'));
    try {
      const res = await place(body(id));
      expect(res.status).toBe(500);
      expect(res.body.details).toBe('An unexpected error has occurred.');
    } finally {
      await w.t.db.execute(sql.raw('drop trigger fail_order_event on order_event'));
      await w.t.db.execute(sql.raw('drop function fail_order_event()'));
    }
    expect(await ordersOf(id)).toEqual([]);
    expect(await stockOf(w.products.crispsP.id)).toBe(before);
    expect(await mailsTo(body(id).email)).toBe(0);
    const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, id));
    expect(b.state).toBe('OPEN');
    // And it can still be placed.
    expect((await place(body(id))).status).toBe(200);
  });
});
