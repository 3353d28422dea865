import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import { PAYMENT_PATHS, type PaymentTokenReply, type ThreeDSecureReply } from '@tillpoint/contracts/payment';
import { memberAddress, memberBillingAddress, memberNotes, memberUser } from '../../db/schema';
import { createTokenSigner } from '../../platform/auth';
import { issueRefreshToken } from '../../platform/sessions';
import { type ApiError, type BasketWorld, basketWorld } from '../basket/basket-test-kit';

/**
 * The member's checkout keeps a new delivery address, a new billing address and the notes when
 * asked (spec 3 §4.7; issue 11): on the server, with the order, so a card payment's 3-D Secure
 * redirect (the page is gone while the customer is at the card issuer) loses nothing.
 */
const SECRET = 'checkout-saves-test-secret-0123456789ab';
const signer = createTokenSigner(SECRET);
let w: BasketWorld;
let m: { id: number; token: string };

const HOME = { postCode: 'SW1A 1AA', city: 'London', addressLine1: '10 Saved Street', addressLine2: '', addressLine3: '', addressLine4: '' };
const BILLING = { postCode: 'EC1A 1BB', city: 'London', addressLine1: '1 Billing Road', addressLine2: 'Floor 2', addressLine3: '', addressLine4: '' };

beforeAll(async () => {
  w = await basketWorld({ config: { jwtSecret: SECRET } });
  await w.setSettings({ provider: 'SIMULATOR', webOrderPaymentOptions: 'PAY AT COUNTER (COLLECTION),CARD (COLLECTION),PAY AT DOOR BY CASH (DELIVERY),CARD (DELIVERY)' });
  const [row] = await w.t.db.insert(memberUser).values({ email: 'sally.saver@example.test', firstName: 'Sally', lastName: 'Saver', emailVerified: true }).returning();
  const sessionId = randomUUID();
  await issueRefreshToken(w.t.db, { userType: 'member', userId: row.id, tenantId: null, branchId: null }, sessionId);
  m = { id: row.id, token: (await signer.sign({ userType: 'member', userId: row.id, merchantAccountId: null, merchantBranchId: null, privileges: new Set(), sessionId })).token };
});
afterAll(() => w.t.close());
beforeEach(async () => {
  for (const t of [memberAddress, memberBillingAddress, memberNotes]) await w.t.db.delete(t).where(eq(t.memberUserId, m.id));
});

const branch = () => w.s.merchantBranchId;
const call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown) => w.t.json<T & ApiError>(method, `/api/${path}`, body, token);

/** A member's basket over the £10 delivery minimum. */
async function memberBasket(orderType: 'Delivery' | 'Collection') {
  const add = await w.api<Basket>('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: null, orderType, webMenuBssId: w.menu.gift.id, quantity: 2 });
  const bssId = add.body.bssId as string;
  expect((await call('PUT', MEMBER_DATA_PATHS.setBasketToLoginUser(branch(), bssId), m.token)).status).toBe(200);
  return bssId;
}

const body = (bssId: string, extra: object) => ({
  merchantBranchId: branch(),
  id: bssId,
  orderType: 'Delivery',
  firstName: 'Sally',
  lastName: 'Saver',
  email: 'sally.saver@example.test',
  mobilePhone: '07700 900111',
  memberUserAddress: HOME,
  orderNotes: 'Leave at the door',
  allergies: 'Sesame',
  website: 'http://shop.example/basket-cafe',
  ...extra,
});

async function cardPayment(bssId: string, cardNumber: string) {
  const key = ((await w.api<PaymentTokenReply>('POST', PAYMENT_PATHS.token, { merchantBranchId: branch(), basketBssId: bssId })).body as { id: string }).id;
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/${PAYMENT_PATHS.simulatorCardIdentifiers}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ cardDetails: { cardholderName: 'Sally Saver', cardNumber, expiryDate: '1230', securityCode: '123' } }),
  });
  return { paymentType: 'CARD', paymentAccessToken: key, cardIdentifier: (res.json() as { cardIdentifier: string }).cardIdentifier, memberBillingAddress: BILLING };
}

/** Answers the simulator's 3-D Secure page as the customer's browser does ('Authenticate' or 'Fail'). */
async function answerChallenge(reply: ThreeDSecureReply, pass: boolean) {
  const acs = await w.t.app.inject({
    method: 'POST',
    url: reply.acsUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ creq: reply.creq, threeDSSessionData: reply.transactionId }).toString(),
  });
  const action = /<form method="post" action="([^"]+)"/.exec(acs.body)?.[1] as string;
  const cres = new RegExp(`name="cres" value="([^"]+)">${pass ? 'Authenticate' : 'Fail'}<`).exec(acs.body)?.[1] as string;
  const back = await w.t.app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cres, threeDSSessionData: reply.transactionId }).toString(),
  });
  expect(back.statusCode).toBe(303);
}

