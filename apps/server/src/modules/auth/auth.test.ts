import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/demo-data';
import { applyReferenceData } from '../../db/reference-data';
import { adminUser, authKey, licence, mailOutbox, merchantBranch, merchantUser, refreshToken, rolePrivilege, serverSecret, systemParameter } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/harness';
import { sha256 } from '../../platform/random';
import { ROLE, addBranch, addMerchant, addMerchantUser, testHash } from '../../test/fixtures';

type Kind = 'admin' | 'merchant';
type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
type Role = { id: number; name: string; merchantRolePrivilegeList: { objectName: string; action: string; status: string }[] };
type Tokens = {
  accessToken: string;
  refreshToken: string;
  expireDate: string;
  userDTO: { id: number; userType: string; userName: string; merchantAccountId: number | null; merchantBranchId: number | null; domainName: string | null; landingPage: string | null; roles: Role[] };
};
type Creds = { userName?: string; password?: string; domainName?: string; reCaptchaToken?: string | null };

const BASE: Record<Kind, string> = { admin: '/api/adminuser/security', merchant: '/api/v1/auth' };
const COOKIE: Record<Kind, string> = { admin: 'tp_rt_admin', merchant: 'tp_rt_merchant' };
const OWNER = DEMO.merchant;
const ADMIN = DEMO.admin;
const INCORRECT = { type: 'ERROR', details: 'User name or password is incorrect.' };
const CAPTCHA = { type: 'WARNING', details: 'Please complete the captcha.' };
const NOT_ACTIVE = { type: 'ERROR', details: 'Your account is not active.' };
const SESSION_ENDED = { type: 'ERROR', details: 'Your session has ended. Please sign in again.' };
const WEAK = 'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters';

/** Sign-in, tokens, refresh, logout and reset calls against one app. */
function client(t: TestApp) {
  const login = (kind: Kind, creds: Creds) => t.json<{ code: string } & ApiError>('POST', `${BASE[kind]}/login`, creds);
  const exchange = (kind: Kind, code: string) => t.json<Tokens & ApiError>('POST', `${BASE[kind]}/tokens/code/${code}`);
  const signIn = async (kind: Kind, creds: Creds = kind === 'admin' ? ADMIN : OWNER) => {
    const res = await login(kind, creds);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tokens = await exchange(kind, res.body.code);
    expect(tokens.status).toBe(200);
    return tokens;
  };
  const refresh = (kind: Kind, token?: string) => t.json<Tokens & ApiError>('POST', `${BASE[kind]}/tokens/refresh`, token === undefined ? undefined : { refreshToken: token });
  const taxes = (accessToken: string) => t.json('GET', '/api/storemanagement/tax/all', undefined, accessToken);
  return { login, exchange, signIn, refresh, taxes };
}

let t: TestApp;
let c: ReturnType<typeof client>;
/** The demo store's account and branch. */
let demo: { merchantAccountId: number; merchantBranchId: number };
beforeAll(async () => {
  t = await createTestApp();
  c = client(t);
  const [branch] = await t.db.select().from(merchantBranch).where(eq(merchantBranch.domainName, 'demo-bistro'));
  demo = { merchantAccountId: branch.merchantAccountId, merchantBranchId: branch.id };
});
afterAll(() => t.close());

/**
 * Tests that lock, deactivate or reset a user get a user of their own (cheaper than resetting the
 * database, and no test depends on another's leftovers).
 */
const PASSWORD = 'Fresh1234';
let serial = 0;
async function freshMerchant() {
  const userName = `user${++serial}`;
  const email = `${userName}@example.com`;
  const user = await addMerchantUser(t.db, { ...demo, userName, password: PASSWORD, roleIds: [ROLE.accountAdmin], email });
  return { user, email, creds: { domainName: 'demo-bistro', userName, password: PASSWORD } };
}
async function freshAdmin() {
  const userName = `admin${++serial}`;
  const email = `${userName}@example.com`;
  const [user] = await t.db
    .insert(adminUser)
    .values({ userName, passwordHash: await testHash(PASSWORD), firstName: 'Fresh', lastName: 'Admin', email, activationDate: new Date() })
    .returning();
  return { user, email, creds: { userName, password: PASSWORD } };
}
/** Solves a challenge the way the browser widget does, and encodes the payload it sends. */
async function solved(app: TestApp) {
  const res = await app.json<Challenge>('GET', '/api/captcha/challenge');
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const solution = await solveChallenge({ challenge: res.body, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: res.body, solution })).toString('base64');
}
const ownerRow = async () => (await t.db.select().from(merchantUser).where(eq(merchantUser.userName, OWNER.userName)))[0];
const jwtSecret = async () => (await t.db.select().from(serverSecret).where(eq(serverSecret.name, 'jwt')))[0].value;

