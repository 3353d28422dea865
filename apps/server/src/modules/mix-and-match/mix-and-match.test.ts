import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MixAndMatch } from '@tillpoint/contracts/mix-and-match';
import { priceOffers } from '@tillpoint/contracts/promotion-pricing';
import { department, mixAndMatch, mixAndMatchProduct, product, tax } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type ApiError, FORBIDDEN, NOT_FOUND, type Page, REQUIRED, catalogueWorld } from '../catalogue/catalogue-test-kit';
import { departmentHasMixAndMatch, pricingOffersOf } from './mix-and-match.repo';

let w: Awaited<ReturnType<typeof catalogueWorld>>;
const B = 'storemanagement/mixandmatch/';

async function seed(db: typeof w.t.db, s: Scope, tag: string) {
  const k = { merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId };
  const [tx] = await db.insert(tax).values({ ...k, name: `VAT ${tag}`, rateBp: 2000 }).returning();
  const [food] = await db.insert(department).values({ ...k, name: `Food ${tag}`, taxId: tx.id }).returning();
  const [tobacco] = await db.insert(department).values({ ...k, name: `Tobacco ${tag}`, taxId: tx.id, excludePromotion: true }).returning();
  const p = async (name: string, barcode: string, price: number, departmentId = food.id) =>
    (await db.insert(product).values({ ...k, name, barcode: `${barcode}${tag}`, departmentId, price }).returning())[0];
  return { food, tobacco, crisps: await p('Crisps', '200', 450), nuts: await p('Nuts', '201', 400), cigars: await p('Cigars', '202', 1200, tobacco.id) };
}
let mine: Awaited<ReturnType<typeof seed>>;
let theirs: Awaited<ReturnType<typeof seed>>;

const threeForTen = (products: number[]) => ({
  name: '3 for £10',
  mixAndMatchType: 'MIXMATCH',
  level: 'PRODUCT',
  operation: 'FIXED_PRICE',
  quantity: 3,
  amount: 10,
  products,
});
const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token?: string) => w.api<T>(method, `${B}${path}`, body, token);
const offers = () => w.snapshot(mixAndMatch, mixAndMatchProduct);

beforeAll(async () => {
  w = await catalogueWorld();
  // The demo store's own offers would take part in the pricing below; these tests bring theirs.
  await w.t.db.delete(mixAndMatch);
  mine = await seed(w.t.db, w.scope, 'a');
  theirs = await seed(w.t.db, { merchantAccountId: w.other.merchantAccountId, merchantBranchId: w.other.merchantBranchId }, 'b');
});
afterAll(() => w.t.close());

describe('mix and match: the generic calls', () => {
  it('creates an offer with its defaults and products, duplicates dropped', async () => {
    const res = await api<MixAndMatch>('POST', 'create', threeForTen([mine.crisps.id, mine.nuts.id, mine.crisps.id]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: '3 for £10',
      status: 'ACTIVE',
      mixAndMatchType: 'MIXMATCH',
      level: 'PRODUCT',
      operation: 'FIXED_PRICE',
      quantity: 3,
      amount: 10,
      mmPrint: 'LABEL',
      webEnabled: true,
      monday: true,
      sunday: true,
      products: [
        { id: mine.crisps.id, name: 'Crisps', barcode: '200a', price: 4.5, departmentExcludePromotion: false },
        { id: mine.nuts.id, name: 'Nuts', barcode: '201a', price: 4, departmentExcludePromotion: false },
      ],
    });
    const [row] = await w.t.db.select().from(mixAndMatch).where(eq(mixAndMatch.id, res.body.id));
    expect(row).toMatchObject({ quantity: 3, amount: 1000 });
  });

  it('a basket-level offer keeps its threshold as money; a type away from MIXMATCH empties the products', async () => {
    const res = await api<MixAndMatch>('POST', 'create', { ...threeForTen([mine.crisps.id]), name: '£2 off £20', level: 'BASKET', operation: 'DISCOUNT_AMOUNT', quantity: 20, amount: 2 });
    expect(res.body).toMatchObject({ level: 'BASKET', quantity: 20, amount: 2 });
    const [row] = await w.t.db.select().from(mixAndMatch).where(eq(mixAndMatch.id, res.body.id));
    expect(row).toMatchObject({ quantity: 2000, amount: 200 });
    const changed = await api<MixAndMatch>('PUT', 'update', { ...res.body, mixAndMatchType: 'ALL_PRODUCTS', products: [mine.crisps.id] });
    expect(changed.body).toMatchObject({ mixAndMatchType: 'ALL_PRODUCTS', products: [] });
  });

  it('the list is the table load at mixandmatch/all (5 rows a page), and GET all lists the offers', async () => {
    const page = await api<Page<MixAndMatch>>('PUT', 'all', { filter: [{ name: 'operation', value: 'FIXED_PRICE', filterMatchMode: 'equals' }], sort: [{ name: 'name', ascending: true }], pageNumber: 0, limit: 5 });
    expect(page.status).toBe(200);
    expect(page.body.data.every((o) => o.operation === 'FIXED_PRICE')).toBe(true);
    expect(page.body.totalCount).toBeGreaterThan(0);
    expect((await api<MixAndMatch[]>('GET', 'all')).body.map((o) => o.name)).toEqual(expect.arrayContaining(['3 for £10', '£2 off £20']));
  });

  it('status switch and delete', async () => {
    const created = (await api<MixAndMatch>('POST', 'create', threeForTen([mine.nuts.id]))).body;
    expect((await api<MixAndMatch>('PUT', `${created.id}/status/PASSIVE`)).body.status).toBe('PASSIVE');
    expect((await api('DELETE', `${created.id}`)).status).toBe(200);
    expect((await api('GET', `${created.id}`)).status).toBe(404);
  });
});

