import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '@tillpoint/contracts/admin-user';
import { adminUser } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/harness';

type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
type Page = { data: AdminUser[]; totalCount: number };

const B = '/api/adminuser/';
const REQUIRED = 'Please fill the required fields!';
const WEAK = 'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters';
const NOT_YOURSELF = 'You cannot delete or deactivate your own user.';
const LAST_ADMIN = 'The last active administrator cannot be deleted or deactivated.';

let t: TestApp;
let admin: string;
let adminId: number;
let merchant: string;

beforeAll(async () => {
  t = await createTestApp();
  const s = await t.signIn('admin');
  admin = s.accessToken;
  adminId = s.userDTO.id;
  merchant = (await t.signIn('merchant')).accessToken;
});
afterAll(() => t.close());

const call = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token: string = admin) =>
  t.json<T>(method, `${B}${path}`, body, token);
let seq = 0;
const newAdmin = (over: Record<string, unknown> = {}) => {
  seq++;
  return { userName: `admin${seq}`, mobilePhone: '07700 900555', firstName: `Alex${seq}`, lastName: 'Root', email: `admin${seq}@example.com`, password: 'Strong123', ...over };
};
const create = (over: Record<string, unknown> = {}) => call<AdminUser & ApiError>('POST', 'create', newAdmin(over));
const signInAs = (userName: string, password: string) => t.json<ApiError>('POST', '/api/adminuser/security/login', { userName, password });
const count = () => t.db.$count(adminUser);

