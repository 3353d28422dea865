import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BASKET_MESSAGES, BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import { basket, basketLine, licence, merchantBranch } from '../../db/schema';
import { type ApiError, type BasketWorld, basketWorld } from './basket-test-kit';

let w: BasketWorld;
beforeAll(async () => {
  w = await basketWorld();
});
afterAll(() => w.t.close());
beforeEach(async () => {
  await w.setSettings({ serviceChargeOptions: 'ACTIVE', serviceChargeOptionsDelivery: 'ACTIVE', defaultServiceChargeDelivery: 10 });
});

const branch = () => w.s.merchantBranchId;
const add = (body: Record<string, unknown>, setMenu = false) =>
  w.api<Basket & ApiError>('PUT', setMenu ? BASKET_PATHS.addSetMenuItem : BASKET_PATHS.addItem, { merchantBranchId: branch(), orderType: 'Delivery', ...body });
const burgerWith = (options: { groupKey: string; productId: number }[], extra: Record<string, unknown> = {}) =>
  add({ webMenuBssId: w.menu.burger.id, quantity: 1, options, ...extra }, true);
const snapshot = async () => JSON.stringify([await w.t.db.select().from(basket).orderBy(basket.id), await w.t.db.select().from(basketLine).orderBy(basketLine.id)]);

