import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderFacts } from '@tillpoint/contracts/order-state-machine';
import type { OrderActionReply } from '@tillpoint/contracts/order-handling';
import { basket, branchSettings, customerOrder, orderEvent, orderHistory, printJob } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant, addMerchantUser } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { type OrderAutomation, planOrderAutomation } from './order-automation';
import { insertOrder } from './orders.repo';

const OFF: OrderAutomation = { autoOrderConfirm: false, autoKitchen: false, autoInsideDelivery: false, autoOutsideDelivery: false, autoDispatch: false };
const on = (...names: (keyof OrderAutomation)[]) => ({ ...OFF, ...Object.fromEntries(names.map((n) => [n, true])) });
const facts = (o: Partial<OrderFacts>): OrderFacts => ({ orderStatus: 'ORDER_PLACED', basketStatus: 'INPROGRESS', basketType: 'sale', orderType: 'COLLECTION', syncStatus: 'INIT', remote: false, ...o });
const path = (o: Partial<OrderFacts>, settings: OrderAutomation) => planOrderAutomation(facts(o), settings).steps.map((st) => st.toStatus);

describe('what each automation setting does (pure)', () => {
  it('autoOrderConfirm accepts a new order, and only a new one', () => {
    expect(path({}, on('autoOrderConfirm'))).toEqual(['ORDER_ACCEPTED']);
    expect(path({ orderStatus: 'ORDER_ACCEPTED' }, on('autoOrderConfirm'))).toEqual([]);
  });
  it('autoKitchen starts preparing an accepted order, never one whose basket was cancelled, and never readies it', () => {
    expect(path({ orderStatus: 'ORDER_ACCEPTED' }, on('autoKitchen'))).toEqual(['ORDER_PREPARING']);
    expect(path({ orderStatus: 'ORDER_ACCEPTED', basketStatus: 'CANCELLED' }, on('autoKitchen'))).toEqual([]);
    expect(path({}, on('autoOrderConfirm', 'autoKitchen', 'autoInsideDelivery', 'autoDispatch', 'autoOutsideDelivery'))).toEqual(['ORDER_ACCEPTED', 'ORDER_PREPARING']);
    expect(path({ orderStatus: 'ORDER_PREPARING' }, on('autoOrderConfirm', 'autoKitchen', 'autoInsideDelivery', 'autoDispatch', 'autoOutsideDelivery'))).toEqual([]);
  });
  it('autoInsideDelivery hands over a ready EAT_IN, COLLECTION or TAKEAWAY order, not a DELIVERY one', () => {
    for (const orderType of ['EAT_IN', 'COLLECTION', 'TAKEAWAY']) expect(path({ orderStatus: 'ORDER_READY', orderType }, on('autoInsideDelivery'))).toEqual(['ORDER_DELIVERED']);
    expect(path({ orderStatus: 'ORDER_READY', orderType: 'DELIVERY' }, on('autoInsideDelivery'))).toEqual([]);
  });
  it('autoDispatch dispatches a ready DELIVERY order with no driver', () => {
    const plan = planOrderAutomation(facts({ orderStatus: 'ORDER_READY', orderType: 'DELIVERY' }), on('autoDispatch'));
    expect(plan.steps.map((s) => s.toStatus)).toEqual(['ORDER_DISPATCHED']);
    expect(plan.set.driverId).toBeNull();
    expect(path({ orderStatus: 'ORDER_READY', orderType: 'COLLECTION' }, on('autoDispatch'))).toEqual([]);
  });
  it('autoOutsideDelivery marks a dispatched DELIVERY order delivered once its basket is not INPROGRESS (the driver takes a door payment first)', () => {
    expect(path({ orderStatus: 'ORDER_DISPATCHED', orderType: 'DELIVERY', basketStatus: 'PAID' }, on('autoOutsideDelivery'))).toEqual(['ORDER_DELIVERED']);
    expect(path({ orderStatus: 'ORDER_DISPATCHED', orderType: 'DELIVERY', basketStatus: 'INPROGRESS' }, on('autoOutsideDelivery'))).toEqual([]);
    expect(path({ orderStatus: 'ORDER_READY', orderType: 'DELIVERY', basketStatus: 'PAID' }, on('autoDispatch', 'autoOutsideDelivery'))).toEqual(['ORDER_DISPATCHED', 'ORDER_DELIVERED']);
  });
  it('all off moves nothing; each status change stamps its date', () => {
    for (const orderStatus of ['ORDER_PLACED', 'ORDER_ACCEPTED', 'ORDER_READY', 'ORDER_DISPATCHED']) expect(path({ orderStatus }, OFF)).toEqual([]);
    const now = new Date('2026-11-23T12:00:00Z');
    const plan = planOrderAutomation(facts({}), on('autoOrderConfirm', 'autoKitchen'), now);
    expect(plan.set).toMatchObject({ orderStatus: 'ORDER_PREPARING', acceptedDate: now, preparingDate: now });
  });
});

