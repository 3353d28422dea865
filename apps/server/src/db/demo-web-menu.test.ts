import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberBranchSettings } from '@tillpoint/contracts/branch-settings';
import { priceOffers } from '@tillpoint/contracts/promotion-pricing';
import { WEEKDAYS } from '@tillpoint/contracts/schedule';
import type { MemberMenuItem, SetMenuItemDetails } from '@tillpoint/contracts/web-menu';
import { pricingOffersOf } from '../modules/mix-and-match/mix-and-match.repo';
import { type TestApp, createTestApp } from '../test/harness';
import { branchSettings, floorPlan, merchantBranch, mixAndMatch, product, restTable, webMenu } from './schema';

let t: TestApp;
let s: { merchantAccountId: number; merchantBranchId: number };
const M = '/api/storemanagement/webmenumember/status/active/member/';
const get = async <T>(url: string) => (await t.json<T>('GET', url)).body;

beforeAll(async () => {
  t = await createTestApp();
  const [b] = await t.db.select().from(merchantBranch).where(eq(merchantBranch.domainName, 'demo-bistro'));
  s = { merchantAccountId: b.merchantAccountId, merchantBranchId: b.id };
});
afterAll(() => t.close());

describe('the demo web menu, offers, floor and hours (issue 9)', () => {
  it('the storefront home shows the categories with images, drinks grouped in their own menu', async () => {
    const home = await get<MemberMenuItem[]>(`${M}shortcuts/${s.merchantBranchId}`);
    expect(home.map((c) => c.name)).toEqual(['Starters', 'Mains', 'Sides', 'Desserts', 'Drinks', 'Deli']);
    expect(home.every((c) => c.imageUrl !== null && c.fileType === 'image/png')).toBe(true);
    const drinks = home.find((c) => c.name === 'Drinks');
    expect(drinks?.lastShortcuts).toBe(false);
    const inner = await get<MemberMenuItem[]>(`${M}shortcuts/${s.merchantBranchId}/parentid/${drinks?.id}`);
    expect(inner.map((c) => c.name)).toEqual(['Hot Drinks', 'Soft Drinks', 'Beer & Cider', 'Wine']);
    const image = await t.app.inject({ method: 'GET', url: home[0].imageUrl ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('a category lists its products; the burger meal is a set with Served With, extras and a drink', async () => {
    const mains = (await get<MemberMenuItem[]>(`${M}shortcuts/${s.merchantBranchId}`)).find((c) => c.name === 'Mains');
    const items = await get<MemberMenuItem[]>(`${M}${s.merchantBranchId}/${mains?.id}`);
    expect(items.length).toBeGreaterThanOrEqual(10);
    const meal = items.find((i) => i.name === 'Burger Meal');
    expect(meal).toMatchObject({ hasOptions: true, grpContentText: 'House Salad, Chunky Chips', price: 13.95 });
    const details = await get<SetMenuItemDetails>(`/api/storemanagement/basket/setmenuitemdetails/id/${meal?.id}`);
    expect(details.groups.map((g) => [g.key, g.label, g.text])).toEqual([
      ['grpContent', 'Served With', 'Burger Garnish'],
      ['grpContentX', 'Extra(s)', 'Burger Sides'],
      ['grpOption1', 'Drink', 'Meal Deal Drink'],
    ]);
    const lunch = items.find((i) => i.name === 'Two-Course Lunch');
    const lunchDetails = await get<SetMenuItemDetails>(`/api/storemanagement/basket/setmenuitemdetails/id/${lunch?.id}`);
    expect(lunchDetails.groups.map((g) => [g.label, g.pricingType])).toEqual([
      ['Main Product', 'SET_PRICE'],
      ['Starter', 'SET_PRICE'],
    ]);
    expect((await get<MemberMenuItem[]>(`${M}${s.merchantBranchId}/name/risotto`)).map((i) => i.name)).toEqual(['Mushroom Risotto']);
  });

  it('the offers really price: three soft drinks for £7, £2 off £20, never on the wine', async () => {
    const offers = await pricingOffersOf(t.db, s);
    const price = async (name: string) => (await t.db.select().from(product).where(and(eq(product.merchantAccountId, s.merchantAccountId), eq(product.name, name))))[0];
    const cola = await price('Coca-Cola 330ml');
    const malbec = await price('Malbec (bottle)');
    // A Monday lunchtime in London.
    const r = priceOffers(
      [
        { productId: cola.id, quantity: 3, unitPrice: cola.price ?? 0, excludePromotion: false },
        { productId: malbec.id, quantity: 1, unitPrice: malbec.price ?? 0, excludePromotion: true },
      ],
      offers,
      { now: new Date('2026-11-23T12:00:00Z'), channel: 'WEB' },
    );
    expect(r.discounts.map((d) => [d.name, d.discount])).toEqual([['Any 3 Soft Drinks for £7', 3 * 295 - 700]]);
  });

  it('10 tables on the floor, opening hours every day, and the store is open at Monday lunchtime', async () => {
    expect(await t.db.$count(restTable, and(eq(restTable.merchantAccountId, s.merchantAccountId), eq(restTable.merchantBranchId, s.merchantBranchId)))).toBe(10);
    const [row] = await t.db.select().from(branchSettings).where(eq(branchSettings.merchantBranchId, s.merchantBranchId));
    const hours = row.openingHours ?? {};
    expect(WEEKDAYS.every((d) => hours[d]?.openHour === '11:00')).toBe(true);
    const view = await get<MemberBranchSettings>(`/api/storemanagement/merchantbranchsettings/member/merchantBranchId/${s.merchantBranchId}`);
    expect(view).toMatchObject({ minimumDeliveryBasketPrice: 15, scheduledForDelivery: true });
  });

  it('a data reset of the branch clears its web menu, offers and floor (the modules\' reset tables)', async () => {
    const admin = (await t.signIn('admin')).accessToken;
    const res = await t.json('POST', '/api/storemanagement/datareset/create', { merchantBranchId: s.merchantBranchId, transactions: true, definitions: true }, admin);
    expect(res.status).toBe(200);
    for (const table of [webMenu, mixAndMatch, restTable, floorPlan]) {
      expect(await t.db.$count(table, and(eq(table.merchantAccountId, s.merchantAccountId), eq(table.merchantBranchId, s.merchantBranchId)))).toBe(0);
    }
    expect(await get<MemberMenuItem[]>(`${M}shortcuts/${s.merchantBranchId}`)).toEqual([]);
  });
});