describe('sign-in', () => {

  it('admin: credentials give a one-time code, the code gives tokens, a refresh cookie and the user', async () => {
    const login = await c.login('admin', ADMIN);
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['code']);
    expect(login.body.code.length).toBeGreaterThanOrEqual(32);
    const before = Date.now();
    const tokens = await c.exchange('admin', login.body.code);
    expect(tokens.status).toBe(200);
    expect(tokens.body.userDTO).toMatchObject({ userType: 'admin', userName: 'admin', merchantAccountId: null, merchantBranchId: null, roles: [] });
    const expires = Date.parse(tokens.body.expireDate);
    expect(expires).toBeGreaterThan(before + 240_000);
    expect(expires).toBeLessThan(before + 600_000);
    expect(tokens.body.refreshToken.length).toBeGreaterThanOrEqual(22);
    const cookie = tokens.cookies.find((k) => k.name === COOKIE.admin);
    expect(cookie).toMatchObject({ value: tokens.body.refreshToken, httpOnly: true, path: '/api/', sameSite: 'Strict' });
    // Only the hash of the refresh token is stored.
    expect(await t.db.$count(refreshToken, eq(refreshToken.tokenHash, sha256(tokens.body.refreshToken)))).toBe(1);
    expect(await t.db.$count(refreshToken, eq(refreshToken.tokenHash, tokens.body.refreshToken))).toBe(0);
    expect((await t.json('GET', '/api/merchant/menu', undefined, tokens.body.accessToken)).status).toBe(200);
  });

  it('merchant: the user comes with its store, branch, landing page and roles with privileges', async () => {
    const tokens = await c.signIn('merchant', { ...OWNER, domainName: ' Demo-Bistro ' });
    expect(tokens.body.userDTO).toMatchObject({ userType: 'merchant', userName: 'owner', domainName: 'demo-bistro', landingPage: '#/taxSave' });
    expect(tokens.body.userDTO.merchantAccountId).toEqual(expect.any(Number));
    expect(tokens.body.userDTO.merchantBranchId).toEqual(expect.any(Number));
    const [role] = tokens.body.userDTO.roles;
    expect(role.name).toBe('ACCOUNT_ADMIN');
    expect(role.merchantRolePrivilegeList).toEqual(
      expect.arrayContaining(['View', 'Add', 'Create', 'Delete'].map((action) => ({ objectName: 'Tax', action, status: 'ACTIVE' }))),
    );
    expect(tokens.cookies.find((k) => k.name === COOKIE.merchant)?.value).toBe(tokens.body.refreshToken);
    expect((await c.taxes(tokens.body.accessToken)).status).toBe(200);
  });

  it('a code works once, only for its user type, and only for a minute', async () => {
    const code = (await c.login('admin', ADMIN)).body.code;
    expect((await c.exchange('merchant', code)).status).toBe(401);
    expect((await c.exchange('admin', code)).status).toBe(200);
    const again = await c.exchange('admin', code);
    expect(again.status).toBe(401);
    expect(again.body).toEqual(SESSION_ENDED);

    const late = (await c.login('merchant', OWNER)).body.code;
    await t.db.update(authKey).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authKey.purpose, 'LOGIN_CODE'));
    expect((await c.exchange('merchant', late)).status).toBe(401);
    expect((await c.exchange('merchant', 'x'.repeat(43))).status).toBe(401);
  });

  it('a wrong password or an unknown user is a 401 with the same details', async () => {
    const admin = await freshAdmin();
    const merchant = await freshMerchant();
    for (const [kind, creds] of [
      ['admin', { ...admin.creds, password: 'Wrong1234' }],
      ['admin', { userName: 'nobody', password: 'Admin1234' }],
      ['merchant', { ...merchant.creds, password: 'Wrong1234' }],
      ['merchant', { ...merchant.creds, userName: 'nobody' }],
    ] as const) {
      const res = await c.login(kind, creds);
      expect(res.status, JSON.stringify(creds)).toBe(401);
      expect(res.body).toEqual(INCORRECT);
    }
  });

  it('admin credentials do not open the merchant door, nor the other way round', async () => {
    expect((await c.login('merchant', { domainName: 'demo-bistro', ...ADMIN })).status).toBe(401);
    expect((await c.login('admin', { userName: OWNER.userName, password: OWNER.password })).status).toBe(401);
  });

  it('repeated failures never lock: from the third a captcha is needed (even when it is off) and each reply waits longer', async () => {
    const { user, creds } = await freshMerchant();
    for (let i = 1; i <= 3; i++) expect((await c.login('merchant', { ...creds, password: `Wrong${i}234` })).body).toEqual(INCORRECT);
    // Without a solved captcha nothing is tried, so a stranger's guesses stop counting here.
    expect(await c.login('merchant', creds)).toMatchObject({ status: 400, body: CAPTCHA });
    const started = Date.now();
    expect((await c.login('merchant', { ...creds, password: 'Wrong4234', reCaptchaToken: await solved(t) })).body).toEqual(INCORRECT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // the fourth failure waits 1 s (the third 0.5 s)
    const [row] = await t.db.select().from(merchantUser).where(eq(merchantUser.id, user.id));
    expect(row.wrongEntryNumbers).toBe(4);
    expect(row.lockedUntil).toBeNull();
    // The owner of the account, with the right password and a solved captcha, is never kept out.
    expect((await c.login('merchant', { ...creds, reCaptchaToken: await solved(t) })).status).toBe(200);
    // ...and after a success the name needs no captcha again; other users were never affected.
    expect((await c.login('merchant', creds)).status).toBe(200);
    expect((await c.login('merchant', OWNER)).status).toBe(200);
  });

  it('a stranger cannot lock an administrator out, and an unknown name is answered exactly like a real one', async () => {
    const admin = await freshAdmin();
    const unknown = { userName: `nobody${++serial}`, password: 'Nope1234' };
    const answers = async (creds: Creds) => {
      const seen: unknown[] = [];
      for (let i = 1; i <= 6; i++) {
        const res = await c.login('admin', { ...creds, password: 'Nope1234' });
        seen.push([res.status, res.body]);
      }
      return seen;
    };
    const real = await answers(admin.creds);
    expect(await answers(unknown)).toEqual(real);
    expect(real.at(-1)).toEqual([400, CAPTCHA]);
    expect((await c.login('admin', { ...admin.creds, reCaptchaToken: await solved(t) })).status).toBe(200);
    expect((await c.login('admin', ADMIN)).status).toBe(200);
  });

  it('a PASSIVE user cannot sign in', async () => {
    const merchant = await freshMerchant();
    const admin = await freshAdmin();
    await t.db.update(merchantUser).set({ status: 'PASSIVE' }).where(eq(merchantUser.id, merchant.user.id));
    await t.db.update(adminUser).set({ status: 'PASSIVE' }).where(eq(adminUser.id, admin.user.id));
    expect(await c.login('merchant', merchant.creds)).toMatchObject({ status: 401, body: NOT_ACTIVE });
    expect(await c.login('admin', admin.creds)).toMatchObject({ status: 401, body: NOT_ACTIVE });
    // A wrong password still says only that the credentials are wrong.
    expect((await c.login('merchant', { ...merchant.creds, password: 'Wrong1234' })).body).toEqual(INCORRECT);
  });

  it('a user of a PASSIVE store cannot sign in', async () => {
    const store = await addMerchant(t.db, { domainName: 'closed-shop', userName: 'carol', password: PASSWORD });
    const creds = { domainName: 'closed-shop', userName: 'carol', password: PASSWORD };
    expect((await c.login('merchant', creds)).status).toBe(200);
    await t.db.update(merchantBranch).set({ status: 'PASSIVE' }).where(eq(merchantBranch.id, store.merchantBranchId));
    expect(await c.login('merchant', creds)).toMatchObject({ status: 401, body: NOT_ACTIVE });
  });

  it('a merchant signs in only at a store of its own account where it works', async () => {
    await addMerchant(t.db, { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' });
    await addBranch(t.db, demo.merchantAccountId, 'demo-bistro-2');
    for (const creds of [
      { ...OWNER, domainName: 'other-cafe' },
      { domainName: 'demo-bistro', userName: 'bob', password: 'Bob12345' },
      { ...OWNER, domainName: 'no-such-store' },
      { ...OWNER, domainName: 'demo-bistro-2' },
    ]) {
      const res = await c.login('merchant', creds);
      expect(res.status, JSON.stringify(creds)).toBe(401);
      expect(res.body).toEqual(INCORRECT);
    }
    expect((await c.login('merchant', { domainName: 'other-cafe', userName: 'bob', password: 'Bob12345' })).status).toBe(200);
  });

  it('empty fields give the spec messages', async () => {
    const adminEmpty = 'User name and password  cannot be empty!';
    const merchantEmpty = 'User name,Password and Store Name cannot be empty!';
    for (const body of [{ userName: '', password: '' }, { userName: 'admin', password: '' }, { userName: '  ', password: 'x' }, {}]) {
      const res = await c.login('admin', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ type: 'WARNING', details: adminEmpty });
    }
    for (const body of [{ domainName: '', userName: 'owner', password: 'x' }, { domainName: 'demo-bistro', userName: '', password: 'x' }, { domainName: 'demo-bistro', userName: 'owner' }]) {
      const res = await c.login('merchant', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ type: 'WARNING', details: merchantEmpty });
    }
  });
});

