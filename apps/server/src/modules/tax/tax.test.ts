import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantUserBranch, tax } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/harness';
import { ROLE, addBranch, addMerchant, addMerchantUser } from '../../test/fixtures';

type Tax = { id: number; name: string; rate: number };
type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
type Page = { data: Tax[]; totalCount: number };

const B = '/api/storemanagement/tax/';
const REQUIRED = 'Please fill the required fields!';

let t: TestApp;
/** Tokens: the demo owner (ACCOUNT_ADMIN), a manager, a staff user, the admin, and the owner of another store. */
const tok = { owner: '', manager: '', staff: '', multi: '', admin: '', other: '' };
let accountA: number;
let branchA: number;
let branchA2: number;
let branchB: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.signIn('merchant');
  tok.owner = owner.accessToken;
  accountA = owner.userDTO.merchantAccountId;
  branchA = owner.userDTO.merchantBranchId;
  tok.admin = (await t.signIn('admin')).accessToken;

  const other = await addMerchant(t.db, { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' });
  branchB = other.merchantBranchId;
  tok.other = (await t.signIn('merchant', { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' })).accessToken;

  const a = { merchantAccountId: accountA, merchantBranchId: branchA, password: 'Staff1234' };
  await addMerchantUser(t.db, { ...a, userName: 'manager', roleIds: [ROLE.accountManager] });
  await addMerchantUser(t.db, { ...a, userName: 'staff', roleIds: [ROLE.accountUser] });
  // A second branch of the same account, with its own tax; 'multi' works at both branches.
  branchA2 = (await addBranch(t.db, accountA, 'demo-bistro-2')).id;
  await t.db.insert(tax).values({ merchantAccountId: accountA, merchantBranchId: branchA2, name: 'Branch two VAT', rateBp: 1500 });
  const multi = await addMerchantUser(t.db, { ...a, userName: 'multi', roleIds: [ROLE.accountManager] });
  await t.db.insert(merchantUserBranch).values({ merchantAccountId: accountA, userId: multi.id, merchantBranchId: branchA2 });
  for (const userName of ['manager', 'staff', 'multi'] as const) {
    tok[userName] = (await t.signIn('merchant', { domainName: 'demo-bistro', userName, password: 'Staff1234' })).accessToken;
  }
});
afterAll(() => t.close());

const call = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token: string = tok.owner) =>
  t.json<T>(method, `${B}${path}`, body, token);
const create = (body: unknown, token?: string) => call<Tax>('POST', 'create', body, token);
/** Every tax row of every tenant, to show a refused call changed nothing. */
const snapshot = () => t.db.select().from(tax).orderBy(asc(tax.merchantAccountId), asc(tax.id));
const namesOf = (rows: Tax[]) => rows.map((r) => r.name);

describe('tax: the generic resource calls', () => {
  it('creates, lists, updates and deletes a tax', async () => {
    const created = await create({ name: 'Luxury', rate: 17.5 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Luxury', rate: 17.5 });
    const page = await call<Page>('PUT', 'all', { filter: [{ name: 'name', value: 'lux', filterMatchMode: 'contains' }], sort: [], pageNumber: 0, limit: 5 });
    expect(page.body).toEqual({ data: [{ id: created.body.id, name: 'Luxury', rate: 17.5 }], totalCount: 1 });
    const updated = await call('PUT', 'update', { id: created.body.id, name: 'Luxury', rate: 18 });
    expect(updated.body).toMatchObject({ rate: 18 });
    expect((await call('DELETE', `${created.body.id}`)).status).toBe(200);
    expect((await call('GET', `${created.body.id}`)).status).toBe(404);
  });

  it('POST create trims the name, stores the rate in basis points and replies with the saved record', async () => {
    const res = await create({ name: '  Hot takeaway  ', rate: 12.34 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Hot takeaway', rate: 12.34 });
    const [row] = await t.db.select().from(tax).where(eq(tax.id, res.body.id));
    expect(row).toMatchObject({ merchantAccountId: accountA, merchantBranchId: branchA, name: 'Hot takeaway', rateBp: 1234 });
  });

  it('GET all, GET merchantBranchId/{id}, GET all/{branchId} and the combo list the branch taxes', async () => {
    const all = await call<Tax[]>('GET', 'all');
    expect(all.status).toBe(200);
    expect(namesOf(all.body)).toEqual(expect.arrayContaining(['Standard', 'Reduced', 'Zero']));
    expect(all.body.find((r) => r.name === 'Standard')).toEqual({ id: expect.any(Number), name: 'Standard', rate: 20 });
    expect(all.body.map((r) => r.id)).toEqual([...all.body.map((r) => r.id)].sort((a, b) => a - b));
    expect(namesOf(all.body)).not.toContain('Branch two VAT');
    for (const path of [`merchantBranchId/${branchA}`, `all/${branchA}`, 'status/active/combo']) {
      const res = await call<Tax[]>('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual(all.body);
    }
  });

  it('PUT all is the table load of the branch taxes', async () => {
    const all = await call<Tax[]>('GET', 'all');
    const res = await call<Page>('PUT', 'all', { filter: [], sort: [{ name: 'rate', ascending: false }], pageNumber: 0, limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(all.body.length);
    expect(res.body.data[0]).toMatchObject({ name: 'Standard', rate: 20 });
  });

  it('GET {id} reads one tax', async () => {
    const created = await create({ name: 'Read me', rate: 3 });
    const res = await call<Tax>('GET', `${created.body.id}`);
    expect(res).toMatchObject({ status: 200, body: { id: created.body.id, name: 'Read me', rate: 3 } });
  });

  it('PUT update saves name and rate and replies with the saved record', async () => {
    const created = await create({ name: 'Update me', rate: 3 });
    const res = await call<Tax>('PUT', 'update', { id: created.body.id, name: ' Updated ', rate: 4.5 });
    expect(res).toMatchObject({ status: 200, body: { id: created.body.id, name: 'Updated', rate: 4.5 } });
    expect((await call<Tax>('GET', `${created.body.id}`)).body).toEqual({ id: created.body.id, name: 'Updated', rate: 4.5 });
  });

  it('DELETE {id} replies with the deleted record, which is then gone from every list', async () => {
    const created = await create({ name: 'Delete me', rate: 3 });
    const res = await call<Tax>('DELETE', `${created.body.id}`);
    expect(res).toMatchObject({ status: 200, body: { id: created.body.id, name: 'Delete me', rate: 3 } });
    expect(namesOf((await call<Tax[]>('GET', 'all')).body)).not.toContain('Delete me');
    expect((await call('DELETE', `${created.body.id}`)).status).toBe(404);
  });

  it('an unknown id is a 404 with a typed body on get, update and delete', async () => {
    const before = await snapshot();
    for (const [method, path, body] of [
      ['GET', '999999', undefined],
      ['PUT', 'update', { id: 999999, name: 'Ghost', rate: 1 }],
      ['DELETE', '999999', undefined],
    ] as const) {
      const res = await call<ApiError>(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ type: 'ERROR', details: 'Error' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a malformed id or body is a 400 with a typed body', async () => {
    for (const [method, path] of [
      ['GET', 'abc'],
      ['GET', '0'],
      ['DELETE', '-3'],
      ['GET', 'merchantBranchId/x'],
    ] as const) {
      const res = await call<ApiError>(method, path);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.type).toBe('WARNING');
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: `${B}create`,
      headers: { authorization: `Bearer ${tok.owner}`, 'content-type': 'application/json' },
      payload: '{"name": "Broken",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ type: 'WARNING', details: 'Empty Values.' });
  });

  it('taxes have no status: the status switch call does not exist', async () => {
    const created = await create({ name: 'No status', rate: 1 });
    const res = await call<ApiError>('PUT', `${created.body.id}/status/PASSIVE`);
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('ERROR');
  });
});

describe('tax: validation', () => {
  const refusals: [string, unknown, string | null][] = [
    ['blank name', { name: '   ', rate: 5 }, REQUIRED],
    ['empty name', { name: '', rate: 5 }, REQUIRED],
    ['missing name', { rate: 5 }, REQUIRED],
    ['missing rate', { name: 'No rate' }, REQUIRED],
    ['null rate', { name: 'No rate', rate: null }, REQUIRED],
    ['name over 255', { name: 'x'.repeat(256), rate: 5 }, 'You can enter up to 255 characters in this field.'],
    ['rate 101', { name: 'Too high', rate: 101 }, 'The rate must be between 0 and 100.'],
    ['rate -1', { name: 'Negative', rate: -1 }, 'The rate must be between 0 and 100.'],
    ['rate 12.345', { name: 'Three decimals', rate: 12.345 }, 'The rate can have at most 2 decimals.'],
    ['rate as a string', { name: 'Text rate', rate: '20' }, REQUIRED],
  ];

  it.each(refusals)('create refuses %s with a 400 and changes nothing', async (_what, body, message) => {
    const before = await snapshot();
    const res = await call<ApiError>('POST', 'create', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'WARNING', details: message });
    expect(res.body.errors?.[0]).toEqual({ field: expect.stringMatching(/^(name|rate)$/), message });
    expect(await snapshot()).toEqual(before);
  });

  it.each(refusals)('update refuses %s with a 400 and changes nothing', async (_what, body, message) => {
    const standard = (await call<Tax[]>('GET', 'all')).body.find((r) => r.name === 'Standard');
    const before = await snapshot();
    const res = await call<ApiError>('PUT', 'update', { id: standard?.id, ...(body as object) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'WARNING', details: message });
    expect(await snapshot()).toEqual(before);
  });

  it('accepts the limits: a 255-character name, rates 0 and 100, two decimals', async () => {
    for (const body of [
      { name: 'y'.repeat(255), rate: 0 },
      { name: 'Everything', rate: 100 },
      { name: 'Two decimals', rate: 0.07 },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body).toMatchObject(body);
    }
  });

  it('a duplicate name in the same branch is a 409 Duplicate Value, on create and on update', async () => {
    const before = await snapshot();
    const dup = await create({ name: 'Standard', rate: 19 });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ type: 'ERROR', details: 'Duplicate Value' });
    const reduced = (await call<Tax[]>('GET', 'all')).body.find((r) => r.name === 'Reduced');
    const renamed = await call('PUT', 'update', { id: reduced?.id, name: 'Standard', rate: 5 });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toEqual({ type: 'ERROR', details: 'Duplicate Value' });
    expect(await snapshot()).toEqual(before);
  });

  it('the same name is allowed in another branch and in another store', async () => {
    expect((await create({ name: 'Branch two VAT', rate: 15 })).status).toBe(200);
    expect((await create({ name: 'Standard', rate: 20 }, tok.other)).status).toBe(200);
  });
});

describe('tax: tenancy', () => {
  it("another store's user cannot read, update or delete this store's tax by id", async () => {
    const mine = (await create({ name: 'Mine only', rate: 9 })).body;
    const before = await snapshot();
    for (const [method, path, body] of [
      ['GET', `${mine.id}`, undefined],
      ['PUT', 'update', { id: mine.id, name: 'Stolen', rate: 1 }],
      ['DELETE', `${mine.id}`, undefined],
    ] as const) {
      const res = await call<ApiError>(method, path, body, tok.other);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ type: 'ERROR', details: 'Error' });
    }
    expect(await snapshot()).toEqual(before);
    expect((await call<Tax>('GET', `${mine.id}`)).body).toEqual(mine);
  });

  it("another store's user does not see this store's taxes in any list", async () => {
    const mine = (await call<Tax[]>('GET', 'all')).body;
    const theirs = [
      ...(await call<Tax[]>('GET', 'all', undefined, tok.other)).body,
      ...(await call<Tax[]>('GET', 'status/active/combo', undefined, tok.other)).body,
      ...(await call<Page>('PUT', 'all', { limit: -1 }, tok.other)).body.data,
    ];
    const mineIds = new Set(mine.map((r) => r.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((r) => mineIds.has(r.id))).toEqual([]);
    const page = await call<Page>('PUT', 'all', { filter: [{ name: 'name', value: 'Reduced', filterMatchMode: 'equals' }] }, tok.other);
    expect(page.body).toEqual({ data: [], totalCount: 0 });
  });

  it("another store's user gets nothing through this store's branch id", async () => {
    for (const path of [`merchantBranchId/${branchA}`, `all/${branchA}`]) {
      const res = await call<Tax[]>('GET', path, undefined, tok.other);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual([]);
    }
  });

  it('ids in the body cannot move a new tax to another store or branch', async () => {
    const res = await create({ name: 'Smuggled', rate: 2, merchantAccountId: accountA, merchantBranchId: branchA }, tok.other);
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(tax).where(eq(tax.id, res.body.id));
    expect(row).toMatchObject({ merchantBranchId: branchB });
    expect(row.merchantAccountId).not.toBe(accountA);
    expect(namesOf((await call<Tax[]>('GET', 'all')).body)).not.toContain('Smuggled');
  });

  it('a user reads another branch of its account only if it works there', async () => {
    const ownerView = await call<Tax[]>('GET', `merchantBranchId/${branchA2}`);
    expect(ownerView.status).toBe(200);
    expect(ownerView.body).toEqual([]);
    expect((await call<Tax[]>('GET', `all/${branchA2}`)).body).toEqual([]);
    const multiView = await call<Tax[]>('GET', `merchantBranchId/${branchA2}`, undefined, tok.multi);
    expect(namesOf(multiView.body)).toContain('Branch two VAT');
    expect(namesOf((await call<Tax[]>('GET', `all/${branchA2}`, undefined, tok.multi)).body)).toContain('Branch two VAT');
  });
});

describe('tax: privileges', () => {
  const forbidden = { type: 'ERROR', details: 'Not Authorized' };

  it('a user with Tax View only can list and read but not create, update or delete', async () => {
    const standard = (await call<Tax[]>('GET', 'all')).body.find((r) => r.name === 'Standard');
    expect((await call('GET', 'all', undefined, tok.staff)).status).toBe(200);
    expect((await call('PUT', 'all', { limit: 5 }, tok.staff)).status).toBe(200);
    expect((await call('GET', `${standard?.id}`, undefined, tok.staff)).status).toBe(200);
    expect((await call('GET', 'status/active/combo', undefined, tok.staff)).status).toBe(200);
    const before = await snapshot();
    for (const [method, path, body] of [
      ['POST', 'create', { name: 'Staff tax', rate: 1 }],
      ['PUT', 'update', { id: standard?.id, name: 'Standard', rate: 1 }],
      ['DELETE', `${standard?.id}`, undefined],
    ] as const) {
      const res = await call(method, path, body, tok.staff);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a manager can create and update but not delete', async () => {
    const created = await create({ name: 'Manager tax', rate: 2 }, tok.manager);
    expect(created.status).toBe(200);
    expect((await call('PUT', 'update', { id: created.body.id, name: 'Manager tax', rate: 3 }, tok.manager)).status).toBe(200);
    const res = await call('DELETE', `${created.body.id}`, undefined, tok.manager);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
    expect((await call<Tax>('GET', `${created.body.id}`)).body).toMatchObject({ rate: 3 });
  });

  it('an admin token is refused on tax routes', async () => {
    for (const [method, path, body] of [
      ['GET', 'all', undefined],
      ['PUT', 'all', { limit: 5 }],
      ['GET', 'status/active/combo', undefined],
      ['POST', 'create', { name: 'Admin tax', rate: 1 }],
    ] as const) {
      const res = await call(method, path, body, tok.admin);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual(forbidden);
    }
  });

  it('no token is a 401 with a typed body', async () => {
    for (const [method, path, body] of [
      ['GET', 'all', undefined],
      ['PUT', 'all', { limit: 5 }],
      ['GET', '1', undefined],
      ['GET', 'status/active/combo', undefined],
      ['POST', 'create', { name: 'Anonymous', rate: 1 }],
      ['PUT', 'update', { id: 1, name: 'Anonymous', rate: 1 }],
      ['DELETE', '1', undefined],
    ] as const) {
      const res = await t.json(method, `${B}${path}`, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ type: 'ERROR', details: 'Your session has ended. Please sign in again.' });
    }
  });
  it('privileges are checked before the body: a bad body from an unprivileged caller is still a 403 or 401', async () => {
    const bad = { name: '', rate: 'x' };
    for (const [method, path] of [
      ['POST', 'create'],
      ['PUT', 'update'],
    ] as const) {
      expect((await call(method, path, bad, tok.staff)).body, `${method} ${path} staff`).toEqual(forbidden);
      expect((await t.json(method, `${B}${path}`, bad)).status, `${method} ${path} anonymous`).toBe(401);
    }
    expect((await call('PUT', 'all', { limit: 'all' }, tok.admin)).body).toEqual(forbidden);
  });
});

describe('tax: server errors', () => {
  it('a failure inside the route is a 500 with a typed body and no stack or SQL', async () => {
    await t.db.execute(sql`alter table tax rename to tax_away`);
    try {
      const res = await t.app.inject({ method: 'GET', url: `${B}all`, headers: { authorization: `Bearer ${tok.owner}` } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ type: 'ERROR', details: 'An unexpected error has occurred.' });
      expect(res.body).not.toMatch(/select|tax_away|relation|at .*\.ts|stack/i);
    } finally {
      await t.db.execute(sql`alter table tax_away rename to tax`);
    }
    expect((await call('GET', 'all')).status).toBe(200);
  });
});
