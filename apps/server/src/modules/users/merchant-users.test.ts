import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantRole, MerchantUser, MerchantUserCreated } from '@tillpoint/contracts/merchant-user';
import type { TillUser } from '@tillpoint/contracts/till-user';
import { authKey, mailOutbox, merchantUser, merchantUserRole, merchantUserTillUser, role, rolePrivilege, tillUser } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/harness';
import { ROLE, addBranch, addMerchant, addMerchantUser, addTillCredential } from '../../test/fixtures';

type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
type Tokens = { accessToken: string; refreshToken: string; userDTO: { roles: { name: string }[]; landingPage: string | null } };

const B = '/api/merchantuser/';
const REQUIRED = 'Please fill the required fields!';
const ACCOUNT_RULE = "You must choose one role from 'ACCOUNT ROLES' ";
const WEAK = 'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters';
const DRIVER = 7;

let t: TestApp;
const tok = { admin: '', owner: '', manager: '', viewer: '', adder: '', creator: '', other: '' };
let accountA: number;
let branchA: number;
let branchA2: number;
let accountB: number;
let branchB: number;
let ownerId: number;
let creatorId: number;

/** Test-only roles that hold some of the MerchantUser privileges (the platform's roles hold all or none). */
async function addTestRole(name: string, actions: string[]) {
  const [r] = await t.db.insert(role).values({ name, roleGroup: 'OPERATION' }).returning();
  for (const action of actions) await t.db.insert(rolePrivilege).values({ roleId: r.id, objectName: 'MerchantUser', action });
  return r.id;
}

beforeAll(async () => {
  t = await createTestApp();
  tok.admin = (await t.signIn('admin')).accessToken;
  const owner = await t.signIn('merchant');
  tok.owner = owner.accessToken;
  ownerId = owner.userDTO.id;
  accountA = owner.userDTO.merchantAccountId;
  branchA = owner.userDTO.merchantBranchId;
  branchA2 = (await addBranch(t.db, accountA, 'demo-bistro-2')).id;
  const other = await addMerchant(t.db, { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' });
  accountB = other.merchantAccountId;
  branchB = other.merchantBranchId;
  tok.other = (await t.signIn('merchant', { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' })).accessToken;

  const view = await addTestRole('TEST_VIEW', ['View']);
  const add = await addTestRole('TEST_ADD', ['View', 'Add']);
  const create = await addTestRole('TEST_CREATE', ['View', 'Create']);
  const a = { merchantAccountId: accountA, merchantBranchId: branchA, password: 'Staff1234' };
  await addMerchantUser(t.db, { ...a, userName: 'manager', roleIds: [ROLE.accountManager] });
  await addMerchantUser(t.db, { ...a, userName: 'viewer', roleIds: [ROLE.accountUser, view] });
  await addMerchantUser(t.db, { ...a, userName: 'adder', roleIds: [ROLE.accountUser, add] });
  creatorId = (await addMerchantUser(t.db, { ...a, userName: 'creator', roleIds: [ROLE.accountUser, create] })).id;
  for (const userName of ['manager', 'viewer', 'adder', 'creator'] as const) {
    tok[userName] = (await t.signIn('merchant', { domainName: 'demo-bistro', userName, password: 'Staff1234' })).accessToken;
  }
});
afterAll(() => t.close());

const call = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token: string = tok.admin) =>
  t.json<T>(method, `${B}${path}`, body, token);

let seq = 0;
/** A valid create body for account A: an ACCOUNT_USER at branch A, no activation mail unless asked. */
const newUser = (over: Record<string, unknown> = {}) => {
  seq++;
  return {
    merchantAccountId: accountA,
    userName: `user${seq}`,
    mobilePhone: '07700 900123',
    firstName: `First${seq}`,
    lastName: 'Last',
    email: `user${seq}@example.com`,
    sendNotification: false,
    branches: [{ branchId: branchA }],
    roles: [{ id: ROLE.accountUser }],
    ...over,
  };
};
const createUser = (over: Record<string, unknown> = {}, token: string = tok.admin) => call<MerchantUserCreated & ApiError>('POST', 'create', newUser(over), token);
const userCount = async () => t.db.$count(merchantUser);
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.id));
const signInAs = (userName: string, password: string, domainName = 'demo-bistro') => t.json<Tokens & ApiError>('POST', '/api/v1/auth/login', { domainName, userName, password });
const refresh = (refreshToken: string) => t.json<Tokens & ApiError>('POST', '/api/v1/auth/tokens/refresh', { refreshToken });
const activationKeyIn = (text: string) => /activationKey=([A-Za-z0-9_%-]+)/.exec(text)?.[1];

describe('roles', () => {
  it('GET roles/all lists the platform roles with their groups and privileges, for any signed-in staff user', async () => {
    const res = await call<MerchantRole[]>('GET', 'roles/all');
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.name)).toEqual(expect.arrayContaining(['ACCOUNT_ADMIN', 'ACCOUNT_MANAGER', 'ACCOUNT_USER', 'CLERK', 'KITCHEN', 'WAITER', 'DRIVER']));
    const admin = res.body.find((r) => r.name === 'ACCOUNT_ADMIN');
    expect(admin).toMatchObject({ id: ROLE.accountAdmin, roleGroup: 'ACCOUNT' });
    expect(admin?.merchantRolePrivilegeList).toEqual(
      expect.arrayContaining(['View', 'Add', 'Create'].map((action) => ({ objectName: 'MerchantUser', action, status: 'ACTIVE' }))),
    );
    // A driver may only mark its orders delivered and take their payment (issue 12, order handling by role).
    expect(res.body.find((r) => r.name === 'DRIVER')).toMatchObject({
      roleGroup: 'OPERATION',
      merchantRolePrivilegeList: expect.arrayContaining(['MarkDelivered', 'TakePayment'].map((action) => ({ objectName: 'Order', action, status: 'ACTIVE' }))),
    });
    expect(res.body.find((r) => r.name === 'DRIVER')?.merchantRolePrivilegeList).toHaveLength(2);
    expect((await call('GET', 'roles/all', undefined, tok.manager)).status).toBe(200);
    expect((await t.json('GET', `${B}roles/all`)).status).toBe(401);
  });
});

