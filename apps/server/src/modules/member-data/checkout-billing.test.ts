import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import { type LiveOrder, ORDER_PATHS } from '@tillpoint/contracts/order-handling';
import { PAYMENT_PATHS, type PaymentTokenReply } from '@tillpoint/contracts/payment';
import { basket, customerOrder, memberBillingAddress, memberUser, payment } from '../../db/schema';
import { createTokenSigner } from '../../platform/auth';
import { eraseMember } from '../members/members.repo';
import { issueRefreshToken } from '../../platform/sessions';
import { type ApiError, type BasketWorld, basketWorld } from '../basket/basket-test-kit';
import { type OpayoStandIn, opayoCardIdentifier, startOpayoStandIn } from '../payments/opayo-stand-in';

/**
 * The member's checkout pays with the billing address the member chose (spec 3 §4.8; issue 11): a
 * saved one goes by its id and the server reads it from the member's own list, so the provider
 * (Opayo's stand-in here, which keeps what it was sent) gets exactly that address; another member's
 * id, or a visitor's, is refused before anything changes. The order keeps the billing address the
 * card was paid with (spec 3 §3 place-order payload), in the order's API shape.
 */
const SECRET = 'checkout-billing-test-secret-0123456789';
const signer = createTokenSigner(SECRET);
const creds = { vendorName: 'tillpointbill', key: 'bill-key-123', password: 'bill-pass-456' };
let w: BasketWorld;
let opayo: OpayoStandIn;
let ann: { id: number; token: string };
let bob: { id: number; token: string };
let annBilling: number;
let owner: string;

const SAVED = { postCode: 'EC1A 1BB', city: 'London', addressLine1: '1 Billing Road', addressLine2: 'Floor 2', addressLine3: null, addressLine4: null };
/** What a tampered page might send beside the id: the server must not use it. */
const TYPED = { postCode: 'SW1A 2AA', city: 'Elsewhere', addressLine1: '99 Typed Lane', addressLine2: '', addressLine3: '', addressLine4: '' };

async function member(email: string) {
  const [row] = await w.t.db.insert(memberUser).values({ email, firstName: 'Bill', lastName: 'Payer', emailVerified: true }).returning();
  const sessionId = randomUUID();
  await issueRefreshToken(w.t.db, { userType: 'member', userId: row.id, tenantId: null, branchId: null }, sessionId);
  return { id: row.id, token: (await signer.sign({ userType: 'member', userId: row.id, merchantAccountId: null, merchantBranchId: null, privileges: new Set(), sessionId })).token };
}

beforeAll(async () => {
  [w, opayo] = await Promise.all([basketWorld({ config: { jwtSecret: SECRET } }), startOpayoStandIn(creds)]);
  await w.setSettings({
    provider: 'OPAYO',
    baseUrl: opayo.url,
    vendorName: creds.vendorName,
    jwt: creds.key,
    password: creds.password,
    autoOrderConfirm: true,
    webOrderPaymentOptions: 'CARD (COLLECTION),PAY AT COUNTER (COLLECTION)',
  });
  ann = await member('ann.billing@example.test');
  bob = await member('bob.billing@example.test');
  const [row] = await w.t.db.insert(memberBillingAddress).values({ memberUserId: ann.id, ...SAVED, defaultAddress: true }).returning();
  annBilling = row.id;
  owner = (await w.t.signIn('merchant', { userName: 'bcafe', password: 'Bcafe1234', domainName: 'basket-cafe' })).accessToken;
});
afterAll(async () => {
  await Promise.all([w.t.close(), opayo.close()]);
});

const branch = () => w.s.merchantBranchId;
const call = <T>(path: string, token: string | undefined, body: unknown, method: 'POST' | 'PUT' = 'POST') => w.t.json<T & ApiError>(method, `/api/${path}`, body, token);

/** A basket of the member's (taken over at sign-in) with a card session and card identifier from Opayo. */
async function cardCheckout(who: { token: string } | null) {
  const add = await w.api<Basket>('PUT', BASKET_PATHS.addItem, { merchantBranchId: branch(), basketBssId: null, orderType: 'Collection', webMenuBssId: w.menu.gift.id, quantity: 1 });
  const bssId = add.body.bssId as string;
  if (who) expect((await call(MEMBER_DATA_PATHS.setBasketToLoginUser(branch(), bssId), who.token, undefined, 'PUT')).status).toBe(200);
  const key = ((await w.api<PaymentTokenReply>('POST', PAYMENT_PATHS.token, { merchantBranchId: branch(), basketBssId: bssId })).body as { merchantSessionKey: string }).merchantSessionKey;
  return {
    bssId,
    body: {
      merchantBranchId: branch(),
      id: bssId,
      orderType: 'Collection',
      firstName: 'Bill',
      lastName: 'Payer',
      email: 'bill.payer@example.test',
      mobilePhone: '07700 900222',
      paymentType: 'CARD',
      paymentAccessToken: key,
      cardIdentifier: await opayoCardIdentifier(opayo, key, '4929000000006'),
      website: '/basket-cafe',
    },
  };
}

/** What the provider was sent as the billing address of the basket's payment, if it was asked at all. */
async function billingSent(bssId: string) {
  const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, bssId));
  const [p] = await w.t.db.select().from(payment).where(and(eq(payment.merchantAccountId, w.s.merchantAccountId), eq(payment.basketId, b.id)));
  if (!p) return null;
  return (opayo.received.find((r) => r.body.vendorTxCode === p.reference)?.body.billingAddress as Record<string, string> | undefined) ?? null;
}

