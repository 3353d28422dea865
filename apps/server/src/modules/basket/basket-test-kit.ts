import { eq } from 'drizzle-orm';
import type { Basket } from '@tillpoint/contracts/basket';
import { branchSettings, department, licence, mixAndMatch, mixAndMatchProduct, product, productGroup, productGroupProduct, tax, webMenu } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';

export type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };

/**
 * A store of our own for the basket and order tests, with known prices (pence): burger £8.50 with a
 * 'Served With' group (free), a SINGLE drink group priced by product and a MULTIPLE extras group at a
 * set price of £1 after one free; beer £4 (age-restricted drinks); gift card £10 (no service charge);
 * cheese £20/kg (weighed); crisps £1.50 in a '3 for £3' offer. Delivery fee £2.50, free from £30;
 * collection discount 10 %; service charge ACTIVE 10 % for every order type; a table order licence.
 */
export async function basketWorld(opts: Parameters<typeof createTestApp>[0] = {}) {
  const t: TestApp = await createTestApp(opts);
  const store = await addMerchant(t.db, { domainName: 'basket-cafe', userName: 'bcafe', password: 'Bcafe1234' });
  const other = await addMerchant(t.db, { domainName: 'elsewhere', userName: 'else', password: 'Else12345' });
  const s: Scope = { merchantAccountId: store.merchantAccountId, merchantBranchId: store.merchantBranchId };
  await t.db.insert(licence).values({ ...s, serviceName: 'TABLE_ORDER', licenseStatus: 'ACTIVE', actionReason: 'PAYMENT_COMPLETED' });
  const seeded = await seedMenu(t, s);
  const elsewhere = await seedMenu(t, { merchantAccountId: other.merchantAccountId, merchantBranchId: other.merchantBranchId });
  await t.db.insert(branchSettings).values({
    ...s,
    webOrderPaymentOptions: 'PAY AT DOOR BY CASH (DELIVERY),PAY AT COUNTER (COLLECTION),CARD (DELIVERY)',
    tableOrderPaymentOptions: 'PAY AT COUNTER',
    deliveryFee: 250,
    freeDeliveryAmount: 3000,
    minimumDeliveryBasketPrice: 1000,
    collectionDiscountRateBp: 1000,
    serviceChargeOptions: 'ACTIVE',
    defaultServiceCharge: 10,
    serviceChargeOptionsDelivery: 'ACTIVE',
    defaultServiceChargeDelivery: 10,
    serviceChargeOptionsTableOrder: 'ACTIVE',
    defaultServiceChargeTableOrder: 10,
    autoOrderConfirm: false,
    // The basket tests look at acceptance alone; the kitchen and delivery steps are order-automation.test.ts's.
    autoKitchen: false,
  });
  const api = <T = Basket>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => t.json<T>(method, `/api/${path}`, body);
  const setSettings = (values: Partial<typeof branchSettings.$inferInsert>) => t.db.update(branchSettings).set(values).where(eq(branchSettings.merchantBranchId, s.merchantBranchId));
  return { t, s, store, other, ...seeded, elsewhere, api, setSettings };
}
export type BasketWorld = Awaited<ReturnType<typeof basketWorld>>;

async function seedMenu(t: TestApp, s: Scope) {
  const db = t.db;
  const [vat] = await db.insert(tax).values({ ...s, name: 'Standard', rateBp: 2000 }).returning();
  const [zero] = await db.insert(tax).values({ ...s, name: 'Zero', rateBp: 0 }).returning();
  const dept = async (name: string, extra: Partial<typeof department.$inferInsert> = {}) => (await db.insert(department).values({ ...s, name, taxId: vat.id, ...extra }).returning())[0];
  const food = await dept('Food');
  const drinks = await dept('Drinks', { ageRestricted: true });
  const gifts = await dept('Gifts', { excludeServiceCharge: true, taxId: zero.id });
  const prod = async (name: string, barcode: string, price: number, departmentId: number, extra: Partial<typeof product.$inferInsert> = {}) =>
    (await db.insert(product).values({ ...s, name, barcode, price, departmentId, ...extra }).returning())[0];
  const burgerP = await prod('Burger', '1001', 900, food.id, { webPrice: 850 });
  const lettuce = await prod('Lettuce', '1002', 50, food.id);
  const cola = await prod('Cola', '1003', 150, food.id);
  const lemonade = await prod('Lemonade', '1004', 175, food.id);
  const cheeseX = await prod('Extra cheese', '1005', 80, food.id);
  const bacon = await prod('Bacon', '1006', 120, food.id);
  const beerP = await prod('Beer', '1007', 400, drinks.id, { currentStock: 10 });
  const giftP = await prod('Gift card', '1008', 1000, gifts.id);
  const cheeseP = await prod('Cheddar', '1009', 2000, food.id, { weighable: true, unit: 'kg' });
  const crispsP = await prod('Crisps', '1010', 150, food.id, { currentStock: 5 });
  const group = async (name: string, selectionType: string, pricingType: string, productIds: number[], extra: Partial<typeof productGroup.$inferInsert> = {}) => {
    const [g] = await db.insert(productGroup).values({ ...s, name, selectionType, pricingType, ...extra }).returning();
    await db.insert(productGroupProduct).values(productIds.map((productId, position) => ({ ...s, groupId: g.id, productId, position })));
    return g;
  };
  const servedWith = await group('Served', 'MULTIPLE', 'PRODUCT_PRICE', [lettuce.id]);
  const drinkGroup = await group('Drink', 'SINGLE', 'PRODUCT_PRICE', [cola.id, lemonade.id]);
  const extras = await group('Extras', 'MULTIPLE', 'SET_PRICE', [cheeseX.id, bacon.id], { price: 100, zeroPriceLimit: 1 });
  const item = async (name: string, productId: number, extra: Partial<typeof webMenu.$inferInsert> = {}) =>
    (await db.insert(webMenu).values({ ...s, name, productId, hasSubMenu: false, ...extra }).returning())[0];
  const burger = await item('Burger meal', burgerP.id, { grpContent: servedWith.id, grpOption1: drinkGroup.id, grpOption2: extras.id });
  const beer = await item('Beer', beerP.id);
  const gift = await item('Gift card', giftP.id);
  const cheese = await item('Cheddar', cheeseP.id);
  const crisps = await item('Crisps', crispsP.id);
  const [category] = await db.insert(webMenu).values({ ...s, name: 'Mains', hasSubMenu: true }).returning();
  const [offer] = await db.insert(mixAndMatch).values({ ...s, name: '3 for £3', quantity: 3, amount: 300 }).returning();
  await db.insert(mixAndMatchProduct).values({ ...s, mixAndMatchId: offer.id, productId: crispsP.id });
  return { menu: { burger, beer, gift, cheese, crisps, category }, products: { burgerP, lettuce, cola, lemonade, cheeseX, bacon, beerP, giftP, cheeseP, crispsP } };
}