describe('create with activation mail', () => {
  it('saves the user with its roles and branches, mails an activation link in the same save, and the link activates the user', async () => {
    const body = newUser({
      sendNotification: true,
      landingPage: '#orders',
      title: 'MRS',
      url: 'http://localhost:80/admin/#merchantUserSave?1',
      branches: [{ branchId: branchA2 }, { branchId: branchA }],
      roles: [{ id: ROLE.accountUser }, { id: ROLE.clerk }],
    });
    const res = await call<MerchantUserCreated>('POST', 'create', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userName: body.userName,
      title: 'MRS',
      status: 'ACTIVE',
      landingPage: '#orders',
      mobilePhone: '(07700) 900123',
      hasPassword: false,
      activationMailSent: true,
      activationDate: null,
      roles: [
        { id: ROLE.accountUser, name: 'ACCOUNT_USER' },
        { id: ROLE.clerk, name: 'CLERK' },
      ],
      // The order picked: the first is the user's current branch on the screen.
      branches: [
        { branchId: branchA2, tradingName: 'demo-bistro-2' },
        { branchId: branchA, tradingName: 'Demo Bistro' },
      ],
    });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');

    const [mail] = await mailsTo(body.email);
    expect(mail.subject).toBe('User Activation');
    expect(mail.textBody).toContain(`User Name: ${body.userName}`);
    expect(mail.textBody).toContain('Store Name: demo-bistro-2');
    // The link opens the merchant back office's finish page, even when the administrator's screen sent its own address.
    // The server's own origin (PUBLIC_URL, else http://localhost:{PORT}), never the request's Host.
    expect(mail.textBody).toMatch(/http:\/\/localhost:8080\/merchant\/\?activationKey=[A-Za-z0-9_-]{40,}/);

    // No password yet: the user cannot sign in until it activates.
    expect((await signInAs(body.userName, 'Chosen123')).status).toBe(401);
    const key = decodeURIComponent(String(activationKeyIn(mail.textBody)));
    const finish = await t.json<ApiError>('POST', '/api/v1/auth/password/reset/finish', { key, newPassword: 'Chosen123' });
    expect(finish.status).toBe(200);

    const login = await signInAs(body.userName, 'Chosen123', 'demo-bistro-2');
    expect(login.status).toBe(200);
    const tokens = await t.json<Tokens>('POST', `/api/v1/auth/tokens/code/${(login.body as unknown as { code: string }).code}`);
    expect(tokens.status).toBe(200);
    expect(tokens.body.userDTO).toMatchObject({ landingPage: '#orders' });
    const after = await call<MerchantUser>('GET', `${res.body.id}`);
    expect(after.body).toMatchObject({ hasPassword: true, activationDate: expect.any(String) });
    // The key works once.
    expect((await t.json('POST', '/api/v1/auth/password/reset/finish', { key, newPassword: 'Again1234' })).status).toBe(400);
  });

  it('keeps the path of a merchant page the screen sends', async () => {
    const body = newUser({ sendNotification: true, url: 'http://localhost:80/merchant/#/users' });
    expect((await call('POST', 'create', body)).status).toBe(200);
    const [mail] = await mailsTo(body.email);
    expect(mail.textBody).toMatch(/\/merchant\/\?activationKey=/);
  });

  it('the user, its roles, branches, key and mail are one transaction: a failing mail leaves no user behind', async () => {
    await t.db.execute(sql`create or replace function w4_refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'mail refused'; end $$`);
    await t.db.execute(sql`create trigger w4_refuse_mail before insert on mail_outbox for each row execute function w4_refuse_mail()`);
    try {
      const users = await userCount();
      const keys = await t.db.$count(authKey);
      const links = await t.db.$count(merchantUserRole);
      const body = newUser({ sendNotification: true });
      const res = await call<ApiError>('POST', 'create', body);
      expect(res.status).toBe(500);
      expect(res.body.details).not.toMatch(/mail refused|insert|mail_outbox/);
      expect(await userCount()).toBe(users);
      expect(await t.db.$count(authKey)).toBe(keys);
      expect(await t.db.$count(merchantUserRole)).toBe(links);
      expect(await t.db.$count(merchantUser, eq(merchantUser.userName, body.userName))).toBe(0);
    } finally {
      await t.db.execute(sql`drop trigger w4_refuse_mail on mail_outbox`);
    }
  });

  it('a duplicate user name in the account is a 409 and writes no mail', async () => {
    const first = newUser();
    expect((await call('POST', 'create', first)).status).toBe(200);
    const again = { ...newUser({ sendNotification: true }), userName: first.userName };
    const res = await call<ApiError>('POST', 'create', again);
    expect(res).toMatchObject({ status: 409, body: { type: 'ERROR', details: 'Duplicate Value' } });
    expect(await mailsTo(again.email)).toEqual([]);
    // The same name in another account is another user.
    expect((await call('POST', 'create', { ...newUser({ merchantAccountId: accountB, branches: [{ branchId: branchB }] }), userName: first.userName })).status).toBe(200);
  });
});

