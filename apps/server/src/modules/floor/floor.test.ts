import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestTable, tableQrUrl } from '@tillpoint/contracts/rest-table';
import { floorPlan, restTable } from '../../db/schema';
import { addTillCredential } from '../../test/fixtures';
import { type ApiError, FORBIDDEN, NOT_FOUND, REQUIRED, catalogueWorld } from '../catalogue/catalogue-test-kit';

let w: Awaited<ReturnType<typeof catalogueWorld>>;
const B = 'storemanagement/resttable/';
const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token?: string) => w.api<T>(method, `${B}${path}`, body, token);
const tables = () => w.snapshot(restTable, floorPlan);
const numbers = (rows: RestTable[]) => rows.map((r) => r.tableNo);
const pdf = (token = w.tok.owner) => w.t.app.inject({ method: 'GET', url: `/api/${B}qrcode/pdf`, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  w = await catalogueWorld();
  // The demo store comes with 10 tables, 5 to a row; these tests start from an empty floor.
  expect((await w.api('GET', `${B}param`)).body).toEqual({ size: 10, rowSize: 5 });
  await w.t.db.delete(restTable);
  await w.t.db.delete(floorPlan);
});
afterAll(() => w.t.close());

describe('floor plan: resize and param', () => {
  it('before any resize, param is the number of tables and the default row size', async () => {
    expect((await api('GET', 'param')).body).toEqual({ size: 0, rowSize: 5 });
  });

  it('resize creates tables 1 to size, remembers the row size, and retires tables above size', async () => {
    const grown = await api<RestTable[]>('POST', 'resize/6/3');
    expect(grown.status).toBe(200);
    expect(numbers(grown.body)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(grown.body.every((t) => t.status === 'ACTIVE' && t.tableCapacity === null)).toBe(true);
    expect((await api('GET', 'param')).body).toEqual({ size: 6, rowSize: 3 });
    const two = grown.body[1];
    await api('PUT', 'update', { id: two.id, tableNo: 2, tableCapacity: 6, status: 'ACTIVE' });
    const shrunk = await api<RestTable[]>('POST', 'resize/4/2');
    expect(numbers(shrunk.body)).toEqual([1, 2, 3, 4]);
    expect(shrunk.body[1]).toEqual({ ...two, tableCapacity: 6 });
    expect((await api('GET', 'param')).body).toEqual({ size: 4, rowSize: 2 });
    expect(numbers((await api<RestTable[]>('GET', `merchantBranchId/${w.scope.merchantBranchId}`)).body)).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ['resize/null/3', 'Please fill the Size field!'],
    ['resize/abc/3', 'Please fill the Size field!'],
    ['resize/4/null', 'Please fill the Row Size field!'],
    ['resize/4/undefined', 'Please fill the Row Size field!'],
    ['resize/0/3', 'The size must be a whole number from 1 to 200.'],
    ['resize/4/21', 'The row size must be a whole number from 1 to 20.'],
  ])('POST %s is refused with "%s" and changes nothing', async (path, message) => {
    const before = await tables();
    const res = await api<ApiError>('POST', path);
    expect(res).toMatchObject({ status: 400, body: { type: 'WARNING', details: message } });
    expect(await tables()).toEqual(before);
  });
});

describe('floor plan: tables', () => {
  it('tableNo is required; a number is used once per branch (409)', async () => {
    expect(await api('POST', 'create', { tableCapacity: 4 })).toMatchObject({ status: 400, body: { details: REQUIRED } });
    expect(await api('POST', 'create', { tableNo: 1 })).toMatchObject({ status: 409 });
    const created = await api<RestTable>('POST', 'create', { tableNo: 12, tableCapacity: 8 });
    expect(created.body).toMatchObject({ tableNo: 12, tableCapacity: 8, status: 'ACTIVE' });
    expect((await api<RestTable>('PUT', `${created.body.id}/status/PASSIVE`)).body.status).toBe('PASSIVE');
  });

  it("another store's table is a 404 with nothing changed; it never shows here", async () => {
    const theirs = (await api<RestTable>('POST', 'create', { tableNo: 1 }, w.tok.other)).body;
    const before = await tables();
    expect(await api('GET', `${theirs.id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await api('PUT', 'update', { id: theirs.id, tableNo: 99 })).status).toBe(404);
    expect((await api('PUT', `${theirs.id}/status/PASSIVE`)).status).toBe(404);
    expect((await api('DELETE', `${theirs.id}`)).status).toBe(404);
    expect(await tables()).toEqual(before);
    expect((await api<RestTable[]>('GET', 'all')).body.map((t) => t.id)).not.toContain(theirs.id);
  });

  it('the storefront reads a branch\'s ACTIVE table numbers without signing in; an unknown branch is a 404', async () => {
    const mine = (await api<RestTable[]>('GET', 'all')).body;
    const active = mine.filter((t) => t.status === 'ACTIVE').map((t) => t.tableNo).sort((a, b) => a - b);
    expect(mine.some((t) => t.status === 'PASSIVE')).toBe(true);
    const read = (branchId: number) => w.t.json<number[]>('GET', `/api/${B}member/merchantBranchId/${branchId}`);
    expect(await read(w.scope.merchantBranchId)).toMatchObject({ status: 200, body: active });
    // Another store's tables are its own (table 1 of 'other-cafe'), never this one's.
    const theirs = await read(w.other.merchantBranchId);
    expect(theirs.body).toEqual([1]);
    expect((await read(987654)).status).toBe(404);
  });

  it('View reads; Create edits and resizes', async () => {
    expect((await api('GET', 'param', undefined, w.tok.staff)).status).toBe(200);
    expect((await api('GET', 'all', undefined, w.tok.clerk)).status).toBe(200);
    const before = await tables();
    expect(await api('POST', 'resize/9/3', undefined, w.tok.staff)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await api('POST', 'create', { tableNo: 40 }, w.tok.staff)).status).toBe(403);
    expect(await tables()).toEqual(before);
    expect((await w.t.json('POST', `/api/${B}resize/9/3`)).status).toBe(401);
    expect((await api<RestTable[]>('POST', 'resize/5/5', undefined, w.tok.manager)).status).toBe(200);
  });
});

describe('floor plan: QR codes', () => {
  it('a table code opens the storefront table entry with the branch client id', () => {
    expect(tableQrUrl('https://shop.example/', 7, 'abc-123')).toBe('https://shop.example/tableNo/7?clientId=abc-123');
  });

  it('without a till credential there is no client id to build the codes from (409)', async () => {
    const res = await pdf();
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toMatch(/no till credential/);
  });

  it('one PDF with a code per ACTIVE table; more tables, more pages', async () => {
    await addTillCredential(w.t.db, w.scope);
    await api('POST', 'resize/3/3');
    const small = await pdf();
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('application/pdf');
    expect(String(small.headers['content-disposition'])).toMatch(/table-qrcodes\.pdf/);
    expect(small.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = (b: Buffer) => b.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    expect(pages(small.rawPayload)).toBe(1);
    await api('POST', 'resize/30/5');
    expect(pages((await pdf()).rawPayload)).toBeGreaterThan(1);
    expect((await pdf(w.tok.staff)).statusCode).toBe(200);
  });

  it("'Empty Floor Plan' when the floor has no ACTIVE tables", async () => {
    for (const t of (await api<RestTable[]>('GET', 'all')).body) await api('DELETE', `${t.id}`);
    const res = await pdf();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ type: 'WARNING', details: 'Empty Floor Plan' });
  });

  it('the till sync group carries the tables', async () => {
    await api('POST', 'resize/2/2');
    const { floorModule } = await import('./floor.module');
    expect(numbers((await floorModule.syncGroups?.floorPlanning?.(w.t.db, w.scope)) as RestTable[])).toEqual([1, 2]);
  });
});
