import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import type { MemberCard } from '@tillpoint/contracts/member';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import { PAYMENT_MESSAGES, PAYMENT_PATHS, type PaymentTokenReply, type ThreeDSecureReply } from '@tillpoint/contracts/payment';
import { basket, customerOrder, memberCard, memberUser, payment } from '../../db/schema';
import { createTokenSigner } from '../../platform/auth';
import { issueRefreshToken } from '../../platform/sessions';
import { type ApiError, type BasketWorld, basketWorld } from '../basket/basket-test-kit';
import { databaseDump } from './pci-dump';

/**
 * Saved cards (issue 11 'Payment methods'; spec 3 §3 Card, §4.8): a member saves a card while paying
 * ('Save this card for next time') or from Payment Methods ('Add card'), through the SIMULATOR's own
 * fields; we keep the provider's reusable token, brand, last four and expiry. Paying with it asks
 * only for the CVV in the provider's field, and only its member can pay with it.
 */
const SECRET = 'saved-cards-test-secret-0123456789abcdef';
const signer = createTokenSigner(SECRET);
const log: string[] = [];
let w: BasketWorld;

const CARDS = { ok: '4929000000006', declined: '4000000000000002', challenge: '4000000000003220', second: '5555555555554444' };
const CVV = '7381';
const SAVED_CVV = '6254';

async function member(email: string) {
  const [row] = await w.t.db.insert(memberUser).values({ email, firstName: 'Sam', lastName: 'Saver', mobilePhone: '07700 900456', emailVerified: true }).returning();
  const sessionId = randomUUID();
  await issueRefreshToken(w.t.db, { userType: 'member', userId: row.id, tenantId: null, branchId: null }, sessionId);
  const { token } = await signer.sign({ userType: 'member', userId: row.id, merchantAccountId: null, merchantBranchId: null, privileges: new Set(), sessionId });
  return { id: row.id, token, email };
}
let a: Awaited<ReturnType<typeof member>>;
let b: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => log.push(String(chunk)));
  w = await basketWorld({ logStream: stream, config: { logLevel: 'info', jwtSecret: SECRET } });
  await w.setSettings({ provider: 'SIMULATOR', webOrderPaymentOptions: 'PAY AT COUNTER (COLLECTION),CARD (COLLECTION)' });
  a = await member('sam.saver@example.test');
  b = await member('bea.borrower@example.test');
});
afterAll(() => w.t.close());

const branch = () => w.s.merchantBranchId;
const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token?: string, body?: unknown) => w.t.json<T & ApiError>(method, `/api/${path}`, body, token);