describe('create without activation mail, then Change Password', () => {
  it('the user has no password until an administrator sets one; the password must be strong', async () => {
    const res = await createUser({ sendNotification: false });
    expect(res.body).toMatchObject({ hasPassword: false, activationMailSent: false });
    expect(await mailsTo(res.body.email)).toEqual([]);
    expect((await signInAs(res.body.userName, 'Set12345')).status).toBe(401);

    const empty = await call<ApiError>('PUT', 'password/change', { id: res.body.id, password: '' });
    expect(empty).toMatchObject({ status: 400, body: { details: 'Please fill the password field!' } });
    const missing = await call<ApiError>('PUT', 'password/change', { id: res.body.id });
    expect(missing).toMatchObject({ status: 400, body: { details: 'Please fill the password field!' } });
    const weak = await call<ApiError>('PUT', 'password/change', { id: res.body.id, password: 'password1' });
    expect(weak).toMatchObject({ status: 400, body: { details: WEAK } });
    expect((await signInAs(res.body.userName, 'password1')).status).toBe(401);

    const ok = await call<MerchantUser>('PUT', 'password/change', { id: res.body.id, password: 'Set12345' });
    expect(ok).toMatchObject({ status: 200, body: { hasPassword: true, activationDate: expect.any(String), passwordChangeDate: expect.any(String) } });
    expect((await signInAs(res.body.userName, 'Set12345')).status).toBe(200);
  });

  it('a new password ends the sessions that knew the old one', async () => {
    const u = await createUser();
    await call('PUT', 'password/change', { id: u.body.id, password: 'First1234' });
    const session = await t.signIn('merchant', { domainName: 'demo-bistro', userName: u.body.userName, password: 'First1234' });
    await call('PUT', 'password/change', { id: u.body.id, password: 'Second1234' });
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await signInAs(u.body.userName, 'First1234')).status).toBe(401);
    expect((await signInAs(u.body.userName, 'Second1234')).status).toBe(200);
  });

  it('an unknown user is a 404', async () => {
    expect((await call('PUT', 'password/change', { id: 999_999, password: 'Set12345' })).status).toBe(404);
  });
});