describe('basket: adding items, priced by the server', () => {
  it('the first item creates the basket with an id of at least 128 random bits; a price in the body is ignored', async () => {
    const res = await add({ webMenuBssId: w.menu.gift.id, quantity: 2, price: 0.01, totalPrice: 0.01 });
    expect(res.status).toBe(200);
    expect(res.body.bssId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.basketDetailList).toMatchObject([{ name: 'Gift card', quantity: 2, price: 10, priceString: '£10.00', totalPrice: 20, totalPriceString: '£20.00' }]);
    // Gift cards are excluded from the service charge; zero-rated for VAT; delivery £2.50 below £30.
    expect(res.body).toMatchObject({ subTotalPriceString: '£20.00', calculatedServiceCharge: 0, deliveryFeeString: '£2.50', totalTaxPrice: 0, totalPriceString: '£22.50', serviceCharge: '10' });
    const again = await w.api('GET', BASKET_PATHS.status(branch(), 'Delivery', res.body.bssId));
    expect(again.body.totalPriceString).toBe('£22.50');
    const other = await add({ webMenuBssId: w.menu.gift.id, quantity: 1 });
    expect(other.body.bssId).not.toBe(res.body.bssId);
  });

  it('a set menu item: Served With free, a SINGLE drink at its price, extras after the first free at the set price', async () => {
    const p = w.products;
    const res = await burgerWith([
      { groupKey: 'grpContent', productId: p.lettuce.id },
      { groupKey: 'grpOption1', productId: p.cola.id },
      { groupKey: 'grpOption2', productId: p.cheeseX.id },
      { groupKey: 'grpOption2', productId: p.bacon.id },
    ]);
    expect(res.status).toBe(200);
    const [line] = res.body.basketDetailList;
    expect(line.options.map((o) => [o.name, o.price])).toEqual([
      ['Lettuce', 0],
      ['Cola', 1.5],
      ['Extra cheese', 0],
      ['Bacon', 1],
    ]);
    // 8.50 web price + 1.50 + 1.00; service charge 10 %; VAT 1/6 of the goods.
    expect(res.body).toMatchObject({ subTotalPrice: 11, calculatedServiceChargeString: '£1.10', deliveryFeeString: '£2.50', totalPriceString: '£14.60', totalTaxPrice: 1.83 });
  });

  it('options outside the item groups, or two in a SINGLE group, are refused and nothing is written', async () => {
    const before = await snapshot();
    const foreign = await burgerWith([{ groupKey: 'grpOption1', productId: w.products.bacon.id }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toBe(BASKET_MESSAGES.optionNotOffered);
    const unknownGroup = await burgerWith([{ groupKey: 'grpOption3', productId: w.products.cola.id }]);
    expect(unknownGroup.body.details).toBe(BASKET_MESSAGES.optionNotOffered);
    const two = await burgerWith([
      { groupKey: 'grpOption1', productId: w.products.cola.id },
      { groupKey: 'grpOption1', productId: w.products.lemonade.id },
    ]);
    expect(two.body.details).toBe(BASKET_MESSAGES.singleChoice);
    expect(await snapshot()).toBe(before);
  });

  it('mix and match: three crisps for £3 shows its discount line', async () => {
    const res = await add({ webMenuBssId: w.menu.crisps.id, quantity: 3, orderType: 'Collection' });
    expect(res.body).toMatchObject({ subTotalPriceString: '£4.50', discountPriceString: '£1.50' });
    expect(res.body.checkOutItemList[0]).toEqual({ name: '3 for £3', price: -1.5, priceString: '-£1.50' });
    // Collection: 10 % off what is left (£0.30); service charge 10 % of the lines (£0.45).
    expect(res.body).toMatchObject({ manualDiscountString: '£0.30', calculatedServiceChargeString: '£0.45', deliveryPrice: 0, totalPriceString: '£3.15' });
  });

  it('delivery is free from the free-delivery amount; the same item again grows its line', async () => {
    const first = await add({ webMenuBssId: w.menu.gift.id, quantity: 2 });
    const more = await add({ webMenuBssId: w.menu.gift.id, quantity: 1, basketBssId: first.body.bssId });
    expect(more.body.basketDetailList).toHaveLength(1);
    expect(more.body).toMatchObject({ subTotalPriceString: '£30.00', deliveryFeeString: '£0.00', totalPriceString: '£30.00' });
  });

  it('adds of an equal line at once make one line of their sum; other notes or options make a line of their own', async () => {
    const id = (await add({ webMenuBssId: w.menu.gift.id })).body.bssId as string;
    const same = { webMenuBssId: w.menu.crisps.id, basketBssId: id, extraNotes: 'no salt' };
    const all = await Promise.all([add(same), add(same), add(same), add({ ...same, extraNotes: null }), add({ ...same, quantity: 2 })]);
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const lines = (await w.api('GET', BASKET_PATHS.status(branch(), 'Delivery', id))).body.basketDetailList;
    expect(lines.map((l) => [l.name, l.quantity, l.extraNotes ?? null])).toEqual([
      ['Gift card', 1, null],
      ['Crisps', 5, 'no salt'],
      ['Crisps', 1, null],
    ]);
  });

  it('a line stops at 999; the refusal changes nothing, not even the order type asked for', async () => {
    const first = await add({ webMenuBssId: w.menu.gift.id, quantity: 990 });
    const before = await snapshot();
    const over = await add({ webMenuBssId: w.menu.gift.id, quantity: 10, basketBssId: first.body.bssId, orderType: 'Collection' });
    expect(over.status).toBe(400);
    expect(over.body.details).toBe(BASKET_MESSAGES.quantity);
    expect(await snapshot()).toBe(before);
    expect((await add({ webMenuBssId: w.menu.gift.id, quantity: 9, basketBssId: first.body.bssId })).body.basketDetailList[0].quantity).toBe(999);
  });

  it('weighed items take 0.1 kg steps; others whole numbers; at least 1; notes up to 50', async () => {
    const cheese = await add({ webMenuBssId: w.menu.cheese.id, quantity: 1.5 });
    expect(cheese.body.basketDetailList[0]).toMatchObject({ quantity: 1.5, weighable: true, unit: 'kg', totalPriceString: '£30.00' });
    const before = await snapshot();
    for (const body of [
      { webMenuBssId: w.menu.gift.id, quantity: 1.5 },
      { webMenuBssId: w.menu.gift.id, quantity: 0 },
      { webMenuBssId: w.menu.cheese.id, quantity: 1.25 },
      { webMenuBssId: w.menu.gift.id, quantity: -1 },
    ]) {
      const res = await add(body);
      expect(res.status).toBe(400);
      expect(res.body.details).toBe(BASKET_MESSAGES.quantity);
    }
    const notes = await add({ webMenuBssId: w.menu.gift.id, extraNotes: 'x'.repeat(51) });
    expect(notes.body.details).toBe(BASKET_MESSAGES.extraNotes);
    expect((await add({ webMenuBssId: w.menu.gift.id, extraNotes: 'x'.repeat(50) })).status).toBe(200);
    const kept = JSON.parse(before) as unknown[][];
    expect((JSON.parse(await snapshot()) as unknown[][])[1].length).toBe(kept[1].length + 1);
  });
});

describe('basket: what it refuses', () => {
  it("another branch's item, a category and an unknown item are not found", async () => {
    for (const id of [w.elsewhere.menu.gift.id, w.menu.category.id, 999999]) {
      const res = await add({ webMenuBssId: id });
      expect(res.status).toBe(404);
    }
  });

  it('a closed store takes no items', async () => {
    await w.t.db.update(merchantBranch).set({ status: 'PASSIVE' }).where(eq(merchantBranch.id, branch()));
    try {
      const res = await add({ webMenuBssId: w.menu.gift.id });
      expect(res.status).toBe(400);
      expect(res.body.details).toBe(BASKET_MESSAGES.storeClosed);
    } finally {
      await w.t.db.update(merchantBranch).set({ status: 'ACTIVE' }).where(eq(merchantBranch.id, branch()));
    }
  });

  it("a store without the order type's licence answers 'Service Temporarily Unavailable'", async () => {
    const other = w.other.merchantBranchId;
    await w.t.db.delete(licence).where(eq(licence.merchantBranchId, other));
    const res = await w.api<ApiError>('PUT', BASKET_PATHS.addItem, { merchantBranchId: other, webMenuBssId: w.elsewhere.menu.gift.id });
    expect(res.status).toBe(400);
    expect(res.body.details).toBe('Service Temporarily Unavailable');
    expect((await w.api<ApiError>('GET', BASKET_PATHS.status(other, 'Delivery', null))).body.details).toBe('Service Temporarily Unavailable');
    // Table orders need TABLE_ORDER: our store has it; the other store has neither.
    expect((await add({ webMenuBssId: w.menu.gift.id, orderType: 'Table Order', tableNo: 4 })).body.tableNo).toBe(4);
  });

  it('an age-restricted item needs the over-18 answer first, recorded on the basket', async () => {
    const first = await add({ webMenuBssId: w.menu.gift.id });
    const id = first.body.bssId as string;
    expect((await w.api<boolean>('GET', BASKET_PATHS.checkAgeRestricted(branch(), id))).body).toBe(false);
    const before = await snapshot();
    const refused = await add({ webMenuBssId: w.menu.beer.id, basketBssId: id, orderType: 'Collection' });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toBe(BASKET_MESSAGES.ageQuestion);
    expect(await snapshot()).toBe(before);
    // Nor does it make a basket of its own.
    expect((await add({ webMenuBssId: w.menu.beer.id })).body.details).toBe(BASKET_MESSAGES.ageQuestion);
    expect(await snapshot()).toBe(before);
    expect((await w.api('PUT', BASKET_PATHS.ageRestricted(branch(), id))).body.ageRestrictedConfirmed).toBe(true);
    expect((await w.api<boolean>('GET', BASKET_PATHS.checkAgeRestricted(branch(), id))).body).toBe(true);
    expect((await add({ webMenuBssId: w.menu.beer.id, basketBssId: id })).body.basketDetailList).toHaveLength(2);
  });
});

describe('basket: lines, service charge, cancel', () => {
  it('adds one, removes a line; a line of another basket is not found', async () => {
    const a = await add({ webMenuBssId: w.menu.gift.id });
    const b = await add({ webMenuBssId: w.menu.gift.id });
    const line = a.body.basketDetailList[0].bssId;
    const one = await w.api('PUT', BASKET_PATHS.addOne, { merchantBranchId: branch(), basketBssId: a.body.bssId, bssId: line });
    expect(one.body.basketDetailList[0].quantity).toBe(2);
    const wrong = await w.api('PUT', BASKET_PATHS.removeItem, { merchantBranchId: branch(), basketBssId: b.body.bssId, bssId: line });
    expect(wrong.status).toBe(404);
    const removed = await w.api('PUT', BASKET_PATHS.removeItem, { merchantBranchId: branch(), basketBssId: a.body.bssId, bssId: line });
    expect(removed.body).toMatchObject({ basketDetailList: [], totalPrice: 0, deliveryPrice: 0 });
  });

  it('removes one of a line in one change and keeps its place; at the minimum the line leaves', async () => {
    const a = await add({ webMenuBssId: w.menu.gift.id, quantity: 3 });
    const id = a.body.bssId as string;
    await add({ webMenuBssId: w.menu.crisps.id, basketBssId: id });
    const line = a.body.basketDetailList[0].bssId;
    const less = (quantity: unknown) => w.api('PUT', BASKET_PATHS.removeItem, { merchantBranchId: branch(), basketBssId: id, bssId: line, quantity });
    for (const bad of [0, -1, 0.05, 'one']) expect((await less(bad)).status).toBe(400);
    const two = await less(1);
    expect(two.body.basketDetailList.map((l: { bssId: string; quantity: number }) => [l.bssId, l.quantity])).toEqual([
      [line, 2],
      [two.body.basketDetailList[1].bssId, 1],
    ]);
    await less(1);
    const gone = await less(1);
    expect(gone.body.basketDetailList).toHaveLength(1);
    expect(gone.body.basketDetailList[0].bssId).not.toBe(line);
  });

  it('service charge 5, 10, 20 or 0 when ACTIVE; none to choose when ENFORCED', async () => {
    const a = await burgerWith([]);
    const id = a.body.bssId as string;
    expect((await w.api('GET', BASKET_PATHS.serviceCharge(branch(), 20, id))).body).toMatchObject({ serviceCharge: '20', calculatedServiceChargeString: '£1.70' });
    expect((await w.api('GET', BASKET_PATHS.serviceCharge(branch(), 0, id))).body).toMatchObject({ serviceCharge: '0', calculatedServiceCharge: 0 });
    expect((await w.api<ApiError>('GET', BASKET_PATHS.serviceCharge(branch(), 15, id))).body.details).toBe(BASKET_MESSAGES.serviceChargeChoice);
    await w.setSettings({ serviceChargeOptionsDelivery: 'ENFORCED', defaultServiceChargeDelivery: 5 });
    const enforced = await w.api<ApiError>('GET', BASKET_PATHS.serviceCharge(branch(), 0, id));
    expect(enforced.status).toBe(400);
    expect(enforced.body.details).toBe(BASKET_MESSAGES.serviceChargeEnforced);
    expect((await w.api('GET', BASKET_PATHS.status(branch(), 'Delivery', id))).body.serviceCharge).toBe('5');
  });

  it('a cancelled basket is gone: its id shows an empty basket and starts a new one', async () => {
    const a = await add({ webMenuBssId: w.menu.gift.id });
    const id = a.body.bssId as string;
    expect((await w.api('PUT', BASKET_PATHS.cancel(branch(), id))).status).toBe(200);
    expect((await w.api('GET', BASKET_PATHS.status(branch(), 'Delivery', id))).body).toMatchObject({ bssId: null, basketDetailList: [] });
    const next = await add({ webMenuBssId: w.menu.gift.id, basketBssId: id });
    expect(next.body.bssId).not.toBe(id);
    expect((await w.api('GET', BASKET_PATHS.status(branch(), 'Delivery', 'undefined'))).body.bssId).toBeNull();
  });
});
