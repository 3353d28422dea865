import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@tillpoint/contracts/order';
import type { LiveOrder, OrderActionReply, OrderEvent } from '@tillpoint/contracts/order-handling';
import { basket, branchSettings, customerOrder, customerOrderLine, mailOutbox, orderEvent, orderHistory, printJob } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant, addMerchantUser } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { type NewOrder, insertOrder } from './orders.repo';
import { insertTestOrder } from './order-test-kit';

const ROLE_ID = { clerk: 4, kitchen: 5, waiter: 6, driver: 7 } as const;
const B = '/api/storemanagement/order/';

let t: TestApp;
let s: Scope;
let other: Scope;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
let otherOwner = '';
let basketNo = 0;

/** An order as insertOrder takes it: a delivery of two burger meals, ORDER_PLACED. */
const newOrder = (basketId: number, o: { orderType?: string; remote?: boolean; basketStatus?: string; firstName?: string } = {}): NewOrder => ({
  basketId,
  orderType: o.orderType ?? 'DELIVERY',
  basketStatus: o.basketStatus ?? 'INPROGRESS',
  orderStatus: 'ORDER_PLACED',
  // Paid at the door, staff take the payment (remote false); paid by card online, remote.
  paymentType: o.remote === false ? 'PAY AT DOOR BY CASH' : 'CARD',
  tableNo: null,
  customer: { firstName: o.firstName ?? 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mobilePhone: '07700900123' },
  deliveryAddress: { postCode: 'SW1A 1AA', city: 'London', addressLine1: '1 Downing St', addressLine2: null, addressLine3: null, addressLine4: null },
  orderNotes: null,
  allergies: 'nuts',
  deliveryTime: null,
  money: { subTotal: 1200, discount: 0, serviceCharge: 120, deliveryFee: 250, tax: 200, total: 1570 },
  lines: [{ productId: null, description: 'Burger meal', quantityTenths: 20, totalPrice: 1200, weighable: false }],
});

async function placeOrder(scope: Scope, o: Parameters<typeof newOrder>[1] = {}) {
  basketNo += 1;
  const [b] = await t.db.insert(basket).values({ ...scope, bssId: `bss-${basketNo}`, orderType: o.orderType ?? 'DELIVERY' }).returning();
  const order = await t.db.transaction((tx) => insertOrder(tx, scope, newOrder(b.id, o)));
  expect(order.remote).toBe(o.remote !== false);
  return order;
}

const act = (who: string, path: string) => t.json<OrderActionReply & { type?: string; details?: string }>('PUT', `${B}${path}`, undefined, tokens[who]);
const row = async (id: number) => (await t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, s.merchantAccountId), eq(customerOrder.id, id))))[0];
const historyOf = (id: number) =>
  t.db.select().from(orderHistory).where(and(eq(orderHistory.merchantAccountId, s.merchantAccountId), eq(orderHistory.orderId, id))).orderBy(orderHistory.id);

