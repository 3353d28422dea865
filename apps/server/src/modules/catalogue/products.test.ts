import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEan13 } from '@tillpoint/contracts/barcode';
import type { Department } from '@tillpoint/contracts/department';
import type { Product, ProductOption } from '@tillpoint/contracts/product';
import type { ProductTag } from '@tillpoint/contracts/product-tag';
import { product, productProductTag, stockEvent, storedFile, tax } from '../../db/schema';
import { autocompleteProducts } from './products.repo';
import { statementCounter } from '../../test/statement-counter';
import { type ApiError, type CatalogueWorld, FORBIDDEN, NOT_FOUND, type Page, REQUIRED, catalogueWorld, oneFile } from './catalogue-test-kit';

const P = 'storemanagement/product/';
let w: CatalogueWorld;
let vat: number;
let zero: number;
let drinks: Department;
let food: Department;
let tagA: ProductTag;
let tagB: ProductTag;
let theirs: { department: Department; tag: ProductTag; tax: number };

beforeAll(async () => {
  w = await catalogueWorld();
  [{ id: vat }, { id: zero }] = await w.t.db
    .insert(tax)
    .values([
      { ...w.scope, name: 'P VAT', rateBp: 2000 },
      { ...w.scope, name: 'P Zero', rateBp: 0 },
    ])
    .returning({ id: tax.id });
  drinks = (await w.api<Department>('POST', 'storemanagement/department/create', { name: 'P Drinks', tax: vat, profitMargin: 50, priceCalculationMethod: 'PERCENTAGE', priceCalculationRate: 10 })).body;
  food = (await w.api<Department>('POST', 'storemanagement/department/create', { name: 'P Food', tax: zero })).body;
  tagA = (await w.api<ProductTag>('POST', 'storemanagement/tag/create', { name: 'P Vegan', shortName: 'VG', tagColor: '#22aa44' })).body;
  tagB = (await w.api<ProductTag>('POST', 'storemanagement/tag/create', { name: 'P Spicy', shortName: 'HOT' })).body;
  const [{ id: otherTax }] = await w.t.db
    .insert(tax)
    .values({ merchantAccountId: w.other.merchantAccountId, merchantBranchId: w.other.merchantBranchId, name: 'T VAT', rateBp: 2000 })
    .returning({ id: tax.id });
  theirs = {
    tax: otherTax,
    department: (await w.api<Department>('POST', 'storemanagement/department/create', { name: 'Their dept', tax: otherTax }, w.tok.other)).body,
    tag: (await w.api<ProductTag>('POST', 'storemanagement/tag/create', { name: 'Their tag', shortName: 'TT' }, w.tok.other)).body,
  };
});
afterAll(() => w.t.close());

let seq = 0;
const body = (extra: object = {}) => ({ name: `Product ${++seq}`, barcode: `77${String(seq).padStart(6, '0')}`, quantity: 1, departmentId: drinks.id, unit: 'each', ...extra });
const create = (b: object, token?: string) => w.api<Product>('POST', `${P}create`, b, token);
const newProduct = async (extra: object = {}) => {
  const res = await create(body(extra));
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body;
};
const png = (width: number, height: number, noise = false) =>
  noise
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer()
    : sharp({ create: { width, height, channels: 3, background: '#c0392b' } }).png().toBuffer();