async function newBasket(): Promise<string> {
  const res = await w.api<Basket>('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: null, orderType: 'Collection', webMenuBssId: w.menu.gift.id, quantity: 1 });
  return res.body.bssId as string;
}
const session = async (bssId: string) => ((await w.api<PaymentTokenReply>('POST', PAYMENT_PATHS.token, { merchantBranchId: branch(), basketBssId: bssId })).body as { id: string }).id;

/** What the simulator's hosted fields post: a whole card (number, expiry, CVV) or, for a saved card, the CVV alone. */
async function frame(sessionKey: string, body: object, path: string = PAYMENT_PATHS.simulatorCardIdentifiers) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { authorization: `Bearer ${sessionKey}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { cardIdentifier: string } & ApiError };
}
const newCard = (sessionKey: string, cardNumber: string) =>
  frame(sessionKey, { cardDetails: { cardholderName: 'Sam Saver', cardNumber, expiryDate: '1230', securityCode: CVV } });
const cvvOnly = (sessionKey: string, securityCode = SAVED_CVV) => frame(sessionKey, { securityCode }, PAYMENT_PATHS.simulatorSecurityCodes);

const placeBody = (bssId: string, extra: object) => ({
  merchantBranchId: branch(),
  id: bssId,
  orderType: 'Collection',
  firstName: 'Sam',
  lastName: 'Saver',
  email: 'sam.saver@example.test',
  mobilePhone: '07700 900456',
  paymentType: 'CARD',
  website: 'http://shop.example/basket-cafe',
  ...extra,
});
const place = (token: string | undefined, body: object) => call<PlacedOrder & ThreeDSecureReply>('POST', BASKET_PATHS.place, token, body);

/** A new card paid for a new basket; saveCard as asked. */
async function payNew(token: string | undefined, cardNumber: string, saveCard: boolean) {
  const bssId = await newBasket();
  const key = await session(bssId);
  const card = await newCard(key, cardNumber);
  expect(card.status).toBe(200);
  return { bssId, res: await place(token, placeBody(bssId, { paymentAccessToken: key, cardIdentifier: card.body.cardIdentifier, saveCard })) };
}

/** A saved card paid for a new basket, with a fresh CVV typed into the CVV-only field. */
async function paySaved(token: string | undefined, cardId: number | string) {
  const bssId = await newBasket();
  const key = await session(bssId);
  const cvv = await cvvOnly(key);
  expect(cvv.status).toBe(200);
  const body = placeBody(bssId, { paymentAccessToken: key, cardIdentifier: cvv.body.cardIdentifier, cardNumber: cardId });
  return { bssId, key, cvvId: cvv.body.cardIdentifier, body, res: await place(token, body) };
}

const cardsOf = (memberId: number) => w.t.db.select().from(memberCard).where(eq(memberCard.memberUserId, memberId)).orderBy(memberCard.id);
const basketState = async (bssId: string) => (await w.t.db.select().from(basket).where(eq(basket.bssId, bssId)))[0].state;
const paymentOf = async (bssId: string) => {
  const [row] = await w.t.db.select().from(basket).where(eq(basket.bssId, bssId));
  return (await w.t.db.select().from(payment).where(and(eq(payment.merchantAccountId, w.s.merchantAccountId), eq(payment.basketId, row.id))))[0];
};

describe('saving a card while paying (saveCard)', () => {
  it("a member's authorised card is kept as the provider's token, brand, last four and expiry; the first is the default", async () => {
    const { res } = await payNew(a.token, CARDS.ok, true);
    expect(res.status).toBe(200);
    expect(res.body.basketStatus).toBe('PAID');
    const [row] = await cardsOf(a.id);
    expect(row).toMatchObject({ provider: 'SIMULATOR', merchantBranchId: branch(), cardBrand: 'VISA', last4: '0006', expiryMonth: 12, expiryYear: 2030, cardHolderName: 'Sam Saver', defaultCard: true });
    expect(row.providerToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const listed = await call<MemberCard[]>('GET', MEMBER_DATA_PATHS.card.byBranch(branch()), a.token);
    expect(listed.body.map((c) => c.name)).toEqual(['VISA **** 0006 (12/30)']);
    expect(JSON.stringify(listed.body)).not.toContain(row.providerToken);
  });

  it('nothing is kept for a guest, without the tick, or for a declined card', async () => {
    const before = (await cardsOf(a.id)).length;
    expect((await payNew(undefined, CARDS.ok, true)).res.status).toBe(200);
    expect((await payNew(a.token, CARDS.ok, false)).res.status).toBe(200);
    const declined = await payNew(a.token, CARDS.declined, true);
    expect({ status: declined.res.status, details: declined.res.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.declined });
    expect(await cardsOf(a.id)).toHaveLength(before);
    expect(await w.t.db.select().from(memberCard).where(eq(memberCard.memberUserId, b.id))).toEqual([]);
  });

  it('a 3-D Secure card is kept only once the challenge is passed, with the order', async () => {
    const { bssId, res } = await payNew(b.token, CARDS.challenge, true);
    expect(res.body.acsUrl).toBeTruthy();
    expect(await cardsOf(b.id)).toEqual([]);
    const acs = await w.t.app.inject({
      method: 'POST',
      url: res.body.acsUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ creq: res.body.creq, threeDSSessionData: res.body.transactionId }).toString(),
    });
    const action = /<form method="post" action="([^"]+)"/.exec(acs.body)?.[1] as string;
    const cres = /name="cres" value="([^"]+)">Authenticate</.exec(acs.body)?.[1] as string;
    const back = await w.t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cres, threeDSSessionData: res.body.transactionId }).toString(),
    });
    expect(back.statusCode).toBe(303);
    expect(await basketState(bssId)).toBe('ORDERED');
    expect((await cardsOf(b.id)).map((c) => c.last4)).toEqual(['3220']);
    await w.t.db.delete(memberCard).where(eq(memberCard.memberUserId, b.id));
  });
});

describe('paying with a saved card (CVV only)', () => {
  it('the CVV-only field is served for a live session and has no card number field', async () => {
    const key = await session(await newBasket());
    const page = await w.t.app.inject({ method: 'GET', url: `/api/${PAYMENT_PATHS.simulatorCvvFields(key)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="cvv"');
    expect(page.body).not.toContain('id="number"');
    expect(page.body).toContain(`data-endpoint="/api/${PAYMENT_PATHS.simulatorSecurityCodes}"`);
    expect((await w.t.app.inject({ method: 'GET', url: `/api/${PAYMENT_PATHS.simulatorCvvFields('no-such-session')}` })).statusCode).toBe(404);
    expect((await cvvOnly(key, '12')).body.details).toBe('The security code (CVV) is not valid.');
    expect((await cvvOnly('no-such-session')).status).toBe(401);
  });

  it('the member pays with the card and a fresh CVV; the CVV identifier is single-use', async () => {
    const [card] = await cardsOf(a.id);
    const first = await paySaved(a.token, card.id);
    expect(first.res.status).toBe(200);
    expect(first.res.body).toMatchObject({ basketStatus: 'PAID', paymentType: 'CARD' });
    expect(await paymentOf(first.bssId)).toMatchObject({ state: 'AUTHORISED', cardLast4: '0006', cardBrand: 'Visa' });
    const [order] = await w.t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.id, first.res.body.id)));
    expect(order.basketStatus).toBe('PAID');
    // The same CVV identifier for another basket is refused; nothing is charged and the basket stays open.
    const bssId = await newBasket();
    const key = await session(bssId);
    const again = await place(a.token, placeBody(bssId, { paymentAccessToken: key, cardIdentifier: first.cvvId, cardNumber: card.id }));
    expect({ status: again.status, details: again.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.sessionExpired });
    expect(await basketState(bssId)).toBe('OPEN');
    // No card saved twice by paying with it.
    expect(await cardsOf(a.id)).toHaveLength(1);
  });

  it("only its member: a visitor gets 401, another member 404, and a token copied to another member's card is refused by the provider", async () => {
    const [card] = await cardsOf(a.id);
    const visitor = await paySaved(undefined, card.id);
    expect(visitor.res.status).toBe(401);
    const other = await paySaved(b.token, card.id);
    expect(other.res.status).toBe(404);
    expect(await basketState(other.bssId)).toBe('OPEN');
    expect(await paymentOf(other.bssId)).toBeUndefined();
    expect((await paySaved(a.token, 'not-a-card')).res.status).toBe(404);
    // A row for B with A's token (as if it leaked): the simulator binds the token to A and refuses it.
    const [copied] = await w.t.db
      .insert(memberCard)
      .values({ memberUserId: b.id, ...w.s, provider: 'SIMULATOR', providerToken: card.providerToken, last4: '0006', expiryMonth: 12, expiryYear: 2030, cardHolderName: 'B' })
      .returning();
    const stolen = await paySaved(b.token, copied.id);
    expect({ status: stolen.res.status, details: stolen.res.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.savedCardNotUsable });
    expect(await basketState(stolen.bssId)).toBe('OPEN');
    await w.t.db.delete(memberCard).where(eq(memberCard.memberUserId, b.id));
  });

  it('a card saved through another provider is not usable after the branch changes provider', async () => {
    const [card] = await cardsOf(a.id);
    await w.t.db.update(memberCard).set({ provider: 'OPAYO' }).where(eq(memberCard.id, card.id));
    const res = await paySaved(a.token, card.id);
    expect({ status: res.res.status, details: res.res.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.savedCardNotUsable });
    await w.t.db.update(memberCard).set({ provider: 'SIMULATOR' }).where(eq(memberCard.id, card.id));
  });
});

