import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import { PAYMENT_MESSAGES, PAYMENT_PATHS, type PaymentTokenReply, type ThreeDSecureReply } from '@tillpoint/contracts/payment';
import { basket, customerOrder, orderEvent, payment } from '../../db/schema';
import { type ApiError, type BasketWorld, basketWorld } from '../basket/basket-test-kit';
import { refundPayment } from './card-payment.service';
import { type DojoStandIn, startDojoStandIn } from './dojo-stand-in';
import { type OpayoStandIn, opayoCardIdentifier, startOpayoStandIn } from './opayo-stand-in';
import { MAX_RECOVERY_ATTEMPTS, RELEASED_MESSAGE } from './payment-recovery';
import { paymentDeps } from './providers';

/**
 * Placing and refunding card orders through the real routes with the branch set to OPAYO or DOJO
 * (their stand-ins at the branch's base URL): 5xx leaves the basket open and payable, a timeout
 * places nothing, Opayo 3-D Secure through our notification, Dojo's paid intent, and
 * refundPayment(db, scope, orderId) with each provider (and the SIMULATOR).
 */
const creds = { vendorName: 'tillpointtest', key: 'int-key-123', password: 'int-pass-456', reportingUser: 'tillpoint-reports', reportingPassword: 'rep-pass-789' };
let w: BasketWorld;
let opayo: OpayoStandIn;
let dojo: DojoStandIn;
beforeAll(async () => {
  process.env.PAYMENT_TIMEOUT_MS = '500';
  [w, opayo, dojo] = await Promise.all([basketWorld(), startOpayoStandIn(creds), startDojoStandIn('sk_sandbox_flow')]);
  await w.setSettings({ autoOrderConfirm: true, webOrderPaymentOptions: 'CARD (COLLECTION),WALLET (COLLECTION),APPLE PAY (COLLECTION),PAY AT COUNTER (COLLECTION)' });
});
afterAll(async () => {
  delete process.env.PAYMENT_TIMEOUT_MS;
  await Promise.all([w.t.close(), opayo.close(), dojo.close()]);
});

const useOpayo = () =>
  w.setSettings({ provider: 'OPAYO', baseUrl: opayo.url, vendorName: creds.vendorName, jwt: creds.key, password: creds.password, reportingUser: creds.reportingUser, reportingPassword: creds.reportingPassword });
const useDojo = () => w.setSettings({ provider: 'DOJO', baseUrl: dojo.url, jwt: 'sk_sandbox_flow', password: null });
const applePayToken = (basketBssId: string, domainName = 'basket-cafe') =>
  w.api<Record<string, unknown> & ApiError>('POST', PAYMENT_PATHS.applePayToken, { merchantBranchId: branch(), domainName, basketBssId });
const useSimulator = () => w.setSettings({ provider: 'SIMULATOR', baseUrl: null, jwt: null, password: null });

const branch = () => w.s.merchantBranchId;
const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', mobilePhone: '07700 900123' };
const billing = { postCode: 'SW1A 2AA', city: 'London', addressLine1: '10 Downing Street' };

async function basketOf(): Promise<string> {
  const res: { body: Basket } = await w.api('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: null, orderType: 'Collection', webMenuBssId: w.menu.gift.id, quantity: 1 });
  return res.body.bssId as string;
}
const token = (basketBssId: string) => w.api<PaymentTokenReply & ApiError>('POST', PAYMENT_PATHS.token, { merchantBranchId: branch(), basketBssId });
const place = (id: string, extra: Record<string, unknown>) =>
  w.api<PlacedOrder & ThreeDSecureReply & ApiError>('POST', BASKET_PATHS.place, {
    merchantBranchId: branch(),
    id,
    orderType: 'Collection',
    ...guest,
    memberBillingAddress: billing,
    paymentType: 'CARD',
    website: '/basket-cafe',
    ...extra,
  });
async function opayoPlace(id: string, cardNumber: string) {
  const t = await token(id);
  expect(t.body.provider).toBe('OPAYO');
  const key = (t.body as { merchantSessionKey: string }).merchantSessionKey;
  return place(id, { paymentAccessToken: key, cardIdentifier: await opayoCardIdentifier(opayo, key, cardNumber) });
}
const state = async (id: string) => (await w.t.db.select().from(basket).where(eq(basket.bssId, id)))[0].state;
const paymentsOf = async (id: string) => {
  const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, id));
  return w.t.db.select().from(payment).where(and(eq(payment.merchantAccountId, w.s.merchantAccountId), eq(payment.basketId, b.id))).orderBy(payment.id);
};
const deps = () => paymentDeps({ db: w.t.db, publicUrl: 'http://shop.example', testEnvironment: true, timeoutMs: 500 });

