import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authKey, basket, customerOrder, mailOutbox, memberAddress, memberNotes, memberUser, merchantBranch, refreshToken } from '../../db/schema';
import { sha256 } from '../../platform/random';
import { purgePendingMembers } from './members.repo';
import { type TestApp, createTestApp } from '../../test/harness';

type ApiError = { type: string; details: string; errors?: { field: string; message: string }[] };
type Tokens = { accessToken: string; refreshToken: string; expireDate: string; userDTO: { id: number; userType: string; email: string; firstName: string; roles: unknown[] } };
type Profile = { id: number; email: string; title: string; firstName: string; lastName: string; mobilePhone: string | null; birthDay: string | null; hasPassword: boolean; google: boolean };

const S = '/api/memberuser/security';
const CLIENT_ID = 'tillpoint-test.apps.googleusercontent.com';
const PASSWORD = 'Member1234';
const REQUIRED = 'Please fill the required fields!';
const LOGIN_EMAIL = 'Please fill a validate email';
const WEAK = 'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters';
const INCORRECT = { type: 'ERROR', details: 'E-mail or password is incorrect.' };
const CODE_INVALID = { type: 'WARNING', details: 'The verify code is not valid or has expired.' };
const GOOGLE_INVALID = { type: 'ERROR', details: 'Google sign-in could not be verified. Please try again.' };

