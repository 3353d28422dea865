import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Department, NO_DEPARTMENT } from '@tillpoint/contracts/department';
import { department, product, tax } from '../../db/schema';
import { departmentProductCount, deleteDepartmentWithTransfer } from './departments.service';
import { type ApiError, type CatalogueWorld, FORBIDDEN, NOT_FOUND, type Page, REQUIRED, catalogueWorld } from './catalogue-test-kit';

const D = 'storemanagement/department/';
let w: CatalogueWorld;
let vat: number;
let otherTax: number;
let branch2Tax: number;

beforeAll(async () => {
  w = await catalogueWorld();
  [{ id: vat }] = await w.t.db.insert(tax).values({ ...w.scope, name: 'Dept VAT', rateBp: 2000 }).returning({ id: tax.id });
  [{ id: otherTax }] = await w.t.db
    .insert(tax)
    .values({ merchantAccountId: w.other.merchantAccountId, merchantBranchId: w.other.merchantBranchId, name: 'Their VAT', rateBp: 2000 })
    .returning({ id: tax.id });
  [{ id: branch2Tax }] = await w.t.db
    .insert(tax)
    .values({ merchantAccountId: w.scope.merchantAccountId, merchantBranchId: w.branch2.id, name: 'Branch 2 VAT', rateBp: 2000 })
    .returning({ id: tax.id });
});
afterAll(() => w.t.close());

const create = (body: object, token?: string) => w.api<Department>('POST', `${D}create`, body, token);
let seq = 0;
const newDepartment = async (extra: object = {}) => (await create({ name: `Dept ${++seq}`, tax: vat, ...extra })).body;
const addProduct = async (departmentId: number, barcode: string) =>
  (await w.t.db.insert(product).values({ ...w.scope, name: `P ${barcode}`, barcode, departmentId }).returning({ id: product.id }))[0].id;

describe('departments: generic calls', () => {
  it('creates a department with its tax rate and the spec defaults, reads, updates and lists it', async () => {
    const res = await create({ name: ' Drinks ', tax: vat, ageRestricted: true, profitMargin: 35.5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Drinks',
      status: 'ACTIVE',
      tax: vat,
      taxRate: 20,
      taxName: 'Dept VAT',
      ageRestricted: true,
      excludePromotion: false,
      shelfEdgeLabelRequired: false,
      excludeServiceCharge: false,
      autoCreateMenu: false,
      profitMargin: 35.5,
      priceCalculationMethod: 'EMPTY',
      priceCalculationRate: null,
    });
    const [row] = await w.t.db.select().from(department).where(eq(department.id, res.body.id));
    expect(row).toMatchObject({ profitMarginBp: 3550, ageRestricted: true, merchantBranchId: w.scope.merchantBranchId });
    expect((await w.api<Department>('GET', `${D}${res.body.id}`)).body).toEqual(res.body);
    const updated = await w.api<Department>('PUT', `${D}update`, { id: res.body.id, name: 'Drinks', tax: vat, priceCalculationMethod: 'PERCENTAGE', priceCalculationRate: 10 });
    expect(updated.body).toMatchObject({ priceCalculationMethod: 'PERCENTAGE', priceCalculationRate: 10, ageRestricted: false });
    const page = await w.api<Page<Department>>('PUT', `${D}all`, { filter: [{ name: 'name', value: 'drin', filterMatchMode: 'contains' }], sort: [{ name: 'name', ascending: true }], pageNumber: 0, limit: 5 });
    expect(page.body.data.map((d) => d.id)).toContain(res.body.id);
    const byTax = await w.api<Page<Department>>('PUT', `${D}all`, { filter: [{ name: 'taxName', value: 'Dept VAT', filterMatchMode: 'equals' }], limit: -1 });
    expect(byTax.body.totalCount).toBe(byTax.body.data.length);
    expect(byTax.body.data.every((d) => d.taxName === 'Dept VAT')).toBe(true);
    const status = await w.api<Department>('PUT', `${D}${res.body.id}/status/PASSIVE`);
    expect(status.body.status).toBe('PASSIVE');
    const active = await w.api<Department[]>('GET', `${D}status/active`);
    expect(active.body.map((d) => d.id)).not.toContain(res.body.id);
  });

  it('validates with the spec messages and changes nothing', async () => {
    const before = await w.snapshot(department);
    for (const [body, message] of [
      [{ tax: vat }, REQUIRED],
      [{ name: '  ', tax: vat }, REQUIRED],
      [{ name: 'No tax' }, REQUIRED],
      [{ name: 'x'.repeat(256), tax: vat }, 'You can enter up to 255 characters in this field.'],
      [{ name: 'Rate', tax: vat, priceCalculationMethod: 'AMOUNT' }, 'Please fill the rate field!'],
      [{ name: 'Rate', tax: vat, priceCalculationMethod: 'PERCENTAGE', priceCalculationRate: null }, 'Please fill the rate field!'],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as unknown as ApiError).details).toBe(message);
    }
    expect(await w.snapshot(department)).toEqual(before);
  });

  it('with no calculation method (EMPTY or NO_CALCULATION) the rate is cleared', async () => {
    for (const m of ['EMPTY', 'NO_CALCULATION']) {
      const res = await create({ name: `None ${m}`, tax: vat, priceCalculationMethod: m, priceCalculationRate: 12 });
      expect(res.body).toMatchObject({ priceCalculationMethod: m, priceCalculationRate: null });
    }
  });

  it("another store's or another branch's tax id is a 404 and nothing is saved", async () => {
    const before = await w.snapshot(department);
    for (const t of [otherTax, branch2Tax, 99999]) {
      const res = await create({ name: 'Foreign tax', tax: t });
      expect(res.status, String(t)).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    const mine = await newDepartment();
    expect((await w.api('PUT', `${D}update`, { id: mine.id, name: 'Moved', tax: otherTax })).status).toBe(404);
    expect((await w.api<Department>('GET', `${D}${mine.id}`)).body.name).toBe(mine.name);
    expect((await w.snapshot(department))[0].length).toBe(before[0].length + 1);
  });

  it('a duplicate name in the store is a 409', async () => {
    const d = await newDepartment();
    const res = await create({ name: d.name, tax: vat });
    expect(res.status).toBe(409);
  });
});