describe('the rules of spec 1 §5 on save', () => {
  const refused = async (body: unknown, details: string, path = 'create', method: 'POST' | 'PUT' = 'POST') => {
    const before = await userCount();
    const res = await call<ApiError>(method, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ type: 'WARNING', details });
    expect(await userCount()).toBe(before);
    return res.body;
  };

  it.each(['userName', 'mobilePhone', 'firstName', 'lastName', 'email'])('%s is required', async (field) => {
    const body = await refused({ ...newUser(), [field]: '   ' }, REQUIRED);
    expect(body.errors?.[0]).toEqual({ field, message: REQUIRED });
    await refused({ ...newUser(), [field]: undefined }, REQUIRED);
  });

  it('at least one branch', async () => {
    await refused(newUser({ branches: [] }), 'Please select a branch!');
    await refused(newUser({ branches: undefined }), 'Please select a branch!');
  });

  it('at least one role', async () => {
    await refused(newUser({ roles: [] }), 'Please select a role!');
  });

  it('exactly one ACCOUNT role, judged by the names the platform holds', async () => {
    await refused(newUser({ roles: [{ id: ROLE.clerk }] }), ACCOUNT_RULE);
    await refused(newUser({ roles: [{ id: ROLE.accountAdmin }, { id: ROLE.accountUser }] }), ACCOUNT_RULE);
    // The names a client sends are not believed: CLERK stays an operation role.
    await refused(newUser({ roles: [{ id: ROLE.clerk, name: 'ACCOUNT_ADMIN' }] }), ACCOUNT_RULE);
    // The form's names are checked before the server looks anything up.
    await refused(newUser({ roles: [{ id: ROLE.clerk, name: 'CLERK' }] }), ACCOUNT_RULE);
    expect(ACCOUNT_RULE.endsWith(' ')).toBe(true);
  });

  it('the required-fields warning comes first when several rules fail', async () => {
    await refused({ ...newUser({ roles: [], branches: [] }), firstName: '' }, REQUIRED);
    await refused(newUser({ roles: [], branches: [] }), 'Please select a branch!');
  });

  it('a bad e-mail or phone number gets the spec message', async () => {
    await refused(newUser({ email: 'not-an-address' }), 'Not Valid Email');
    await refused(newUser({ mobilePhone: '12345' }), 'Not Valid Phone Number');
  });

  it('an unknown role is refused; a branch of another account is a 404', async () => {
    await refused(newUser({ roles: [{ id: ROLE.accountUser }, { id: 9999 }] }), 'The selected role does not exist.');
    const before = await userCount();
    const res = await call<ApiError>('POST', 'create', newUser({ branches: [{ branchId: branchA }, { branchId: branchB }] }));
    expect(res.status).toBe(404);
    expect(await userCount()).toBe(before);
    expect((await call('POST', 'create', newUser({ merchantAccountId: 999_999, branches: [{ branchId: branchA }] }))).status).toBe(404);
  });

  it('an administrator must name the account', async () => {
    await refused(newUser({ merchantAccountId: undefined }), REQUIRED);
  });

  it('a landing page outside the list is refused', async () => {
    await refused(newUser({ landingPage: 'https://evil.example/' }), 'Please choose a landing page from the list.');
  });

  it('update applies the same rules and changes nothing when refused', async () => {
    const u = await createUser();
    const before = (await call<MerchantUser>('GET', `${u.body.id}`)).body;
    const base = { ...newUser(), id: u.body.id, userName: u.body.userName, firstName: 'Changed' };
    await refused({ ...base, roles: [{ id: ROLE.clerk }] }, ACCOUNT_RULE, 'update', 'PUT');
    await refused({ ...base, branches: [] }, 'Please select a branch!', 'update', 'PUT');
    await refused({ ...base, roles: [] }, 'Please select a role!', 'update', 'PUT');
    await refused({ ...base, lastName: '' }, REQUIRED, 'update', 'PUT');
    expect((await call<MerchantUser>('GET', `${u.body.id}`)).body).toEqual(before);
  });
});

