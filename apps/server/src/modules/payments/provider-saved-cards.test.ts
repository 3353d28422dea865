import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import { PAYMENT_MESSAGES, PAYMENT_PATHS, type PaymentTokenReply, type ThreeDSecureReply } from '@tillpoint/contracts/payment';
import { basket, customerOrder, memberCard, memberProviderCustomer, memberUser, payment } from '../../db/schema';
import { createTokenSigner } from '../../platform/auth';
import { issueRefreshToken } from '../../platform/sessions';
import { type ApiError, type BasketWorld, basketWorld } from '../basket/basket-test-kit';
import { eraseMember } from '../members/members.repo';
import { type DojoStandIn, startDojoStandIn } from './dojo-stand-in';
import { forgetSavedCards } from './member-cards.service';
import { type OpayoStandIn, opayoCardIdentifier, opayoLinkSecurityCode, startOpayoStandIn } from './opayo-stand-in';
import { databaseDump } from './pci-dump';
import { paymentDeps } from './providers';

/**
 * Saved cards and Apple Pay with the real providers' APIs (issues 10 and 11; spec 3 §4.7, §4.8),
 * through the real routes with the branch on OPAYO (its stand-in at the branch's base URL):
 * 'Save this card' makes Opayo's card identifier reusable and it becomes the member's card; paying
 * with it sends it reusable with the CVV linked in the browser; Apple Pay pays through Opayo once.
 */
const SECRET = 'provider-saved-cards-secret-0123456789abcdef';
const signer = createTokenSigner(SECRET);
const creds = { vendorName: 'tillpointtest', key: 'int-key-123', password: 'int-pass-456' };
const CARD = '4929000000006';
const CVV = '7391';
const log: string[] = [];
let w: BasketWorld;
let opayo: OpayoStandIn;
let dojo: DojoStandIn;

async function member(email: string) {
  const [row] = await w.t.db.insert(memberUser).values({ email, firstName: 'Olive', lastName: 'Opayo', mobilePhone: '07700 900456', emailVerified: true }).returning();
  const sessionId = randomUUID();
  await issueRefreshToken(w.t.db, { userType: 'member', userId: row.id, tenantId: null, branchId: null }, sessionId);
  const { token } = await signer.sign({ userType: 'member', userId: row.id, merchantAccountId: null, merchantBranchId: null, privileges: new Set(), sessionId });
  return { id: row.id, token };
}
let a: Awaited<ReturnType<typeof member>>;
let b: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => log.push(String(chunk)));
  [w, opayo, dojo] = await Promise.all([basketWorld({ logStream: stream, config: { logLevel: 'info', jwtSecret: SECRET } }), startOpayoStandIn(creds), startDojoStandIn('sk_sandbox_saved')]);
  await w.setSettings({
    autoOrderConfirm: true,
    webOrderPaymentOptions: 'CARD (COLLECTION),APPLE PAY (COLLECTION),PAY AT COUNTER (COLLECTION)',
    provider: 'OPAYO',
    baseUrl: opayo.url,
    vendorName: creds.vendorName,
    jwt: creds.key,
    password: creds.password,
  });
  a = await member('olive.opayo@example.test');
  b = await member('bert.borrower@example.test');
});
afterAll(async () => {
  await Promise.all([w.t.close(), opayo.close(), dojo.close()]);
});