describe('tokens', () => {

  it('refresh rotates: each refresh token gives a new one, and the new one works', async () => {
    const first = await c.signIn('merchant');
    const second = await c.refresh('merchant', first.body.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.body.refreshToken);
    expect(second.body.userDTO.userName).toBe('owner');
    expect((await c.taxes(second.body.accessToken)).status).toBe(200);
    const third = await c.refresh('merchant', second.body.refreshToken);
    expect(third.status).toBe(200);
    expect(third.body.refreshToken).not.toBe(second.body.refreshToken);
  });

  it('a spent refresh token presented within the grace window still works (two tabs racing)', async () => {
    const first = await c.signIn('merchant');
    expect((await c.refresh('merchant', first.body.refreshToken)).status).toBe(200);
    expect((await c.refresh('merchant', first.body.refreshToken)).status).toBe(200);
  });

  it('a spent refresh token presented after the grace window revokes its whole family', async () => {
    const first = await c.signIn('merchant');
    const second = await c.refresh('merchant', first.body.refreshToken);
    await t.db
      .update(refreshToken)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshToken.tokenHash, sha256(first.body.refreshToken)));
    const replay = await c.refresh('merchant', first.body.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(SESSION_ENDED);
    expect((await c.refresh('merchant', second.body.refreshToken)).status).toBe(401);
    // Another sign-in (another family) is untouched.
    const other = await c.signIn('merchant');
    expect((await c.refresh('merchant', other.body.refreshToken)).status).toBe(200);
  });

  it('refresh works from the httpOnly cookie alone and sets the rotated one', async () => {
    const tokens = await c.signIn('admin');
    const cookie = tokens.cookies.find((k) => k.name === COOKIE.admin);
    expect(cookie).toBeDefined();
    const res = await t.app.inject({ method: 'POST', url: `${BASE.admin}/tokens/refresh`, cookies: { [COOKIE.admin]: String(cookie?.value) } });
    expect(res.statusCode).toBe(200);
    const body = res.json<Tokens>();
    expect(body.userDTO.userType).toBe('admin');
    expect(res.cookies.find((k) => k.name === COOKIE.admin)?.value).toBe(body.refreshToken);
    expect(body.refreshToken).not.toBe(cookie?.value);
  });

  it('no refresh token, an unknown one, or another user type\'s is a 401 that clears the cookie', async () => {
    const none = await t.app.inject({ method: 'POST', url: `${BASE.merchant}/tokens/refresh` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(SESSION_ENDED);
    expect((await c.refresh('merchant', 'not-a-token')).status).toBe(401);
    const admin = await c.signIn('admin');
    const crossed = await c.refresh('merchant', admin.body.refreshToken);
    expect(crossed.status).toBe(401);
    const cleared = crossed.cookies.find((k) => k.name === COOKIE.merchant);
    expect(cleared?.value).toBe('');
    expect((await c.refresh('admin', admin.body.refreshToken)).status).toBe(200);
  });

  it('a user made PASSIVE cannot refresh, and stays signed out when made ACTIVE again', async () => {
    const { user, creds } = await freshMerchant();
    const tokens = await c.signIn('merchant', creds);
    await t.db.update(merchantUser).set({ status: 'PASSIVE' }).where(eq(merchantUser.id, user.id));
    expect(await c.refresh('merchant', tokens.body.refreshToken)).toMatchObject({ status: 401, body: SESSION_ENDED });
    await t.db.update(merchantUser).set({ status: 'ACTIVE' }).where(eq(merchantUser.id, user.id));
    expect((await c.refresh('merchant', tokens.body.refreshToken)).status).toBe(401);
  });

  it('privileges removed from the role are gone from the next refreshed token', async () => {
    const tokens = await c.signIn('merchant');
    try {
      await t.db.delete(rolePrivilege).where(and(eq(rolePrivilege.roleId, 1), eq(rolePrivilege.objectName, 'Tax')));
      const refreshed = await c.refresh('merchant', tokens.body.refreshToken);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.userDTO.roles[0].merchantRolePrivilegeList.filter((p) => p.objectName === 'Tax')).toEqual([]);
      const res = await c.taxes(refreshed.body.accessToken);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ type: 'ERROR', details: 'Not Authorized' });
    } finally {
      await applyReferenceData(t.db);
    }
    const again = await c.refresh('merchant', (await c.signIn('merchant')).body.refreshToken);
    expect((await c.taxes(again.body.accessToken)).status).toBe(200);
  });

  it('a privilege switched PASSIVE is gone from the next token as well', async () => {
    const tokens = await c.signIn('merchant');
    try {
      await t.db
        .update(rolePrivilege)
        .set({ status: 'PASSIVE' })
        .where(and(eq(rolePrivilege.roleId, 1), eq(rolePrivilege.objectName, 'Tax'), eq(rolePrivilege.action, 'View')));
      const refreshed = await c.refresh('merchant', tokens.body.refreshToken);
      expect((await c.taxes(refreshed.body.accessToken)).status).toBe(403);
    } finally {
      await t.db.update(rolePrivilege).set({ status: 'ACTIVE' });
    }
  });

  it('logout revokes the refresh token (from the body or the cookie) and clears the cookie', async () => {
    for (const via of ['body', 'cookie'] as const) {
      const tokens = await c.signIn('merchant');
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE.merchant}/logout`,
        ...(via === 'body'
          ? { payload: { refreshToken: tokens.body.refreshToken } }
          : { cookies: { [COOKIE.merchant]: tokens.body.refreshToken } }),
      });
      expect(res.statusCode, via).toBe(200);
      expect(res.json()).toEqual({ type: 'SUCCESS', details: 'The operation was performed successfully.' });
      expect(res.cookies.find((k) => k.name === COOKIE.merchant)?.value).toBe('');
      expect((await c.refresh('merchant', tokens.body.refreshToken)).status, via).toBe(401);
    }
    // Logging out without a token is harmless.
    expect((await t.json('POST', `${BASE.admin}/logout`)).status).toBe(200);
  });

  it('an expired, forged or malformed access token is a 401 with a typed body', async () => {
    const tokens = await c.signIn('merchant');
    const { merchantAccountId: acc, merchantBranchId: br, id } = tokens.body.userDTO;
    // The sign-in (sid) of a real session: a token naming none, or a revoked one, is refused (see revocation below).
    const { sid } = JSON.parse(Buffer.from(tokens.body.accessToken.split('.')[1], 'base64url').toString('utf8'));
    const claims = { typ: 'merchant', acc, br, prv: ['Tax:View'], sid };
    const key = new TextEncoder().encode(await jwtSecret());
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(id)).setIssuedAt(now - 600).setExpirationTime(now - 60).sign(key);
    const valid = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(id)).setIssuedAt(now).setExpirationTime(now + 60).sign(key);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const [header, payload, signature] = valid.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, prv: ['Tax:View', 'Tax:Delete'], sub: String(id), exp: now + 60 })).toString('base64url')}.${signature}`;

    expect((await c.taxes(valid)).status).toBe(200);
    for (const [what, token] of [
      ['expired', expired],
      ['forged', forged],
      ['alg none', unsigned],
      ['tampered', tampered],
      ['garbage', 'abc.def.ghi'],
    ]) {
      const res = await c.taxes(token);
      expect(res.status, what).toBe(401);
      expect(res.body, what).toEqual(SESSION_ENDED);
    }
    const notBearer = await t.app.inject({ method: 'GET', url: '/api/storemanagement/tax/all', headers: { authorization: `Basic ${valid}` } });
    expect(notBearer.statusCode).toBe(401);
  });
});

