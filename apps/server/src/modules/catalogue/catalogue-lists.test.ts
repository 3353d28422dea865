import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country } from '@tillpoint/contracts/country';
import type { Department } from '@tillpoint/contracts/department';
import type { Device } from '@tillpoint/contracts/device';
import type { Product } from '@tillpoint/contracts/product';
import type { ProductClass } from '@tillpoint/contracts/product-class';
import type { ProductGroup } from '@tillpoint/contracts/product-group';
import type { ProductTag } from '@tillpoint/contracts/product-tag';
import type { Supplier } from '@tillpoint/contracts/supplier';
import { department, device, product, productGroup, productGroupProduct, productTag, supplier, tax } from '../../db/schema';
import { addTillCredential } from '../../test/fixtures';
import { type ApiError, type CatalogueWorld, FORBIDDEN, NOT_FOUND, REQUIRED, catalogueWorld } from './catalogue-test-kit';

let w: CatalogueWorld;
let dept: Department;
const products: Product[] = [];
let theirProduct: Product;

beforeAll(async () => {
  w = await catalogueWorld();
  const [{ id: vat }] = await w.t.db.insert(tax).values({ ...w.scope, name: 'L VAT', rateBp: 2000 }).returning({ id: tax.id });
  dept = (await w.api<Department>('POST', 'storemanagement/department/create', { name: 'L Mains', tax: vat })).body;
  for (const [name, barcode, price] of [
    ['Burger', '5001', 9.5],
    ['Fries', '5002', 3],
    ['Shake', '5003', 4.25],
  ] as const) {
    products.push((await w.api<Product>('POST', 'storemanagement/product/create', { name, barcode, price, quantity: 1, unit: 'each', departmentId: dept.id })).body);
  }
  const [{ id: otherTax }] = await w.t.db
    .insert(tax)
    .values({ merchantAccountId: w.other.merchantAccountId, merchantBranchId: w.other.merchantBranchId, name: 'O VAT', rateBp: 2000 })
    .returning({ id: tax.id });
  const theirDept = (await w.api<Department>('POST', 'storemanagement/department/create', { name: 'O Dept', tax: otherTax }, w.tok.other)).body;
  theirProduct = (await w.api<Product>('POST', 'storemanagement/product/create', { name: 'Theirs', barcode: '5001', quantity: 1, unit: 'each', departmentId: theirDept.id }, w.tok.other)).body;
});
afterAll(() => w.t.close());

describe('product groups', () => {
  const G = 'storemanagement/productgroup/';
  it('creates a set menu with its products in order, updates and lists it', async () => {
    const res = await w.api<ProductGroup>('POST', `${G}create`, {
      name: 'Supper club',
      selectionType: 'MULTIPLE',
      pricingType: 'SET_PRICE',
      price: 12.5,
      zeroPriceLimit: 1,
      products: [products[0].id, products[2].id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Supper club',
      status: 'ACTIVE',
      price: 12.5,
      selectionType: 'MULTIPLE',
      pricingType: 'SET_PRICE',
      zeroPriceLimit: 1,
      products: [
        { id: products[0].id, name: 'Burger', barcode: '5001', price: 9.5, status: 'ACTIVE' },
        { id: products[2].id, name: 'Shake', barcode: '5003', price: 4.25, status: 'ACTIVE' },
      ],
    });
    const upd = await w.api<ProductGroup>('PUT', `${G}update`, { id: res.body.id, name: 'Supper club', selectionType: 'SINGLE', pricingType: 'PRODUCT_PRICE', products: [products[1].id] });
    expect(upd.body.products.map((p) => p.name)).toEqual(['Fries']);
    expect(upd.body).toMatchObject({ price: null, selectionType: 'SINGLE' });
    const all = await w.api<{ data: ProductGroup[]; totalCount: number }>('PUT', `${G}all`, { filter: [{ name: 'name', value: 'supper', filterMatchMode: 'contains' }], limit: 10 });
    expect(all.body.data.map((g) => g.id)).toEqual([res.body.id]);
  });

  it('refuses a product twice, missing required fields and another store’s product; nothing saved', async () => {
    const before = await w.snapshot(productGroup, productGroupProduct);
    const twice = await w.api<ApiError>('POST', `${G}create`, { name: 'Twice', selectionType: 'SINGLE', pricingType: 'SET_PRICE', products: [products[0].id, products[0].id] });
    expect(twice).toMatchObject({ status: 400, body: { details: 'A product can be in the group only once.' } });
    for (const b of [{ selectionType: 'SINGLE', pricingType: 'SET_PRICE' }, { name: 'X', pricingType: 'SET_PRICE' }, { name: 'X', selectionType: 'SINGLE' }]) {
      expect((await w.api<ApiError>('POST', `${G}create`, b)).body.details).toBe(REQUIRED);
    }
    const foreign = await w.api('POST', `${G}create`, { name: 'Foreign', selectionType: 'SINGLE', pricingType: 'SET_PRICE', products: [products[0].id, theirProduct.id] });
    expect(foreign).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await w.snapshot(productGroup, productGroupProduct)).toEqual(before);
  });

  it('a deleted product leaves the groups it was in; viewers cannot change groups', async () => {
    const extra = (await w.api<Product>('POST', 'storemanagement/product/create', { name: 'Temp', barcode: '5009', quantity: 1, unit: 'each', departmentId: dept.id })).body;
    const g = (await w.api<ProductGroup>('POST', `${G}create`, { name: 'With temp', selectionType: 'SINGLE', pricingType: 'PRODUCT_PRICE', products: [extra.id, products[1].id] })).body;
    await w.api('DELETE', `storemanagement/product/${extra.id}`);
    expect((await w.api<ProductGroup>('GET', `${G}${g.id}`)).body.products.map((p) => p.id)).toEqual([products[1].id]);
    expect((await w.api('PUT', `${G}update`, { id: g.id, name: 'X', selectionType: 'SINGLE', pricingType: 'SET_PRICE' }, w.tok.clerk)).body).toEqual(FORBIDDEN);
    expect((await w.api('GET', `${G}${g.id}`, undefined, w.tok.clerk)).status).toBe(200);
    expect((await w.api('GET', `${G}${g.id}`, undefined, w.tok.other)).status).toBe(404);
  });
});