beforeAll(async () => {
  t = await createTestApp();
  const store = await addMerchant(t.db, { domainName: 'live-kitchen', userName: 'lkowner', password: 'Lkowner123' });
  const else_ = await addMerchant(t.db, { domainName: 'live-other', userName: 'loowner', password: 'Loowner123' });
  s = { merchantAccountId: store.merchantAccountId, merchantBranchId: store.merchantBranchId };
  other = { merchantAccountId: else_.merchantAccountId, merchantBranchId: else_.merchantBranchId };
  // Each step here is a person's: the branch's automation (order-automation.test.ts) is off.
  const manual = { autoOrderConfirm: false, autoKitchen: false, autoInsideDelivery: false, autoOutsideDelivery: false, autoDispatch: false };
  for (const scope of [s, other]) await t.db.insert(branchSettings).values({ ...scope, ...manual });
  for (const [name, roleId] of [['clerk', ROLE_ID.clerk], ['clerk2', ROLE_ID.clerk], ['kitchen', ROLE_ID.kitchen], ['waiter', ROLE_ID.waiter], ['driver', ROLE_ID.driver]] as const) {
    const u = await addMerchantUser(t.db, { ...s, userName: `lk${name}`, password: 'Staff12345', roleIds: [roleId] });
    users[name] = u.id;
    tokens[name] = (await t.signIn('merchant', { userName: `lk${name}`, password: 'Staff12345', domainName: 'live-kitchen' })).accessToken;
  }
  tokens.owner = (await t.signIn('merchant', { userName: 'lkowner', password: 'Lkowner123', domainName: 'live-kitchen' })).accessToken;
  otherOwner = (await t.signIn('merchant', { userName: 'loowner', password: 'Loowner123', domainName: 'live-other' })).accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('order actions by role (spec 3 §4.2, §7.1)', () => {
  it('a delivery order goes clerk accept → kitchen preparing, ready → clerk dispatch → driver takes cash, delivers → clerk close, stamping dates and history', async () => {
    const o = await placeOrder(s, { remote: false });
    expect((await act('kitchen', `accept/id/${o.id}`)).status).toBe(403);
    expect((await act('waiter', `accept/id/${o.id}`)).status).toBe(403);
    const accepted = await act('clerk', `accept/id/${o.id}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: o.id, orderStatus: 'ORDER_ACCEPTED', basketStatus: 'INPROGRESS' });
    expect(accepted.body.type).toBeUndefined();
    expect((await row(o.id)).acceptedDate).toBeInstanceOf(Date);
    const again = await act('clerk', `accept/id/${o.id}`);
    expect(again.status).toBe(409);
    expect(again.body.type).toBe('ERROR');

    expect((await act('clerk', `preparing/id/${o.id}`)).status).toBe(403);
    expect((await act('kitchen', `ready/id/${o.id}`)).status).toBe(409);
    expect((await act('kitchen', `preparing/id/${o.id}`)).body.orderStatus).toBe('ORDER_PREPARING');
    expect((await act('kitchen', `ready/id/${o.id}`)).body.orderStatus).toBe('ORDER_READY');
    // A DELIVERY order is not the waiter's to hand over.
    expect((await act('waiter', `deliver/id/${o.id}`)).status).toBe(409);
    // The driver must be a driver of the branch: the kitchen user is not.
    expect((await act('clerk', `dispatch/id/${o.id}/driverId/${users.kitchen}`)).status).toBe(400);
    expect((await row(o.id)).orderStatus).toBe('ORDER_READY');
    const dispatched = await act('clerk', `dispatch/id/${o.id}/driverId/${users.driver}`);
    expect(dispatched.body).toMatchObject({ orderStatus: 'ORDER_DISPATCHED', driverId: users.driver });
    // Not paid yet: the driver cannot mark it delivered; the clerk cannot take payment for a dispatched order.
    expect((await act('driver', `deliver/id/${o.id}`)).status).toBe(409);
    expect((await act('clerk', `payment/id/${o.id}/paymentType/CASH`)).status).toBe(403);
    expect((await act('driver', `payment/id/${o.id}/paymentType/CHEQUE`)).status).toBe(400);
    expect((await act('driver', `payment/id/${o.id}/paymentType/CASH`)).body).toMatchObject({ basketStatus: 'PAID', orderStatus: 'ORDER_DISPATCHED' });
    expect((await act('driver', `payment/id/${o.id}/paymentType/CASH`)).status).toBe(409);
    expect((await act('driver', `deliver/id/${o.id}`)).body.orderStatus).toBe('ORDER_DELIVERED');
    expect((await act('driver', `close/id/${o.id}`)).status).toBe(403);
    expect((await act('clerk', `close/id/${o.id}`)).body.orderStatus).toBe('ORDER_CLOSED');

    const final = await row(o.id);
    expect(final).toMatchObject({ paymentType: 'CASH', driverId: users.driver, basketStatus: 'PAID' });
    for (const d of [final.acceptedDate, final.preparingDate, final.readyDate, final.deliveredDate]) expect(d).toBeInstanceOf(Date);
    const h = await historyOf(o.id);
    expect(h.map((x) => [x.action, x.fromStatus, x.toStatus, x.userId])).toEqual([
      ['ACCEPT', 'ORDER_PLACED', 'ORDER_ACCEPTED', users.clerk],
      ['PREPARING', 'ORDER_ACCEPTED', 'ORDER_PREPARING', users.kitchen],
      ['READY', 'ORDER_PREPARING', 'ORDER_READY', users.kitchen],
      ['DISPATCH', 'ORDER_READY', 'ORDER_DISPATCHED', users.clerk],
      ['PAYMENT_CASH', 'ORDER_DISPATCHED', 'ORDER_DISPATCHED', users.driver],
      ['DELIVER', 'ORDER_DISPATCHED', 'ORDER_DELIVERED', users.driver],
      ['CLOSE', 'ORDER_DELIVERED', 'ORDER_CLOSED', users.clerk],
    ]);
    // Closed and non-remote with a failed sync: the clerk finalises it; then refunds the paid sale.
    await t.db.update(customerOrder).set({ syncStatus: 'FAILED' }).where(and(eq(customerOrder.merchantAccountId, s.merchantAccountId), eq(customerOrder.id, o.id)));
    expect((await act('clerk', `syncstatus/id/${o.id}`)).body.syncStatus).toBe('SUCCESS');
    expect((await act('clerk', `syncstatus/id/${o.id}`)).status).toBe(409);
    expect((await act('driver', `refund/id/${o.id}`)).status).toBe(403);
    expect((await act('clerk', `refund/id/${o.id}`)).body.basketType).toBe('refund');
    expect((await act('clerk', `refund/id/${o.id}`)).status).toBe(409);
  });

  it('a waiter hands over a collection order; dispatch with -1 sets no driver; a refused action changes nothing', async () => {
    const c = await placeOrder(s, { orderType: 'COLLECTION' });
    await act('clerk', `accept/id/${c.id}`);
    await act('kitchen', `preparing/id/${c.id}`);
    await act('kitchen', `ready/id/${c.id}`);
    expect((await act('clerk', `dispatch/id/${c.id}/driverId/-1`)).status).toBe(409);
    const before = await row(c.id);
    expect((await act('driver', `deliver/id/${c.id}`)).status).toBe(403);
    expect(await row(c.id)).toEqual(before);
    expect((await act('waiter', `deliver/id/${c.id}`)).body.orderStatus).toBe('ORDER_DELIVERED');

    const d = await placeOrder(s);
    await act('owner', `accept/id/${d.id}`);
    await act('owner', `preparing/id/${d.id}`);
    await act('owner', `ready/id/${d.id}`);
    expect((await act('clerk', `dispatch/id/${d.id}/driverId/-1`)).body).toMatchObject({ orderStatus: 'ORDER_DISPATCHED', driverId: null });
  });

  it('decline a placed order; print calls are recorded and change no status', async () => {
    const o = await placeOrder(s);
    expect((await act('clerk', `printreceipt/id/${o.id}`)).body.orderStatus).toBe('ORDER_PLACED');
    expect((await act('clerk', `resendkitchen/id/${o.id}`)).status).toBe(200);
    expect((await act('kitchen', `resendkitchen/id/${o.id}`)).status).toBe(403);
    expect((await act('clerk', `decline/id/${o.id}`)).body.orderStatus).toBe('ORDER_DECLINED');
    expect((await act('kitchen', `preparing/id/${o.id}`)).status).toBe(409);
    expect((await historyOf(o.id)).map((x) => x.action)).toEqual(['PRINTRECEIPT', 'RESENDKITCHEN', 'DECLINE']);
  });

  it('a web order is refunded through the payments area: no card payment to refund is 409 in its words; a driver is 403', async () => {
    const o = await placeOrder(s, { basketStatus: 'PAID' });
    await act('clerk', `accept/id/${o.id}`);
    expect((await act('driver', `refund/id/${o.id}`)).status).toBe(403);
    const refused = await act('clerk', `refund/id/${o.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.details).toBe('This order cannot be refunded.');
    expect((await row(o.id)).basketType).toBe('sale');
    expect((await historyOf(o.id)).map((h) => h.action)).toEqual(['ACCEPT']);
  });

  it("another merchant's order is 404 and untouched; no token is 401", async () => {
    const theirs = await placeOrder(other);
    expect((await act('clerk', `accept/id/${theirs.id}`)).status).toBe(404);
    expect((await t.json('PUT', `${B}accept/id/${theirs.id}`)).status).toBe(401);
    const [r] = await t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, other.merchantAccountId), eq(customerOrder.id, theirs.id)));
    expect(r.orderStatus).toBe('ORDER_PLACED');
  });

  it("a new branch's orders are numbered 1, 2, 3 (its provisional numbers while placing never counted)", async () => {
    const fresh = await addMerchant(t.db, { domainName: 'live-fresh', userName: 'lfowner', password: 'Lfowner123' });
    const scope = { merchantAccountId: fresh.merchantAccountId, merchantBranchId: fresh.merchantBranchId };
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push((await placeOrder(scope)).orderNo);
    expect(numbers).toEqual([1, 2, 3]);
  });

  it('an order without lines is written with its number and event, and no line rows', async () => {
    const order = await insertTestOrder(t.db, s, 'no-lines', { lines: [] });
    expect(order.orderNo).toBeGreaterThan(0);
    expect(await t.db.select().from(customerOrderLine).where(and(eq(customerOrderLine.merchantAccountId, s.merchantAccountId), eq(customerOrderLine.orderId, order.id)))).toEqual([]);
    expect((await t.db.select().from(orderEvent).where(eq(orderEvent.orderId, order.id))).map((e) => e.kind)).toEqual(['ORDER_CREATED']);
  });

  it("its basket's claim: a basket not in the state expected refuses the order (409) and nothing of it is written; one that is becomes ORDERED, its member the order's, the mail naming the number", async () => {
    const [b] = await t.db.insert(basket).values({ ...s, bssId: 'claim-me', orderType: 'DELIVERY' }).returning();
    const counts = async () => ({
      orders: (await t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, s.merchantAccountId), eq(customerOrder.basketId, b.id)))).length,
      lines: (await t.db.select().from(customerOrderLine)).length,
      events: (await t.db.select().from(orderEvent)).length,
      mails: (await t.db.select().from(mailOutbox)).length,
    });
    const before = await counts();
    const mail = { to: 'ada@example.com', subject: ['Your order ', ' at Live Kitchen'], text: ['Order no: ', '.'] } as const;
    const place = (fromState: 'OPEN' | 'PLACING') => t.db.transaction((tx) => insertOrder(tx, s, newOrder(b.id), { claim: { fromState, orderType: 'Delivery' }, mail }));
    await expect(place('PLACING')).rejects.toMatchObject({ status: 409, details: CHECKOUT_MESSAGES.placing });
    expect(await counts()).toEqual(before);
    expect((await t.db.select().from(basket).where(eq(basket.id, b.id)))[0]).toMatchObject({ state: 'OPEN', orderType: 'DELIVERY' });

    const order = await place('OPEN');
    expect((await t.db.select().from(basket).where(eq(basket.id, b.id)))[0]).toMatchObject({ state: 'ORDERED', orderType: 'Delivery', placingSince: null });
    expect(await counts()).toEqual({ orders: 1, lines: before.lines + 1, events: before.events + 1, mails: before.mails + 1 });
    const [sent] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(sent).toMatchObject({ toAddress: 'ada@example.com', subject: `Your order ${order.orderNo} at Live Kitchen`, textBody: `Order no: ${order.orderNo}.` });
  });

  it('two clerks pressing Accept at once give one acceptance: one history row, one event, one kitchen print', async () => {
    for (let i = 0; i < 3; i++) {
      const o = await placeOrder(s);
      const results = await Promise.all([act('clerk', `accept/id/${o.id}`), act('clerk2', `accept/id/${o.id}`)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await historyOf(o.id)).filter((h) => h.action === 'ACCEPT')).toHaveLength(1);
      const events = await t.db.select().from(orderEvent).where(and(eq(orderEvent.merchantAccountId, s.merchantAccountId), eq(orderEvent.orderId, o.id)));
      expect(events.filter((e) => e.kind === 'ORDER_ACCEPT')).toHaveLength(1);
      const prints = await t.db.select().from(printJob).where(and(eq(printJob.merchantAccountId, s.merchantAccountId), eq(printJob.orderId, o.id)));
      expect(prints.map((p) => p.kind)).toEqual(['KITCHEN']);
    }
  });
});