const saved = async () => ({
  addresses: (await w.t.db.select().from(memberAddress).where(eq(memberAddress.memberUserId, m.id))).map((a) => [a.addressLine1, a.postCode, a.defaultAddress]),
  billing: (await w.t.db.select().from(memberBillingAddress).where(eq(memberBillingAddress.memberUserId, m.id))).map((a) => [a.addressLine1, a.addressLine2, a.defaultAddress]),
  notes: (await w.t.db.select().from(memberNotes).where(eq(memberNotes.memberUserId, m.id))).map((n) => [n.orderNotes, n.allergies]),
});
const ALL_SAVED = { addresses: [['10 Saved Street', 'SW1A 1AA', true]], billing: [['1 Billing Road', 'Floor 2', true]], notes: [['Leave at the door', 'Sesame']] };
const NOTHING = { addresses: [], billing: [], notes: [] };
const ASK = { saveAddress: true, saveBillingAddress: true, saveNotes: true };

describe("the member's checkout keeps what it was asked to", () => {
  it('a cash order keeps the new address and the notes; the same address is not kept twice', async () => {
    const first = await call<PlacedOrder>('POST', BASKET_PATHS.place, m.token, body(await memberBasket('Delivery'), { paymentType: 'PAY AT DOOR BY CASH', ...ASK }));
    expect(first.status).toBe(200);
    // No billing address on a cash order: only the delivery address and the notes.
    expect(await saved()).toEqual({ ...ALL_SAVED, billing: [] });
    const again = await call<PlacedOrder>('POST', BASKET_PATHS.place, m.token, body(await memberBasket('Delivery'), { paymentType: 'PAY AT DOOR BY CASH', ...ASK, memberUserAddress: { ...HOME, postCode: 'sw1a1aa' } }));
    expect(again.status).toBe(200);
    expect((await saved()).addresses).toHaveLength(1);
  });

  it('without the ticks nothing is kept; a visitor keeps nothing', async () => {
    expect((await call('POST', BASKET_PATHS.place, m.token, body(await memberBasket('Delivery'), { paymentType: 'PAY AT DOOR BY CASH' }))).status).toBe(200);
    const visitorBasket = (await w.api<Basket>('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: null, orderType: 'Delivery', webMenuBssId: w.menu.gift.id, quantity: 2 })).body.bssId as string;
    expect((await call('POST', BASKET_PATHS.place, undefined, body(visitorBasket, { paymentType: 'PAY AT DOOR BY CASH', ...ASK }))).status).toBe(200);
    expect(await saved()).toEqual(NOTHING);
  });

  it('a card paid at once keeps the address, the billing address and the notes with the order', async () => {
    const bssId = await memberBasket('Delivery');
    const res = await call<PlacedOrder>('POST', BASKET_PATHS.place, m.token, body(bssId, { ...(await cardPayment(bssId, '4929000000006')), ...ASK }));
    expect(res.body.basketStatus).toBe('PAID');
    expect(await saved()).toEqual(ALL_SAVED);
  });

  it('through a 3-D Secure redirect: kept once the challenge is passed, nothing when it fails', async () => {
    const failing = await memberBasket('Delivery');
    const refused = await call<ThreeDSecureReply>('POST', BASKET_PATHS.place, m.token, body(failing, { ...(await cardPayment(failing, '4000000000003220')), ...ASK }));
    expect(refused.body.acsUrl).toBeTruthy();
    await answerChallenge(refused.body, false);
    expect(await saved()).toEqual(NOTHING);

    const bssId = await memberBasket('Delivery');
    const res = await call<ThreeDSecureReply>('POST', BASKET_PATHS.place, m.token, body(bssId, { ...(await cardPayment(bssId, '4000000000003220')), ...ASK }));
    expect(res.body.acsUrl).toBeTruthy();
    // The customer is at the card issuer: nothing kept yet.
    expect(await saved()).toEqual(NOTHING);
    await answerChallenge(res.body, true);
    expect(await saved()).toEqual(ALL_SAVED);
  });

  it('a declined card keeps nothing', async () => {
    const bssId = await memberBasket('Delivery');
    const res = await call('POST', BASKET_PATHS.place, m.token, body(bssId, { ...(await cardPayment(bssId, '4000000000000002')), ...ASK }));
    expect(res.status).toBe(400);
    expect(await saved()).toEqual(NOTHING);
  });
});