/** Nothing moved: the basket still open, no payment, no order. */
async function untouched(bssId: string) {
  const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, bssId));
  expect(b.state).toBe('OPEN');
  expect(await w.t.db.select().from(payment).where(and(eq(payment.merchantAccountId, w.s.merchantAccountId), eq(payment.basketId, b.id)))).toEqual([]);
  expect(await w.t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.basketId, b.id)))).toEqual([]);
}

/** The billing address kept on the basket's order (null: none), and the order as the merchant's API shows it. */
async function orderBilling(bssId: string) {
  const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, bssId));
  const [o] = await w.t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.basketId, b.id)));
  const shown = await w.t.json<LiveOrder>('GET', `/api/${ORDER_PATHS.byId(o.id)}`, undefined, owner);
  expect(shown.status).toBe(200);
  return { stored: o.billingAddress, shown: shown.body.billingAddress, id: o.id };
}

const annsBilling = async () => (await w.t.db.select().from(memberBillingAddress).where(eq(memberBillingAddress.memberUserId, ann.id))).map((a) => [a.id, a.addressLine1, a.postCode]);

describe("the member's chosen billing address", () => {
  it('a saved billing address by id: the provider gets that address, not the fields sent beside it, and nothing is saved again', async () => {
    const { bssId, body } = await cardCheckout(ann);
    const res = await call<PlacedOrder>(BASKET_PATHS.place, ann.token, { ...body, memberBillingAddressId: annBilling, memberBillingAddress: TYPED, saveBillingAddress: true });
    expect(res.status).toBe(200);
    expect(res.body.basketStatus).toBe('PAID');
    expect(await billingSent(bssId)).toMatchObject({ address1: '1 Billing Road', address2: 'Floor 2', city: 'London', postalCode: 'EC1A 1BB' });
    expect(await annsBilling()).toEqual([[annBilling, '1 Billing Road', 'EC1A 1BB']]);
    // The order keeps the address the card was paid with, the saved one, not the typed fields.
    expect(await orderBilling(bssId)).toMatchObject({ stored: SAVED, shown: '1 Billing Road, Floor 2, London, EC1A 1BB' });
  });

  it("'Other': the typed billing address goes to the provider and is kept on the order", async () => {
    const { bssId, body } = await cardCheckout(ann);
    const res = await call<PlacedOrder>(BASKET_PATHS.place, ann.token, { ...body, memberBillingAddress: { ...TYPED, postCode: 'sw1a2aa' } });
    expect(res.status).toBe(200);
    expect(await billingSent(bssId)).toMatchObject({ address1: '99 Typed Lane', city: 'Elsewhere', postalCode: 'SW1A 2AA' });
    const kept = await orderBilling(bssId);
    expect(kept.stored).toEqual({ postCode: 'SW1A 2AA', city: 'Elsewhere', addressLine1: '99 Typed Lane', addressLine2: null, addressLine3: null, addressLine4: null });
    expect(kept.shown).toBe('99 Typed Lane, Elsewhere, SW1A 2AA');
  });

  it('an order not paid by card keeps no billing address, even when one is sent', async () => {
    const { bssId, body } = await cardCheckout(null);
    const res = await call<PlacedOrder>(BASKET_PATHS.place, undefined, { ...body, paymentType: 'PAY AT COUNTER', paymentAccessToken: null, cardIdentifier: null, memberBillingAddress: TYPED });
    expect(res.status).toBe(200);
    expect(await orderBilling(bssId)).toMatchObject({ stored: null, shown: null });
  });

  it("erasing the member blanks the billing address on their orders (the order stays)", async () => {
    const carl = await member('carl.billing@example.test');
    const { bssId, body } = await cardCheckout(carl);
    expect((await call<PlacedOrder>(BASKET_PATHS.place, carl.token, { ...body, memberBillingAddress: TYPED })).status).toBe(200);
    expect((await orderBilling(bssId)).stored).not.toBeNull();
    await w.t.db.transaction((tx) => eraseMember(tx, carl.id));
    expect(await orderBilling(bssId)).toMatchObject({ stored: null, shown: null });
    const [b] = await w.t.db.select().from(basket).where(eq(basket.bssId, bssId));
    const [p] = await w.t.db.select().from(payment).where(and(eq(payment.merchantAccountId, w.s.merchantAccountId), eq(payment.basketId, b.id)));
    expect((p.checkout as { billingAddress?: unknown }).billingAddress).toBeNull();
  });

  it("another member's saved billing address id is not found (404) and changes nothing", async () => {
    const { bssId, body } = await cardCheckout(bob);
    const sentBefore = opayo.received.length;
    const res = await call(BASKET_PATHS.place, bob.token, { ...body, memberBillingAddressId: annBilling, memberBillingAddress: TYPED, saveBillingAddress: true });
    expect(res.status).toBe(404);
    await untouched(bssId);
    expect(opayo.received.length).toBe(sentBefore);
    expect(await annsBilling()).toEqual([[annBilling, '1 Billing Road', 'EC1A 1BB']]);
    expect(await w.t.db.select().from(memberBillingAddress).where(eq(memberBillingAddress.memberUserId, bob.id))).toEqual([]);
  });

  it('a saved billing address id from a visitor: not signed in (401), nothing changes', async () => {
    const { bssId, body } = await cardCheckout(null);
    const res = await call(BASKET_PATHS.place, undefined, { ...body, memberBillingAddressId: annBilling });
    expect(res.status).toBe(401);
    await untouched(bssId);
  });
});