describe('order tables (spec 3 §2.1, §7.1)', () => {
  const load = (who: string, path: string, body: object = {}) => t.json<{ data: LiveOrder[]; totalCount: number }>('PUT', `${B}${path}`, { filter: [], sort: [], pageNumber: 0, limit: 10, ...body }, who === 'other' ? otherOwner : tokens[who]);

  it('open and completed orders of the caller branch only, with the spec columns; opening one marks it read', async () => {
    const o = await placeOrder(s, { firstName: 'Grace' });
    const open = await load('kitchen', 'newOrders/null');
    expect(open.status).toBe(200);
    const mine = open.body.data.find((x) => x.id === o.id);
    expect(mine).toMatchObject({
      orderNo: o.orderNo,
      orderStatus: 'ORDER_PLACED',
      customerFullName: 'Grace Lovelace',
      totalPriceString: '£15.70',
      read: 0,
      allergies: 'nuts',
      basketDetailList: [{ description: 'Burger meal', quantity: 2, totalPrice: 12 }],
    });
    expect(mine?.orderTime).toMatch(/^\d\d:\d\d$/);
    expect(open.body.data.every((x) => !['ORDER_CLOSED', 'ORDER_DECLINED'].includes(x.orderStatus))).toBe(true);
    expect(open.body.data.length).toBeLessThanOrEqual(10);
    const completed = await load('clerk', 'completedOrders', { limit: -1 });
    expect(completed.body.data.length).toBeGreaterThan(0);
    expect(completed.body.data.every((x) => ['ORDER_CLOSED', 'ORDER_DECLINED'].includes(x.orderStatus))).toBe(true);
    expect((await load('other', 'newOrders')).body.data.some((x) => x.id === o.id)).toBe(false);
    expect((await load('clerk', 'newOrders', { filter: [{ name: 'password', value: 'x' }] })).status).toBe(400);

    const count = async () => (await t.json<{ count: number }>('GET', `${B}newOrders/count/null`, undefined, tokens.clerk)).body.count;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const opened = await t.json<LiveOrder>('GET', `${B}id/${o.id}`, undefined, tokens.clerk);
    expect(opened.body.read).toBe(1);
    expect(await count()).toBe(before - 1);
    expect((await t.json('GET', `${B}id/${o.id}`, undefined, otherOwner)).status).toBe(404);
  });

  it('the GET forms take paging, sort and filter from the query string, scoped to the caller branch; bad values are a 400 that says why', async () => {
    type Page = { data: LiveOrder[]; totalCount: number };
    const get = (who: string, pathAndQuery: string) => t.json<Page & { type?: string; details?: string }>('GET', `${B}${pathAndQuery}`, undefined, who === 'other' ? otherOwner : tokens[who]);
    const a = await placeOrder(s, { firstName: 'Hedy' });
    const b = await placeOrder(s, { firstName: 'Hedy' });
    const theirs = await placeOrder(other, { firstName: 'Hedy' });

    const hedy = await get('kitchen', 'newOrders/null?filter=customerFullName:contains:hedy&sort=-orderNo&limit=1');
    expect(hedy.status).toBe(200);
    expect(hedy.body.totalCount).toBe(2);
    expect(hedy.body.data.map((x) => x.id)).toEqual([b.id]);
    expect((await get('kitchen', 'newOrders?filter=customerFullName:contains:hedy&sort=-orderNo&limit=1&pageNumber=1')).body.data.map((x) => x.id)).toEqual([a.id]);
    // The same answer as the PUT form the screens send.
    const put = await load('kitchen', 'newOrders', { filter: [{ name: 'customerFullName', value: 'hedy', filterMatchMode: 'contains' }], sort: [{ name: 'orderNo', ascending: true }] });
    const asc = await get('kitchen', 'newOrders/null?filter=customerFullName:contains:hedy&sort=orderNo');
    expect(asc.body).toEqual(put.body);
    // Repeated filters all apply; `in` takes a comma-separated list.
    const both = await get('clerk', `newOrders/KITCHEN?filter=customerFullName:startsWith:Hedy&filter=id:in:${a.id},${theirs.id}`);
    expect(both.body.data.map((x) => x.id)).toEqual([a.id]);
    expect((await get('other', 'newOrders?filter=customerFullName:equals:hedy lovelace')).body.data.map((x) => x.id)).toEqual([theirs.id]);

    await act('clerk', `decline/id/${a.id}`);
    const completed = await get('clerk', 'completedOrders?limit=-1&sort=-id');
    expect(completed.status).toBe(200);
    expect(completed.body.data[0].id).toBe(a.id);
    expect(completed.body.data.every((x) => ['ORDER_CLOSED', 'ORDER_DECLINED', 'ORDER_CANCELLED'].includes(x.orderStatus))).toBe(true);
    expect(completed.body.totalCount).toBe(completed.body.data.length);
    expect((await get('other', 'completedOrders?limit=-1')).body.data.some((x) => x.id === a.id)).toBe(false);

    const refused: [string, RegExp][] = [
      ['newOrders?pageNumber=-1', /^pageNumber must be a whole number/],
      ['newOrders?pageNumber=1.5', /^pageNumber must be a whole number/],
      ['newOrders?limit=abc', /^limit must be -1/],
      ['newOrders?limit=1001', /^limit must be -1/],
      ['newOrders?sort=orderNo;drop', /^sort must be a column name/],
      ['newOrders?filter=orderStatus:like:x', /^filter must be name:matchMode:value/],
      ['newOrders?filter=orderStatus', /^filter must be name:matchMode:value/],
      ['newOrders?filter=password:equals:x', /^Unknown filter field: password$/],
      ['completedOrders?sort=-password', /^Unknown sort field: password$/],
      ['completedOrders?filter=orderNo:equals:abc', /^The filter value of orderNo must be a number\.$/],
      ['newOrders?filter=orderStatus:lt:x', /^The match mode lt does not apply to orderStatus\.$/],
      ['newOrders?page=2', /.+/],
    ];
    for (const [query, details] of refused) {
      const r = await get('clerk', query);
      expect([query, r.status, r.body.type]).toEqual([query, 400, 'WARNING']);
      expect(r.body.details).toMatch(details);
    }
    expect((await t.json('GET', `${B}newOrders`)).status).toBe(401);
  });

  it('the drivers list names the branch users with the driver role', async () => {
    const drivers = await t.json<{ id: number; fullName: string }[]>('GET', '/api/merchantuser/role/driver', undefined, tokens.clerk);
    expect(drivers.body).toEqual([{ id: users.driver, fullName: 'lkdriver Tester' }]);
  });
});