describe("'Add card' on Payment Methods (memberuser/card/session, memberuser/card/create)", () => {
  it('the card fields make a card identifier; create keeps it as a second, non-default card', async () => {
    const s = await call<PaymentTokenReply>('POST', PAYMENT_PATHS.memberCardSession, a.token, { merchantBranchId: branch() });
    expect(s.body).toMatchObject({ provider: 'SIMULATOR', frameUrl: expect.stringContaining('/api/payment-simulator/fields/') });
    const key = (s.body as { id: string }).id;
    const card = await newCard(key, CARDS.second);
    const made = await call<MemberCard>('POST', PAYMENT_PATHS.memberCardCreate, a.token, { merchantBranchId: branch(), paymentAccessToken: key, cardIdentifier: card.body.cardIdentifier });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ cardType: 'MASTERCARD', last4: '4444', validMonth: 12, validYear: 2030, defaultCard: false, cardHolderName: 'Sam Saver' });
    // The identifier was spent making the token.
    const twice = await call('POST', PAYMENT_PATHS.memberCardCreate, a.token, { merchantBranchId: branch(), paymentAccessToken: key, cardIdentifier: card.body.cardIdentifier });
    expect(twice.status).toBe(400);
    // And the card pays.
    expect((await paySaved(a.token, made.body.id)).res.body.basketStatus).toBe('PAID');
  });

  it('required fields, a declined card, an unknown store, a visitor and staff are refused', async () => {
    const before = (await cardsOf(a.id)).length;
    expect((await call('POST', PAYMENT_PATHS.memberCardCreate, a.token, { merchantBranchId: branch() })).body.details).toBe(MESSAGES.requiredFields);
    const key = ((await call<PaymentTokenReply>('POST', PAYMENT_PATHS.memberCardSession, a.token, { merchantBranchId: branch() })).body as { id: string }).id;
    const declined = await newCard(key, CARDS.declined);
    const res = await call('POST', PAYMENT_PATHS.memberCardCreate, a.token, { merchantBranchId: branch(), paymentAccessToken: key, cardIdentifier: declined.body.cardIdentifier });
    expect({ status: res.status, details: res.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.declined });
    expect((await call('POST', PAYMENT_PATHS.memberCardSession, a.token, { merchantBranchId: 987654 })).status).toBe(404);
    expect((await call('POST', PAYMENT_PATHS.memberCardSession, undefined, { merchantBranchId: branch() })).status).toBe(401);
    const owner = (await w.t.signIn('merchant', { userName: 'bcafe', password: 'Bcafe1234', domainName: 'basket-cafe' })).accessToken;
    expect((await call('POST', PAYMENT_PATHS.memberCardCreate, owner, { merchantBranchId: branch() })).status).toBe(403);
    expect(await cardsOf(a.id)).toHaveLength(before);
  });

  it('a store whose provider saves cards only at checkout (or has none) says so', async () => {
    await w.setSettings({ provider: 'NONE' });
    expect((await call('POST', PAYMENT_PATHS.memberCardSession, a.token, { merchantBranchId: branch() })).body.details).toBe(PAYMENT_MESSAGES.noProvider);
    await w.setSettings({ provider: 'SIMULATOR' });
  });
});

describe('no card number or CVV is kept when cards are saved (PCI DSS 3.3.1)', () => {
  it('after saving and paying with saved cards, neither the numbers nor the CVVs are in any table or the server log', async () => {
    const dump = await databaseDump(w.t.db);
    expect(dump).toContain('0006');
    expect(dump).toContain('4444');
    for (const number of Object.values(CARDS)) expect(dump).not.toContain(number);
    // (hex of stored images and fractions of seconds are made of digits too: a CVV would stand apart)
    for (const cvv of [CVV, SAVED_CVV]) expect(dump).not.toMatch(new RegExp(`[^0-9a-f.]${cvv}[^0-9a-f]`));
    const logged = log.join('');
    expect(logged).toContain(PAYMENT_PATHS.simulatorSecurityCodes);
    for (const number of Object.values(CARDS)) expect(logged).not.toContain(number);
    for (const cvv of [CVV, SAVED_CVV]) expect(logged).not.toMatch(new RegExp(`[^0-9.]${cvv}[^0-9]`));
  });
});