describe('OPAYO through the real routes', () => {
  it('authorised: the order is PAID; the notification address we gave Opayo is our own, not the client one', async () => {
    await useOpayo();
    const id = await basketOf();
    const res = await opayoPlace(id, '4929000000006');
    expect(res.body).toMatchObject({ basketStatus: 'PAID', orderStatus: 'ORDER_ACCEPTED' });
    const [p] = await paymentsOf(id);
    const sent = opayo.received.find((r) => r.body.vendorTxCode === p.reference);
    expect((sent?.body.strongCustomerAuthentication as { notificationURL: string } | undefined)?.notificationURL).toMatch(new RegExp(`/api/storemanagement/payment/notification/${p.reference.replace('.', '\\.')}$`));
  });

  it('5xx: a clear error, nothing placed, the basket open and payable again', async () => {
    await useOpayo();
    const id = await basketOf();
    const t = await token(id);
    const key = (t.body as { merchantSessionKey: string }).merchantSessionKey;
    const cardIdentifier = await opayoCardIdentifier(opayo, key, '4929000000006');
    opayo.mode = 'down';
    let res: Awaited<ReturnType<typeof place>>;
    try {
      res = await place(id, { paymentAccessToken: key, cardIdentifier });
    } finally {
      opayo.mode = 'normal';
    }
    expect({ status: res.status, details: res.body.details }).toEqual({ status: 502, details: PAYMENT_MESSAGES.unavailable });
    expect(await state(id)).toBe('OPEN');
    expect((await paymentsOf(id))[0].state).toBe('FAILED');
    expect((await opayoPlace(id, '4929000000006')).body.basketStatus).toBe('PAID');
  });

  it('timeout: a clear error, nothing placed; the basket waits (409) until the payment is settled', async () => {
    await useOpayo();
    const id = await basketOf();
    const t = await token(id);
    const key = (t.body as { merchantSessionKey: string }).merchantSessionKey;
    const cardIdentifier = await opayoCardIdentifier(opayo, key, '4929000000006');
    opayo.mode = 'slow';
    let res: Awaited<ReturnType<typeof place>>;
    try {
      res = await place(id, { paymentAccessToken: key, cardIdentifier });
    } finally {
      opayo.mode = 'normal';
    }
    expect({ status: res.status, details: res.body.details }).toEqual({ status: 504, details: PAYMENT_MESSAGES.timeout });
    const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, id));
    expect(await w.t.db.select().from(customerOrder).where(eq(customerOrder.basketId, b.id))).toEqual([]);
    expect(b.state).toBe('PLACING');
    expect((await paymentsOf(id))[0].state).toBe('PENDING');
    expect((await place(id, { paymentAccessToken: key, cardIdentifier })).status).toBe(409);
  });

  /** Opayo charges the card but its answer is lost: 504, the payment PENDING with no transactionId. */
  async function chargedWithoutAnswer() {
    const id = await basketOf();
    const t = await token(id);
    const key = (t.body as { merchantSessionKey: string }).merchantSessionKey;
    const cardIdentifier = await opayoCardIdentifier(opayo, key, '4929000000006');
    opayo.loseReplies = 1;
    const res = await place(id, { paymentAccessToken: key, cardIdentifier });
    expect({ status: res.status, details: res.body.details }).toEqual({ status: 504, details: PAYMENT_MESSAGES.timeout });
    expect((await paymentsOf(id))[0]).toMatchObject({ state: 'PENDING', transactionId: null });
    return id;
  }
  /** One run of the job with the payment old enough for it to ask (it waits past the provider's deadline). */
  async function recoveryRun(id: string) {
    const [p] = await paymentsOf(id);
    await w.t.db.update(payment).set({ updatedDate: new Date(Date.now() - 3_600_000) }).where(eq(payment.id, p.id));
    await w.t.runJob('payment-recovery');
  }

  it('timeout after Opayo took the money: the recovery job finds it by our vendorTxCode and places the order once', async () => {
    await useOpayo();
    const id = await chargedWithoutAnswer();
    await recoveryRun(id);
    await recoveryRun(id);
    const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, id));
    const orders = await w.t.db.select().from(customerOrder).where(eq(customerOrder.basketId, b.id));
    expect(orders.map((o) => o.basketStatus)).toEqual(['PAID']);
    expect((await paymentsOf(id))[0]).toMatchObject({ state: 'AUTHORISED', cardLast4: '0006', transactionId: expect.any(String) });
    // (The job also asks about other payments left stale by earlier tests.)
    expect(opayo.received.filter((r) => r.path === '/access/access.htm').map((r) => r.body.vendortxcode)).toContain((await paymentsOf(id))[0].reference);
    // The customer placing again gets the same order, not a second charge.
    expect((await place(id, { paymentAccessToken: 'x', cardIdentifier: 'y' })).body.id).toBe(orders[0].id);
  });

  it('Opayo cannot say (no Reporting API user): asked again on each run, then released after the limit, never placed', async () => {
    await useOpayo();
    await w.setSettings({ reportingUser: null });
    try {
      const id = await chargedWithoutAnswer();
      for (let i = 1; i < MAX_RECOVERY_ATTEMPTS; i++) await recoveryRun(id);
      expect((await paymentsOf(id))[0]).toMatchObject({ state: 'PENDING', recoveryAttempts: MAX_RECOVERY_ATTEMPTS - 1 });
      expect(await state(id)).toBe('PLACING');
      await recoveryRun(id);
      expect((await paymentsOf(id))[0]).toMatchObject({ state: 'FAILED', message: RELEASED_MESSAGE, recoveryAttempts: MAX_RECOVERY_ATTEMPTS });
      expect(await state(id)).toBe('OPEN');
      const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, id));
      expect(await w.t.db.select().from(customerOrder).where(eq(customerOrder.basketId, b.id))).toEqual([]);
    } finally {
      await useOpayo();
    }
  });

  it('Apple Pay merchant validation (applepay/token): Opayo\'s Apple Pay session for our own web address, for an open basket of this store', async () => {
    await useOpayo();
    const id = await basketOf();
    const res = await applePayToken(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ merchantSessionIdentifier: expect.stringMatching(/^SSH/), signature: expect.any(String), displayName: creds.vendorName });
    const asked = opayo.received.filter((r) => r.path === '/applepay/sessions').at(-1);
    // Validated for the host the storefront is served from (PUBLIC_URL), never a name the client sends.
    expect(asked?.body).toEqual({ vendorName: creds.vendorName, domainName: 'localhost' }); // the test app's PUBLIC_URL is http://localhost:{port}
    expect(asked?.authorization).toBe(`Basic ${Buffer.from(`${creds.key}:${creds.password}`).toString('base64')}`);

    // Another store's name, an unknown basket, an empty or spent basket, a store that does not offer Apple Pay: each refused.
    expect((await applePayToken(id, 'elsewhere')).status).toBe(404);
    expect((await applePayToken('A'.repeat(32))).status).toBe(404);
    const emptied = await basketOf();
    const [line] = (await w.api<Basket>('GET', BASKET_PATHS.status(branch(), 'Collection', emptied))).body.basketDetailList;
    await w.api('PUT', BASKET_PATHS.removeItem, { merchantBranchId: branch(), basketBssId: emptied, bssId: line.bssId });
    expect((await applePayToken(emptied)).body.details).toBe('Your order is empty!');
    await w.setSettings({ webOrderPaymentOptions: 'CARD (COLLECTION),PAY AT COUNTER (COLLECTION)' });
    try {
      expect((await applePayToken(id)).body.details).toBe(PAYMENT_MESSAGES.notServed);
    } finally {
      await w.setSettings({ webOrderPaymentOptions: 'CARD (COLLECTION),WALLET (COLLECTION),APPLE PAY (COLLECTION),PAY AT COUNTER (COLLECTION)' });
    }
    opayo.mode = 'down';
    try {
      expect(await applePayToken(id)).toMatchObject({ status: 502, body: { details: PAYMENT_MESSAGES.unavailable } });
    } finally {
      opayo.mode = 'normal';
    }
  });

  it('3-D Secure: {acsUrl, creq, transactionId}; the issuer posts cres to our notification; placed once', async () => {
    await useOpayo();
    const id = await basketOf();
    const res = await opayoPlace(id, '4000000000003220');
    expect(res.body).toMatchObject({ acsUrl: `${opayo.url}/acs`, creq: expect.any(String) });
    const notify = () =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/${PAYMENT_PATHS.notification(res.body.transactionId)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ cres: 'Y', threeDSSessionData: res.body.transactionId }).toString(),
      });
    const [first, replay] = [await notify(), await notify()];
    expect([first.statusCode, first.headers.location]).toEqual([303, '/basket-cafe?successfulMessage=true']);
    expect(replay.headers.location).toBe('/basket-cafe?successfulMessage=true');
    const [p] = await paymentsOf(id);
    expect(p).toMatchObject({ state: 'AUTHORISED', cardLast4: '3220' });
    expect(await w.t.db.select().from(customerOrder).where(eq(customerOrder.id, p.orderId as number))).toHaveLength(1);
  });
});