describe('read, update, status', () => {
  it("findByMerchantAccountId lists the account's users with roles and branches, and no other account's", async () => {
    const u = await createUser();
    const res = await call<MerchantUser[]>('GET', `findByMerchantAccountId/${accountA}`);
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.userName)).toEqual(expect.arrayContaining(['owner', 'manager', u.body.userName]));
    expect(res.body.every((r) => r.merchantAccountId === accountA)).toBe(true);
    expect(res.body.find((r) => r.userName === 'owner')).toMatchObject({ roles: [{ id: 1, name: 'ACCOUNT_ADMIN' }], branches: [{ branchId: branchA }] });
    expect(res.body.map((r) => r.userName)).not.toContain('bob');
    expect((await call<MerchantUser[]>('GET', `findByMerchantAccountId/${accountB}`)).body.map((r) => r.userName)).toContain('bob');
  });

  it('update saves details, roles and branches together, keeps the status, and drops till links of branches left', async () => {
    const u = await createUser({ branches: [{ branchId: branchA }, { branchId: branchA2 }] });
    await call('PUT', `${u.body.id}/status/PASSIVE`);
    const till = await call<TillUser>('POST', 'tilluser/create', { merchantBranchId: branchA2, name: `Till ${u.body.id}` });
    expect((await call('PUT', `tilluser/userId/${u.body.id}/merchantBranchId/${branchA2}/tillUserId/${till.body.id}`)).status).toBe(200);

    const res = await call<MerchantUser>('PUT', 'update', {
      ...newUser(),
      id: u.body.id,
      userName: `${u.body.userName}-renamed`,
      firstName: 'Renamed',
      roles: [{ id: ROLE.accountManager }, { id: DRIVER }],
      branches: [{ branchId: branchA }],
      status: 'ACTIVE',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userName: `${u.body.userName}-renamed`,
      firstName: 'Renamed',
      status: 'PASSIVE',
      roles: [
        { id: ROLE.accountManager, name: 'ACCOUNT_MANAGER' },
        { id: DRIVER, name: 'DRIVER' },
      ],
      branches: [{ branchId: branchA }],
      tillUsers: [],
    });
    expect(await t.db.$count(merchantUserTillUser, eq(merchantUserTillUser.userId, u.body.id))).toBe(0);
  });

  it('update of an unknown user is a 404; a duplicate user name is a 409', async () => {
    expect((await call('PUT', 'update', { ...newUser(), id: 999_999 })).status).toBe(404);
    const a = await createUser();
    const b = await createUser();
    const res = await call<ApiError>('PUT', 'update', { ...newUser(), id: b.body.id, userName: a.body.userName });
    expect(res).toMatchObject({ status: 409, body: { details: 'Duplicate Value' } });
    expect((await call<MerchantUser>('GET', `${b.body.id}`)).body.userName).toBe(b.body.userName);
  });

  it('status: PASSIVE users cannot sign in, ACTIVE again they can', async () => {
    const u = await createUser();
    await call('PUT', 'password/change', { id: u.body.id, password: 'Status123' });
    const res = await call<MerchantUser>('PUT', `${u.body.id}/status/PASSIVE`);
    expect(res).toMatchObject({ status: 200, body: { status: 'PASSIVE' } });
    expect((await signInAs(u.body.userName, 'Status123')).status).toBe(401);
    await call('PUT', `${u.body.id}/status/ACTIVE`);
    expect((await signInAs(u.body.userName, 'Status123')).status).toBe(200);
    expect((await call('PUT', `${u.body.id}/status/GONE`)).status).toBe(400);
    expect((await call('PUT', '999999/status/PASSIVE')).status).toBe(404);
  });

  it('GET {id} reads one user; an unknown id is a 404', async () => {
    const u = await createUser();
    expect((await call<MerchantUser>('GET', `${u.body.id}`)).body).toMatchObject({ id: u.body.id, userName: u.body.userName });
    expect((await call<ApiError>('GET', '999999')).status).toBe(404);
  });
});

describe('a role or status change reaches the token at the next refresh', () => {
  it('new roles give new privileges after a refresh; PASSIVE makes the refresh fail', async () => {
    const u = await createUser();
    await call('PUT', 'password/change', { id: u.body.id, password: 'Roles1234' });
    const session = await t.signIn('merchant', { domainName: 'demo-bistro', userName: u.body.userName, password: 'Roles1234' });
    const list = (token: string) => call('GET', `findByMerchantAccountId/${accountA}`, undefined, token);
    expect((await list(session.accessToken)).status).toBe(403);

    await call('PUT', 'update', { ...newUser(), id: u.body.id, userName: u.body.userName, roles: [{ id: ROLE.accountAdmin }] });
    // The access token in hand still carries the old privileges …
    expect((await list(session.accessToken)).status).toBe(403);
    // … the refreshed one carries the new role's.
    const refreshed = await refresh(session.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.userDTO.roles.map((r) => r.name)).toEqual(['ACCOUNT_ADMIN']);
    expect((await list(refreshed.body.accessToken)).status).toBe(200);

    // And back: the privilege goes away at the next refresh.
    await call('PUT', 'update', { ...newUser(), id: u.body.id, userName: u.body.userName, roles: [{ id: ROLE.accountUser }] });
    const again = await refresh(refreshed.body.refreshToken);
    expect((await list(again.body.accessToken)).status).toBe(403);

    await call('PUT', `${u.body.id}/status/PASSIVE`);
    const passive = await refresh(again.body.refreshToken);
    expect(passive.status).toBe(401);
  });
});

