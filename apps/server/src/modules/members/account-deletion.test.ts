import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data';
import { MEMBER_PATHS } from '@tillpoint/contracts/member-paths';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import { PAYMENT_PATHS, type PaymentTokenReply } from '@tillpoint/contracts/payment';
import { SALE_REPORT_PATHS } from '@tillpoint/contracts/sale-report';
import {
  authKey,
  basket,
  customerOrder,
  mailOutbox,
  memberAddress,
  memberBillingAddress,
  memberCard,
  memberFavourite,
  memberFeedback,
  memberNotes,
  memberUser,
  payment,
  paymentSimulatorRecord,
  refreshToken,
} from '../../db/schema';
import { createTokenSigner } from '../../platform/auth';
import { issueKey, issueRefreshToken } from '../../platform/sessions';
import { type ApiError, type BasketWorld, basketWorld } from '../basket/basket-test-kit';

/**
 * Deleting a member's account (issue 11 'Privacy and security'): DELETE memberuser/ erases the
 * member's personal data in one transaction (profile, addresses, billing addresses, cards and their
 * provider tokens, notes, favourites, feedback, sessions, mails) and keeps their orders, money
 * intact, without the personal data. Another member's token deletes only its own account.
 */
const SECRET = 'account-deletion-test-secret-0123456789';
const signer = createTokenSigner(SECRET);
const DELETED = { type: 'SUCCESS', details: 'Your account and your personal data have been deleted.' };
let w: BasketWorld;
let merchantToken: string;

async function member(email: string) {
  const [row] = await w.t.db.insert(memberUser).values({ email, firstName: 'Dee', lastName: 'Leaver', mobilePhone: '07700 900777', emailVerified: true }).returning();
  const sessionId = randomUUID();
  const refresh = await issueRefreshToken(w.t.db, { userType: 'member', userId: row.id, tenantId: null, branchId: null }, sessionId);
  const { token } = await signer.sign({ userType: 'member', userId: row.id, merchantAccountId: null, merchantBranchId: null, privileges: new Set(), sessionId });
  return { id: row.id, token, email, refresh };
}

beforeAll(async () => {
  w = await basketWorld({ config: { jwtSecret: SECRET } });
  await w.setSettings({ provider: 'SIMULATOR', webOrderPaymentOptions: 'PAY AT COUNTER (COLLECTION),CARD (COLLECTION)' });
  merchantToken = (await w.t.signIn('merchant', { domainName: 'basket-cafe', userName: 'bcafe', password: 'Bcafe1234' })).accessToken;
});
afterAll(() => w.t.close());

const branch = () => w.s.merchantBranchId;
const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token?: string, body?: unknown) => w.t.json<T & ApiError>(method, `/api/${path}`, body, token);