describe('admin users: create and read', () => {
  it('creates an administrator who can then sign in; the password is never returned', async () => {
    const body = newAdmin();
    const res = await call<AdminUser>('POST', 'create', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userName: body.userName, status: 'ACTIVE', mobilePhone: '(07700) 900555', locked: 'N', superUser: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password"|passwordHash|Strong123|argon2/);
    expect((await signInAs(body.userName, 'Strong123')).status).toBe(200);
    const [row] = await t.db.select().from(adminUser).where(eq(adminUser.id, res.body.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await call<AdminUser>('GET', `${res.body.id}`)).body).toEqual(res.body);
  });

  it('create requires a strong password', async () => {
    const before = await count();
    expect((await create({ password: '' })).body).toMatchObject({ details: 'Please fill the password field!' });
    expect((await create({ password: undefined })).body).toMatchObject({ details: 'Please fill the password field!' });
    expect(await create({ password: 'weakpass' })).toMatchObject({ status: 400, body: { type: 'WARNING', details: WEAK } });
    expect(await count()).toBe(before);
  });

  it.each(['userName', 'mobilePhone', 'firstName', 'lastName', 'email'])('%s is required', async (field) => {
    const before = await count();
    const res = await create({ [field]: ' ' });
    expect(res).toMatchObject({ status: 400, body: { type: 'WARNING', details: REQUIRED } });
    expect(res.body.errors?.[0].field).toBe(field);
    expect(await count()).toBe(before);
  });

  it('a duplicate user name is a 409', async () => {
    const first = await create();
    const res = await create({ userName: first.body.userName });
    expect(res).toMatchObject({ status: 409, body: { details: 'Duplicate Value' } });
  });

  it('GET all lists every administrator; PUT all is the paged, filtered table load', async () => {
    const a = await create({ firstName: 'Zed' });
    const all = await call<AdminUser[]>('GET', 'all');
    expect(all.status).toBe(200);
    expect(all.body.map((u) => u.userName)).toEqual(expect.arrayContaining(['admin', a.body.userName]));
    const page = await call<Page>('PUT', 'all', { filter: [{ name: 'firstName', value: 'zed', filterMatchMode: 'equals' }], sort: [], pageNumber: 0, limit: 10 });
    expect(page.body).toEqual({ data: [a.body], totalCount: 1 });
    const sorted = await call<Page>('PUT', 'all', { filter: [], sort: [{ name: 'userName', ascending: true }], pageNumber: 0, limit: 1 });
    expect(sorted.body.data).toHaveLength(1);
    expect(sorted.body.totalCount).toBe(all.body.length);
    expect((await call('PUT', 'all', { filter: [{ name: 'passwordHash', value: 'x' }] })).status).toBe(400);
  });

  it('an unknown id is a 404', async () => {
    expect((await call('GET', '999999')).status).toBe(404);
    expect((await call('DELETE', '999999')).status).toBe(404);
    expect((await call('PUT', '999999/status/PASSIVE')).status).toBe(404);
    expect((await call('PUT', 'update', { ...newAdmin(), id: 999_999 })).status).toBe(404);
  });
});

describe('admin users: update', () => {
  it('a blank password keeps the current one', async () => {
    const a = await create();
    const res = await call<AdminUser>('PUT', 'update', { ...newAdmin(), id: a.body.id, userName: a.body.userName, firstName: 'Renamed', password: '' });
    expect(res).toMatchObject({ status: 200, body: { firstName: 'Renamed' } });
    expect((await signInAs(a.body.userName, 'Strong123')).status).toBe(200);
    const noField = { ...newAdmin(), id: a.body.id, userName: a.body.userName };
    delete (noField as { password?: string }).password;
    expect((await call('PUT', 'update', noField)).status).toBe(200);
    expect((await signInAs(a.body.userName, 'Strong123')).status).toBe(200);
  });

  it('a new password must be strong, and replaces the old one', async () => {
    const a = await create();
    const base = { ...newAdmin(), id: a.body.id, userName: a.body.userName };
    expect((await call<ApiError>('PUT', 'update', { ...base, password: 'weakweak' })).body).toMatchObject({ details: WEAK });
    expect((await signInAs(a.body.userName, 'Strong123')).status).toBe(200);
    expect((await call('PUT', 'update', { ...base, password: 'Changed123' })).status).toBe(200);
    expect((await signInAs(a.body.userName, 'Strong123')).status).toBe(401);
    expect((await signInAs(a.body.userName, 'Changed123')).status).toBe(200);
  });

  it('update does not change the status (it has its own call)', async () => {
    const a = await create();
    await call('PUT', `${a.body.id}/status/PASSIVE`);
    const res = await call<AdminUser>('PUT', 'update', { ...newAdmin(), id: a.body.id, userName: a.body.userName, status: 'ACTIVE' });
    expect(res.body.status).toBe('PASSIVE');
  });
});

describe('admin users: delete and status, and the guards', () => {
  // These tests count ACTIVE administrators: each starts from the demo data.
  beforeEach(async () => {
    await t.resetData();
    const s = await t.signIn('admin');
    admin = s.accessToken;
    adminId = s.userDTO.id;
  });

  it('deletes another administrator, who can no longer sign in or refresh', async () => {
    const a = await create();
    const session = await t.signIn('admin', { userName: a.body.userName, password: 'Strong123' });
    const res = await call<AdminUser>('DELETE', `${a.body.id}`);
    expect(res).toMatchObject({ status: 200, body: { id: a.body.id, userName: a.body.userName } });
    expect((await call('GET', `${a.body.id}`)).status).toBe(404);
    expect((await signInAs(a.body.userName, 'Strong123')).status).toBe(401);
    expect((await t.json('POST', '/api/adminuser/security/tokens/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
  });

  it('an administrator cannot delete or deactivate itself', async () => {
    await create();
    const before = await t.db.select().from(adminUser).where(eq(adminUser.id, adminId));
    expect(await call('DELETE', `${adminId}`)).toMatchObject({ status: 409, body: { type: 'ERROR', details: NOT_YOURSELF } });
    expect(await call('PUT', `${adminId}/status/PASSIVE`)).toMatchObject({ status: 409, body: { details: NOT_YOURSELF } });
    expect(await t.db.select().from(adminUser).where(eq(adminUser.id, adminId))).toEqual(before);
    // Setting itself ACTIVE is harmless.
    expect((await call('PUT', `${adminId}/status/ACTIVE`)).status).toBe(200);
  });

  it('the last ACTIVE administrator can never be deleted or deactivated', async () => {
    const b = await create();
    const bToken = (await t.signIn('admin', { userName: b.body.userName, password: 'Strong123' })).accessToken;
    // b is deactivated: the demo admin is now the only ACTIVE one, and b's token ends at once (issue 13),
    // so the guard below is reached only by two administrators racing (next test).
    expect((await call('PUT', `${b.body.id}/status/PASSIVE`)).status).toBe(200);
    expect((await call('DELETE', `${adminId}`, undefined, bToken)).status).toBe(401);
    expect((await call('PUT', `${adminId}/status/PASSIVE`, undefined, bToken)).status).toBe(401);
    expect((await t.db.select().from(adminUser).where(eq(adminUser.id, adminId)))[0].status).toBe('ACTIVE');
    // A PASSIVE administrator is no such guard's concern: it can be deleted.
    expect((await call('DELETE', `${b.body.id}`)).status).toBe(200);
  });

  it('two administrators deactivating each other at once leave one ACTIVE', async () => {
    const b = await create();
    const bToken = (await t.signIn('admin', { userName: b.body.userName, password: 'Strong123' })).accessToken;
    const [x, y] = await Promise.all([call('PUT', `${b.body.id}/status/PASSIVE`), call('PUT', `${adminId}/status/PASSIVE`, undefined, bToken)]);
    // The loser is refused by the last-administrator guard (409), or, when the winner's change came first, its token has ended (401).
    const [first, second] = [x, y].sort((p, q) => p.status - q.status);
    expect(first.status).toBe(200);
    expect(second.status === 401 || (second.status === 409 && (second.body as { details: string }).details === LAST_ADMIN), JSON.stringify(second)).toBe(true);
    expect(await t.db.$count(adminUser, eq(adminUser.status, 'ACTIVE'))).toBe(1);
  });

  it('a PASSIVE administrator cannot sign in, and its session ends at the next refresh', async () => {
    const a = await create();
    const session = await t.signIn('admin', { userName: a.body.userName, password: 'Strong123' });
    expect((await call<AdminUser>('PUT', `${a.body.id}/status/PASSIVE`)).body.status).toBe('PASSIVE');
    expect((await t.json('POST', '/api/adminuser/security/tokens/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    expect((await signInAs(a.body.userName, 'Strong123')).status).toBe(401);
    await call('PUT', `${a.body.id}/status/ACTIVE`);
    expect((await signInAs(a.body.userName, 'Strong123')).status).toBe(200);
  });
});

describe('admin users: administrators only', () => {
  it('a merchant token is a 403 and no token a 401, before the body is read', async () => {
    const before = await count();
    for (const [method, path, body] of [
      ['GET', 'all', undefined],
      ['PUT', 'all', {}],
      ['GET', `${adminId}`, undefined],
      ['POST', 'create', newAdmin()],
      ['PUT', 'update', { ...newAdmin(), id: adminId }],
      ['DELETE', `${adminId}`, undefined],
      ['PUT', `${adminId}/status/PASSIVE`, undefined],
    ] as const) {
      expect((await call(method, path, body, merchant)).status, `${method} ${path}`).toBe(403);
      expect((await t.json(method, `${B}${path}`, body)).status, `${method} ${path}`).toBe(401);
    }
    expect((await call('POST', 'create', { junk: true }, merchant)).status).toBe(403);
    expect(await count()).toBe(before);
  });
});