describe('privileges of merchant users (spec 1 §6)', () => {
  it('without View a merchant user cannot list or read users', async () => {
    expect((await call('GET', `findByMerchantAccountId/${accountA}`, undefined, tok.manager)).status).toBe(403);
    expect((await call('GET', `${ownerId}`, undefined, tok.manager)).status).toBe(403);
    expect((await call('GET', `tilluser/branchId/${branchA}`, undefined, tok.manager)).status).toBe(403);
  });

  it('with View a merchant user lists its own account only', async () => {
    const res = await call<MerchantUser[]>('GET', `findByMerchantAccountId/${accountA}`, undefined, tok.viewer);
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.userName)).toContain('owner');
    expect((await call('GET', `findByMerchantAccountId/${accountB}`, undefined, tok.viewer)).status).toBe(404);
    expect((await call('GET', `${ownerId}`, undefined, tok.viewer)).status).toBe(200);
    expect((await call('GET', `${ownerId}`, undefined, tok.other)).status).toBe(404);
  });

  it('without Create a merchant user cannot save, change a password, change a status or link a till user', async () => {
    const target = await createUser();
    const before = await call<MerchantUser>('GET', `${target.body.id}`);
    for (const token of [tok.viewer, tok.adder, tok.manager]) {
      expect((await call('PUT', 'update', { ...newUser(), id: target.body.id, firstName: 'Changed' }, token)).status).toBe(403);
      expect((await call('PUT', 'password/change', { id: target.body.id, password: 'Hacked123' }, token)).status).toBe(403);
      expect((await call('PUT', `${target.body.id}/status/PASSIVE`, undefined, token)).status).toBe(403);
      expect((await call('PUT', `tilluser/userId/${target.body.id}/merchantBranchId/${branchA}/tillUserId/-1`, undefined, token)).status).toBe(403);
    }
    expect((await call<MerchantUser>('GET', `${target.body.id}`)).body).toEqual(before.body);
  });

  it('creating needs Add and Create', async () => {
    const before = await userCount();
    for (const token of [tok.viewer, tok.adder, tok.creator, tok.manager]) {
      expect((await createUser({ merchantAccountId: undefined }, token)).status).toBe(403);
    }
    expect(await userCount()).toBe(before);
  });

  it('with Create a merchant user saves users of its own account', async () => {
    const target = await createUser();
    const res = await call<MerchantUser>('PUT', 'update', { ...newUser(), id: target.body.id, userName: target.body.userName, firstName: 'ByCreator' }, tok.creator);
    expect(res).toMatchObject({ status: 200, body: { firstName: 'ByCreator' } });
    expect((await call('PUT', 'password/change', { id: target.body.id, password: 'ByCreator1' }, tok.creator)).status).toBe(200);
  });

  it("the owner (ACCOUNT_ADMIN) creates users in its own account, never in another's", async () => {
    const mine = await createUser({ merchantAccountId: undefined }, tok.owner);
    expect(mine).toMatchObject({ status: 200, body: { merchantAccountId: accountA } });
    const before = await userCount();
    // Naming another account is refused (issue 13), not silently replaced by its own.
    expect((await createUser({ merchantAccountId: accountB, branches: [{ branchId: branchB }] }, tok.owner)).status).toBe(403);
    expect((await createUser({ merchantAccountId: accountB }, tok.owner)).status).toBe(403);
    // Its own account named, but a branch of another tenant.
    expect((await createUser({ branches: [{ branchId: branchB }] }, tok.owner)).status).toBe(404);
    expect(await userCount()).toBe(before);
    const bob = (await t.db.select().from(merchantUser).where(eq(merchantUser.userName, 'bob')))[0];
    expect((await call('PUT', 'update', { ...newUser(), id: bob.id, userName: 'bob' }, tok.owner)).status).toBe(404);
    expect((await call('PUT', 'password/change', { id: bob.id, password: 'Hacked123' }, tok.owner)).status).toBe(404);
    expect((await call('PUT', `${bob.id}/status/PASSIVE`, undefined, tok.owner)).status).toBe(404);
  });

  it('a merchant user cannot deactivate itself', async () => {
    const res = await call<ApiError>('PUT', `${creatorId}/status/PASSIVE`, undefined, tok.creator);
    expect(res).toMatchObject({ status: 409, body: { details: 'You cannot delete or deactivate your own user.' } });
  });

  it('no token: 401; no privilege: 403, even for a body that would be refused (the privilege is checked first)', async () => {
    expect((await t.json('GET', `${B}findByMerchantAccountId/${accountA}`)).status).toBe(401);
    expect((await t.json('POST', `${B}create`, newUser())).status).toBe(401);
    expect((await t.json('POST', `${B}create`, { junk: true })).status).toBe(401);
    expect((await call('POST', 'create', { junk: true }, tok.creator)).status).toBe(403);
    expect((await call('PUT', 'update', { junk: true }, tok.viewer)).status).toBe(403);
    expect((await call('PUT', 'password/change', { id: ownerId, password: '' }, tok.viewer)).status).toBe(403);
    expect((await call('PUT', 'tilluser/userId/0/merchantBranchId/0/tillUserId/0', undefined, tok.viewer)).status).toBe(403);
    expect((await t.json('PUT', '/api/till/tillusers', { names: [] }, tok.admin)).status).toBe(403);
  });
});