describe('the live order stream (ARCHITECTURE §4)', () => {
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Opens the stream as a browser's EventSource would, and collects its events. */
  async function open(who: string, headers: Record<string, string> = {}) {
    const token = who === 'other' ? otherOwner : tokens[who];
    const ticket = await t.json<{ ticket: string }>('POST', `${B}events/ticket`, undefined, token);
    const ctrl = new AbortController();
    const res = await fetch(`${base}${B}events?ticket=${encodeURIComponent(ticket.body.ticket)}`, { headers, signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events: (OrderEvent & { sseId: number })[] = [];
    let text = '';
    const reader = res.body!.getReader();
    const pump = (async () => {
      const dec = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += dec.decode(value, { stream: true });
          let cut = text.indexOf('\n\n');
          while (cut >= 0) {
            const block = text.slice(0, cut);
            text = text.slice(cut + 2);
            const id = /^id: (\d+)$/m.exec(block);
            const data = /^data: (.*)$/m.exec(block);
            if (id && data) events.push({ ...(JSON.parse(data[1]) as OrderEvent), sseId: Number(id[1]) });
            cut = text.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
    const waitFor = async (pred: (e: OrderEvent) => boolean, ms = 1000) => {
      const start = Date.now();
      while (Date.now() - start < ms) {
        const e = events.find(pred);
        if (e) return e;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no such event within ${ms} ms: ${JSON.stringify(events)}`);
    };
    return { events, waitFor, close: async () => { ctrl.abort(); await pump; } };
  }

  it('a placed order and a transition arrive within a second; another branch hears neither', async () => {
    const mine = await open('kitchen');
    const theirs = await open('other');
    // Give both LISTEN subscriptions a moment to be in place before anything is placed.
    await new Promise((r) => setTimeout(r, 50));
    const placedAt = Date.now();
    const o = await placeOrder(s);
    const created = await mine.waitFor((e) => e.orderId === o.id && e.kind === 'ORDER_CREATED');
    expect(Date.now() - placedAt).toBeLessThan(1000);
    expect(created).toMatchObject({ orderStatus: 'ORDER_PLACED' });
    expect((await act('clerk', `accept/id/${o.id}`)).status).toBe(200);
    const accepted = await mine.waitFor((e) => e.orderId === o.id && e.kind === 'ORDER_ACCEPT');
    expect(accepted.orderStatus).toBe('ORDER_ACCEPTED');
    expect(accepted.id).toBeGreaterThan(created.id);
    // The other merchant's stream stays silent about it, but does hear its own orders.
    const own = await placeOrder(other);
    await theirs.waitFor((e) => e.orderId === own.id);
    expect(theirs.events.some((e) => e.orderId === o.id)).toBe(false);
    expect(mine.events.some((e) => e.orderId === own.id)).toBe(false);
    await mine.close();
    await theirs.close();
  });

  it('Last-Event-ID resumes with the events missed while away, and nothing older', async () => {
    const first = await open('clerk');
    const a = await placeOrder(s);
    const seen = await first.waitFor((e) => e.orderId === a.id);
    await first.close();
    // Away: an order is placed and another accepted.
    const b = await placeOrder(s);
    await act('clerk', `accept/id/${a.id}`);
    const back = await open('clerk', { 'last-event-id': String(seen.id) });
    await back.waitFor((e) => e.orderId === a.id && e.kind === 'ORDER_ACCEPT');
    await back.waitFor((e) => e.orderId === b.id && e.kind === 'ORDER_CREATED');
    expect(back.events.every((e) => e.id > seen.id)).toBe(true);
    expect(back.events.map((e) => e.sseId)).toEqual(back.events.map((e) => e.id));
    await back.close();
  });

  it('no ticket, a forged ticket or a bearer token in place of a ticket is 401', async () => {
    for (const q of ['', '?ticket=nonsense', `?ticket=${tokens.clerk}`]) expect((await fetch(`${base}${B}events${q}`)).status).toBe(401);
    expect((await t.json('POST', `${B}events/ticket`)).status).toBe(401);
  });
});
