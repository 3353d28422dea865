import { PassThrough } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import { CHECKOUT_MESSAGES, type PlacedOrder } from '@tillpoint/contracts/order';
import { PAYMENT_MESSAGES, PAYMENT_PATHS, type PaymentTokenReply, type ThreeDSecureReply } from '@tillpoint/contracts/payment';
import { basket, customerOrder, payment } from '../../db/schema';
import { type ApiError, type BasketWorld, basketWorld } from '../basket/basket-test-kit';
import { settle } from './card-payment.service';
import { insertPendingPayment } from './payments.repo';
import { databaseDump } from './pci-dump';
import { paymentDeps } from './providers';
import { queryRows } from '../../db/rows';

/**
 * Card payments through the SIMULATOR and the real HTTP routes: token, hosted card fields, card
 * identifiers, place, 3-D Secure challenge and notification, declines, exactly once, recovery,
 * refunds, and (PCI DSS 3.3.1) no card number or CVV anywhere in the database or the log.
 */
const log: string[] = [];
let w: BasketWorld;
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => log.push(String(chunk)));
  w = await basketWorld({ logStream: stream, config: { logLevel: 'info' } });
  await w.setSettings({ provider: 'SIMULATOR', webOrderPaymentOptions: 'PAY AT COUNTER (COLLECTION),CARD (COLLECTION),CARD (DELIVERY),WALLET (COLLECTION)' });
});
afterAll(() => w.t.close());

const branch = () => w.s.merchantBranchId;
const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', mobilePhone: '07700 900123' };
const billing = { postCode: 'SW1A 2AA', city: 'London', addressLine1: '10 Downing Street' };
const CARDS = { ok: '4929000000006', declined: '4000000000000002', challenge: '4000000000003220' };
const CVV = '9173';

async function basketOf(items: [number, number][]): Promise<string> {
  let id: string | null = null;
  for (const [webMenuBssId, quantity] of items) {
    const res: { body: Basket } = await w.api('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: id, orderType: 'Collection', webMenuBssId, quantity });
    id = res.body.bssId;
  }
  return id as string;
}
const token = (basketBssId: string) => w.api<PaymentTokenReply & ApiError>('POST', PAYMENT_PATHS.token, { merchantBranchId: branch(), basketBssId });

/** What the hosted card fields do: the card goes to the simulator's card-identifiers call with the session key. */
async function cardIdentifier(sessionKey: string, cardNumber: string) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/${PAYMENT_PATHS.simulatorCardIdentifiers}`,
    headers: { authorization: `Bearer ${sessionKey}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ cardDetails: { cardholderName: 'Ada Lovelace', cardNumber, expiryDate: '1230', securityCode: CVV } }),
  });
  return { status: res.statusCode, body: res.json() as { cardIdentifier: string; last4: string; cardType: string } & ApiError };
}

async function payWith(cardNumber: string, bssId?: string) {
  const id = bssId ?? (await basketOf([[w.menu.gift.id, 1]]));
  const t = await token(id);
  expect(t.body).toMatchObject({ provider: 'SIMULATOR', frameUrl: expect.stringContaining('/api/payment-simulator/fields/') });
  const sessionKey = (t.body as { id: string }).id;
  const card = await cardIdentifier(sessionKey, cardNumber);
  expect(card.status).toBe(200);
  const res = await w.api<PlacedOrder & ThreeDSecureReply & ApiError>('POST', BASKET_PATHS.place, {
    merchantBranchId: branch(),
    id,
    orderType: 'Collection',
    ...guest,
    memberBillingAddress: billing,
    paymentType: 'CARD',
    paymentAccessToken: sessionKey,
    cardIdentifier: card.body.cardIdentifier,
    website: 'http://shop.example/basket-cafe',
    notificationURL: 'https://evil.example/steal',
  });
  return { id, res };
}

const basketState = async (bssId: string) => (await w.t.db.select().from(basket).where(eq(basket.bssId, bssId)))[0].state;
const paymentsOf = async (bssId: string) => {
  const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, bssId));
  return w.t.db.select().from(payment).where(and(eq(payment.merchantAccountId, w.s.merchantAccountId), eq(payment.basketId, b.id))).orderBy(payment.id);
};
const ordersOf = async (bssId: string) => {
  const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, bssId));
  return w.t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.basketId, b.id)));
};