describe('DOJO through the real routes', () => {
  it('token makes an intent for the basket total; paid in the browser, the place is PAID; unpaid, it is refused and the basket reopens', async () => {
    await useDojo();
    const id = await basketOf();
    const t = await token(id);
    expect(t.body).toMatchObject({ provider: 'DOJO', id: expect.stringMatching(/^pi_/), clientSessionSecret: expect.any(String) });
    const intentId = (t.body as { id: string }).id;
    expect(dojo.intents.get(intentId)?.amount).toEqual({ value: 900, currencyCode: 'GBP' });
    const unpaid = await place(id, { paymentType: 'WALLET', paymentAccessToken: intentId });
    expect(unpaid.status).toBe(400);
    expect(await state(id)).toBe('OPEN');
    dojo.pay(intentId, true);
    const paid = await place(id, { paymentType: 'WALLET', paymentAccessToken: intentId });
    expect(paid.body).toMatchObject({ basketStatus: 'PAID', paymentType: 'WALLET' });
    // The paid intent cannot pay another basket.
    const other = await basketOf();
    const reuse = await place(other, { paymentType: 'WALLET', paymentAccessToken: intentId });
    expect({ status: reuse.status, details: reuse.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.sessionExpired });
  });

  it('Apple Pay merchant validation (applepay/token): refused for DOJO, which takes Apple Pay in its own wallet frame', async () => {
    await useDojo();
    const res = await applePayToken(await basketOf());
    expect({ status: res.status, details: res.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.notServed });
  });

  it('APPLE PAY is not served by Dojo', async () => {
    await useDojo();
    const res = await place(await basketOf(), { paymentType: 'APPLE PAY', paymentAccessToken: 'x' });
    expect(res.body.details).toBe('Please select payment type');
  });
});

