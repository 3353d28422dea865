import { everyDay } from '@tillpoint/contracts/schedule';
import type { Scope } from '../platform/auth';
import { databaseFiles } from '../platform/files';
import { type BranchOwnedKeys, ownedBy } from '../platform/tenancy';
import type { Db } from './open-db';
import { branchSettings, department, device, floorPlan, mixAndMatch, mixAndMatchProduct, product, productGroup, productGroupProduct, restTable, webMenu } from './schema';

/**
 * The demo store's web menu, promotions, floor and hours (issue 9), built from its catalogue
 * (demo-catalogue.ts): a category per department (drinks grouped under one 'Drinks' menu) with an
 * image, every product as an item, a burger meal with 'Served With', extras and a drink choice, a
 * two-course lunch with a main and a starter from the lunch groups, kitchen and bar printers, a
 * mix and match offer on soft drinks and £2 off a £20 basket, 10 tables, and opening hours every day.
 */
const FOOD = ['Starters', 'Mains', 'Sides', 'Desserts', 'Deli'];
const DRINKS = ['Hot Drinks', 'Soft Drinks', 'Beer & Cider', 'Wine'];

export async function loadDemoWebMenu(tx: Db, s: Scope) {
  const keys = { merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId };
  const own = (t: BranchOwnedKeys) => ownedBy(t, s);
  const departments = await tx.select({ id: department.id, name: department.name }).from(department).where(own(department));
  const products = await tx
    .select({ id: product.id, name: product.name, departmentId: product.departmentId, webFileId: product.webFileId })
    .from(product)
    .where(own(product))
    .orderBy(product.id);
  const groups = Object.fromEntries((await tx.select({ id: productGroup.id, name: productGroup.name }).from(productGroup).where(own(productGroup))).map((g) => [g.name, g.id]));
  const printers = Object.fromEntries((await tx.select({ id: device.id, name: device.name }).from(device).where(own(device))).map((d) => [d.name, d.id]));
  const productId = Object.fromEntries(products.map((p) => [p.name, p.id]));
  const depId = Object.fromEntries(departments.map((d) => [d.name, d.id]));

  /** A category's image: a copy of its first product's, so removing one never removes the other. */
  const imageOf = async (departmentName: string) => {
    const first = products.find((p) => p.departmentId === depId[departmentName] && p.webFileId !== null);
    if (!first?.webFileId) return null;
    const file = await databaseFiles.read(tx, s.merchantAccountId, first.webFileId);
    return file ? (await databaseFiles.save(tx, s.merchantAccountId, file)).id : null;
  };
  const category = async (name: string, parentId: number | null, menuDisplayNo: number, subTitle?: string) =>
    (
      await tx
        .insert(webMenu)
        .values({ ...keys, name, parentId, menuDisplayNo, subTitle, hasSubMenu: true, webFileId: depId[name] ? await imageOf(name) : await imageOf('Soft Drinks') })
        .returning({ id: webMenu.id })
    )[0].id;

  const categoryId: Record<string, number> = {};
  let no = 1;
  for (const name of FOOD.slice(0, 4)) categoryId[name] = await category(name, null, no++);
  const drinks = await category('Drinks', null, no++, 'Hot, soft and from the bar');
  for (const [i, name] of DRINKS.entries()) categoryId[name] = await category(name, drinks, i + 1);
  categoryId.Deli = await category('Deli', null, no++, 'To take home');

  // Every product as an item of its department's category, in catalogue order; drinks print at the bar.
  const items = products.flatMap((p) => {
    const dep = departments.find((d) => d.id === p.departmentId)?.name ?? '';
    const parentId = categoryId[dep];
    if (!parentId) return [];
    const printer = DRINKS.includes(dep) ? printers['Bar printer'] : printers['Kitchen printer'];
    return [{ ...keys, parentId, productId: p.id, name: p.name, longname: p.name, hasSubMenu: false, kitchenPrinter1: printer ?? null }];
  });
  // Each category numbers its items from 1 in catalogue order.
  await tx.insert(webMenu).values(items.map((i, n) => ({ ...i, menuDisplayNo: items.slice(0, n + 1).filter((j) => j.parentId === i.parentId).length })));

  // Set menus: a burger meal (served with salad and chips, extra sides, a drink) and a two-course lunch.
  const [garnish] = await tx.insert(productGroup).values({ ...keys, name: 'Burger Garnish', selectionType: 'MULTIPLE', pricingType: 'SET_PRICE', price: 0 }).returning({ id: productGroup.id });
  await tx.insert(productGroupProduct).values(['House Salad', 'Chunky Chips'].map((name, position) => ({ ...keys, groupId: garnish.id, productId: productId[name], position })));
  // Its picture is a copy of the first main's, like the categories'.
  const lunchImage = await imageOf('Mains');
  const [lunch] = await tx
    .insert(product)
    .values({ ...keys, name: 'Two-Course Lunch', barcode: '5060000009991', departmentId: depId.Mains, price: 1650, webPrice: 1650, productType: 'SET_MENU', webFileId: lunchImage })
    .returning({ id: product.id });
  await tx.insert(webMenu).values([
    {
      ...keys,
      parentId: categoryId.Mains,
      productId: productId['Classic Beef Burger'],
      name: 'Burger Meal',
      longname: 'Classic Beef Burger meal',
      subTitle: 'Served with salad and chips, add extra sides and a drink',
      hasSubMenu: false,
      grpContent: garnish.id,
      grpContentX: groups['Burger Sides'] ?? null,
      grpOption1: groups['Meal Deal Drink'] ?? null,
      grpOption1Label: 'Drink',
      kitchenPrinter1: printers['Kitchen printer'] ?? null,
      kitchenPrinterGrp1: garnish.id,
      pinned: true,
      menuDisplayNo: 0,
    },
    {
      ...keys,
      parentId: categoryId.Mains,
      productId: lunch.id,
      name: 'Two-Course Lunch',
      subTitle: 'A starter and a main for £16.50',
      hasSubMenu: false,
      grpMain: groups['Lunch Menu – Main'] ?? null,
      grpOption1: groups['Lunch Menu – Starter'] ?? null,
      grpOption1Label: 'Starter',
      kitchenPrinter1: printers['Kitchen printer'] ?? null,
      menuDisplayNo: 0,
    },
  ]);

  // Promotions: any 3 soft drinks for £7 (web and till), and £2 off a £20 basket.
  const [softDeal] = await tx
    .insert(mixAndMatch)
    .values([
      { ...keys, name: 'Any 3 Soft Drinks for £7', mixAndMatchType: 'MIXMATCH', level: 'PRODUCT', operation: 'FIXED_PRICE', quantity: 3, amount: 700 },
      { ...keys, name: '£2 off a £20 basket', mixAndMatchType: 'ALL_PRODUCTS', level: 'BASKET', operation: 'DISCOUNT_AMOUNT', quantity: 2000, amount: 200 },
    ])
    .returning({ id: mixAndMatch.id });
  const softDrinks = products.filter((p) => p.departmentId === depId['Soft Drinks']);
  if (softDrinks.length) {
    await tx.insert(mixAndMatchProduct).values(softDrinks.map((p, position) => ({ ...keys, mixAndMatchId: softDeal.id, productId: p.id, position })));
  }

  // The floor: 10 tables, 5 to a row; twos by the window, a six at the back.
  await tx.insert(restTable).values(Array.from({ length: 10 }, (_, i) => ({ ...keys, tableNo: i + 1, tableCapacity: i < 2 ? 2 : i === 9 ? 6 : 4 })));
  await tx.insert(floorPlan).values({ ...keys, size: 10, rowSize: 5 });

  // Open every day 11:00 to 23:00 (Friday and Saturday until half past midnight), delivering 17:00 to 22:00.
  const hours = everyDay('11:00', '23:00', { openHour: '17:00', closeHour: '22:00' });
  hours.friday = { ...hours.friday, closeHour: '00:30' };
  hours.saturday = { ...hours.saturday, closeHour: '00:30' };
  const settings = {
    email: 'reports@demo-bistro.local',
    openingHours: hours,
    minimumDeliveryBasketPrice: 1500,
    deliveryFee: 250,
    freeDeliveryAmount: 3000,
    collectionDiscountRateBp: 1000,
    serviceChargeOptionsTableOrder: 'ACTIVE',
    defaultServiceChargeTableOrder: 10,
    scheduledForDelivery: true,
    minimumDeliveryDeliveryDuration: 30,
    maximumDeliveryDeliveryDuration: 45,
    // Postcode areas, as serviceability reads them (SW1 holds SW1A to SW1Y: Westminster, Pimlico and Victoria); 3 miles beyond with a DISTANCE credit.
    serviceableAreas: 'SW1',
    distanceHundredthsMiles: 300,
    // Card payments through the built-in SIMULATOR (test cards in the README), so the demo takes real payments offline.
    provider: 'SIMULATOR',
    jsUrl: null,
    baseUrl: null,
    webOrderPaymentOptions: 'CARD (DELIVERY),PAY AT DOOR BY CARD (DELIVERY),PAY AT DOOR BY CASH (DELIVERY),CARD (COLLECTION),PAY AT COUNTER (COLLECTION)',
    tableOrderPaymentOptions: 'CARD,PAY AT COUNTER',
  };
  await tx
    .insert(branchSettings)
    .values({ ...keys, ...settings })
    .onConflictDoUpdate({ target: [branchSettings.merchantAccountId, branchSettings.merchantBranchId], set: settings });
}