/** A local OpenID issuer: its own RSA keys, their JWKS served over node:http, and ID tokens signed with them. */
async function localIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let fetches = 0;
  const server: Server = createServer((_req, res) => {
    fetches++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = async (
    claims: Record<string, unknown> = {},
    opts: { audience?: string; issuer?: string; expiresIn?: number | string; key?: CryptoKey; subject?: string } = {},
  ) =>
    new SignJWT({ email: 'gina.google@example.com', email_verified: true, given_name: 'Gina', family_name: 'Google', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(opts.issuer ?? url)
      .setAudience(opts.audience ?? CLIENT_ID)
      .setSubject(opts.subject ?? 'google-sub-1')
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '1h')
      .sign(opts.key ?? privateKey);
  return { url, jwksUrl: `${url}/certs`, token, strangerKey: stranger.privateKey, fetches: () => fetches, close: () => new Promise((r) => server.close(r)) };
}

let t: TestApp;
let issuer: Awaited<ReturnType<typeof localIssuer>>;

beforeAll(async () => {
  issuer = await localIssuer();
  t = await createTestApp({ config: { google: { clientId: CLIENT_ID, issuers: [issuer.url], jwksUrl: issuer.jwksUrl } } });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

const post = <T>(path: string, body?: unknown, token?: string) => t.json<T & ApiError>('POST', `${S}/${path}`, body, token);
const checkEmail = (email: string) => t.json<number & ApiError>('GET', `${S}/checkemail/${encodeURIComponent(email)}`);

/** The newest verify code mailed to the address, read from the outbox. */
async function mailedCode(email: string): Promise<string> {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const code = /verify code is ([A-Z0-9]{6})/.exec(mail?.textBody ?? '')?.[1];
  if (!code) throw new Error(`no verify code mailed to ${email}`);
  return code;
}
const mailsTo = async (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

const form = (email: string, over: Record<string, unknown> = {}) => ({
  email,
  title: 'MRS',
  firstName: 'Mary',
  lastName: 'Member',
  mobilePhone: '07700 900123',
  birthDay: '1990-04-30',
  password: PASSWORD,
  passwordConfirm: PASSWORD,
  ...over,
});

/** Registers a member through the mailed code and returns its tokens. */
async function registerMember(email: string, password = PASSWORD): Promise<Tokens> {
  expect((await post('register/verifycode', { email })).status).toBe(200);
  const res = await post<{ code: string }>('register', form(email, { password, passwordConfirm: password, verifyCode: await mailedCode(email) }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const tokens = await post<Tokens>(`tokens/code/${res.body.code}`);
  expect(tokens.status).toBe(200);
  return tokens.body;
}

async function signIn(email: string, password = PASSWORD): Promise<Tokens> {
  const login = await post<{ code: string }>('login', { email, password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const tokens = await post<Tokens>(`tokens/code/${login.body.code}`);
  expect(tokens.status).toBe(200);
  return tokens.body;
}

describe('checkemail and registration with the mailed verify code', () => {
  it('answers 0 for a new address, 2 once a registration began, 1 once verified', async () => {
    const email = 'first.member@example.com';
    expect(await checkEmail(email)).toMatchObject({ status: 200, body: 0 });
    const sent = await post('register/verifycode', { email });
    expect(sent).toMatchObject({ status: 200, body: { type: 'SUCCESS', details: 'We have sent a verify code to your e-mail address.' } });
    expect(await checkEmail(email)).toMatchObject({ status: 200, body: 2 });
    expect(await checkEmail('FIRST.Member@Example.com')).toMatchObject({ status: 200, body: 2 });
    const code = await mailedCode(email);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    // Only a hash of the code is stored.
    const keys = await t.db.select().from(authKey).where(eq(authKey.purpose, 'VERIFY_CODE'));
    expect(JSON.stringify(keys)).not.toContain(code);
    const res = await post<{ code: string }>('register', form(email, { verifyCode: code.toLowerCase() }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tokens = await post<Tokens>(`tokens/code/${res.body.code}`);
    expect(tokens.status).toBe(200);
    expect(tokens.body.userDTO).toMatchObject({ userType: 'member', email, firstName: 'Mary', roles: [] });
    expect(await checkEmail(email)).toMatchObject({ status: 200, body: 1 });
    const [row] = await t.db.select().from(memberUser).where(eq(memberUser.email, email));
    expect(row).toMatchObject({ title: 'MRS', mobilePhone: '(07700) 900123', birthDay: '1990-04-30', emailVerified: true });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // Registered: a second registration of the address is refused, and the spent code works no more.
    expect(await post('register', form(email, { verifyCode: code }))).toMatchObject({
      status: 409,
      body: { type: 'ERROR', details: 'An account with this e-mail address already exists. Please sign in.' },
    });
    // No code is mailed for an address that has an account; the reply is the same.
    const before = (await mailsTo(email)).length;
    expect((await post('register/verifycode', { email })).status).toBe(200);
    expect((await mailsTo(email)).length).toBe(before);
  });

  it('refuses bad e-mails on checkemail, verifycode and login with the spec words', async () => {
    for (const email of ['a@b.com', 'abcdefghij', 'nobody@', '@example.com']) {
      const res = await checkEmail(email);
      expect(res.status, email).toBe(400);
      expect([LOGIN_EMAIL, 'Not Valid Email']).toContain(res.body.details);
    }
    expect((await checkEmail('a@b.com')).body.details).toBe(LOGIN_EMAIL);
    expect((await checkEmail('abcdefghij')).body.details).toBe(LOGIN_EMAIL);
    expect((await post('register/verifycode', { email: 'short@x' })).body.details).toBe(LOGIN_EMAIL);
    expect((await post('login', { email: 'x@y', password: PASSWORD })).body.details).toBe(LOGIN_EMAIL);
    expect((await post('login', { email: 'someone@example.com', password: '' })).body.details).toBe('Please fill the password field!');
  });

  it('checks every register field with the spec words and changes nothing', async () => {
    const email = 'fields.member@example.com';
    await post('register/verifycode', { email });
    const code = await mailedCode(email);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', REQUIRED],
      [{ lastName: '  ' }, 'lastName', REQUIRED],
      [{ password: '' }, 'password', REQUIRED],
      [{ passwordConfirm: '' }, 'passwordConfirm', REQUIRED],
      [{ password: 'alllower1', passwordConfirm: 'alllower1' }, 'password', WEAK],
      [{ password: 'Short1', passwordConfirm: 'Short1' }, 'password', 'This field can contain at least 8 characters'],
      [{ passwordConfirm: 'Member12345' }, 'passwordConfirm', 'Your password and confirmation password do not match.'],
      [{ verifyCode: '' }, 'verifyCode', 'Please fill the Verify Code field!'],
      [{ verifyCode: 'ABC' }, 'verifyCode', 'The verify code is not valid or has expired.'],
      [{ mobilePhone: '12345' }, 'mobilePhone', 'Not Valid Phone Number'],
      [{ title: 'DR' }, 'title', 'Please choose a title (MR, MRS or MISS).'],
      [{ birthDay: '1990-02-30' }, 'birthDay', 'Please enter a valid date of birth (DD/MM/YYYY).'],
      [{ firstName: 'x'.repeat(256) }, 'firstName', 'You can enter up to 255 characters in this field.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post('register', form(email, { verifyCode: code, ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors, JSON.stringify(over)).toContainEqual({ field, message });
    }
    const [row] = await t.db.select().from(memberUser).where(eq(memberUser.email, email));
    expect(row).toMatchObject({ emailVerified: false, passwordHash: null, firstName: '' });
    // The code still works after all that (validation spends nothing).
    expect((await post('register', form(email, { verifyCode: code }))).status).toBe(200);
  });

  it('resends only after 60 seconds, and only the newest code works', async () => {
    const email = 'resend.member@example.com';
    await post('register/verifycode', { email });
    const first = await mailedCode(email);
    expect(await post('register/verifycode', { email })).toMatchObject({
      status: 429,
      body: { type: 'WARNING', details: 'Please wait 60 seconds before asking for a new verify code.' },
    });
    expect((await mailsTo(email)).length).toBe(1);
    // 61 seconds later (the clock of the stored code moved back).
    await t.db.update(authKey).set({ createdAt: sql`now() - interval '61 seconds'` }).where(eq(authKey.purpose, 'VERIFY_CODE'));
    expect((await post('register/verifycode', { email })).status).toBe(200);
    const second = await mailedCode(email);
    expect((await mailsTo(email)).length).toBe(2);
    if (second !== first) expect(await post('register', form(email, { verifyCode: first }))).toMatchObject({ status: 400, body: CODE_INVALID });
    expect((await post('register', form(email, { verifyCode: second }))).status).toBe(200);
  });

  it('forgets a registration never finished after a day', async () => {
    const email = 'forgotten.member@example.com';
    await post('register/verifycode', { email });
    expect(await purgePendingMembers(t.db)).toBe(0);
    expect(await checkEmail(email)).toMatchObject({ body: 2 });
    const tomorrow = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    expect(await purgePendingMembers(t.db, tomorrow)).toBeGreaterThanOrEqual(1);
    expect(await checkEmail(email)).toMatchObject({ body: 0 });
    // Registered members stay, however old.
    expect(await checkEmail('first.member@example.com')).toMatchObject({ body: 1 });
  });

  it('an expired code is refused', async () => {
    const email = 'expired.member@example.com';
    await post('register/verifycode', { email });
    const code = await mailedCode(email);
    await t.db.update(authKey).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authKey.purpose, 'VERIFY_CODE'));
    expect(await post('register', form(email, { verifyCode: code }))).toMatchObject({ status: 400, body: CODE_INVALID });
    expect(await checkEmail(email)).toMatchObject({ body: 2 });
  });

  it('a few wrong codes spend the right one (a 6-character code cannot be guessed by trying)', async () => {
    const email = 'guessed.member@example.com';
    await post('register/verifycode', { email });
    const code = await mailedCode(email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 3; i++) expect(await post('register', form(email, { verifyCode: wrong }))).toMatchObject({ status: 400, body: CODE_INVALID });
    expect(await post('register', form(email, { verifyCode: code }))).toMatchObject({ status: 400, body: CODE_INVALID });
    // A code for an address that never asked for one is the same failure.
    expect(await post('register', form('never.asked@example.com', { verifyCode: code }))).toMatchObject({ status: 400, body: CODE_INVALID });
  });
});

describe('login, tokens, refresh and logout', () => {
  const email = 'login.member@example.com';
  beforeAll(async () => {
    await registerMember(email);
  });

  it('signs in through the one-time code; the code works once', async () => {
    const login = await post<{ code: string }>('login', { email: 'LOGIN.member@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
    const tokens = await post<Tokens>(`tokens/code/${login.body.code}`);
    expect(tokens.status).toBe(200);
    expect(tokens.body.userDTO).toMatchObject({ userType: 'member', email, merchantAccountId: null, roles: [] });
    expect(tokens.cookies.find((c) => c.name === 'tp_rt_member')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/' });
    // Member tokens last past the 24-hour refresh (spec 3 §4.9).
    const hours = (new Date(tokens.body.expireDate).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(24.2);
    expect((await post(`tokens/code/${login.body.code}`)).status).toBe(401);
    const me = await t.json<Profile>('GET', '/api/memberuser/', undefined, tokens.body.accessToken);
    expect(me).toMatchObject({ status: 200, body: { email, firstName: 'Mary', title: 'MRS', hasPassword: true, google: false } });
  });

  it('one answer for a wrong password, an unknown address and an unverified one', async () => {
    await post('register/verifycode', { email: 'pending.member@example.com' });
    for (const creds of [
      { email, password: 'Wrong1234' },
      { email: 'nobody.here@example.com', password: PASSWORD },
      { email: 'pending.member@example.com', password: PASSWORD },
    ]) {
      expect(await post('login', creds)).toMatchObject({ status: 401, body: INCORRECT });
    }
  });

  it('asks for the captcha after repeated failures of one address', async () => {
    const victim = 'throttled.member@example.com';
    await registerMember(victim);
    for (let i = 0; i < 3; i++) expect((await post('login', { email: victim, password: 'Wrong1234' })).status).toBe(401);
    expect(await post('login', { email: victim, password: PASSWORD })).toMatchObject({ status: 400, body: { type: 'WARNING', details: 'Please complete the captcha.' } });
  }, 30_000);

  it('rotates the refresh token; an old one used again ends the whole sign-in', async () => {
    const first = await signIn(email);
    const second = await post<Tokens>('tokens/refresh', { refreshToken: first.refreshToken });
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    expect(second.body.userDTO.userType).toBe('member');
    // From the cookie too.
    const viaCookie = await t.app.inject({ method: 'POST', url: `${S}/tokens/refresh`, cookies: { tp_rt_member: second.body.refreshToken } });
    expect(viaCookie.statusCode).toBe(200);
    const third = JSON.parse(viaCookie.body) as Tokens;
    // The spent first token, presented after the grace window: theft, so the family is revoked.
    await t.db.update(refreshToken).set({ rotatedAt: new Date(Date.now() - 60_000) }).where(eq(refreshToken.tokenHash, sha256(first.refreshToken)));
    expect((await post('tokens/refresh', { refreshToken: first.refreshToken })).status).toBe(401);
    expect((await post('tokens/refresh', { refreshToken: third.refreshToken })).status).toBe(401);
    expect((await t.json('GET', '/api/memberuser/', undefined, third.accessToken)).status).toBe(401);
  });

  it('a staff refresh token is no member token, and the other way round', async () => {
    const member = await signIn(email);
    expect((await t.json('POST', '/api/v1/auth/tokens/refresh', { refreshToken: member.refreshToken })).status).toBe(401);
    const owner = await t.signIn('merchant');
    expect((await post('tokens/refresh', { refreshToken: owner.refreshToken })).status).toBe(401);
  });

  it('logout ends the sign-in and its access token', async () => {
    const tokens = await signIn(email);
    expect(await t.json('GET', '/api/checkpage/', undefined, tokens.accessToken)).toMatchObject({ status: 200, body: { userType: 'member' } });
    expect(await t.json('GET', '/api/checkpage/', undefined, (await t.signIn('admin')).accessToken)).toMatchObject({ status: 200, body: { userType: 'admin' } });
    expect((await t.json('GET', '/api/memberuser/', undefined, tokens.accessToken)).status).toBe(200);
    expect(await post('logout', { refreshToken: tokens.refreshToken })).toMatchObject({ status: 200, body: { type: 'SUCCESS' } });
    expect((await t.json('GET', '/api/memberuser/', undefined, tokens.accessToken)).status).toBe(401);
    expect((await post('tokens/refresh', { refreshToken: tokens.refreshToken })).status).toBe(401);
    const unauthenticated = { status: 200, body: { status: 401, details: 'Your session has ended. Please sign in again.' } };
    expect(await t.json('GET', '/api/checkpage/', undefined, tokens.accessToken)).toMatchObject(unauthenticated);
    expect(await t.json('GET', '/api/checkpage/')).toMatchObject(unauthenticated);
  });
});

describe('profile and password', () => {
  const email = 'profile.member@example.com';
  let tokens: Tokens;
  beforeAll(async () => {
    tokens = await registerMember(email);
  });

  it('GET memberuser/ is for members only', async () => {
    expect(await t.json('GET', '/api/memberuser/')).toMatchObject({ status: 401, body: { type: 'ERROR' } });
    const owner = await t.signIn('merchant');
    expect(await t.json('GET', '/api/memberuser/', undefined, owner.accessToken)).toMatchObject({ status: 403, body: { type: 'ERROR', details: 'Not Authorized' } });
  });

  it('updates title, names, mobile phone and date of birth; the e-mail stays', async () => {
    const res = await t.json<Profile>(
      'PUT',
      '/api/memberuser/update',
      { email: 'changed@example.com', title: 'MISS', firstName: 'Molly', lastName: 'Changed', mobilePhone: '+44 7700 900456', birthDay: '2001-12-31' },
      tokens.accessToken,
    );
    expect(res).toMatchObject({ status: 200, body: { email, title: 'MISS', firstName: 'Molly', lastName: 'Changed', mobilePhone: '(07700) 900456', birthDay: '2001-12-31' } });
    const cleared = await t.json<Profile>('PUT', '/api/memberuser/update', { title: 'MR', firstName: 'Molly', lastName: 'Changed', mobilePhone: '', birthDay: null }, tokens.accessToken);
    expect(cleared.body).toMatchObject({ mobilePhone: null, birthDay: null, title: 'MR' });
    for (const [over, message] of [
      [{ firstName: '' }, REQUIRED],
      [{ mobilePhone: 'call me' }, 'Not Valid Phone Number'],
      [{ birthDay: '2999-01-01' }, 'Please enter a valid date of birth (DD/MM/YYYY).'],
      [{ title: 'SIR' }, 'Please choose a title (MR, MRS or MISS).'],
    ] as [Record<string, unknown>, string][]) {
      const bad = await t.json('PUT', '/api/memberuser/update', { title: 'MR', firstName: 'Molly', lastName: 'Changed', ...over }, tokens.accessToken);
      expect(bad.status, JSON.stringify(over)).toBe(400);
      expect((bad.body as ApiError).details).toBe(message);
    }
    expect((await t.json<Profile>('GET', '/api/memberuser/', undefined, tokens.accessToken)).body).toMatchObject({ firstName: 'Molly', title: 'MR' });
  });

  it('password change keeps this session and ends the others', async () => {
    const other = await signIn(email);
    const weak = await t.json('PUT', '/api/memberuser/password/change', { password: 'weakpassword' }, tokens.accessToken);
    expect(weak).toMatchObject({ status: 400, body: { details: WEAK } });
    const mismatch = await t.json('PUT', '/api/memberuser/password/change', { password: 'Newpass123', passwordConfirm: 'Newpass124' }, tokens.accessToken);
    expect(mismatch).toMatchObject({ status: 400, body: { details: 'Your password and confirmation password do not match.' } });
    expect((await t.json('PUT', '/api/memberuser/password/change', { password: 'Newpass123' })).status).toBe(401);
    const ok = await t.json('PUT', '/api/memberuser/password/change', { password: 'Newpass123' }, tokens.accessToken);
    expect(ok).toMatchObject({ status: 200, body: { type: 'SUCCESS' } });
    expect((await t.json('GET', '/api/memberuser/', undefined, tokens.accessToken)).status).toBe(200);
    expect((await t.json('GET', '/api/memberuser/', undefined, other.accessToken)).status).toBe(401);
    expect((await post('tokens/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
    expect(await post('login', { email, password: PASSWORD })).toMatchObject({ status: 401, body: INCORRECT });
    await signIn(email, 'Newpass123');
  });
});

describe('deleting the account', () => {
  it('erases the member and their data; their orders stay without personal data; refused while an order is in progress', async () => {
    const email = 'leaving.member@example.com';
    const tokens = await registerMember(email);
    const other = await signIn(email);
    const id = tokens.userDTO.id;
    const [branch] = await t.db.select().from(merchantBranch).where(eq(merchantBranch.domainName, 'demo-bistro'));
    const scope = { merchantAccountId: branch.merchantAccountId, merchantBranchId: branch.id };
    await t.db.insert(memberAddress).values({ memberUserId: id, postCode: 'SW1A 1AA', city: 'London', addressLine1: '1 Leaving Lane', defaultAddress: true });
    await t.db.insert(memberNotes).values({ memberUserId: id, allergies: 'Peanuts' });
    const [b] = await t.db.insert(basket).values({ ...scope, bssId: `leaving-${id}`, orderType: 'Delivery', state: 'ORDERED', memberUserId: id }).returning();
    const person = { firstName: 'Mary', lastName: 'Member', email, mobilePhone: '(07700) 900123', orderNotes: 'Ring twice', allergies: 'Peanuts' };
    const money = { subTotal: 1000, discount: 0, serviceCharge: 0, deliveryFee: 0, tax: 167, total: 1000 };
    const [order] = await t.db
      .insert(customerOrder)
      .values({ ...scope, ...person, ...money, basketId: b.id, orderNo: 9001, orderType: 'DELIVERY', basketStatus: 'PAID', orderStatus: 'ORDER_PREPARING', paymentType: 'CARD', memberUserId: id })
      .returning();

    expect((await t.json('DELETE', '/api/memberuser/')).status).toBe(401);
    expect(await t.json('DELETE', '/api/memberuser/', undefined, tokens.accessToken)).toMatchObject({
      status: 409,
      body: { details: 'You have an order in progress. You can delete your account once it is completed.' },
    });
    await t.db.update(customerOrder).set({ orderStatus: 'ORDER_DELIVERED' }).where(and(eq(customerOrder.merchantAccountId, scope.merchantAccountId), eq(customerOrder.id, order.id)));
    expect(await t.json('DELETE', '/api/memberuser/', undefined, tokens.accessToken)).toMatchObject({
      status: 200,
      body: { type: 'SUCCESS', details: 'Your account and your personal data have been deleted.' },
    });

    expect(await t.db.select().from(memberUser).where(eq(memberUser.id, id))).toEqual([]);
    expect(await t.db.select().from(memberAddress).where(eq(memberAddress.memberUserId, id))).toEqual([]);
    expect(await t.db.select().from(memberNotes).where(eq(memberNotes.memberUserId, id))).toEqual([]);
    const [kept] = await t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, scope.merchantAccountId), eq(customerOrder.id, order.id)));
    expect(kept).toMatchObject({ memberUserId: null, firstName: null, lastName: null, email: null, mobilePhone: null, deliveryAddress: null, orderNotes: null, allergies: null, total: 1000, orderNo: 9001 });
    for (const session of [tokens, other]) {
      expect((await t.json('GET', '/api/memberuser/', undefined, session.accessToken)).status).toBe(401);
      expect((await post('tokens/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    }
    // The address is free again.
    expect(await checkEmail(email)).toMatchObject({ body: 0 });
  });
});

describe('password reset by mailed link', () => {
  const email = 'reset.member@example.com';
  beforeAll(async () => {
    await registerMember(email);
  });

  it('mails a link with the key; finishing sets the password once and ends every session', async () => {
    const session = await signIn(email);
    const init = await post('password/reset/init', { email, url: 'http://localhost:8080/demo-bistro' });
    expect(init).toMatchObject({ status: 200, body: { type: 'SUCCESS', details: 'Check your e-mail for details on how to reset your password.' } });
    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, 'Reset Password')));
    const key = decodeURIComponent(/passwordChangeKey=([^\s]+)/.exec(mail.textBody)?.[1] ?? '');
    expect(mail.textBody).toContain('/demo-bistro?passwordChangeKey=');
    expect(key.length).toBeGreaterThan(30);
    expect(await post('password/reset/finish', { key, newPassword: 'weak' })).toMatchObject({ status: 400 });
    expect(await post('password/reset/finish', { key, newPassword: 'Reset1234' })).toMatchObject({ status: 200, body: { type: 'SUCCESS' } });
    expect(await post('password/reset/finish', { key, newPassword: 'Again1234' })).toMatchObject({ status: 400, body: { details: 'This link is not valid or has expired.' } });
    expect((await t.json('GET', '/api/memberuser/', undefined, session.accessToken)).status).toBe(401);
    await signIn(email, 'Reset1234');
    // A staff reset key is no member key.
    expect(await t.json('POST', '/api/v1/auth/password/reset/finish', { key, newPassword: 'Again1234' })).toMatchObject({ status: 400 });
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const before = (await t.db.select().from(mailOutbox)).length;
    expect(await post('password/reset/init', { email: 'unknown.member@example.com' })).toMatchObject({ status: 200, body: { type: 'SUCCESS' } });
    expect((await t.db.select().from(mailOutbox)).length).toBe(before);
  });
});

describe('Google sign-in against a local issuer', () => {
  const google = (body: Record<string, unknown>) => post<{ status: string; code?: string; email?: string; firstName?: string }>('login/google', body);

  it('serves the client id', async () => {
    expect(await t.json('GET', `${S}/google/clientid`)).toMatchObject({ status: 200, body: { clientId: CLIENT_ID } });
  });

  it('a valid token without a mobile phone goes to registerGoogle; with one it signs in', async () => {
    const credential = await issuer.token();
    expect(await google({ credential })).toMatchObject({ status: 200, body: { status: 'REGISTER', email: 'gina.google@example.com', firstName: 'Gina', lastName: 'Google' } });
    expect(await checkEmail('gina.google@example.com')).toMatchObject({ body: 0 });
    expect(await google({ credential, title: 'MISS', mobilePhone: '' })).toMatchObject({
      status: 400,
      body: { type: 'WARNING', details: 'Please enter  Mobile Phone!' },
    });
    const done = await google({ credential, title: 'MISS', mobilePhone: '07700900777' });
    expect(done.body.status).toBe('LOGIN');
    const tokens = await post<Tokens>(`tokens/code/${done.body.code}`);
    expect(tokens.body.userDTO).toMatchObject({ userType: 'member', email: 'gina.google@example.com' });
    const me = await t.json<Profile>('GET', '/api/memberuser/', undefined, tokens.body.accessToken);
    expect(me.body).toMatchObject({ title: 'MISS', mobilePhone: '(07700) 900777', firstName: 'Gina', google: true, hasPassword: false });
    // Next time straight in.
    expect((await google({ credential: await issuer.token() })).body.status).toBe('LOGIN');
    expect(await checkEmail('gina.google@example.com')).toMatchObject({ body: 1 });
  });

  it('links an account of the same verified e-mail', async () => {
    const email = 'linked.member@example.com';
    await registerMember(email);
    const credential = await issuer.token({ email, given_name: 'Other' }, { subject: 'google-sub-linked' });
    const res = await google({ credential });
    expect(res.body.status).toBe('LOGIN');
    const [row] = await t.db.select().from(memberUser).where(eq(memberUser.email, email));
    expect(row).toMatchObject({ googleSubject: 'google-sub-linked', firstName: 'Mary' });
    // Another Google account claiming the same address is refused.
    const other = await issuer.token({ email }, { subject: 'google-sub-other' });
    expect((await google({ credential: other })).status).toBe(409);
  });

  it('refuses a wrong audience, an expired token, a bad signature, another issuer and an unverified e-mail', async () => {
    const refused = [
      await issuer.token({}, { audience: 'someone-else.apps.googleusercontent.com' }),
      await issuer.token({}, { expiresIn: Math.floor(Date.now() / 1000) - 120 }),
      await issuer.token({}, { key: issuer.strangerKey }),
      await issuer.token({}, { issuer: 'https://accounts.example.com' }),
      'not.a.token',
    ];
    for (const credential of refused) expect(await google({ credential })).toMatchObject({ status: 401, body: GOOGLE_INVALID });
    const unverified = await issuer.token({ email: 'unverified@example.com', email_verified: false }, { subject: 'google-sub-unverified' });
    expect(await google({ credential: unverified })).toMatchObject({ status: 401, body: { details: 'Your Google account has no verified e-mail address.' } });
    expect(await google({ credential: '' })).toMatchObject({ status: 400 });
    expect(issuer.fetches()).toBeGreaterThan(0);
  });
});

describe('without Google and with a tight rate limit', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({ config: { loginRateLimit: 3 } });
  });
  afterAll(() => tight?.close());

  it('hides Google sign-in and refuses it', async () => {
    expect(await tight.json('GET', `${S}/google/clientid`)).toMatchObject({ status: 200, body: { clientId: null } });
    expect(await tight.json('POST', `${S}/login/google`, { credential: await issuer.token() })).toMatchObject({
      status: 400,
      body: { details: 'Google sign-in is not available.' },
    });
  });

  it('limits checkemail per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await tight.json('GET', `${S}/checkemail/walker${i}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await tight.json<ApiError>('GET', `${S}/checkemail/walker9@example.com`)).body).toMatchObject({ type: 'WARNING' });
  });
});