describe('mix and match: bad input', () => {
  it('refuses a product whose department excludes promotions, changing nothing', async () => {
    const before = await offers();
    const res = await api<ApiError>('POST', 'create', threeForTen([mine.crisps.id, mine.cigars.id]));
    expect(res).toMatchObject({ status: 400, body: { type: 'WARNING', details: 'Product excluded from mixAndMatch' } });
    const existing = (await api<MixAndMatch[]>('GET', 'all')).body[0];
    expect((await api('PUT', 'update', { ...existing, products: [mine.cigars.id] })).status).toBe(400);
    expect(await offers()).toEqual(before);
  });

  it.each([
    ['no name', { name: '' }, REQUIRED],
    ['no quantity', { quantity: null }, REQUIRED],
    ['no amount', { amount: null }, REQUIRED],
    ['no level', { level: null }, REQUIRED],
    ['no operation', { operation: 'HALF_PRICE' }, REQUIRED],
    ['half an item', { quantity: 1.5 }, 'The quantity must be a whole number of items from 1 to 1,000.'],
    ['end before start', { startDate: '2026-12-02', endDate: '2026-12-01' }, 'The end date cannot be before the start date.'],
    ['hour 24', { startHour: 24 }, 'The start hour must be from 0 to 23.'],
  ])('refuses %s with a 400 and the spec message', async (_what, patch, message) => {
    const before = await offers();
    const res = await api<ApiError>('POST', 'create', { ...threeForTen([]), ...patch });
    expect(res).toMatchObject({ status: 400, body: { type: 'WARNING', details: message } });
    expect(await offers()).toEqual(before);
  });
});

describe('mix and match: tenancy and privileges', () => {
  it("another store's product or offer is a 404 with nothing changed", async () => {
    const theirOffer = (await api<MixAndMatch>('POST', 'create', threeForTen([theirs.crisps.id]), w.tok.other)).body;
    const before = await offers();
    expect(await api('POST', 'create', threeForTen([theirs.crisps.id]))).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await api('PUT', 'update', { ...theirOffer, name: 'Stolen', products: [] })).status).toBe(404);
    expect((await api('GET', `${theirOffer.id}`)).status).toBe(404);
    expect((await api('DELETE', `${theirOffer.id}`)).status).toBe(404);
    expect((await api('PUT', `${theirOffer.id}/status/PASSIVE`)).status).toBe(404);
    expect(await offers()).toEqual(before);
  });

  it('View lists; Add and Create are needed to create, Delete to delete', async () => {
    const existing = (await api<MixAndMatch[]>('GET', 'all')).body[0];
    expect((await api('PUT', 'all', { limit: 5 }, w.tok.clerk)).status).toBe(200);
    const before = await offers();
    expect(await api('POST', 'create', threeForTen([]), w.tok.staff)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await api('PUT', 'update', existing, w.tok.staff)).status).toBe(403);
    expect((await api('DELETE', `${existing.id}`, undefined, w.tok.manager)).status).toBe(403);
    expect(await offers()).toEqual(before);
    expect((await w.t.json('GET', `/api/${B}all`)).status).toBe(401);
  });
});

describe('mix and match: the offers price a basket', () => {
  it('the saved offers, read for pricing, give 3 for £10 and £2 off a £20 basket', async () => {
    const offersNow = await pricingOffersOf(w.t.db, w.scope);
    const monday = { now: new Date('2026-11-23T12:00:00Z'), channel: 'WEB' as const };
    const r = priceOffers(
      [
        { productId: mine.crisps.id, quantity: 2, unitPrice: 450, excludePromotion: false },
        { productId: mine.nuts.id, quantity: 4, unitPrice: 400, excludePromotion: false },
        { productId: mine.cigars.id, quantity: 1, unitPrice: 1200, excludePromotion: true },
      ],
      offersNow,
      monday,
    );
    // Two sets: 450 + 450 + 400 and 400 × 3, each for £10 (300 + 200 off); the eligible £25 less £5 reaches £20; the cigars never count.
    expect(r.discounts.map((d) => [d.name, d.discount])).toEqual([
      ['3 for £10', 500],
      ['£2 off £20', 200],
    ]);
    expect(r).toMatchObject({ subTotal: 3700, totalDiscount: 700, total: 3000 });
  });

  it('hasConnectedAnyMixAndMatch reads the offers: a linked department says true', async () => {
    expect(await departmentHasMixAndMatch(w.t.db, w.scope, mine.food.id)).toBe(true);
    expect(await departmentHasMixAndMatch(w.t.db, w.scope, mine.tobacco.id)).toBe(false);
    const D = 'storemanagement/department/';
    expect(await w.api('GET', `${D}${mine.food.id}/hasConnectedAnyMixAndMatch`)).toMatchObject({ status: 200, body: true });
    expect(await w.api('GET', `${D}${mine.tobacco.id}/hasConnectedAnyMixAndMatch`)).toMatchObject({ status: 200, body: false });
  });

  it('the till sync group carries the offers', async () => {
    const { mixAndMatchModule } = await import('./mix-and-match.module');
    const rows = (await mixAndMatchModule.syncGroups?.mixAndMatch?.(w.t.db, w.scope)) as MixAndMatch[];
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['3 for £10']));
  });
});