describe('refundPayment(db, scope, orderId)', () => {
  const refundedOrder = async (orderId: number) => (await w.t.db.select().from(customerOrder).where(eq(customerOrder.id, orderId)))[0];

  it('SIMULATOR, OPAYO and DOJO: refunded once, the order a refund basket with its event; a second refund 409', async () => {
    const orders: number[] = [];
    await useSimulator();
    {
      const id = await basketOf();
      const key = ((await token(id)).body as { id: string }).id;
      const card = await w.t.app.inject({
        method: 'POST',
        url: `/api/${PAYMENT_PATHS.simulatorCardIdentifiers}`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ cardDetails: { cardholderName: 'A', cardNumber: '4929000000006', expiryDate: '1230', securityCode: '123' } }),
      });
      orders.push((await place(id, { paymentAccessToken: key, cardIdentifier: card.json().cardIdentifier })).body.id);
      const reply = await refundPayment(deps(), w.s, orders[0]);
      expect(reply).toMatchObject({ basketType: 'refund', message: PAYMENT_MESSAGES.refunded });
    }
    await useOpayo();
    orders.push((await opayoPlace(await basketOf(), '4929000000006')).body.id);
    await refundPayment(deps(), w.s, orders[1]);
    expect(opayo.received.at(-1)?.body).toMatchObject({ transactionType: 'Refund', amount: 900 });
    await useDojo();
    {
      const id = await basketOf();
      const intentId = ((await token(id)).body as { id: string }).id;
      dojo.pay(intentId, true);
      orders.push((await place(id, { paymentAccessToken: intentId })).body.id);
      await refundPayment(deps(), w.s, orders[2]);
      expect(dojo.intents.get(intentId)).toMatchObject({ status: 'Refunded', refundedAmount: 900 });
    }
    for (const orderId of orders) {
      expect(await refundedOrder(orderId)).toMatchObject({ basketType: 'refund', basketStatus: 'PAID' });
      const events = await w.t.db.select().from(orderEvent).where(eq(orderEvent.orderId, orderId));
      expect(events.map((e) => e.kind)).toContain('ORDER_REFUNDED');
      const again = await refundPayment(deps(), w.s, orderId).catch((e: { status: number; details: string }) => e);
      expect(again).toMatchObject({ status: 409, details: PAYMENT_MESSAGES.notRefundable });
    }
  });

  it('an unpaid order is not refundable (409); another tenant gets 404; a provider down leaves the payment refundable', async () => {
    await useOpayo();
    const unpaid = await place(await basketOf(), { paymentType: 'PAY AT COUNTER' });
    expect(await refundPayment(deps(), w.s, unpaid.body.id).catch((e) => e.status)).toBe(409);
    const paid = await opayoPlace(await basketOf(), '4929000000006');
    const otherScope = { merchantAccountId: w.other.merchantAccountId, merchantBranchId: w.other.merchantBranchId };
    expect(await refundPayment(deps(), otherScope, paid.body.id).catch((e) => e.status)).toBe(404);
    opayo.mode = 'down';
    try {
      expect(await refundPayment(deps(), w.s, paid.body.id).catch((e) => e.details)).toBe(PAYMENT_MESSAGES.refundFailed);
    } finally {
      opayo.mode = 'normal';
    }
    const [p] = await w.t.db.select().from(payment).where(eq(payment.orderId, paid.body.id));
    expect(p.state).toBe('AUTHORISED');
    expect((await refundPayment(deps(), w.s, paid.body.id)).basketType).toBe('refund');
  });
});