/** The reset link's key, from the one mail in the outbox to that address. */
async function mailedKey(to: string) {
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  expect(mails).toHaveLength(1);
  const match = /[?&]passwordChangeKey=([^\s&]+)/.exec(mails[0].textBody);
  expect(match).not.toBeNull();
  return decodeURIComponent(match?.[1] ?? '');
}

describe('password reset', () => {
  const init = (kind: Kind, body: unknown) => t.json<ApiError>('POST', `${BASE[kind]}/password/reset/init`, body);
  const finish = (kind: Kind, key: string, newPassword: string) => t.json<ApiError>('POST', `${BASE[kind]}/password/reset/finish`, { key, newPassword });
  const SENT = { type: 'SUCCESS', details: 'Check your e-mail for details on how to reset your password.' };
  const INVALID_KEY = { type: 'WARNING', details: 'This link is not valid or has expired.' };
  const mailsTo = (to: string) => t.db.$count(mailOutbox, eq(mailOutbox.toAddress, to));
  const resetKeyOf = async (userType: Kind, userId: number) =>
    (await t.db.select().from(authKey).where(and(eq(authKey.purpose, 'RESET'), eq(authKey.userType, userType), eq(authKey.userId, userId))))[0];

  it('an unknown e-mail gets the same notice and no mail is written', async () => {
    const before = await t.db.$count(mailOutbox);
    const res = await init('merchant', { email: 'nobody@example.com' });
    expect(res).toMatchObject({ status: 200, body: SENT });
    expect(await t.db.$count(mailOutbox)).toBe(before);
  });

  it("the owner's e-mail writes exactly one mail whose link opens the merchant page with passwordChangeKey", async () => {
    const res = await init('merchant', { email: 'OWNER@demo-bistro.local', url: 'http://localhost:80/merchant/' });
    expect(res).toMatchObject({ status: 200, body: SENT });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'owner@demo-bistro.local'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Reset Password', status: 'PENDING' });
    // The origin is the server's own (PUBLIC_URL, else http://localhost:{PORT}), never the request's Host.
    expect(mails[0].textBody).toMatch(/http:\/\/localhost:8080\/merchant\/\?passwordChangeKey=[A-Za-z0-9_-]{40,}/);
    // The key is stored only as its hash.
    const stored = await resetKeyOf('merchant', (await ownerRow()).id);
    expect(stored.keyHash).toBe(sha256(await mailedKey('owner@demo-bistro.local')));
    expect(mails[0].textBody).not.toContain(stored.keyHash);
  });

  it('a link to another site is not honoured: the mail links to our own page', async () => {
    const { email } = await freshMerchant();
    await init('merchant', { email, url: 'https://evil.example/steal' });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail.textBody).not.toContain('evil.example');
    expect(mail.textBody).toMatch(/\/merchant\/\?passwordChangeKey=/);
  });

  it('a forged Host or X-Forwarded-Host header does not change the link: it keeps the server\'s own origin', async () => {
    const { email } = await freshMerchant();
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE.merchant}/password/reset/init`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'content-type': 'application/json' },
      payload: JSON.stringify({ email, url: 'http://evil.example/merchant/' }),
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail.textBody).not.toContain('evil.example');
    expect(mail.textBody).toMatch(/http:\/\/localhost:8080\/merchant\/\?passwordChangeKey=/);
  });

  it('a PASSIVE user gets no mail', async () => {
    const { user, email } = await freshMerchant();
    await t.db.update(merchantUser).set({ status: 'PASSIVE' }).where(eq(merchantUser.id, user.id));
    expect((await init('merchant', { email })).body).toEqual(SENT);
    expect(await mailsTo(email)).toBe(0);
  });

  it('a weak new password is refused with the spec message and leaves the key unused', async () => {
    const { user, email, creds } = await freshMerchant();
    await init('merchant', { email });
    const key = await mailedKey(email);
    const weak = await finish('merchant', key, 'weakpassword1');
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ type: 'WARNING', details: WEAK });
    expect((await resetKeyOf('merchant', user.id)).usedAt).toBeNull();
    expect((await c.login('merchant', creds)).status).toBe(200);
    expect((await finish('merchant', key, 'NewPass123')).status).toBe(200);
  });

  it('a strong new password replaces the old one, ends open sessions, and the key works once', async () => {
    const { email, creds } = await freshMerchant();
    const session = await c.signIn('merchant', creds);
    await init('merchant', { email });
    const key = await mailedKey(email);
    const done = await finish('merchant', key, 'NewPass123');
    expect(done).toMatchObject({ status: 200, body: { type: 'SUCCESS', details: 'Your password has been changed. You can sign in now.' } });
    expect((await c.login('merchant', { ...creds, password: 'NewPass123' })).status).toBe(200);
    expect((await c.login('merchant', creds)).body).toEqual(INCORRECT);
    expect((await c.refresh('merchant', session.body.refreshToken)).status).toBe(401);
    expect(await finish('merchant', key, 'Other1234')).toMatchObject({ status: 400, body: INVALID_KEY });
    expect((await c.login('merchant', { ...creds, password: 'Other1234' })).status).toBe(401);
    // Other users keep their sessions.
    const owner = await c.signIn('merchant');
    expect((await c.refresh('merchant', owner.body.refreshToken)).status).toBe(200);
  });

  it('a reset after many failures: the new password signs in (with the captcha the failures asked for)', async () => {
    const { email, creds } = await freshMerchant();
    for (let i = 1; i <= 3; i++) await c.login('merchant', { ...creds, password: 'Wrong1234' });
    await init('merchant', { email });
    expect((await finish('merchant', await mailedKey(email), 'NewPass123')).status).toBe(200);
    expect((await c.login('merchant', { ...creds, password: 'NewPass123', reCaptchaToken: await solved(t) })).status).toBe(200);
  });

  it('an admin key does not work on the merchant path, nor as a sign-in code', async () => {
    const { email, creds } = await freshAdmin();
    expect((await init('admin', { email })).body).toEqual(SENT);
    const key = await mailedKey(email);
    expect(await finish('merchant', key, 'NewPass123')).toMatchObject({ status: 400, body: INVALID_KEY });
    expect((await c.exchange('admin', key)).status).toBe(401);
    expect((await finish('admin', key, 'NewAdmin123')).status).toBe(200);
    expect((await c.login('admin', { ...creds, password: 'NewAdmin123' })).status).toBe(200);
  });

  it('a merchant key does not work on the admin path', async () => {
    const { email } = await freshMerchant();
    await init('merchant', { email });
    const key = await mailedKey(email);
    expect(await finish('admin', key, 'NewPass123')).toMatchObject({ status: 400, body: INVALID_KEY });
    expect((await finish('merchant', key, 'NewPass123')).status).toBe(200);
  });

  it('an expired key is refused', async () => {
    const { email, creds } = await freshMerchant();
    await init('merchant', { email });
    const key = await mailedKey(email);
    await t.db.update(authKey).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authKey.keyHash, sha256(key)));
    expect(await finish('merchant', key, 'NewPass123')).toMatchObject({ status: 400, body: INVALID_KEY });
    expect((await c.login('merchant', creds)).status).toBe(200);
  });

  it('the e-mail field gives the spec 1 §5 messages', async () => {
    const before = await t.db.$count(mailOutbox);
    for (const [email, message] of [
      ['', 'This field is required.'],
      [undefined, 'This field is required.'],
      ['a@b', 'This field can contain at least 5 characters.'],
      [`${'x'.repeat(250)}@example.com`, 'The e-mail address cannot exceed 255 characters.'],
      ['not-an-email', 'Email field is not available.'],
    ] as const) {
      for (const kind of ['admin', 'merchant'] as const) {
        const res = await init(kind, email === undefined ? {} : { email });
        expect(res.status, `${kind} ${email}`).toBe(400);
        expect(res.body).toMatchObject({ type: 'WARNING', details: message });
      }
    }
    expect(await t.db.$count(mailOutbox)).toBe(before);
  });

  it("resetting another store's user with the same id leaves this store's sessions alone", async () => {
    const owner = await ownerRow();
    await addMerchant(t.db, { domainName: 'twin-cafe', userName: 'twin', password: 'Twin1234', userId: owner.id });
    const twin = { domainName: 'twin-cafe', userName: 'twin', password: 'Twin1234' };
    const ownerSession = await c.signIn('merchant');
    const twinSession = await c.signIn('merchant', twin);
    expect(twinSession.body.userDTO.id).toBe(ownerSession.body.userDTO.id);
    await init('merchant', { email: 'twin@example.com' });
    expect((await finish('merchant', await mailedKey('twin@example.com'), 'TwinNew123')).status).toBe(200);
    expect((await c.refresh('merchant', twinSession.body.refreshToken)).status).toBe(401);
    expect((await c.login('merchant', { ...twin, password: 'TwinNew123' })).status).toBe(200);
    expect((await c.refresh('merchant', ownerSession.body.refreshToken)).status).toBe(200);
    expect((await c.login('merchant', OWNER)).status).toBe(200);
  });
});

describe('captcha', () => {
  /** Calls allowed per route and address per minute in this app; the tests below stay under it on the login route. */
  const LIMIT = 20;
  let cap: TestApp;
  let cc: ReturnType<typeof client>;
  beforeAll(async () => {
    cap = await createTestApp({ config: { captchaEnabled: true, loginRateLimit: LIMIT } });
    cc = client(cap);
  });
  afterAll(() => cap.close());

  const setShowCaptcha = (value: string) => cap.db.update(systemParameter).set({ value }).where(eq(systemParameter.name, 'showCaptcha'));

  it('the system parameters say the captcha is on', async () => {
    expect((await cap.json('GET', '/api/systemparams/')).body).toMatchObject({ showCaptcha: true });
  });

  it('sign-in without a solved captcha fails with the spec message', async () => {
    for (const reCaptchaToken of [undefined, null, '', 'bm90IGpzb24=', Buffer.from('{"challenge":{},"solution":{}}').toString('base64')]) {
      const res = await cc.login('admin', { ...ADMIN, reCaptchaToken });
      expect(res.status, String(reCaptchaToken)).toBe(400);
      expect(res.body).toEqual({ type: 'WARNING', details: 'Please complete the captcha.' });
    }
  });

  it('a solved challenge lets the user in once; the same solution again is refused', async () => {
    const token = await solved(cap);
    const first = await cc.login('merchant', { ...OWNER, reCaptchaToken: token });
    expect(first.status).toBe(200);
    expect((await cc.exchange('merchant', first.body.code)).status).toBe(200);
    const replay = await cc.login('merchant', { ...OWNER, reCaptchaToken: token });
    expect(replay).toMatchObject({ status: 400, body: { details: 'Please complete the captcha.' } });
  });

  it('a challenge with a tampered signature or a wrong solution is refused', async () => {
    const token = await solved(cap);
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const tamper = (p: unknown) => Buffer.from(JSON.stringify(p)).toString('base64');
    const badSignature = tamper({ ...payload, challenge: { ...payload.challenge, signature: 'AAAA' } });
    const badSolution = tamper({ ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } });
    for (const reCaptchaToken of [badSignature, badSolution]) {
      expect((await cc.login('admin', { ...ADMIN, reCaptchaToken })).status).toBe(400);
    }
    expect((await cc.login('admin', { ...ADMIN, reCaptchaToken: token })).status).toBe(200);
  });

  it('the showCaptcha system parameter set to false turns it off', async () => {
    await setShowCaptcha('false');
    try {
      expect((await cap.json('GET', '/api/systemparams/')).body).toMatchObject({ showCaptcha: false });
      expect((await cc.login('admin', ADMIN)).status).toBe(200);
    } finally {
      await setShowCaptcha('true');
    }
    expect((await cc.login('admin', ADMIN)).status).toBe(400);
  });

  it('sign-in and reset calls are rate-limited per address with a typed 429', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await cap.json('POST', `${BASE.merchant}/password/reset/init`, { email: 'nobody@example.com' })).status).toBe(200);
    const limited = await cap.json('POST', `${BASE.merchant}/password/reset/init`, { email: 'nobody@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ type: 'WARNING', details: 'Too many requests. Please wait a moment and try again.' });
  });
});

describe('revocation, caching and licences', () => {
  it('an access token stops working at once after logout, after its user is made PASSIVE, and after a reset', async () => {
    const a = await freshMerchant();
    const first = await c.signIn('merchant', a.creds);
    expect((await c.taxes(first.body.accessToken)).status).toBe(200);
    expect((await t.json('POST', `${BASE.merchant}/logout`, { refreshToken: first.body.refreshToken })).status).toBe(200);
    expect(await c.taxes(first.body.accessToken)).toMatchObject({ status: 401, body: SESSION_ENDED });

    const second = await c.signIn('merchant', a.creds);
    expect((await c.taxes(second.body.accessToken)).status).toBe(200);
    await t.db.update(merchantUser).set({ status: 'PASSIVE' }).where(eq(merchantUser.id, a.user.id));
    await new Promise((r) => setTimeout(r, 1_100)); // another instance's change: seen within the 1 s cache
    expect(await c.taxes(second.body.accessToken)).toMatchObject({ status: 401, body: SESSION_ENDED });

    const admin = await freshAdmin();
    const session = await c.signIn('admin', admin.creds);
    const adminsOnly = () => t.json('GET', '/api/adminuser/all', undefined, session.body.accessToken);
    expect((await adminsOnly()).status).toBe(200);
    await t.json('POST', `${BASE.admin}/password/reset/init`, { email: admin.email });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, admin.email));
    const key = decodeURIComponent(/passwordChangeKey=([^\s&]+)/.exec(mail.textBody)?.[1] ?? '');
    expect((await t.json('POST', `${BASE.admin}/password/reset/finish`, { key, newPassword: 'Another123' })).status).toBe(200);
    expect((await adminsOnly()).status).toBe(401);
  });

  it('replies carrying tokens or codes are never cached', async () => {
    const login = await c.login('admin', ADMIN);
    expect(login.headers['cache-control']).toBe('no-store');
    const tokens = await c.exchange('admin', login.body.code);
    expect(tokens.headers['cache-control']).toBe('no-store');
    expect((await c.refresh('admin', tokens.body.refreshToken)).headers['cache-control']).toBe('no-store');
  });

  it('HSTS is sent only over HTTPS (here: a trusted proxy saying so), never over plain HTTP', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/systemparams/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      const https = await proxied.app.inject({ method: 'GET', url: '/api/systemparams/', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
      // Without trusting the proxy, its header is ignored.
      const forged = await t.app.inject({ method: 'GET', url: '/api/systemparams/', headers: { 'x-forwarded-proto': 'https' } });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('a merchant gets no code (so no tokens) for a store without an active licence, with the licence check\'s words', async () => {
    const other = await addMerchant(t.db, { domainName: `nolicence${++serial}`, userName: 'boss', password: PASSWORD });
    const creds = { domainName: `nolicence${serial}`, userName: 'boss', password: PASSWORD };
    expect((await c.login('merchant', creds)).status).toBe(200);
    const noLicence = { type: 'WARNING', details: 'Your store has no active licence.' };
    await t.db.update(licence).set({ licenseStatus: 'PASSIVE' }).where(eq(licence.merchantAccountId, other.merchantAccountId));
    expect(await c.login('merchant', creds)).toMatchObject({ status: 400, body: noLicence });
    // A DEMO licence grants while within its days, not after.
    await t.db.update(licence).set({ licenseStatus: 'DEMO', validDays: 3 }).where(eq(licence.merchantAccountId, other.merchantAccountId));
    expect((await c.login('merchant', creds)).status).toBe(200);
    await t.db.update(licence).set({ createdDate: new Date(Date.now() - 4 * 86_400_000) }).where(eq(licence.merchantAccountId, other.merchantAccountId));
    expect(await c.login('merchant', creds)).toMatchObject({ status: 400, body: noLicence });
    // The web's own check says the same.
    const owner = await c.signIn('merchant');
    expect((await t.json('GET', `/api/merchant/license/check/${owner.body.userDTO.merchantBranchId}`, undefined, owner.body.accessToken)).status).toBe(200);
  });
});