describe('departments: hasConnectedAnyMixAndMatch', () => {
  it('answers false for an own department (no mix and match offers exist yet) and 404 for a stranger', async () => {
    const d = await newDepartment();
    expect(await w.api('GET', `${D}${d.id}/hasConnectedAnyMixAndMatch`)).toMatchObject({ status: 200, body: false });
    expect((await w.api('GET', `${D}${d.id}/hasConnectedAnyMixAndMatch`, undefined, w.tok.other)).status).toBe(404);
    expect((await w.api('GET', `${D}${d.id}/hasConnectedAnyMixAndMatch`, undefined, w.tok.clerk)).status).toBe(200);
  });
});

describe('departments: delete with transfer', () => {
  it('moves the products to the chosen department and deletes, in one go', async () => {
    const from = await newDepartment();
    const to = await newDepartment();
    const ids = [await addProduct(from.id, '9100001'), await addProduct(from.id, '9100002')];
    const res = await w.api<Department & { movedProducts: number }>('DELETE', `${D}${from.id}/transferDepartmentId/${to.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: from.id, name: from.name, movedProducts: 2 });
    const rows = await w.t.db.select({ id: product.id, departmentId: product.departmentId }).from(product).where(eq(product.departmentId, to.id));
    expect(rows.map((r) => r.id).sort()).toEqual(ids.sort());
    expect((await w.api('GET', `${D}${from.id}`)).status).toBe(404);
  });

  it('with -1 deletes an empty department, and refuses (409) one that still has products', async () => {
    const empty = await newDepartment();
    expect((await w.api('DELETE', `${D}${empty.id}/transferDepartmentId/-1`)).status).toBe(200);
    const full = await newDepartment();
    await addProduct(full.id, '9100003');
    const before = await w.snapshot(department, product);
    for (const path of [`${D}${full.id}/transferDepartmentId/-1`, `${D}${full.id}`]) {
      const res = await w.api<ApiError>('DELETE', path);
      expect(res.status, path).toBe(409);
      expect(res.body).toEqual({ type: 'ERROR', details: 'This department still has products. Choose a department to move them to.' });
    }
    expect(await w.snapshot(department, product)).toEqual(before);
  });

  it('refuses a transfer to itself, to a stranger department, or by a user without Delete', async () => {
    const d = await newDepartment();
    await addProduct(d.id, '9100004');
    const before = await w.snapshot(department, product);
    expect((await w.api<ApiError>('DELETE', `${D}${d.id}/transferDepartmentId/${d.id}`)).body.details).toBe('Choose another department to move the products to.');
    const theirs = (await w.api<Department>('POST', `${D}create`, { name: 'Theirs', tax: otherTax }, w.tok.other)).body;
    expect((await w.api('DELETE', `${D}${d.id}/transferDepartmentId/${theirs.id}`)).status).toBe(404);
    expect((await w.api('DELETE', `${D}${theirs.id}/transferDepartmentId/${d.id}`)).status).toBe(404);
    expect((await w.api('DELETE', `${D}${d.id}/transferDepartmentId/abc`)).status).toBe(400);
    expect((await w.api('DELETE', `${D}${d.id}/transferDepartmentId/-1`, undefined, w.tok.manager)).body).toEqual(FORBIDDEN);
    expect((await w.api('DELETE', `${D}${d.id}/transferDepartmentId/-1`, undefined, w.tok.clerk)).body).toEqual(FORBIDDEN);
    const [after] = await w.snapshot(department, product);
    expect(after.length).toBe(before[0].length + 1); // only 'Theirs' was added
  });
});

describe('departments: privileges and tenancy', () => {
  it('clerks and staff see the list but cannot add, edit or delete; a manager cannot delete', async () => {
    const d = await newDepartment();
    for (const token of [w.tok.clerk, w.tok.staff]) {
      expect((await w.api('GET', `${D}all`, undefined, token)).status).toBe(200);
      expect((await w.api('PUT', `${D}all`, { limit: 5 }, token)).status).toBe(200);
      expect((await w.api('POST', `${D}create`, { name: 'Nope', tax: vat }, token)).body).toEqual(FORBIDDEN);
      expect((await w.api('PUT', `${D}update`, { id: d.id, name: 'Nope', tax: vat }, token)).body).toEqual(FORBIDDEN);
      expect((await w.api('DELETE', `${D}${d.id}`, undefined, token)).body).toEqual(FORBIDDEN);
    }
    expect((await w.api('PUT', `${D}update`, { id: d.id, name: `${d.name} m`, tax: vat }, w.tok.manager)).status).toBe(200);
    expect((await w.api('DELETE', `${D}${d.id}`, undefined, w.tok.manager)).body).toEqual(FORBIDDEN);
    expect((await w.api('GET', `${D}all`, undefined, w.tok.admin)).body).toEqual(FORBIDDEN);
    expect((await w.t.json('GET', `/api/${D}all`)).status).toBe(401);
  });

  it("another store never sees or changes this store's departments", async () => {
    const d = await newDepartment();
    const theirs = await w.api<Department[]>('GET', `${D}all`, undefined, w.tok.other);
    expect(theirs.body.map((x) => x.id)).not.toContain(d.id);
    for (const [m, p, b] of [
      ['GET', `${D}${d.id}`, undefined],
      ['PUT', `${D}update`, { id: d.id, name: 'Stolen', tax: otherTax }],
      ['DELETE', `${D}${d.id}`, undefined],
      ['PUT', `${D}${d.id}/status/PASSIVE`, undefined],
    ] as const) {
      expect((await w.api(m, p, b, w.tok.other)).status, `${m} ${p}`).toBe(404);
    }
    expect((await w.api<Department>('GET', `${D}${d.id}`)).body).toEqual(d);
    // The same account's other branch has its own catalogue.
    expect((await w.api('GET', `${D}${d.id}`, undefined, w.tok.second)).status).toBe(404);
  });
});

describe('department transfer service (no HTTP)', () => {
  it('moves every product of the department and deletes it in one transaction; refuses -1 while products remain', async () => {
    const from = await newDepartment();
    const to = await newDepartment();
    await addProduct(from.id, '9200001');
    await addProduct(from.id, '9200002');
    await addProduct(to.id, '9200003');
    const before = await w.snapshot(department, product);
    await expect(deleteDepartmentWithTransfer(w.t.db, w.scope, from.id, NO_DEPARTMENT)).rejects.toMatchObject({ status: 409 });
    await expect(deleteDepartmentWithTransfer(w.t.db, w.scope, from.id, from.id)).rejects.toMatchObject({ status: 400 });
    await expect(deleteDepartmentWithTransfer(w.t.db, { ...w.scope, merchantBranchId: w.branch2.id }, from.id, to.id)).rejects.toMatchObject({ status: 404 });
    expect(await w.snapshot(department, product)).toEqual(before);
    const result = await deleteDepartmentWithTransfer(w.t.db, w.scope, from.id, to.id);
    expect(result).toMatchObject({ id: from.id, movedProducts: 2 });
    expect(await departmentProductCount(w.t.db, w.scope, to.id)).toBe(3);
    expect(await departmentProductCount(w.t.db, w.scope, from.id)).toBe(0);
  });
});