const branch = () => w.s.merchantBranchId;
const call = <T>(method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => w.t.json<T & ApiError>(method, `/api/${path}`, body, token);
async function basketOf(): Promise<string> {
  const res: { body: Basket } = await w.api('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: null, orderType: 'Collection', webMenuBssId: w.menu.gift.id, quantity: 1 });
  return res.body.bssId as string;
}
const sessionKey = async (bssId: string) => {
  const t = await w.api<PaymentTokenReply>('POST', PAYMENT_PATHS.token, { merchantBranchId: branch(), basketBssId: bssId });
  return (t.body as { merchantSessionKey: string }).merchantSessionKey;
};
const place = (token: string | undefined, id: string, extra: Record<string, unknown>) =>
  call<PlacedOrder & ThreeDSecureReply>('POST', BASKET_PATHS.place, token, {
    merchantBranchId: branch(),
    id,
    orderType: 'Collection',
    firstName: 'Olive',
    lastName: 'Opayo',
    email: 'olive.opayo@example.test',
    mobilePhone: '07700 900456',
    memberBillingAddress: { postCode: 'SW1A 2AA', city: 'London', addressLine1: '10 Downing Street' },
    paymentType: 'CARD',
    website: '/basket-cafe',
    ...extra,
  });
const cardsOf = (memberId: number) => w.t.db.select().from(memberCard).where(eq(memberCard.memberUserId, memberId)).orderBy(memberCard.id);
const basketRow = async (bssId: string) => (await w.t.db.select().from(basket).where(eq(basket.bssId, bssId)))[0];
const paymentsOf = async (bssId: string) => {
  const row = await basketRow(bssId);
  return w.t.db.select().from(payment).where(and(eq(payment.merchantAccountId, w.s.merchantAccountId), eq(payment.basketId, row.id))).orderBy(payment.id);
};
const sentFor = (reference: string) => opayo.received.find((r) => r.path === '/transactions' && r.body.vendorTxCode === reference)?.body ?? {};
const sentCard = (reference: string) => (sentFor(reference).paymentMethod as { card?: Record<string, unknown> } | undefined)?.card ?? {};

describe('OPAYO: saving a card at checkout and paying with it', () => {
  it("'Save this card': a first CIT payment with save true; the reusable card identifier becomes the member's card", async () => {
    const id = await basketOf();
    const key = await sessionKey(id);
    const res = await place(a.token, id, { paymentAccessToken: key, cardIdentifier: await opayoCardIdentifier(opayo, key, CARD, CVV), saveCard: true });
    expect(res.body).toMatchObject({ basketStatus: 'PAID' });
    const [p] = await paymentsOf(id);
    expect(sentFor(p.reference)).toMatchObject({
      paymentMethod: { card: { merchantSessionKey: key, save: true } },
      credentialType: { cofUsage: 'First', initiatedType: 'CIT', mitType: 'Unscheduled' },
    });
    const [card] = await cardsOf(a.id);
    expect(card).toMatchObject({ provider: 'OPAYO', merchantBranchId: branch(), cardBrand: 'VISA', last4: '0006', expiryMonth: 12, expiryYear: 2030, defaultCard: true });
    // The token is the identifier Opayo made reusable (sent with the payment, answered reusable).
    expect(card.providerToken).toBe(sentCard(p.reference).cardIdentifier);
  });

  it('nothing is saved without the tick or for a guest; only one card for the member so far', async () => {
    for (const token of [a.token, undefined]) {
      const id = await basketOf();
      const key = await sessionKey(id);
      const res = await place(token, id, { paymentAccessToken: key, cardIdentifier: await opayoCardIdentifier(opayo, key, CARD, CVV), saveCard: token === undefined });
      expect(res.body.basketStatus).toBe('PAID');
      const [p] = await paymentsOf(id);
      expect(sentFor(p.reference).credentialType).toBeUndefined();
      expect(sentCard(p.reference)).toMatchObject({ merchantSessionKey: key });
      expect(sentCard(p.reference).save).toBeUndefined();
    }
    expect(await cardsOf(a.id)).toHaveLength(1);
  });

  it('paying with the saved card: reusable true, a Subsequent CIT, with the CVV linked in the browser; a wrong CVV is declined and changes nothing', async () => {
    const [card] = await cardsOf(a.id);
    const id = await basketOf();
    const wrongKey = await sessionKey(id);
    expect(await opayoLinkSecurityCode(opayo, wrongKey, card.providerToken, '0000')).toBe(204);
    const wrong = await place(a.token, id, { paymentAccessToken: wrongKey, cardNumber: card.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toBe('The Authorisation was Rejected by the vendor rule-base (CV2).');
    expect((await basketRow(id)).state).toBe('OPEN');
    expect((await paymentsOf(id))[0].state).toBe('DECLINED');

    const key = await sessionKey(id);
    expect(await opayoLinkSecurityCode(opayo, key, card.providerToken, CVV)).toBe(204);
    const res = await place(a.token, id, { paymentAccessToken: key, cardNumber: card.id });
    expect(res.body).toMatchObject({ basketStatus: 'PAID' });
    const paid = (await paymentsOf(id)).at(-1);
    expect(sentFor(paid?.reference as string)).toMatchObject({
      paymentMethod: { card: { merchantSessionKey: key, cardIdentifier: card.providerToken, reusable: true } },
      credentialType: { cofUsage: 'Subsequent', initiatedType: 'CIT' },
    });
    expect(paid).toMatchObject({ state: 'AUTHORISED', cardLast4: '0006' });
    expect(await cardsOf(a.id)).toHaveLength(1);
  });

  it("the storefront's saved card: the session for it carries its reusable identifier to its owner only; the CVV linked with it pays (reusable, Subsequent CIT)", async () => {
    const [card] = await cardsOf(a.id);
    const id = await basketOf();
    const session = (token: string | undefined, cardNumber: unknown) =>
      call<PaymentTokenReply>('POST', PAYMENT_PATHS.token, token, { merchantBranchId: branch(), basketBssId: id, cardNumber });
    expect((await session(b.token, card.id)).status).toBe(404);
    expect((await session(undefined, card.id)).status).toBe(401);
    // Without a card asked for, no identifier; with it, the owner's session names it (what sagepay.js's drop-in takes).
    expect((await session(a.token, null)).body).not.toHaveProperty('reusableCardIdentifier');
    const reply = (await session(a.token, card.id)).body as PaymentTokenReply & { provider: 'OPAYO' };
    expect(reply).toMatchObject({ provider: 'OPAYO', reusableCardIdentifier: card.providerToken });
    // What the drop-in does in CVV-only mode: link the typed code to the identifier at Opayo, never through us.
    expect(await opayoLinkSecurityCode(opayo, reply.merchantSessionKey, card.providerToken, CVV)).toBe(204);
    const res = await place(a.token, id, { paymentAccessToken: reply.merchantSessionKey, cardIdentifier: card.providerToken, cardNumber: card.id });
    expect(res.body).toMatchObject({ basketStatus: 'PAID' });
    const [p] = await paymentsOf(id);
    expect(sentFor(p.reference)).toMatchObject({
      paymentMethod: { card: { merchantSessionKey: reply.merchantSessionKey, cardIdentifier: card.providerToken, reusable: true } },
      credentialType: { cofUsage: 'Subsequent', initiatedType: 'CIT' },
    });
    expect(sentCard(p.reference).save).toBeUndefined();
  });

  it("another member cannot pay with the card (404), nor a guest (401); a session key is still needed", async () => {
    const [card] = await cardsOf(a.id);
    const id = await basketOf();
    const key = await sessionKey(id);
    expect((await place(b.token, id, { paymentAccessToken: key, cardNumber: card.id })).status).toBe(404);
    expect((await place(undefined, id, { paymentAccessToken: key, cardNumber: card.id })).status).toBe(401);
    expect((await place(a.token, id, { cardNumber: card.id })).body.details).toBe(PAYMENT_MESSAGES.invalidCard);
    expect((await basketRow(id)).state).toBe('OPEN');
  });
});

describe('OPAYO: a card saved through 3-D Secure', () => {
  it('is kept only once the challenge is passed (the reusable identifier comes with the completed payment)', async () => {
    const id = await basketOf();
    const key = await sessionKey(id);
    const res = await place(b.token, id, { paymentAccessToken: key, cardIdentifier: await opayoCardIdentifier(opayo, key, '4000000000003220', CVV), saveCard: true });
    expect(res.body.acsUrl).toBeTruthy();
    expect(await cardsOf(b.id)).toEqual([]);
    const done = await w.t.app.inject({
      method: 'POST',
      url: `/api/${PAYMENT_PATHS.notification(res.body.transactionId)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cres: 'Y', threeDSSessionData: res.body.transactionId }).toString(),
    });
    expect(done.headers.location).toBe('/basket-cafe?successfulMessage=true');
    expect(await cardsOf(b.id)).toMatchObject([{ provider: 'OPAYO', last4: '3220', expiryMonth: 12, expiryYear: 2030 }]);
  });
});

describe('APPLE PAY through OPAYO', () => {
  const applePayToken = async (bssId: string) =>
    (await w.api<{ merchantSessionIdentifier: string }>('POST', PAYMENT_PATHS.applePayToken, { merchantBranchId: branch(), domainName: 'basket-cafe', basketBssId: bssId })).body
      .merchantSessionIdentifier;
  // What ApplePaySession's onpaymentauthorized gives the page: paymentData stays encrypted for Opayo.
  const appleToken = (displayName: string) => ({
    paymentData: { version: 'EC_v1', data: 'c2VjcmV0LWVuY3J5cHRlZC1ibG9i', signature: 'MIAGCSqGSIb3DQ', header: { ephemeralPublicKey: 'MFkwEw', publicKeyHash: 'l0CnXd', transactionId: '32b4f3' } },
    paymentMethod: { displayName, network: 'Visa', type: 'debit' },
    transactionIdentifier: '32b4f3',
  });

  it('the token becomes an Opayo payment with paymentMethod.applePay; the order is placed once', async () => {
    const id = await basketOf();
    const session = await applePayToken(id);
    expect(session).toMatch(/^SSH/);
    const body = { paymentType: 'APPLE PAY', paymentAccessToken: session, applePayPayment: appleToken('Visa 0006') };
    const res = await place(undefined, id, body);
    expect(res.body).toMatchObject({ basketStatus: 'PAID', paymentType: 'APPLE PAY' });
    const [p] = await paymentsOf(id);
    expect(p).toMatchObject({ state: 'AUTHORISED', provider: 'OPAYO', paymentType: 'APPLE PAY', cardLast4: '0006' });
    const sent = sentFor(p.reference);
    expect(sent.paymentMethod).toEqual({
      applePay: {
        clientIpAddress: expect.any(String),
        sessionValidationToken: session,
        paymentData: Buffer.from(JSON.stringify(appleToken('Visa 0006').paymentData)).toString('base64'),
        displayName: 'Visa 0006',
      },
    });
    // Placed again (a retry after a lost reply): the same order, no second charge.
    const again = await place(undefined, id, body);
    expect(again.body.orderNo).toBe(res.body.orderNo);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await w.t.db.select().from(customerOrder).where(eq(customerOrder.basketId, (await basketRow(id)).id))).toHaveLength(1);
  });

  it("declined: Opayo's words, nothing placed, the basket open again; a token is needed, and a session Opayo did not issue is refused", async () => {
    const id = await basketOf();
    const declined = await place(undefined, id, { paymentType: 'APPLE PAY', paymentAccessToken: await applePayToken(id), applePayPayment: appleToken('Visa 0002') });
    expect({ status: declined.status, details: declined.body.details }).toEqual({ status: 400, details: 'The Authorisation was Declined by the bank.' });
    expect((await basketRow(id)).state).toBe('OPEN');
    expect((await paymentsOf(id))[0].state).toBe('DECLINED');
    expect(await w.t.db.select().from(customerOrder).where(eq(customerOrder.basketId, (await basketRow(id)).id))).toEqual([]);

    expect((await place(undefined, id, { paymentType: 'APPLE PAY', paymentAccessToken: await applePayToken(id) })).body.details).toBe(PAYMENT_MESSAGES.invalidCard);
    const forged = await place(undefined, id, { paymentType: 'APPLE PAY', paymentAccessToken: 'SSHNOTISSUED', applePayPayment: appleToken('Visa 0006') });
    expect({ status: forged.status, details: forged.body.details }).toEqual({ status: 400, details: 'Invalid sessionValidationToken' });
    expect((await basketRow(id)).state).toBe('OPEN');
    // Paid properly afterwards.
    const paid = await place(undefined, id, { paymentType: 'APPLE PAY', paymentAccessToken: await applePayToken(id), applePayPayment: appleToken('Visa 0006') });
    expect(paid.body.basketStatus).toBe('PAID');
  });
});

describe('DOJO: the member as a Dojo customer; saved payment methods', () => {
  beforeAll(() => w.setSettings({ provider: 'DOJO', baseUrl: dojo.url, jwt: 'sk_sandbox_saved', password: null }));
  const dojoToken = async (token: string | undefined, bssId: string) =>
    (await call<PaymentTokenReply>('POST', PAYMENT_PATHS.token, token, { merchantBranchId: branch(), basketBssId: bssId })).body as { id: string };
  const intentCustomer = (intentId: string) => (dojo.intents.get(intentId)?.customer as { id?: string } | undefined)?.id;
  const dojoCards = async (memberId: number) => (await cardsOf(memberId)).filter((c) => c.provider === 'DOJO');

  it("a member's intent is made with their Dojo customer (reference member:{id}), its secret and SavedCard; a guest's has none; the secret stays on the server", async () => {
    const guest = await dojoToken(undefined, await basketOf());
    expect(dojo.intents.get(guest.id)?.customer).toBeUndefined();
    const t = await dojoToken(a.token, await basketOf());
    expect(Object.keys(t).sort()).toEqual(['clientSessionSecret', 'id', 'provider']);
    expect(dojo.intents.get(t.id)?.paymentMethods).toEqual(['Card', 'SavedCard', 'Wallet']);
    const customerId = intentCustomer(t.id);
    expect(dojo.customers.get(customerId ?? '')?.reference).toBe(`member:${a.id}`);
  });

  it("'Save this card': the card Dojo saved to the customer becomes the member's card; paying with it needs no new card", async () => {
    const id = await basketOf();
    const t = await dojoToken(a.token, id);
    dojo.pay(t.id, true, { save: true });
    const res = await place(a.token, id, { paymentAccessToken: t.id, saveCard: true });
    expect(res.body).toMatchObject({ basketStatus: 'PAID' });
    const [card] = await dojoCards(a.id);
    const customerId = intentCustomer(t.id);
    const [method] = dojo.customers.get(customerId ?? '')?.methods ?? [];
    expect(card).toMatchObject({ merchantBranchId: branch(), cardBrand: 'VISA', last4: '0006', expiryMonth: 12, expiryYear: 2030, providerToken: `${customerId}:${method.paymentMethodId}` });

    // The next checkout uses the same Dojo customer; the saved card is paid in Dojo's frame.
    const next = await basketOf();
    const again = await dojoToken(a.token, next);
    expect(intentCustomer(again.id)).toBe(customerId);
    expect((await place(b.token, next, { paymentAccessToken: again.id, cardNumber: card.id })).status).toBe(404);
    dojo.pay(again.id, true, { paymentMethodId: method.paymentMethodId });
    const paid = await place(a.token, next, { paymentAccessToken: again.id, cardNumber: card.id });
    expect(paid.body).toMatchObject({ basketStatus: 'PAID' });
    expect(await dojoCards(a.id)).toHaveLength(1);
  });

  it("a saved card cannot pay an intent of another customer (a guest's intent)", async () => {
    const [card] = await dojoCards(a.id);
    const id = await basketOf();
    const t = await dojoToken(undefined, id);
    dojo.pay(t.id, true);
    const res = await place(a.token, id, { paymentAccessToken: t.id, cardNumber: card.id });
    expect({ status: res.status, details: res.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.savedCardNotUsable });
    expect((await basketRow(id)).state).toBe('OPEN');
  });

  it('one Dojo customer per member and Dojo account, kept: later checkouts (also two at once) reuse it; another account gets its own; erasing the member forgets it', async () => {
    const c = await member('cora.customer@example.test');
    const made = () => [...dojo.customers.values()].filter((x) => x.reference === `member:${c.id}`).length;
    const kept = () => w.t.db.select().from(memberProviderCustomer).where(eq(memberProviderCustomer.memberUserId, c.id));
    const first = await dojoToken(c.token, await basketOf());
    const second = await dojoToken(c.token, await basketOf());
    // Two checkouts by the same member: one POST customers, both intents for that customer.
    expect(made()).toBe(1);
    expect(intentCustomer(second.id)).toBe(intentCustomer(first.id));
    expect(await kept()).toMatchObject([{ provider: 'DOJO', customerId: intentCustomer(first.id) }]);
    expect((await kept())[0].providerAccount).not.toContain('sk_sandbox');

    // Two checkouts at once by a member without one: one stored id, and both intents are made for it.
    const d = await member('dora.dual@example.test');
    const [x, y] = await Promise.all([dojoToken(d.token, await basketOf()), dojoToken(d.token, await basketOf())]);
    const stored = await w.t.db.select().from(memberProviderCustomer).where(eq(memberProviderCustomer.memberUserId, d.id));
    expect(stored).toHaveLength(1);
    expect([intentCustomer(x.id), intentCustomer(y.id)]).toEqual([stored[0].customerId, stored[0].customerId]);

    // The branch moved to another Dojo account: a customer of that account, kept beside the first.
    const other = await startDojoStandIn('sk_sandbox_other');
    try {
      await w.setSettings({ baseUrl: other.url, jwt: 'sk_sandbox_other' });
      const there = await dojoToken(c.token, await basketOf());
      const thereCustomer = (other.intents.get(there.id)?.customer as { id?: string } | undefined)?.id ?? '';
      expect(other.customers.get(thereCustomer)?.reference).toBe(`member:${c.id}`);
      await dojoToken(c.token, await basketOf());
      expect(other.customers.size).toBe(1);
      expect(await kept()).toHaveLength(2);
    } finally {
      await w.setSettings({ baseUrl: dojo.url, jwt: 'sk_sandbox_saved' });
      await other.close();
    }

    await w.t.db.transaction((tx) => eraseMember(tx, c.id));
    expect(await kept()).toEqual([]);
  });

  it('removal on Payment Methods: the saved payment method is deleted at Dojo (DELETE customers/{id}/payment-methods/{pmId}); Opayo has no removal call and is counted', async () => {
    const cards = await cardsOf(a.id);
    const [dojoCard] = cards.filter((c) => c.provider === 'DOJO');
    const [opayoCard] = cards.filter((c) => c.provider === 'OPAYO');
    const customerId = dojoCard.providerToken.split(':')[0];
    expect(dojo.customers.get(customerId)?.methods).toHaveLength(1);
    expect((await w.t.json<ApiError>('DELETE', `/api/${MEMBER_DATA_PATHS.card.base}${dojoCard.id}`, undefined, b.token)).status).toBe(404);
    expect(dojo.customers.get(customerId)?.methods).toHaveLength(1);
    expect((await w.t.json<ApiError>('DELETE', `/api/${MEMBER_DATA_PATHS.card.base}${dojoCard.id}`, undefined, a.token)).status).toBe(200);
    expect(dojo.customers.get(customerId)?.methods).toEqual([]);
    expect((await cardsOf(a.id)).map((c) => c.id)).toEqual([opayoCard.id]);
    const ref = (c: typeof dojoCard) => ({ memberUserId: a.id, merchantAccountId: c.merchantAccountId, merchantBranchId: c.merchantBranchId, provider: c.provider, providerToken: c.providerToken });
    const deps = paymentDeps({ db: w.t.db, publicUrl: 'http://shop.example', testEnvironment: true, timeoutMs: 2000 });
    // Gone already at Dojo (404) is fine; the Opayo card cannot be removed there.
    expect(await forgetSavedCards(deps, [ref(dojoCard)])).toBe(0);
    expect(await forgetSavedCards(deps, [ref(opayoCard)])).toBe(1);
  });
});

describe('no card number, CVV or Apple Pay payment data is kept (PCI DSS 3.3.1)', () => {
  it('neither the database nor the server log holds them', async () => {
    const dump = await databaseDump(w.t.db);
    expect(dump).toContain('0006');
    expect(dump).not.toContain(CARD);
    expect(dump).not.toMatch(new RegExp(`[^0-9a-f.]${CVV}[^0-9a-f]`));
    expect(dump).not.toContain('c2VjcmV0LWVuY3J5cHRlZC1ibG9i');
    const logged = log.join('');
    expect(logged).toContain(BASKET_PATHS.place);
    expect(logged).not.toContain(CARD);
    expect(logged).not.toMatch(new RegExp(`[^0-9.]${CVV}[^0-9]`));
    expect(logged).not.toContain('c2VjcmV0LWVuY3J5cHRlZC1ibG9i');
  });
});