describe('product tags', () => {
  const T = 'storemanagement/tag/';
  it('creates, lists 10 a page, and findAllActive leaves out passive tags', async () => {
    const a = (await w.api<ProductTag>('POST', `${T}create`, { name: 'Gluten free', shortName: 'GF', tagColor: '#aa7700' })).body;
    const b = (await w.api<ProductTag>('POST', `${T}create`, { name: 'Old tag', shortName: 'OLD' })).body;
    expect(a).toEqual({ id: expect.any(Number), name: 'Gluten free', status: 'ACTIVE', shortName: 'GF', tagColor: '#aa7700', fileType: null, fileName: null, imageVersion: null });
    await w.api('PUT', `${T}${b.id}/status/PASSIVE`);
    const active = (await w.api<ProductTag[]>('GET', `${T}status/active`)).body.map((t) => t.id);
    expect(active).toContain(a.id);
    expect(active).not.toContain(b.id);
    expect((await w.api<ApiError>('POST', `${T}create`, { name: 'No short' })).body.details).toBe(REQUIRED);
    expect((await w.api<ApiError>('POST', `${T}create`, { shortName: 'NN' })).body.details).toBe(REQUIRED);
    expect((await w.api('POST', `${T}create`, { name: 'Nope', shortName: 'N' }, w.tok.clerk)).body).toEqual(FORBIDDEN);
    expect((await w.api('GET', `${T}${a.id}`, undefined, w.tok.other)).status).toBe(404);
  });
});

describe('suppliers', () => {
  const S = 'storemanagement/supplier/';
  it('saves a supplier with a normalised mobile number; the spec messages for e-mail and phone', async () => {
    const res = await w.api<Supplier>('POST', `${S}create`, { name: 'Fresh Farm', email: 'orders@freshfarm.co.uk', phone: '+44 7700 900123' });
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Fresh Farm', status: 'ACTIVE', email: 'orders@freshfarm.co.uk', phone: '(07700) 900123' });
    const before = await w.snapshot(supplier);
    for (const [b, message] of [
      [{ email: 'x@y.z' }, REQUIRED],
      [{ name: 'A', email: 'a@b' }, 'Not Valid Email'],
      [{ name: 'A', email: `${'a'.repeat(251)}@b.co` }, 'Not Valid Email'],
      [{ name: 'A', phone: '0123' }, 'Not Valid Phone Number'],
    ] as const) {
      expect((await w.api<ApiError>('POST', `${S}create`, b)).body.details, JSON.stringify(b)).toBe(message);
    }
    expect(await w.snapshot(supplier)).toEqual(before);
    expect((await w.api('DELETE', `${S}${res.body.id}`, undefined, w.tok.manager)).body).toEqual(FORBIDDEN);
    expect((await w.api('DELETE', `${S}${res.body.id}`, undefined, w.tok.other)).status).toBe(404);
    expect((await w.api('DELETE', `${S}${res.body.id}`)).status).toBe(200);
  });
});