/** The browser's part of 3-D Secure: post creq to the ACS page, press a button, post cres to our notification address. */
async function challenge(reply: ThreeDSecureReply, press: 'Authenticate' | 'Fail') {
  const page = await w.t.app.inject({
    method: 'POST',
    url: reply.acsUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ creq: reply.creq, threeDSSessionData: reply.transactionId }).toString(),
  });
  expect(page.statusCode).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1] as string;
  const cres = new RegExp(`name="cres" value="([^"]+)">${press}<`).exec(page.body)?.[1] as string;
  const session = /name="threeDSSessionData" value="([^"]+)"/.exec(page.body)?.[1] as string;
  expect(action).toBe(`/api/${PAYMENT_PATHS.notification(reply.transactionId)}`);
  const form = new URLSearchParams({ cres, threeDSSessionData: session }).toString();
  const post = () => w.t.app.inject({ method: 'POST', url: action, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
  return { post, page: page.body };
}

describe('starting a card payment (POST storemanagement/payment/token)', () => {
  it('SIMULATOR: a session key and the hosted card fields; the fields page and its script are served', async () => {
    const id = await basketOf([[w.menu.gift.id, 1]]);
    const t = await token(id);
    expect(t.status).toBe(200);
    const frame = await w.t.app.inject({ method: 'GET', url: (t.body as { frameUrl: string }).frameUrl });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toContain('text/html');
    expect(frame.body).toContain('Card number');
    expect(frame.body).toContain('4929 0000 0000 6'); // the test-card hint in a test environment
    const script = await w.t.app.inject({ method: 'GET', url: `/api/${PAYMENT_PATHS.simulatorFieldsScript}` });
    expect(script.body).toContain("source: 'tillpoint-payment'");
    // A key it never issued draws no card form.
    const unknown = await w.t.app.inject({ method: 'GET', url: `/api/${PAYMENT_PATHS.simulatorFields('not-a-session-key')}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('Card number');
  });

  it('a branch with provider NONE gets a clear 400; an unknown basket 404', async () => {
    const id = await basketOf([[w.menu.gift.id, 1]]);
    await w.setSettings({ provider: 'NONE' });
    try {
      const res = await token(id);
      expect({ status: res.status, details: res.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.noProvider });
    } finally {
      await w.setSettings({ provider: 'SIMULATOR' });
    }
    expect((await token('A'.repeat(43))).status).toBe(404);
  });

  it('the simulator refuses a bad card inside the frame and an unknown session', async () => {
    const id = await basketOf([[w.menu.gift.id, 1]]);
    const key = ((await token(id)).body as { id: string }).id;
    expect((await cardIdentifier(key, '4929000000007')).body.details).toBe('The card number is not valid.');
    expect((await cardIdentifier('nope', CARDS.ok)).status).toBe(401);
  });
});

describe('paying by card through the simulator', () => {
  it('an authorised card: the order is placed PAID; the payment keeps last four, brand and expiry only', async () => {
    const { id, res } = await payWith(CARDS.ok);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderType: 'COLLECTION', basketStatus: 'PAID', paymentType: 'CARD', message: CHECKOUT_MESSAGES.placed });
    const [p] = await paymentsOf(id);
    expect(p).toMatchObject({ state: 'AUTHORISED', provider: 'SIMULATOR', cardLast4: '0006', cardBrand: 'Visa', cardExpiry: '1230', orderId: res.body.id });
    expect(p.amount).toBe(900); // £10 less the 10 % collection discount
    expect(await basketState(id)).toBe('ORDERED');
    // Placed again (a retry after a lost reply): the same order, no second charge.
    const again = await w.api<PlacedOrder>('POST', BASKET_PATHS.place, { merchantBranchId: branch(), id, orderType: 'Collection', ...guest, paymentType: 'CARD' });
    expect(again.body.id).toBe(res.body.id);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('a declined card: the provider words, the payment DECLINED, the basket open again and payable', async () => {
    const { id, res } = await payWith(CARDS.declined);
    expect({ status: res.status, details: res.body.details }).toEqual({ status: 400, details: PAYMENT_MESSAGES.declined });
    expect(await ordersOf(id)).toEqual([]);
    expect(await basketState(id)).toBe('OPEN');
    const second = await payWith(CARDS.ok, id);
    expect(second.res.body.basketStatus).toBe('PAID');
    expect((await paymentsOf(id)).map((p) => p.state)).toEqual(['DECLINED', 'AUTHORISED']);
  });

  it('an option the provider cannot serve (WALLET with the simulator) is refused', async () => {
    const id = await basketOf([[w.menu.gift.id, 1]]);
    const res = await w.api<ApiError>('POST', BASKET_PATHS.place, { merchantBranchId: branch(), id, orderType: 'Collection', ...guest, paymentType: 'WALLET', paymentAccessToken: 'x' });
    expect(res.body.details).toBe(CHECKOUT_MESSAGES.paymentType);
  });

  it('3-D Secure: the challenge reply, the ACS page, the notification places the order once; a replay changes nothing', async () => {
    const { id, res } = await payWith(CARDS.challenge);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ acsUrl: `/api/${PAYMENT_PATHS.simulatorChallenge}`, creq: expect.any(String), transactionId: expect.any(String) });
    expect((await paymentsOf(id))[0].state).toBe('CHALLENGED');
    // While it waits for the issuer: no item can be added, a second place gets 409.
    const add = await w.api<ApiError>('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: id, orderType: 'Collection', webMenuBssId: w.menu.gift.id, quantity: 1 });
    expect(add.status).toBe(409);
    const busy = await w.api<ApiError>('POST', BASKET_PATHS.place, { merchantBranchId: branch(), id, orderType: 'Collection', ...guest, paymentType: 'CARD' });
    expect(busy.status).toBe(409);
    const { post, page } = await challenge(res.body, 'Authenticate');
    expect(page).toContain('£9.00'); // £10 less the collection discount
    const done = await post();
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/basket-cafe?successfulMessage=true');
    const orders = await ordersOf(id);
    expect(orders).toHaveLength(1);
    expect(orders[0].basketStatus).toBe('PAID');
    const replay = await post();
    expect(replay.headers.location).toBe('/basket-cafe?successfulMessage=true');
    expect(await ordersOf(id)).toHaveLength(1);
    expect((await paymentsOf(id)).map((p) => p.state)).toEqual(['AUTHORISED']);
  });

  it('3-D Secure failed: back to the store with successfulMessage=false, the basket open again', async () => {
    const { id, res } = await payWith(CARDS.challenge);
    const { post } = await challenge(res.body, 'Fail');
    const done = await post();
    expect(done.headers.location).toBe('/basket-cafe?successfulMessage=false');
    expect(await ordersOf(id)).toEqual([]);
    expect(await basketState(id)).toBe('OPEN');
    expect((await paymentsOf(id))[0]).toMatchObject({ state: 'DECLINED', message: PAYMENT_MESSAGES.challengeFailed });
  });

  it('two places of the same basket at once: one charge, 409 to the other', async () => {
    const id = await basketOf([[w.menu.gift.id, 1]]);
    const key = ((await token(id)).body as { id: string }).id;
    const cards = [await cardIdentifier(key, CARDS.ok), await cardIdentifier(key, CARDS.ok)];
    const body = (cardIdentifier: string) => ({ merchantBranchId: branch(), id, orderType: 'Collection', ...guest, paymentType: 'CARD', paymentAccessToken: key, cardIdentifier });
    const results = await Promise.all(cards.map((c) => w.api<PlacedOrder & ApiError>('POST', BASKET_PATHS.place, body(c.body.cardIdentifier))));
    for (const r of results) expect([200, 409]).toContain(r.status);
    const ok = results.filter((r) => r.status === 200);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    expect(await ordersOf(id)).toHaveLength(1);
    const payments = await paymentsOf(id);
    expect(payments.filter((p) => p.state === 'AUTHORISED')).toHaveLength(1);
    const [charges] = await queryRows<{ n: number }>(
      w.t.db,
      sql`select count(*)::int as n from payment_simulator_record where kind = 'TRANSACTION' and data->>'reference' = ${payments[0].reference}`,
    );
    expect(charges.n).toBe(1);
  });
});

describe('recovery of payments a crash left PENDING (the payment-recovery job)', () => {
  /** Steps 1 and 2 of a place without step 3: the payment recorded, the basket PLACING, the provider charged; then the server "dies". */
  async function crashedAfterCharge(cardNumber: string | null, autoAccept = false) {
    const id = await basketOf([[w.menu.gift.id, 1]]);
    const key = ((await token(id)).body as { id: string }).id;
    const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, id));
    const deps = paymentDeps({ db: w.t.db, publicUrl: 'http://shop.example', testEnvironment: true });
    const p = await w.t.db.transaction(async (tx) => {
      await tx.update(basket).set({ state: 'PLACING' }).where(eq(basket.id, b.id));
      const snapshot = {
        basketId: b.id,
        orderType: 'Collection' as const,
        paymentType: 'CARD',
        autoAccept,
        tableNo: null,
        customer: guest,
        deliveryAddress: null,
        orderNotes: null,
        allergies: null,
        deliveryTime: null,
        website: '/basket-cafe',
        money: { subTotal: 1000, discount: 0, serviceCharge: 0, deliveryFee: 0, tax: 0, total: 1000 },
        lines: [{ productId: w.products.giftP.id, name: 'Gift card', description: 'Gift card', quantityTenths: 10, totalPrice: 1000, weighable: false }],
      };
      return insertPendingPayment(tx, w.s, { basketId: b.id, provider: 'SIMULATOR', paymentType: 'CARD', amount: 1000, sessionId: key, checkout: snapshot });
    });
    if (cardNumber) {
      const card = await cardIdentifier(key, cardNumber);
      const provider = deps.providerFor('SIMULATOR', undefined);
      await provider?.authorise({
        reference: p.reference,
        sessionReference: null,
        amount: 1000,
        currency: 'GBP',
        description: 'x',
        paymentType: 'CARD',
        sessionId: key,
        cardIdentifier: card.body.cardIdentifier,
        notificationUrl: 'http://shop.example/n',
        customer: guest,
        billing: null,
        browser: { ip: '127.0.0.1', accept: '', userAgent: '', language: 'en-GB' },
      });
    }
    // Long enough ago for the job to take it.
    await w.t.db.update(payment).set({ updatedDate: new Date(Date.now() - 3_600_000) }).where(eq(payment.id, p.id));
    return id;
  }

  it('charged before the crash: the job finds the charge and places the order once', async () => {
    const id = await crashedAfterCharge(CARDS.ok);
    await w.t.runJob('payment-recovery');
    await w.t.runJob('payment-recovery');
    const orders = await ordersOf(id);
    expect(orders).toHaveLength(1);
    expect(orders[0].basketStatus).toBe('PAID');
    expect((await paymentsOf(id))[0]).toMatchObject({ state: 'AUTHORISED', cardLast4: '0006' });
  });

  it('an order accepted as its payment settles wakes the print queue once; settled again, or left for staff to accept, it does not', async () => {
    let told = 0;
    const deps = { ...paymentDeps({ db: w.t.db, publicUrl: 'http://shop.example', testEnvironment: true }), ticketsQueued: () => told++ };
    const settleAuthorised = async (id: string) => settle(deps, w.s, (await paymentsOf(id))[0].id, { status: 'AUTHORISED', transactionId: `t-${id}`, card: null });
    const accepted = await crashedAfterCharge(null, true);
    expect(await settleAuthorised(accepted)).toMatchObject({ kind: 'placed', order: { orderStatus: 'ORDER_ACCEPTED' } });
    expect(told).toBe(1);
    await settleAuthorised(accepted);
    expect(told).toBe(1);
    expect(await settleAuthorised(await crashedAfterCharge(null))).toMatchObject({ kind: 'placed', order: { orderStatus: 'ORDER_PLACED' } });
    expect(told).toBe(1);
  });

  it('never charged: the payment FAILED and the basket open again', async () => {
    const id = await crashedAfterCharge(null);
    await w.t.runJob('payment-recovery');
    expect(await ordersOf(id)).toEqual([]);
    expect(await basketState(id)).toBe('OPEN');
    expect((await paymentsOf(id))[0].state).toBe('FAILED');
  });
});

describe('no card number or CVV is kept (PCI DSS 3.3.1)', () => {
  it('after paying with test cards through the real routes, neither appears in any table or in the server log', async () => {
    await payWith(CARDS.ok);
    const dump = await databaseDump(w.t.db);
    expect(dump.length).toBeGreaterThan(10_000);
    expect(dump).toContain('0006'); // the last four are kept
    for (const secret of Object.values(CARDS)) expect(dump).not.toContain(secret);
    expect(dump).not.toMatch(new RegExp(`[^0-9.]${CVV}[^0-9]`)); // (a fraction of a second may end in these digits)
    const logged = log.join('');
    expect(logged).toContain(PAYMENT_PATHS.simulatorCardIdentifiers); // the card route was logged, by its path only
    for (const secret of Object.values(CARDS)) expect(logged).not.toContain(secret);
    expect(logged).not.toContain(`"securityCode"`);
  });
});