/** A collection order paid by a new card through the simulator's fields, the card saved for the member. */
async function orderWithSavedCard(m: { token: string; email: string }) {
  const add = await w.api<Basket>('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: null, orderType: 'Collection', webMenuBssId: w.menu.gift.id, quantity: 1 });
  const bssId = add.body.bssId as string;
  expect((await call('PUT', MEMBER_DATA_PATHS.setBasketToLoginUser(branch(), bssId), m.token)).status).toBe(200);
  const key = ((await w.api<PaymentTokenReply>('POST', PAYMENT_PATHS.token, { merchantBranchId: branch(), basketBssId: bssId })).body as { id: string }).id;
  const frame = await w.t.app.inject({
    method: 'POST',
    url: `/api/${PAYMENT_PATHS.simulatorCardIdentifiers}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ cardDetails: { cardholderName: 'Dee Leaver', cardNumber: '4929000000006', expiryDate: '1230', securityCode: '123' } }),
  });
  const placed = await call<PlacedOrder>('POST', BASKET_PATHS.place, m.token, {
    merchantBranchId: branch(),
    id: bssId,
    orderType: 'Collection',
    firstName: 'Dee',
    lastName: 'Leaver',
    email: m.email,
    mobilePhone: '07700 900777',
    paymentType: 'CARD',
    orderNotes: 'Ring twice',
    allergies: 'Peanuts',
    website: 'http://shop.example/basket-cafe',
    paymentAccessToken: key,
    cardIdentifier: (frame.json() as { cardIdentifier: string }).cardIdentifier,
    saveCard: true,
  });
  expect(placed.status).toBe(200);
  return placed.body;
}

const ownOrder = async (id: number) =>
  (await w.t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.id, id))))[0];
const rowsOf = async (memberId: number) => ({
  addresses: (await w.t.db.select().from(memberAddress).where(eq(memberAddress.memberUserId, memberId))).length,
  billing: (await w.t.db.select().from(memberBillingAddress).where(eq(memberBillingAddress.memberUserId, memberId))).length,
  cards: (await w.t.db.select().from(memberCard).where(eq(memberCard.memberUserId, memberId))).length,
  notes: (await w.t.db.select().from(memberNotes).where(eq(memberNotes.memberUserId, memberId))).length,
  favourites: (await w.t.db.select().from(memberFavourite).where(eq(memberFavourite.memberUserId, memberId))).length,
  feedback: (await w.t.db.select().from(memberFeedback).where(eq(memberFeedback.memberUserId, memberId))).length,
  sessions: (await w.t.db.select().from(refreshToken).where(and(eq(refreshToken.userType, 'member'), eq(refreshToken.userId, memberId)))).length,
  keys: (await w.t.db.select().from(authKey).where(and(eq(authKey.userType, 'member'), eq(authKey.userId, memberId)))).length,
});

describe('DELETE memberuser/ (delete my account)', () => {
  it("erases the member's personal data everywhere, removes the card's token at the provider, keeps the orders and the report's figures", async () => {
    const dee = await member('dee.leaver@example.test');
    const other = await member('otto.other@example.test');
    const address = { postCode: 'SW1A 1AA', city: 'London', addressLine1: '1 Leaving Lane', description: 'Home', defaultAddress: true };
    for (const m of [dee, other]) {
      expect((await call('POST', MEMBER_DATA_PATHS.address.create, m.token, address)).status).toBe(200);
      expect((await call('POST', MEMBER_DATA_PATHS.billing.create, m.token, address)).status).toBe(200);
      expect((await call('PUT', MEMBER_DATA_PATHS.notes, m.token, { orderNotes: 'Ring twice', allergies: 'Peanuts' })).status).toBe(200);
      await w.t.db.insert(memberFavourite).values({ memberUserId: m.id, ...w.s });
      await w.t.db.insert(memberFeedback).values({ memberUserId: m.id, ...w.s, description: 'Lovely chips' });
      await issueKey(w.t.db, 'RESET', { userType: 'member', userId: m.id, tenantId: null, branchId: null }, 60_000, `reset-${m.id}`);
    }
    const order = await orderWithSavedCard(dee);
    const otherOrder = await orderWithSavedCard(other);
    const [card] = await w.t.db.select().from(memberCard).where(eq(memberCard.memberUserId, dee.id));
    const tokenAtProvider = () => w.t.db.select().from(paymentSimulatorRecord).where(eq(paymentSimulatorRecord.key, `reusable:${card.providerToken}`));
    expect(await tokenAtProvider()).toHaveLength(1);
    expect(await rowsOf(dee.id)).toEqual({ addresses: 1, billing: 1, cards: 1, notes: 1, favourites: 1, feedback: 1, sessions: 1, keys: 1 });
    // The current report as the merchant sees it (its period runs to now, so toDate moves on).
    const report = async () => {
      const res = await call<Record<string, unknown>>('GET', SALE_REPORT_PATHS.current, merchantToken);
      expect(res.status).toBe(200);
      return { ...res.body, toDate: null };
    };
    const reportBefore = await report();
    expect(reportBefore).toMatchObject({ netSale: 18 });
    const otherBefore = await rowsOf(other.id);

    // Not signed in: nothing happens.
    expect((await call('DELETE', MEMBER_PATHS.remove)).status).toBe(401);
    // Staff tokens are refused.
    expect((await call('DELETE', MEMBER_PATHS.remove, merchantToken)).status).toBe(403);
    // The order is still being handled: refused, nothing changed.
    expect(await call('DELETE', MEMBER_PATHS.remove, dee.token)).toMatchObject({
      status: 409,
      body: { details: 'You have an order in progress. You can delete your account once it is completed.' },
    });
    expect(await rowsOf(dee.id)).toEqual({ addresses: 1, billing: 1, cards: 1, notes: 1, favourites: 1, feedback: 1, sessions: 1, keys: 1 });
    await w.t.db.update(customerOrder).set({ orderStatus: 'ORDER_CLOSED' }).where(eq(customerOrder.merchantAccountId, w.s.merchantAccountId));
    const before = await ownOrder(order.id);

    expect(await call('DELETE', MEMBER_PATHS.remove, dee.token)).toMatchObject({ status: 200, body: DELETED });

    expect(await w.t.db.select().from(memberUser).where(eq(memberUser.id, dee.id))).toEqual([]);
    expect(await rowsOf(dee.id)).toEqual({ addresses: 0, billing: 0, cards: 0, notes: 0, favourites: 0, feedback: 0, sessions: 0, keys: 0 });
    expect(await tokenAtProvider()).toEqual([]);
    expect(await w.t.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = ${dee.email}`)).toEqual([]);
    // The order stays with its money and lines; its person is gone, from the order and from the payment's checkout copy.
    const kept = await ownOrder(order.id);
    expect(kept).toMatchObject({ memberUserId: null, firstName: null, lastName: null, email: null, mobilePhone: null, deliveryAddress: null, orderNotes: null, allergies: null });
    const money = (o: typeof kept) => [o.orderNo, o.subTotal, o.discount, o.serviceCharge, o.deliveryFee, o.tax, o.total, o.basketStatus, o.paymentType];
    expect(money(kept)).toEqual(money(before));
    const [pay] = await w.t.db.select().from(payment).where(and(eq(payment.merchantAccountId, w.s.merchantAccountId), eq(payment.orderId, order.id)));
    expect(JSON.stringify(pay.checkout)).not.toMatch(/Dee|Leaver|dee\.leaver|Ring twice|Peanuts|07700/);
    expect(pay).toMatchObject({ state: 'AUTHORISED', amount: kept.total });
    const [b] = await w.t.db.select().from(basket).where(and(eq(basket.merchantAccountId, w.s.merchantAccountId), eq(basket.id, kept.basketId)));
    expect(b.memberUserId).toBeNull();
    // The merchant's report adds up as before.
    expect(await report()).toEqual(reportBefore);

    // The signed-out member: no token works, the refresh token is gone, the address can register again.
    expect((await call('GET', MEMBER_PATHS.current, dee.token)).status).toBe(401);
    expect((await w.t.json('POST', '/api/memberuser/security/tokens/refresh', { refreshToken: dee.refresh })).status).toBe(401);
    expect((await w.t.json('GET', `/api/memberuser/security/checkemail/${encodeURIComponent(dee.email)}`)).body).toBe(0);

    // The other member lost nothing: their data, card token and order are as they were.
    expect(await rowsOf(other.id)).toEqual(otherBefore);
    const otherKept = await ownOrder(otherOrder.id);
    expect(otherKept).toMatchObject({ memberUserId: other.id, firstName: 'Dee', email: other.email, orderNotes: 'Ring twice' });
    const [otherCard] = await w.t.db.select().from(memberCard).where(eq(memberCard.memberUserId, other.id));
    expect(await w.t.db.select().from(paymentSimulatorRecord).where(eq(paymentSimulatorRecord.key, `reusable:${otherCard.providerToken}`))).toHaveLength(1);
    expect((await call('GET', MEMBER_PATHS.current, other.token)).status).toBe(200);
  });

  it("a member's token deletes only that member: another's ids in the path change nothing", async () => {
    const ann = await member('ann.stays@example.test');
    const bob = await member('bob.leaves@example.test');
    await call('POST', MEMBER_DATA_PATHS.address.create, ann.token, { postCode: 'SW1A 1AA', city: 'London', addressLine1: '2 Staying Street', defaultAddress: true });
    const annBefore = await rowsOf(ann.id);
    // The call names no one: an id in the path is no route, an id in the body is ignored and only Bob goes.
    expect((await call('DELETE', `${MEMBER_PATHS.remove}${ann.id}`, bob.token)).status).toBe(404);
    expect(await call('DELETE', MEMBER_PATHS.remove, bob.token, { id: ann.id, memberUserId: ann.id })).toMatchObject({ status: 200, body: DELETED });
    expect(await w.t.db.select().from(memberUser).where(eq(memberUser.id, bob.id))).toEqual([]);
    expect((await call('GET', MEMBER_PATHS.current, ann.token)).status).toBe(200);
    expect(await rowsOf(ann.id)).toEqual(annBefore);
    expect((await w.t.db.select().from(memberUser).where(eq(memberUser.id, ann.id))).length).toBe(1);
  });
});