const upload = (id: number, type: string, content: Buffer, token = w.tok.owner, filename = 'photo.png') => {
  const { payload, headers } = oneFile(content, filename);
  return w.t.app.inject({ method: 'PUT', url: `/api/${P}image/upload/${id}/${type}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};

describe('products: save', () => {
  it('creates a product with tags, prices in pounds (pence in the database) and the calculator fields worked out', async () => {
    const res = await create(
      body({ name: ' Lager pint ', price: 5.5, price2: 5, webPrice: 6, boxPrice: 24, boxQuantity: 12, productTags: [tagB.id, tagA.id], weighable: false }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Lager pint',
      status: 'ACTIVE',
      barcodeType: 'NORMAL',
      departmentId: drinks.id,
      departmentName: 'P Drinks',
      departmentTaxId: vat,
      departmentProfitMargin: 50,
      tax: null,
      taxRate: 20,
      price: 5.5,
      price2: 5,
      webPrice: 6,
      productTags: [tagB.id, tagA.id],
      // £24 / 12 = £2.00; with 20% VAT £2.40; £5.50 is 129.17% above; the department's 50% margin: £3.60.
      unitCost: 2,
      actualMargin: 129.17,
      profitMargin: 50,
      retailPrice: 3.6,
      currentStock: 0,
      quantity: 1,
      rowNumber: 1000,
      colNo: 10,
      boxUnit: 'each',
      productType: 'PRODUCT_LINE',
      webEnabled: true,
      fileName: null,
    });
    const [row] = await w.t.db.select().from(product).where(eq(product.id, res.body.id));
    expect(row).toMatchObject({ price: 550, price2: 500, webPrice: 600, boxPrice: 2400, unitCost: 200, actualMarginBp: 12917, retailPrice: 360 });
    expect((await w.api<Product>('GET', `${P}${res.body.id}`)).body).toEqual(res.body);
  });

  it("a product's own tax wins over its department's in the calculator", async () => {
    const p = await newProduct({ tax: zero, boxPrice: 10, price: 15 });
    expect(p).toMatchObject({ tax: zero, taxRate: 0, unitCost: 10, actualMargin: 50 });
  });

  it('update replaces the fields and the tags', async () => {
    const p = await newProduct({ productTags: [tagA.id] });
    const res = await w.api<Product>('PUT', `${P}update`, { ...body({ barcode: p.barcode, name: 'Renamed' }), id: p.id, departmentId: food.id, productTags: [tagB.id] });
    expect(res.body).toMatchObject({ id: p.id, name: 'Renamed', departmentId: food.id, taxRate: 0, productTags: [tagB.id] });
    // The answer is built from the update's RETURNING and the checked body: the record GET gives, own tax and tags in order included.
    expect(res.body).toEqual((await w.api<Product>('GET', `${P}${p.id}`)).body);
    const taxed = await w.api<Product>('PUT', `${P}update`, { ...body({ barcode: p.barcode }), id: p.id, tax: vat, productTags: [tagB.id, tagA.id] });
    expect(taxed.body).toMatchObject({ tax: vat, productTags: [tagB.id, tagA.id] });
    expect(taxed.body).toEqual((await w.api<Product>('GET', `${P}${p.id}`)).body);
    // Tags kept as they are: the one-statement update (tags in another order are a change).
    const kept = await w.api<Product>('PUT', `${P}update`, { ...body({ barcode: p.barcode, name: 'Kept tags' }), id: p.id, tax: vat, productTags: [tagB.id, tagA.id] });
    expect(kept.body).toMatchObject({ name: 'Kept tags', productTags: [tagB.id, tagA.id] });
    expect(kept.body).toEqual((await w.api<Product>('GET', `${P}${p.id}`)).body);
    const swapped = await w.api<Product>('PUT', `${P}update`, { ...body({ barcode: p.barcode }), id: p.id, tax: vat, productTags: [tagA.id, tagB.id] });
    expect(swapped.body.productTags).toEqual([tagA.id, tagB.id]);
    expect(swapped.body).toEqual((await w.api<Product>('GET', `${P}${p.id}`)).body);
  });

  it.runIf(process.env.DB_ENGINE === 'postgres')('an update that keeps its tags is one statement after its references; a tag change adds the transaction', async () => {
    const p = await newProduct({ productTags: [tagA.id] });
    const counter = statementCounter();
    try {
      const save = (extra: object) => counter.counted(() => w.api<Product>('PUT', `${P}update`, { ...body({ barcode: p.barcode }), id: p.id, ...extra }));
      const kept = await save({ productTags: [tagA.id] });
      const changed = await save({ productTags: [tagB.id] });
      expect([kept.value.status, changed.value.status]).toEqual([200, 200]);
      // Measured 2026-11-24: 2 and 6 (were 6 and 6): the references (with the stored tags and their version),
      // then the update of that version; a change of tags is saved in a transaction (BEGIN, update, the
      // links' delete and insert, COMMIT).
      expect({ kept: kept.n, changed: changed.n }).toEqual({ kept: 2, changed: 6 });
    } finally {
      counter.restore();
    }
  });

  it.runIf(process.env.DB_ENGINE === 'postgres')('a save committed between an update\'s read and its write does not keep its tags under the later save', async () => {
    const p = await newProduct({ productTags: [tagA.id] });
    const original = pg.Client.prototype.query;
    let raced = false;
    // Another user's save, with other tags, lands right after this save read the product.
    const otherSave = async () => {
      const other = await w.api<Product>('PUT', `${P}update`, { ...body({ barcode: p.barcode, name: 'Other' }), id: p.id, productTags: [tagB.id] });
      expect(other.status).toBe(200);
    };
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      const last = args.length - 1;
      // The pool passes a callback: the other save runs before this one is handed its answer.
      if (!raced && (typeof q === 'string' ? q : (q.text ?? '')).includes('"tags_version" from "product"') && typeof args[last] === 'function') {
        raced = true;
        const done = args[last] as (err: unknown, res?: unknown) => void;
        args[last] = (err: unknown, res: unknown) => (err ? done(err) : otherSave().then(() => done(null, res), done));
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const later = await w.api<Product>('PUT', `${P}update`, { ...body({ barcode: p.barcode, name: 'Later' }), id: p.id, productTags: [tagA.id] });
      expect(raced).toBe(true);
      expect(later.body).toMatchObject({ name: 'Later', productTags: [tagA.id] });
      expect(later.body).toEqual((await w.api<Product>('GET', `${P}${p.id}`)).body);
    } finally {
      pg.Client.prototype.query = original;
    }
  });

  it('refuses missing required fields, a bad barcode and a bad price with the spec words, and saves nothing', async () => {
    const before = await w.snapshot(product);
    for (const key of ['name', 'barcode', 'quantity', 'departmentId', 'unit']) {
      const b: Record<string, unknown> = body();
      delete b[key];
      const res = await create(b);
      expect(res.status, key).toBe(400);
      expect((res.body as unknown as ApiError).details, key).toBe(REQUIRED);
    }
    for (const barcode of ['12ab', '123456789012345', '-5']) {
      const res = await create(body({ barcode }));
      expect((res.body as unknown as ApiError).details, barcode).toBe('The barcode can contain only digits, at most 14.');
    }
    expect((await create(body({ price: 1.234 }))).status).toBe(400);
    expect((await create(body({ name: 'x'.repeat(256) }))).body).toMatchObject({ details: 'You can enter up to 255 characters in this field.' });
    expect(await w.snapshot(product)).toEqual(before);
  });

  it('a barcode already used in the store is a 409 with a clear message; another store may use it', async () => {
    const p = await newProduct();
    const other = await newProduct();
    const before = await w.snapshot(product);
    const dup = await create(body({ barcode: p.barcode }));
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ type: 'ERROR', details: 'This barcode is already used by another product.' });
    expect((await w.api('PUT', `${P}update`, { ...body({ barcode: p.barcode }), id: other.id })).status).toBe(409);
    expect(await w.snapshot(product)).toEqual(before);
    expect((await create({ ...body({ barcode: p.barcode }), departmentId: theirs.department.id }, w.tok.other)).status).toBe(200);
  });

  it("another store's department, tax or tag id in the body is a 404 and nothing is saved", async () => {
    const mine = await newProduct({ productTags: [tagA.id] });
    const before = await w.snapshot(product, productProductTag);
    for (const extra of [{ departmentId: theirs.department.id }, { tax: theirs.tax }, { productTags: [tagA.id, theirs.tag.id] }, { supplierId: 999999 }, { countryId: 77 }]) {
      const res = await create(body(extra));
      expect(res.status, JSON.stringify(extra)).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      const upd = await w.api('PUT', `${P}update`, { ...body({ barcode: mine.barcode, ...extra }), id: mine.id });
      expect(upd.status, JSON.stringify(extra)).toBe(404);
    }
    expect(await w.snapshot(product, productProductTag)).toEqual(before);
    expect((await w.api<Product>('GET', `${P}${mine.id}`)).body).toEqual(mine);
  });

  it('a barcode of 12 digits or more keeps its type, digit and code length (default 7); a shorter one is NORMAL', async () => {
    const long = await newProduct({ barcode: '200000000017', barcodeType: 'WEIGHT', barcodeDigit: 3 });
    expect(long).toMatchObject({ barcodeType: 'WEIGHT', barcodeDigit: 3, codeLength: 7 });
    const short = await newProduct({ barcodeType: 'PRICE', barcodeDigit: 2, codeLength: 5 });
    expect(short).toMatchObject({ barcodeType: 'NORMAL', barcodeDigit: null, codeLength: null });
  });
});

describe('products: lookups', () => {
  it('table load: name contains, sorted by name, paged, with the total', async () => {
    for (const name of ['Zeta Kombucha', 'alpha kombucha', 'Beta Kombucha']) await newProduct({ name });
    const res = await w.api<Page<Product>>('PUT', `${P}all`, { filter: [{ name: 'name', value: 'KOMBUCHA', filterMatchMode: 'contains' }], sort: [{ name: 'name', ascending: true }], pageNumber: 0, limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((p) => p.name)).toEqual(['alpha kombucha', 'Beta Kombucha']);
    const byDept = await w.api<Page<Product>>('PUT', `${P}all`, { filter: [{ name: 'departmentName', value: 'P Food', filterMatchMode: 'equals' }], limit: -1 });
    expect(byDept.body.data.every((p) => p.departmentId === food.id)).toBe(true);
    expect((await w.api('PUT', `${P}all`, { filter: [{ name: 'costPrice', value: 1 }] })).status).toBe(400);
  });

  it('table load pages join up to the whole list in order, each with the total (also past the end), by name or by department then name', async () => {
    const made = [
      ['paging fizz b', drinks.id],
      ['Paging Fizz a', food.id],
      ['PAGING FIZZ c', drinks.id],
      ['Paging fizz a', drinks.id],
      ['paging Fizz d', food.id],
    ] as const;
    for (const [name, departmentId] of made) await newProduct({ name, departmentId, productTags: name.endsWith('d') ? [tagB.id, tagA.id] : [] });
    const filter = [{ name: 'name', value: 'PAGING fizz', filterMatchMode: 'contains' }];
    const orders = [
      { sort: [{ name: 'name', ascending: true }], names: ['Paging Fizz a', 'Paging fizz a', 'paging fizz b', 'PAGING FIZZ c', 'paging Fizz d'] },
      { sort: [{ name: 'departmentName', ascending: false }, { name: 'name', ascending: false }], names: ['paging Fizz d', 'Paging Fizz a', 'PAGING FIZZ c', 'paging fizz b', 'Paging fizz a'] },
    ];
    for (const { sort, names } of orders) {
      const all = await w.api<Page<Product>>('PUT', `${P}all`, { filter, sort, limit: -1 });
      expect(all.body.totalCount).toBe(5);
      expect(all.body.data.map((p) => p.name)).toEqual(names);
      const seen: Product[] = [];
      for (let pageNumber = 0; pageNumber < 4; pageNumber++) {
        const res = await w.api<Page<Product>>('PUT', `${P}all`, { filter, sort, pageNumber, limit: 2 });
        expect(res.body.totalCount).toBe(5);
        expect(res.body.data).toHaveLength([2, 2, 1, 0][pageNumber]);
        seen.push(...res.body.data);
      }
      expect(seen).toEqual(all.body.data);
    }
    // A listed product is the record GET gives, tags in the order chosen; with no filter the total is the whole store.
    const listed = await w.api<Page<Product>>('PUT', `${P}all`, { sort: [{ name: 'name', ascending: false }], limit: -1 });
    const everything = await w.api<Product[]>('GET', `${P}all`);
    expect(listed.body.totalCount).toBe(everything.body.length);
    expect([...listed.body.data].sort((a, b) => a.id - b.id)).toEqual(everything.body);
    const d = listed.body.data.find((p) => p.name === 'paging Fizz d');
    expect(d?.productTags).toEqual([tagB.id, tagA.id]);
    expect(d).toEqual((await w.api<Product>('GET', `${P}${d?.id}`)).body);
    const firstPage = await w.api<Page<Product>>('PUT', `${P}all`, { sort: [{ name: 'name', ascending: false }], limit: 3 });
    expect(firstPage.body).toEqual({ data: listed.body.data.slice(0, 3), totalCount: everything.body.length });
  });

  it('autocomplete: names containing the text, those starting with it first, at most 20', async () => {
    for (const name of ['Tonic water', 'Gin and tonic', 'Slimline tonic']) await newProduct({ name });
    const res = await w.api<ProductOption[]>('GET', `${P}name/tonic`);
    expect(res.body.map((p) => p.name)).toEqual(['Tonic water', 'Gin and tonic', 'Slimline tonic']);
    expect(res.body[0]).toEqual({ id: expect.any(Number), name: 'Tonic water', longname: 'Tonic water', barcode: expect.any(String), price: null, status: 'ACTIVE', departmentExcludePromotion: false });
    expect((await w.api<ProductOption[]>('GET', `${P}name/${encodeURIComponent('100%')}`)).body).toEqual([]);
    expect((await w.api<ProductOption[]>('GET', `${P}name/tonic`, undefined, w.tok.other)).body).toEqual([]);
    expect((await w.api<ProductOption[]>('GET', `${P}name/tonic`, undefined, w.tok.clerk)).status).toBe(200);
  });

  it('autocomplete: the quick answer from the name indexes and the full search rank the same products', async () => {
    // Names starting with 'kelp' (one lower-case name twice), names containing it that sort first in the
    // store ('a kelp …'), others that sort late, and the other store's.
    const names = ['Kelp crisps', 'kelp crisps', 'KELP', 'Kelp noodles', 'Zesty kelp', 'Dried kelp', 'Sea KELP salad', 'Help', 'Kel p'];
    for (let i = 1; i <= 24; i++) names.push(`a kelp ${String(i).padStart(2, '0')}`);
    const rows = names.map((name, i) => ({ ...w.scope, name, barcode: `kelp${i}`, departmentId: drinks.id }));
    await w.t.db.insert(product).values(rows);
    await w.t.db.insert(product).values({ merchantAccountId: w.other.merchantAccountId, merchantBranchId: w.other.merchantBranchId, name: 'Kelp', barcode: 'kelp-theirs', departmentId: theirs.department.id });
    const stored = await w.t.db.select({ id: product.id, name: product.nameLower }).from(product).where(sql`${product.merchantAccountId} = ${w.scope.merchantAccountId} and ${product.merchantBranchId} = ${w.scope.merchantBranchId} and ${product.nameLower} like '%kelp%'`);
    const rank = (text: string) =>
      stored
        .filter((r) => r.name?.includes(text))
        .sort((a, b) => Number(b.name?.startsWith(text)) - Number(a.name?.startsWith(text)) || ((a.name ?? '') < (b.name ?? '') ? -1 : (a.name ?? '') > (b.name ?? '') ? 1 : a.id - b.id))
        .slice(0, 20)
        .map((r) => r.id);
    const ids = async (text: string, walk?: number) => (await autocompleteProducts(w.t.db, w.scope, text, walk)).map((o) => o.id);
    for (const text of ['kelp', 'KELP c', 'elp', 'a kelp 1', 'A kelp']) {
      const expected = rank(text.toLowerCase());
      expect(expected.length).toBeGreaterThan(0);
      // The whole store walked; no walk (the full search); a walk too short for the names starting with
      // the text (the full search again); 10 names, too few for a page of either part (the full search);
      // 26 names, the 24 'a kelp …' first in the store: a full page of contains names for 'kelp' and
      // 'elp', of prefix names for 'A kelp'.
      for (const walk of [undefined, 0, 3, 10, 26]) expect(await ids(text, walk)).toEqual(expected);
    }
  });

  it("barcode lookup finds the store's product, else 'Barcode not Found!'", async () => {
    const p = await newProduct();
    expect((await w.api<Product>('GET', `${P}barcode/${p.barcode}`)).body).toEqual(p);
    const miss = await w.api('GET', `${P}barcode/99999999999999`);
    expect(miss).toMatchObject({ status: 404, body: { type: 'WARNING', details: 'Barcode not Found!' } });
    expect((await w.api('GET', `${P}barcode/${p.barcode}`, undefined, w.tok.other)).status).toBe(404);
    expect((await w.api('GET', `${P}barcode/12x`)).status).toBe(400);
  });

  it('generate gives a valid unused EAN-13; Product Add or Create is needed', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await w.api<{ barcode: string }>('GET', `${P}barcode/generate`);
      expect(res.status).toBe(200);
      expect(isValidEan13(res.body.barcode)).toBe(true);
      expect(res.body.barcode.startsWith('20')).toBe(true);
      codes.add(res.body.barcode);
    }
    expect(codes.size).toBe(5);
    const used = await newProduct({ barcode: [...codes][0] });
    expect(used.barcode).toBe([...codes][0]);
    expect((await w.api('GET', `${P}barcode/generate`, undefined, w.tok.manager)).status).toBe(200);
    expect((await w.api('GET', `${P}barcode/generate`, undefined, w.tok.clerk)).body).toEqual(FORBIDDEN);
  });

  it('menu lists the active products by name for the pickers', async () => {
    const p = await newProduct({ name: 'Menu item', price: 3 });
    const passive = await newProduct({ name: 'Passive item' });
    await w.api('PUT', `${P}${passive.id}/status/PASSIVE`);
    const res = await w.api<ProductOption[]>('GET', `${P}menu`);
    expect(res.body.find((o) => o.id === p.id)).toMatchObject({ name: 'Menu item', price: 3 });
    expect(res.body.map((o) => o.id)).not.toContain(passive.id);
  });

  it("web price: the department's method applied to the till price", async () => {
    expect((await w.api('POST', `${P}calculate/webprice`, { ...body(), price: 4.5 })).body).toBe(4.95);
    expect((await w.api('POST', `${P}calculate/webprice`, { price: 4.5, departmentId: food.id })).body).toBe(4.5);
    expect((await w.api('POST', `${P}calculate/webprice`, { price: 4.5, departmentId: theirs.department.id })).status).toBe(404);
    expect((await w.api('POST', `${P}calculate/webprice`, { departmentId: food.id })).body).toMatchObject({ details: REQUIRED });
    expect((await w.api('POST', `${P}calculate/webprice`, { price: 1, departmentId: food.id }, w.tok.clerk)).status).toBe(200);
  });
});

describe('products: stock', () => {
  it('ADD_STOCK (DELIVERY), DROP_STOCK (EXPIRED) and COUNT_STOCK change the level and are recorded', async () => {
    const p = await newProduct();
    const add = await w.api<Product>('PUT', `${P}stock`, { id: p.id, stockOperation: 'ADD_STOCK', stock: 24, minStock: 6, maxStock: 48 });
    expect(add.body).toMatchObject({ currentStock: 24, minStock: 6, maxStock: 48 });
    expect((await w.api<Product>('PUT', `${P}stock`, { id: p.id, stockOperation: 'DROP_STOCK', stock: 4, minStock: 6, maxStock: 48 })).body.currentStock).toBe(20);
    expect((await w.api<Product>('PUT', `${P}stock`, { id: p.id, stockOperation: 'COUNT_STOCK', stockOperationReason: 'STOCK_TAKE', stock: 18 })).body.currentStock).toBe(18);
    const events = await w.t.db.select().from(stockEvent).where(eq(stockEvent.productId, p.id)).orderBy(stockEvent.id);
    expect(events.map((e) => [e.stockOperation, e.stockEventReason, e.quantity, e.stockBefore, e.stockAfter])).toEqual([
      ['ADD_STOCK', 'DELIVERY', 24, 0, 24],
      ['DROP_STOCK', 'EXPIRED', 4, 24, 20],
      ['COUNT_STOCK', 'STOCK_TAKE', 18, 20, 18],
    ]);
  });

  it('refuses a missing amount, a stranger product and a user without Create; nothing changes', async () => {
    const p = await newProduct();
    const before = await w.snapshot(product, stockEvent);
    expect((await w.api('PUT', `${P}stock`, { id: p.id, stockOperation: 'ADD_STOCK' })).body).toMatchObject({ details: REQUIRED });
    expect((await w.api('PUT', `${P}stock`, { id: p.id, stockOperation: 'ADD_STOCK', stock: 1 }, w.tok.other)).status).toBe(404);
    expect((await w.api('PUT', `${P}stock`, { id: p.id, stockOperation: 'ADD_STOCK', stock: 1 }, w.tok.clerk)).body).toEqual(FORBIDDEN);
    expect(await w.snapshot(product, stockEvent)).toEqual(before);
  });
});

describe('products: images', () => {
  it('uploads web and till images, serves them with an ETag, replaces and removes them without leaving files behind', async () => {
    const p = await newProduct({ name: 'Pictured' });
    const image = await png(64, 64);
    const res = await upload(p.id, 'WEB', image);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, fileType: 'image/png', fileName: 'photo.png', fileNameTill: null });
    expect((await upload(p.id, 'TILL', await png(32, 32))).json()).toMatchObject({ fileTypeTill: 'image/png' });
    const files = await w.t.db.$count(storedFile);
    // A save keeps the images and answers with them.
    const saved = await w.api<Product>('PUT', `${P}update`, { ...body({ barcode: p.barcode, name: 'Pictured' }), id: p.id });
    expect(saved.body).toMatchObject({ fileType: 'image/png', fileTypeTill: 'image/png' });
    expect(saved.body).toEqual((await w.api<Product>('GET', `${P}${p.id}`)).body);
    const dl = await w.t.app.inject({ method: 'GET', url: `/api/${P}image/download/${p.id}/WEB`, headers: { authorization: `Bearer ${w.tok.clerk}` } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(dl.rawPayload, image)).toBe(0);
    const again = await w.t.app.inject({ method: 'GET', url: `/api/${P}image/download/${p.id}/WEB`, headers: { authorization: `Bearer ${w.tok.owner}`, 'if-none-match': String(dl.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Replacing keeps one file per image.
    expect((await upload(p.id, 'WEB', await png(48, 48))).statusCode).toBe(200);
    expect(await w.t.db.$count(storedFile)).toBe(files);
    const removed = await w.api<Product>('PUT', `${P}image/remove/${p.id}/TILL`);
    expect(removed.body).toMatchObject({ fileTypeTill: null, fileNameTill: null, fileType: 'image/png' });
    expect(await w.t.db.$count(storedFile)).toBe(files - 1);
    // Deleting the product deletes its image file.
    expect((await w.api('DELETE', `${P}${p.id}`)).status).toBe(200);
    expect(await w.t.db.$count(storedFile)).toBe(files - 2);
  });

  it("refuses over 50,000 bytes ('Maximum upload size is 50K.'), a non-image, a stranger's product and a viewer", async () => {
    const p = await newProduct();
    const big = await png(200, 200, true);
    expect(big.length).toBeGreaterThan(50_000);
    const before = await w.snapshot(product, storedFile);
    const tooBig = await upload(p.id, 'WEB', big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ type: 'WARNING', details: 'Maximum upload size is 50K.' });
    const text = await upload(p.id, 'WEB', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), w.tok.owner, 'x.png');
    expect(text.json()).toMatchObject({ details: 'Please choose an image file (PNG, JPEG, GIF or WebP).' });
    expect((await upload(p.id, 'WEB', await png(10, 10), w.tok.other)).statusCode).toBe(404);
    expect((await upload(p.id, 'WEB', await png(10, 10), w.tok.clerk)).json()).toEqual(FORBIDDEN);
    expect((await upload(p.id, 'OTHER', await png(10, 10))).statusCode).toBe(400);
    const { headers } = oneFile(await png(10, 10));
    const cut = await w.t.app.inject({ method: 'PUT', url: `/api/${P}image/upload/${p.id}/WEB`, payload: Buffer.from('--x\r\nbroken'), headers: { ...headers, authorization: `Bearer ${w.tok.owner}` } });
    expect(cut.json()).toEqual({ type: 'WARNING', details: 'Empty Values.' });
    expect(await w.snapshot(product, storedFile)).toEqual(before);
  });

  it('the public image by barcode and name, with a white placeholder, and hasImage', async () => {
    const p = await newProduct({ name: 'Flat White' });
    const image = await png(40, 40);
    await upload(p.id, 'WEB', image);
    const url = (barcode: string, name: string) => `/api/product/image/barcode/${barcode}/name/${encodeURIComponent(name)}`;
    const hit = await w.t.app.inject({ method: 'GET', url: url(p.barcode, 'flat white') });
    expect(hit.statusCode).toBe(200);
    expect(Buffer.compare(hit.rawPayload, image)).toBe(0);
    expect(hit.headers['cache-control']).toContain('public');
    const miss = await w.t.app.inject({ method: 'GET', url: url(p.barcode, 'Other name') });
    expect(miss.statusCode).toBe(200);
    const meta = await sharp(miss.rawPayload).stats();
    expect(meta.channels.slice(0, 3).every((c) => c.min === 255)).toBe(true);
    expect((await w.t.json('GET', `/api/product/hasImage/barcode/${p.barcode}/name/Flat%20White`)).body).toBe(true);
    expect((await w.t.json('GET', `/api/product/hasImage/barcode/${p.barcode}/name/Latte`)).body).toBe(false);
  });
});

describe('products: privileges and tenancy', () => {
  it('clerks view but cannot add, edit or delete; a manager cannot delete; the delete asks nothing of the server but the privilege', async () => {
    const p = await newProduct();
    for (const token of [w.tok.clerk, w.tok.staff]) {
      expect((await w.api('PUT', `${P}all`, { limit: 5 }, token)).status).toBe(200);
      expect((await w.api('GET', `${P}${p.id}`, undefined, token)).status).toBe(200);
      expect((await create(body(), token)).body).toEqual(FORBIDDEN);
      expect((await w.api('PUT', `${P}update`, { ...body({ barcode: p.barcode }), id: p.id }, token)).body).toEqual(FORBIDDEN);
      expect((await w.api('DELETE', `${P}${p.id}`, undefined, token)).body).toEqual(FORBIDDEN);
      expect((await w.api('PUT', `${P}${p.id}/status/PASSIVE`, undefined, token)).body).toEqual(FORBIDDEN);
    }
    expect((await w.api('DELETE', `${P}${p.id}`, undefined, w.tok.manager)).body).toEqual(FORBIDDEN);
    expect((await w.api<Product>('DELETE', `${P}${p.id}`)).body).toMatchObject({ id: p.id });
    expect((await w.api('GET', `${P}${p.id}`)).status).toBe(404);
  });

  it("another store sees none of this store's products and cannot change them", async () => {
    const p = await newProduct();
    const before = await w.snapshot(product);
    for (const [m, path, b] of [
      ['GET', `${P}${p.id}`, undefined],
      ['PUT', `${P}update`, { ...body({ barcode: p.barcode }), id: p.id, departmentId: theirs.department.id }],
      ['DELETE', `${P}${p.id}`, undefined],
      ['PUT', `${P}${p.id}/status/PASSIVE`, undefined],
      ['PUT', `${P}image/remove/${p.id}/WEB`, undefined],
    ] as const) {
      expect((await w.api(m, path, b, w.tok.other)).status, `${m} ${path}`).toBe(404);
    }
    expect(await w.snapshot(product)).toEqual(before);
    const list = await w.api<Page<Product>>('PUT', `${P}all`, { limit: -1 }, w.tok.other);
    expect(list.body.data.map((x) => x.id)).not.toContain(p.id);
  });
});