describe('devices (printers), product classes, countries', () => {
  it('a kitchen printer on port 9100 unless told; a bad address is refused', async () => {
    const res = await w.api<Device>('POST', 'storemanagement/device/create', { name: 'Kitchen 1', networkAddress: '192.168.0.40', kind: 'KITCHEN' });
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Kitchen 1', status: 'ACTIVE', networkAddress: '192.168.0.40', port: 9100, kind: 'KITCHEN' });
    const before = await w.snapshot(device);
    expect((await w.api<ApiError>('POST', 'storemanagement/device/create', { name: 'Bad', networkAddress: '300.1.1.1', kind: 'RECEIPT' })).body.details).toBe(
      'Please enter the printer address as an IPv4 address or a host name.',
    );
    expect((await w.api<ApiError>('POST', 'storemanagement/device/create', { name: 'Bad', networkAddress: '10.0.0.2', kind: 'BAR' })).body.details).toBe(REQUIRED);
    expect(await w.snapshot(device)).toEqual(before);
    expect((await w.api<Device[]>('GET', 'storemanagement/device/all', undefined, w.tok.clerk)).body.map((d) => d.name)).toContain('Kitchen 1');
    expect((await w.api<Device[]>('GET', 'storemanagement/device/all', undefined, w.tok.other)).body.map((d) => d.name)).not.toContain('Kitchen 1');
  });

  it('product classes are the store’s own; countries are the platform list with the United Kingdom', async () => {
    const c = (await w.api<ProductClass>('POST', 'storemanagement/productclass/create', { name: 'Frozen' })).body;
    expect(c).toEqual({ id: expect.any(Number), name: 'Frozen', status: 'ACTIVE' });
    const countries = await w.api<Country[]>('GET', 'storemanagement/country/all', undefined, w.tok.clerk);
    expect(countries.body).toContainEqual({ id: 1, name: 'United Kingdom', code: 'GB' });
    expect((await w.api<Country>('GET', 'storemanagement/country/1')).body.name).toBe('United Kingdom');
    expect((await w.t.json('GET', '/api/storemanagement/country/all')).status).toBe(401);
    const p = await w.api<Product>('POST', 'storemanagement/product/create', { name: 'Classed', barcode: '5010', quantity: 1, unit: 'each', departmentId: dept.id, productClassId: c.id, countryId: 1 });
    expect(p.body).toMatchObject({ productClassId: c.id, countryId: 1 });
  });
});

describe('till sync and data reset of the catalogue', () => {
  it("a till receives the branch's departments, products, groups, tags and suppliers, and a reset clears them", async () => {
    const admin = w.tok.admin;
    const b = w.scope.merchantBranchId;
    const { clientId, clientSecret } = await addTillCredential(w.t.db, w.scope);
    const upload = await w.t.json('POST', '/api/storemanagement/dataupload/create', { merchantBranchId: b, department: true, product: true, productGroup: true, productTag: true, supplier: true }, admin);
    expect(upload.status).toBe(200);
    const auth = await w.t.json<{ accessToken: string }>('POST', '/api/till/auth', { clientId, clientSecret });
    const sync = await w.t.json<{ data: Record<string, { id: number; name: string }[]>; notAvailable: string[] }>('GET', '/api/till/sync', undefined, auth.body.accessToken);
    expect(sync.status).toBe(200);
    expect(sync.body.notAvailable).toEqual([]);
    const own = await w.api<Product[]>('GET', 'storemanagement/product/all');
    expect(sync.body.data.product.map((p) => p.id).sort()).toEqual(own.body.map((p) => p.id).sort());
    expect(sync.body.data.product.map((p) => p.id)).not.toContain(theirProduct.id);
    expect(sync.body.data.department.map((d) => d.name)).toContain('L Mains');
    expect(Object.keys(sync.body.data).sort()).toEqual(['department', 'product', 'productGroup', 'productTag', 'supplier']);

    const theirsBefore = await w.t.db.$count(product, eq(product.merchantAccountId, w.other.merchantAccountId));
    const reset = await w.t.json('POST', '/api/storemanagement/datareset/create', { merchantBranchId: b, transactions: true, definitions: true }, admin);
    expect(reset.status).toBe(200);
    const mine = and(eq(product.merchantAccountId, w.scope.merchantAccountId), eq(product.merchantBranchId, b));
    expect(await w.t.db.$count(product, mine)).toBe(0);
    expect(await w.t.db.$count(department, and(eq(department.merchantAccountId, w.scope.merchantAccountId), eq(department.merchantBranchId, b)))).toBe(0);
    expect(await w.t.db.$count(productTag, and(eq(productTag.merchantAccountId, w.scope.merchantAccountId), eq(productTag.merchantBranchId, b)))).toBe(0);
    expect(await w.t.db.$count(product, eq(product.merchantAccountId, w.other.merchantAccountId))).toBe(theirsBefore);
  });
});