describe('drivers', () => {
  it('GET role/driver lists the ACTIVE drivers of the caller’s branch as id and fullName', async () => {
    const d1 = await createUser({ firstName: 'Dave', lastName: 'Driver', roles: [{ id: ROLE.accountUser }, { id: DRIVER }] });
    const d2 = await createUser({ firstName: 'Pat', lastName: 'Passive', roles: [{ id: ROLE.accountUser }, { id: DRIVER }] });
    await call('PUT', `${d2.body.id}/status/PASSIVE`);
    const d3 = await createUser({ firstName: 'Other', lastName: 'Branch', roles: [{ id: ROLE.accountUser }, { id: DRIVER }], branches: [{ branchId: branchA2 }] });

    // Any merchant user of the branch may read it (a clerk dispatches orders).
    const mine = await call<{ id: number; fullName: string }[]>('GET', 'role/driver', undefined, tok.manager);
    expect(mine.status).toBe(200);
    expect(mine.body).toContainEqual({ id: d1.body.id, fullName: 'Dave Driver' });
    expect(mine.body.map((d) => d.id)).not.toContain(d2.body.id);
    expect(mine.body.map((d) => d.id)).not.toContain(d3.body.id);
    expect(mine.body.map((d) => d.id)).not.toContain(ownerId);

    const admin = await call<{ id: number; fullName: string }[]>('GET', `role/driver?merchantBranchId=${branchA2}`);
    expect(admin.body).toEqual([{ id: d3.body.id, fullName: 'Other Branch' }]);
    expect((await call<ApiError>('GET', 'role/driver')).body).toMatchObject({ details: REQUIRED });
    expect((await call('GET', 'role/driver?merchantBranchId=999999')).status).toBe(404);
    expect((await call<unknown[]>('GET', 'role/driver', undefined, tok.other)).body).toEqual([]);
  });
});