describe('automation through the real order flow', () => {
  let t: TestApp;
  let s: Scope;
  const tokens: Record<string, string> = {};
  let n = 0;
  const setSettings = (v: Partial<OrderAutomation>) => t.db.update(branchSettings).set(v).where(eq(branchSettings.merchantBranchId, s.merchantBranchId));
  const act = (who: string, p: string) => t.json<OrderActionReply>('PUT', `/api/storemanagement/order/${p}`, undefined, tokens[who]);
  const history = (id: number) =>
    t.db.select().from(orderHistory).where(and(eq(orderHistory.merchantAccountId, s.merchantAccountId), eq(orderHistory.orderId, id))).orderBy(orderHistory.id);
  const row = async (id: number) => (await t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, s.merchantAccountId), eq(customerOrder.id, id))))[0];

  async function place(o: { orderType?: string; accepted?: boolean; paymentType?: string; basketStatus?: string } = {}) {
    n += 1;
    const [b] = await t.db.insert(basket).values({ ...s, bssId: `auto-${n}`, orderType: o.orderType ?? 'COLLECTION' }).returning();
    return t.db.transaction((tx) =>
      insertOrder(tx, s, {
        basketId: b.id,
        orderType: o.orderType ?? 'COLLECTION',
        basketStatus: o.basketStatus ?? 'INPROGRESS',
        orderStatus: o.accepted === false ? 'ORDER_PLACED' : 'ORDER_ACCEPTED',
        paymentType: o.paymentType ?? 'PAY AT COUNTER',
        tableNo: null,
        customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mobilePhone: '07700900123' },
        deliveryAddress: o.orderType === 'DELIVERY' ? { postCode: 'SW1A 1AA', city: 'London', addressLine1: '1 Downing St', addressLine2: null, addressLine3: null, addressLine4: null } : null,
        orderNotes: null,
        allergies: null,
        deliveryTime: null,
        money: { subTotal: 1000, discount: 0, serviceCharge: 0, deliveryFee: 0, tax: 167, total: 1000 },
        lines: [{ productId: null, description: 'Pie', quantityTenths: 10, totalPrice: 1000, weighable: false }],
      }),
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    const m = await addMerchant(t.db, { domainName: 'auto-diner', userName: 'autoowner', password: 'Autoowner1' });
    s = { merchantAccountId: m.merchantAccountId, merchantBranchId: m.merchantBranchId };
    await t.db.insert(branchSettings).values({ ...s });
    for (const [name, roleId] of [['kitchen', 5], ['clerk', 4], ['driver', 7]] as const) {
      await addMerchantUser(t.db, { ...s, userName: `auto${name}`, password: 'Staff12345', roleIds: [roleId] });
      tokens[name] = (await t.signIn('merchant', { userName: `auto${name}`, password: 'Staff12345', domainName: 'auto-diner' })).accessToken;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('by the defaults (spec 1 §9) a new order is accepted and in the kitchen at once: system history rows, stamped dates, one event, kitchen tickets queued', async () => {
    const o = await place();
    expect(o.orderStatus).toBe('ORDER_PREPARING');
    expect(o.acceptedDate).not.toBeNull();
    expect(o.preparingDate).not.toBeNull();
    expect((await history(o.id)).map((h) => [h.action, h.fromStatus, h.toStatus, h.userId])).toEqual([
      ['AUTO_ACCEPT', 'ORDER_PLACED', 'ORDER_ACCEPTED', null],
      ['AUTO_PREPARING', 'ORDER_ACCEPTED', 'ORDER_PREPARING', null],
    ]);
    const events = await t.db.select().from(orderEvent).where(and(eq(orderEvent.merchantAccountId, s.merchantAccountId), eq(orderEvent.orderId, o.id)));
    expect(events.map((e) => e.orderStatus)).toEqual(['ORDER_PREPARING']);
    expect(await t.db.select().from(printJob).where(and(eq(printJob.merchantAccountId, s.merchantAccountId), eq(printJob.orderId, o.id)))).toHaveLength(1);
  });

  it('a collection order the kitchen readies is handed over by autoInsideDelivery (DELIVERED, shown READY on the display)', async () => {
    const o = await place();
    const ready = await act('kitchen', `ready/id/${o.id}`);
    expect(ready.status).toBe(200);
    expect(ready.body.orderStatus).toBe('ORDER_DELIVERED');
    expect((await row(o.id)).deliveredDate).not.toBeNull();
    expect((await history(o.id)).slice(-2).map((h) => [h.action, h.toStatus, h.userId === null])).toEqual([
      ['READY', 'ORDER_READY', false],
      ['AUTO_DELIVER', 'ORDER_DELIVERED', true],
    ]);
  });

  it('a ready delivery order is dispatched with no driver (autoDispatch); the driver takes the cash, then the driver still marks it delivered (autoOutsideDelivery off by default)', async () => {
    const o = await place({ orderType: 'DELIVERY', paymentType: 'PAY AT DOOR BY CASH' });
    const ready = await act('kitchen', `ready/id/${o.id}`);
    expect(ready.body).toMatchObject({ orderStatus: 'ORDER_DISPATCHED', driverId: null });
    expect((await act('driver', `payment/id/${o.id}/paymentType/CASH`)).body.orderStatus).toBe('ORDER_DISPATCHED');
    expect((await act('driver', `deliver/id/${o.id}`)).body.orderStatus).toBe('ORDER_DELIVERED');
  });

  it('autoOutsideDelivery on: the door payment completes the delivery by itself', async () => {
    await setSettings({ autoOutsideDelivery: true });
    try {
      const o = await place({ orderType: 'DELIVERY', paymentType: 'PAY AT DOOR BY CASH' });
      expect((await act('kitchen', `ready/id/${o.id}`)).body.orderStatus).toBe('ORDER_DISPATCHED');
      const paid = await act('driver', `payment/id/${o.id}/paymentType/CASH`);
      expect(paid.body).toMatchObject({ orderStatus: 'ORDER_DELIVERED', basketStatus: 'PAID' });
      expect((await history(o.id)).at(-1)).toMatchObject({ action: 'AUTO_DELIVER', fromStatus: 'ORDER_DISPATCHED', userId: null });
    } finally {
      await setSettings({ autoOutsideDelivery: false });
    }
  });

  it('all off: the order waits for each person (the clerk accepts, nothing follows by itself)', async () => {
    await setSettings(OFF);
    try {
      const o = await place({ accepted: false });
      expect(o.orderStatus).toBe('ORDER_PLACED');
      expect(o.acceptedDate).toBeNull();
      expect(await history(o.id)).toEqual([]);
      expect((await act('clerk', `accept/id/${o.id}`)).body.orderStatus).toBe('ORDER_ACCEPTED');
      expect((await act('kitchen', `preparing/id/${o.id}`)).body.orderStatus).toBe('ORDER_PREPARING');
      expect((await act('kitchen', `ready/id/${o.id}`)).body.orderStatus).toBe('ORDER_READY');
    } finally {
      await setSettings({ autoOrderConfirm: true, autoKitchen: true, autoInsideDelivery: true, autoDispatch: true });
    }
  });

  it('autoKitchen after a clerk accepts by hand (autoOrderConfirm off)', async () => {
    await setSettings({ autoOrderConfirm: false });
    try {
      const o = await place({ accepted: false });
      expect(o.orderStatus).toBe('ORDER_PLACED');
      const accepted = await act('clerk', `accept/id/${o.id}`);
      expect(accepted.body.orderStatus).toBe('ORDER_PREPARING');
      // Two clerks at once still give one acceptance: the second finds it moved on.
      expect((await act('clerk', `accept/id/${o.id}`)).status).toBe(409);
    } finally {
      await setSettings({ autoOrderConfirm: true });
    }
  });
});