describe('till users', () => {
  it('an administrator creates till users for a branch and lists them by branch', async () => {
    const res = await call<TillUser>('POST', 'tilluser/create', { merchantBranchId: branchA, name: 'Till Anna' });
    expect(res).toMatchObject({ status: 200, body: { merchantBranchId: branchA, name: 'Till Anna' } });
    const list = await call<TillUser[]>('GET', `tilluser/branchId/${branchA}`);
    expect(list.body).toContainEqual(res.body);
    expect((await call<TillUser[]>('GET', `tilluser/branchId/${branchA2}`)).body.map((u) => u.name)).not.toContain('Till Anna');
    expect((await call('POST', 'tilluser/create', { merchantBranchId: branchA, name: 'Till Anna' })).status).toBe(409);
    expect((await call<ApiError>('POST', 'tilluser/create', { merchantBranchId: branchA, name: ' ' })).body).toMatchObject({ details: REQUIRED });
    expect((await call('POST', 'tilluser/create', { merchantBranchId: 999_999, name: 'Nobody' })).status).toBe(404);
    // A merchant user with View reads its own branches' till users; another tenant's branch is a 404.
    expect((await call<TillUser[]>('GET', `tilluser/branchId/${branchA}`, undefined, tok.viewer)).body).toContainEqual(res.body);
    expect((await call('GET', `tilluser/branchId/${branchB}`, undefined, tok.viewer)).status).toBe(404);
    // Creating them by hand is an administrator's call.
    expect((await call('POST', 'tilluser/create', { merchantBranchId: branchA, name: 'By owner' }, tok.owner)).status).toBe(403);
  });

  it('a till reports its operators with its till token; names are added once', async () => {
    const branch3 = (await addBranch(t.db, accountA, 'demo-bistro-3')).id;
    const cred = await addTillCredential(t.db, { merchantAccountId: accountA, merchantBranchId: branch3 });
    const till = await t.json<{ accessToken: string }>('POST', '/api/till/auth', { clientId: cred.clientId, clientSecret: cred.clientSecret });
    const push = (names: string[]) => t.json<TillUser[]>('PUT', '/api/till/tillusers', { names }, till.body.accessToken);
    const first = await push(['Sam', 'Kim', 'Sam']);
    expect(first.status).toBe(200);
    expect(first.body.map((u) => u.name).sort()).toEqual(['Kim', 'Sam']);
    expect((await push(['Kim', 'Lee'])).body.map((u) => u.name).sort()).toEqual(['Kim', 'Lee', 'Sam']);
    expect(first.body.every((u) => u.merchantBranchId === branch3)).toBe(true);
    expect((await t.json('PUT', '/api/till/tillusers', { names: ['X'] }, tok.admin)).status).toBe(403);
    expect((await t.json<ApiError>('PUT', '/api/till/tillusers', { names: [] }, till.body.accessToken)).body).toMatchObject({ details: REQUIRED });
  });

  it('links a merchant user to a till user of one of its branches; -1 clears the link', async () => {
    const u = await createUser({ branches: [{ branchId: branchA }, { branchId: branchA2 }] });
    const tillA = (await call<TillUser>('POST', 'tilluser/create', { merchantBranchId: branchA, name: `Link A ${u.body.id}` })).body;
    const tillA2 = (await call<TillUser>('POST', 'tilluser/create', { merchantBranchId: branchA2, name: `Link A2 ${u.body.id}` })).body;
    const link = (userId: number | string, branchId: number | string, tillUserId: number | string, token = tok.admin) =>
      call<MerchantUser & ApiError>('PUT', `tilluser/userId/${userId}/merchantBranchId/${branchId}/tillUserId/${tillUserId}`, undefined, token);

    const res = await link(u.body.id, branchA, tillA.id);
    expect(res.status).toBe(200);
    expect(res.body.tillUsers).toEqual([{ merchantBranchId: branchA, tillUserId: tillA.id, name: tillA.name }]);
    // One till user per branch: linking another replaces it; other branches keep theirs.
    await link(u.body.id, branchA2, tillA2.id);
    expect((await link(u.body.id, branchA, tillA.id)).body.tillUsers).toHaveLength(2);
    const cleared = await link(u.body.id, branchA, -1);
    expect(cleared.body.tillUsers).toEqual([{ merchantBranchId: branchA2, tillUserId: tillA2.id, name: tillA2.name }]);
    // The owner (Create) may link users of its own account.
    expect((await link(u.body.id, branchA, tillA.id, tok.owner)).status).toBe(200);
  });

  it("'Please select a branch and a till user!' without a user or a branch; a till user of another branch is refused", async () => {
    const u = await createUser();
    const tillA2 = (await call<TillUser>('POST', 'tilluser/create', { merchantBranchId: branchA2, name: `Other ${u.body.id}` })).body;
    const link = (path: string) => call<ApiError>('PUT', `tilluser/${path}`);
    const MSG = 'Please select a branch and a till user!';
    for (const path of [
      `userId/${u.body.id}/merchantBranchId/-1/tillUserId/-1`,
      `userId/${u.body.id}/merchantBranchId/0/tillUserId/${tillA2.id}`,
      `userId/-1/merchantBranchId/${branchA}/tillUserId/${tillA2.id}`,
      `userId/${u.body.id}/merchantBranchId/null/tillUserId/-1`,
      `userId/${u.body.id}/merchantBranchId/${branchA}/tillUserId/0`,
    ]) {
      expect(await link(path), path).toMatchObject({ status: 400, body: { details: MSG } });
    }
    // The till user belongs to branch A2; the user works at A only.
    expect((await link(`userId/${u.body.id}/merchantBranchId/${branchA}/tillUserId/${tillA2.id}`)).body).toMatchObject({
      details: 'The selected till user does not belong to the selected branch.',
    });
    expect((await link(`userId/${u.body.id}/merchantBranchId/${branchA2}/tillUserId/${tillA2.id}`)).body).toMatchObject({
      details: 'The user does not work at the selected branch.',
    });
    expect((await link(`userId/${u.body.id}/merchantBranchId/${branchB}/tillUserId/-1`)).status).toBe(404);
    expect((await link(`userId/999999/merchantBranchId/${branchA}/tillUserId/-1`)).status).toBe(404);
    expect(await t.db.$count(merchantUserTillUser, and(eq(merchantUserTillUser.userId, u.body.id)))).toBe(0);
  });

  it("deleting a till user removes users' links to it", async () => {
    const u = await createUser();
    const till = (await call<TillUser>('POST', 'tilluser/create', { merchantBranchId: branchA, name: `Gone ${u.body.id}` })).body;
    await call('PUT', `tilluser/userId/${u.body.id}/merchantBranchId/${branchA}/tillUserId/${till.id}`);
    expect((await call('DELETE', `tilluser/${till.id}`)).status).toBe(200);
    expect((await call<MerchantUser>('GET', `${u.body.id}`)).body.tillUsers).toEqual([]);
    expect(await t.db.$count(tillUser, eq(tillUser.id, till.id))).toBe(0);
  });
});
