import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import { FEEDBACK_PER_HOUR, MEMBER_DATA_PATHS as P, MEMBER_ORDER_STATUS, MEMBER_ORDER_STATUSES, type PreviousOrder } from '@tillpoint/contracts/member-data';
import type { MemberAddress, MemberCard } from '@tillpoint/contracts/member';
import { ORDER_STATUSES } from '@tillpoint/contracts/order';
import type { MarketplaceBranch } from '@tillpoint/contracts/marketplace';
import {
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
  merchantBranch,
} from '../../db/schema';
import { createTokenSigner } from '../../platform/auth';
import { saveMemberCard } from '../../platform/member-cards';
import { issueRefreshToken } from '../../platform/sessions';
import { ROLE, addMerchantUser } from '../../test/fixtures';
import { type ApiError, type BasketWorld, basketWorld } from '../basket/basket-test-kit';

const SECRET = 'member-data-test-secret-0123456789abcdef';
const REQUIRED = 'Please fill the required fields!';
const SUCCESS = { type: 'SUCCESS', details: 'The operation was performed successfully.' };

let w: BasketWorld;
const signer = createTokenSigner(SECRET);

/** A member row and a live sign-in for it (the session the token names exists, as after POST tokens/code). */
async function member(email: string, first = 'Mia', last = 'Member') {
  const [row] = await w.t.db.insert(memberUser).values({ email, firstName: first, lastName: last, mobilePhone: '07700 900456', emailVerified: true }).returning();
  const sessionId = randomUUID();
  await issueRefreshToken(w.t.db, { userType: 'member', userId: row.id, tenantId: null, branchId: null }, sessionId);
  const { token } = await signer.sign({ userType: 'member', userId: row.id, merchantAccountId: null, merchantBranchId: null, privileges: new Set(), sessionId });
  return { id: row.id, token, email };
}
let a: Awaited<ReturnType<typeof member>>;
let b: Awaited<ReturnType<typeof member>>;
let owner: string;

beforeAll(async () => {
  w = await basketWorld({ config: { jwtSecret: SECRET } });
  a = await member('alice.member@example.test', 'Alice', 'Able');
  b = await member('bob.member@example.test', 'Bob', 'Baker');
  owner = (await w.t.signIn('merchant', { userName: 'bcafe', password: 'Bcafe1234', domainName: 'basket-cafe' })).accessToken;
  await w.t.db.update(merchantBranch).set({ emailAddress: 'contact@basket-cafe.test' }).where(eq(merchantBranch.id, w.s.merchantBranchId));
});
afterAll(() => w.t.close());

const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token?: string, body?: unknown) => w.t.json<T & ApiError>(method, `/api/${path}`, body, token);
const home = { postCode: 'sw1a 2aa', city: 'London', addressLine1: '10 Downing Street' };

describe('delivery and billing addresses (memberuser/address/, memberbilling/address/)', () => {
  for (const [name, paths] of [
    ['delivery', P.address],
    ['billing', P.billing],
  ] as const) {
    it(`${name}: required fields, one default, set default, update, remove`, async () => {
      const missing = await call('POST', paths.create, a.token, { city: 'London', addressLine1: '' });
      expect(missing.status).toBe(400);
      expect(missing.body.details).toBe(REQUIRED);
      const long = await call('POST', paths.create, a.token, { ...home, addressLine1: 'x'.repeat(51) });
      expect(long.body.details).toBe('You can enter up to 50 characters in this field.');

      const first = await call<MemberAddress>('POST', paths.create, a.token, { ...home, description: 'Home (Default Address)' });
      expect(first.status).toBe(200);
      // The member's first address is the default; the suffix the page shows is not stored.
      expect(first.body).toMatchObject({ description: 'Home', postCode: 'SW1A 2AA', defaultAddress: true });
      const second = await call<MemberAddress>('POST', paths.create, a.token, { ...home, addressLine1: '11 Downing Street', description: 'Work', defaultAddress: true });
      expect(second.body.defaultAddress).toBe(true);
      let all = await call<MemberAddress[]>('GET', paths.all, a.token);
      expect(all.body.map((x) => [x.id, x.defaultAddress])).toEqual([
        [second.body.id, true],
        [first.body.id, false],
      ]);

      const back = await call<MemberAddress>('PUT', paths.setDefault(first.body.id), a.token);
      expect(back.body.defaultAddress).toBe(true);
      expect((await call<MemberAddress>('GET', paths.byId(second.body.id), a.token)).body.defaultAddress).toBe(false);

      const edited = await call<MemberAddress>('PUT', paths.update, a.token, { id: second.body.id, ...home, addressLine1: '12 Downing Street', addressLine2: 'Flat 1' });
      expect(edited.body).toMatchObject({ addressLine1: '12 Downing Street', addressLine2: 'Flat 1', defaultAddress: false });
      const badEdit = await call('PUT', paths.update, a.token, { id: second.body.id, ...home, postCode: '' });
      expect(badEdit.body.details).toBe(REQUIRED);

      // Removing the default hands it to the newest remaining address.
      expect((await call('DELETE', paths.remove(first.body.id), a.token)).body).toEqual(SUCCESS);
      all = await call<MemberAddress[]>('GET', paths.all, a.token);
      expect(all.body.map((x) => [x.id, x.defaultAddress])).toEqual([[second.body.id, true]]);
      expect((await call('DELETE', paths.remove(first.body.id), a.token)).status).toBe(404);
    });
  }

  it('visitors get 401 and staff 403 before the body is read', async () => {
    expect((await call('POST', P.address.create, undefined, {})).status).toBe(401);
    expect((await call('GET', P.billing.all, owner)).status).toBe(403);
    expect((await call('GET', P.notes, owner)).status).toBe(403);
  });
});

describe('saved cards (memberuser/card/)', () => {
  it('lists provider tokens as brand, last four and expiry; default and remove', async () => {
    // Saved as payments save them (platform/member-cards.ts): the member's first card is the default.
    const save = (last4: string) =>
      saveMemberCard(w.t.db, a.id, w.s, { provider: 'SIMULATOR', providerToken: `tok-${last4}`, brand: 'Visa', last4, expiry: '03/31', cardHolderName: 'Alice Able' });
    const c1 = { id: (await save('4242')) as number };
    const c2 = { id: (await save('0005')) as number };
    const all = await call<MemberCard[]>('GET', P.card.all, a.token);
    expect(all.body.map((c) => c.name)).toEqual(['VISA **** 4242 (03/31)', 'VISA **** 0005 (03/31)']);
    // The provider's token never leaves the server.
    expect(JSON.stringify(all.body)).not.toContain('tok-');
    expect((await call<MemberCard[]>('GET', P.card.byBranch(w.s.merchantBranchId), a.token)).body).toHaveLength(2);
    expect((await call<MemberCard[]>('GET', P.card.byBranch(w.other.merchantBranchId), a.token)).body).toEqual([]);
    expect((await call<MemberCard>('PUT', P.card.setDefault(c2.id), a.token)).body.defaultCard).toBe(true);
    expect((await call<MemberCard>('GET', P.card.byId(c1.id), a.token)).body.defaultCard).toBe(false);
    expect((await call('DELETE', P.card.remove(c2.id), a.token)).body).toEqual(SUCCESS);
    expect((await call<MemberCard>('GET', P.card.byId(c1.id), a.token)).body.defaultCard).toBe(true);
  });
});

describe('notes and allergies (memberuser/notes/)', () => {
  it('start empty, save, and refuse more than 100 characters', async () => {
    expect((await call('GET', P.notes, a.token)).body).toEqual({ orderNotes: null, allergies: null });
    const saved = await call('PUT', P.notes, a.token, { orderNotes: 'Ring twice', allergies: 'Peanuts' });
    expect(saved.body).toEqual({ orderNotes: 'Ring twice', allergies: 'Peanuts' });
    const long = await call('PUT', P.notes, a.token, { orderNotes: 'x'.repeat(101), allergies: '' });
    expect(long.status).toBe(400);
    expect(long.body.details).toBe('You can enter up to 100 characters in this field.');
    expect((await call('GET', P.notes, a.token)).body).toEqual({ orderNotes: 'Ring twice', allergies: 'Peanuts' });
  });
});

describe('complaint / suggestion (memberuser/complaintSuggestion/)', () => {
  it('is stored and mailed to the branch contact address through the outbox', async () => {
    const res = await call('POST', P.feedback, a.token, { merchantBranchId: w.s.merchantBranchId, feedbackType: 'Other', description: 'More vegan options please' });
    expect(res.status).toBe(200);
    const stored = await w.t.db.select().from(memberFeedback).where(eq(memberFeedback.memberUserId, a.id));
    expect(stored).toMatchObject([{ feedbackType: 'Other', description: 'More vegan options please', merchantAccountId: w.s.merchantAccountId }]);
    const [mail] = await w.t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'contact@basket-cafe.test'));
    expect(mail.subject).toContain('Complaint / Suggestion (Other)');
    expect(mail.textBody).toContain('More vegan options please');
    expect(mail.textBody).toContain('alice.member@example.test');
  });

  it('needs a description of at most 200 characters and a real store', async () => {
    const before = (await w.t.db.select().from(memberFeedback)).length;
    expect((await call('POST', P.feedback, a.token, { merchantBranchId: w.s.merchantBranchId, description: ' ' })).body.details).toBe(REQUIRED);
    expect((await call('POST', P.feedback, a.token, { merchantBranchId: w.s.merchantBranchId, description: 'x'.repeat(201) })).body.details).toBe(
      'You can enter up to 200 characters in this field.',
    );
    expect((await call('POST', P.feedback, a.token, { merchantBranchId: 999999, description: 'Hello' })).status).toBe(404);
    expect((await w.t.db.select().from(memberFeedback)).length).toBe(before);
  });
});

describe('complaint / suggestion: a limit per member', () => {
  it(`takes ${FEEDBACK_PER_HOUR} an hour from one member, then 429; another member is not held back`, async () => {
    const c = await member('carl.member@example.test', 'Carl', 'Cole');
    const send = (token: string) => call('POST', P.feedback, token, { merchantBranchId: w.s.merchantBranchId, description: 'Hello' });
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) expect((await send(c.token)).status).toBe(200);
    const over = await send(c.token);
    expect(over.status).toBe(429);
    expect((await w.t.db.select().from(memberFeedback).where(eq(memberFeedback.memberUserId, c.id))).length).toBe(FEEDBACK_PER_HOUR);
    expect((await send(b.token)).status).toBe(200);
  });
});

describe('favourites (marketplace/branchid/{id}/favorite/{bool})', () => {
  const fav = (list: MarketplaceBranch[], id: number) => list.find((s) => s.id === id)?.favorite;
  it('marks a store for the member only; visitors get 401', async () => {
    const id = w.s.merchantBranchId;
    expect((await call('PUT', `marketplace/branchid/${id}/favorite/true`)).status).toBe(401);
    expect((await call('PUT', `marketplace/branchid/${id}/favorite/true`, owner)).status).toBe(403);
    expect((await call('PUT', `marketplace/branchid/${id}/favorite/true`, a.token)).body).toEqual(SUCCESS);
    expect((await call('PUT', `marketplace/branchid/${id}/favorite/true`, a.token)).status).toBe(200);
    expect(fav((await call<MarketplaceBranch[]>('GET', 'marketplace/list', a.token)).body, id)).toBe(true);
    expect(fav((await call<MarketplaceBranch[]>('GET', 'marketplace/list', b.token)).body, id)).toBe(false);
    expect(fav((await call<MarketplaceBranch[]>('GET', 'marketplace/list')).body, id)).toBe(false);
    expect((await call('PUT', `marketplace/branchid/999999/favorite/true`, a.token)).status).toBe(404);
    expect((await call('PUT', `marketplace/branchid/${id}/favorite/false`, a.token)).status).toBe(200);
    expect(fav((await call<MarketplaceBranch[]>('GET', 'marketplace/list', a.token)).body, id)).toBe(false);
  });
});

/** A visitor's basket with a gift card, for Collection (pay at the counter). */
async function newBasket(): Promise<string> {
  const res = await w.t.json<Basket>('PUT', `/api/${BASKET_PATHS.addItem}`, {
    merchantBranchId: w.s.merchantBranchId,
    basketBssId: null,
    orderType: 'Collection',
    webMenuBssId: w.menu.gift.id,
    quantity: 1,
  });
  return res.body.bssId as string;
}
const place = (bssId: string, email: string) =>
  w.t.json<{ id: number } & ApiError>('POST', `/api/${BASKET_PATHS.place}`, {
    merchantBranchId: w.s.merchantBranchId,
    id: bssId,
    orderType: 'Collection',
    firstName: 'Alice',
    lastName: 'Able',
    email,
    mobilePhone: '07700 900456',
    paymentType: 'PAY AT COUNTER',
  });

describe('the basket at sign-in and My Orders', () => {
  it('every orderStatus has one member-facing status', () => {
    for (const s of ORDER_STATUSES) expect(MEMBER_ORDER_STATUSES).toContain(MEMBER_ORDER_STATUS[s]);
  });

  it("setBasketToLoginUser makes the order the member's; previousOrders and the table show it", async () => {
    const bssId = await newBasket();
    const attached = await call<{ id: string }>('PUT', P.setBasketToLoginUser(w.s.merchantBranchId, bssId), a.token);
    expect(attached.body).toEqual({ id: bssId });
    // Another member cannot take it over with the id.
    expect((await call('PUT', P.setBasketToLoginUser(w.s.merchantBranchId, bssId), b.token)).status).toBe(404);
    const placed = await place(bssId, a.email);
    expect(placed.status).toBe(200);
    const [order] = await w.t.db.select().from(customerOrder).where(eq(customerOrder.memberUserId, a.id));
    expect(order).toBeDefined();

    const recent = await call<PreviousOrder[]>('GET', P.previousOrders(30), a.token);
    expect(recent.body).toHaveLength(1);
    expect(recent.body[0]).toMatchObject({
      orderNo: order.orderNo,
      businessName: 'basket-cafe',
      orderStatus: 'ORDER_PLACED',
      orderStatusMember: 'Placed',
      orderType: 'COLLECTION',
      basketDetailList: [{ description: 'Gift card', quantity: 1, totalPrice: 10, totalPriceString: '£10.00' }],
    });
    const table = await call<{ data: PreviousOrder[]; totalCount: number }>('PUT', P.previousOrdersTable, a.token, { pageNumber: 0, limit: 10 });
    expect(table.body.totalCount).toBe(1);
    expect(table.body.data[0].id).toBe(order.id);
    expect((await call('PUT', P.previousOrdersTable, a.token, { sort: [{ name: 'email', ascending: true }] })).status).toBe(400);
    expect((await call<PreviousOrder>('GET', P.previousOrder(order.id), a.token)).body.orderNo).toBe(order.orderNo);
    expect((await call('GET', P.previousOrders(0), a.token)).status).toBe(400);

    // A visitor's order (no member) is nobody's My Orders.
    await place(await newBasket(), 'guest@example.test');
    expect((await call<PreviousOrder[]>('GET', P.previousOrders(30), a.token)).body).toHaveLength(1);
    expect((await call<PreviousOrder[]>('GET', P.previousOrders(30), b.token)).body).toEqual([]);
  });

  it("Order Details carry the order's money as it was priced, read from the stored order", async () => {
    const bssId = await newBasket();
    await call('PUT', P.setBasketToLoginUser(w.s.merchantBranchId, bssId), a.token);
    const placed = await place(bssId, a.email);
    const [stored] = await w.t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.id, placed.body.id)));
    const money = (o: PreviousOrder) => [o.subTotalPriceString, o.discountPriceString, o.deliveryFeeString, o.calculatedServiceChargeString, o.totalTaxPriceString, o.totalPriceString];
    const pence = (v: number) => `£${(v / 100).toFixed(2)}`;
    const shown = (await call<PreviousOrder>('GET', P.previousOrder(stored.id), a.token)).body;
    // The gift card at £10 for collection: the 10 % collection discount, no service charge on gift cards.
    expect(money(shown)).toEqual([stored.subTotal, stored.discount, stored.deliveryFee, stored.serviceCharge, stored.tax, stored.total].map(pence));
    expect(shown).toMatchObject({ subTotalPrice: 10, discountPrice: 1, totalPrice: 9 });
    // Stored figures are what the member sees, whatever the menu or settings say now (nothing is recomputed).
    await w.t.db
      .update(customerOrder)
      .set({ subTotal: 1234, discount: 111, deliveryFee: 250, serviceCharge: 99, tax: 205, total: 1472, orderStatus: 'ORDER_DISPATCHED' })
      .where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.id, stored.id)));
    const again = (await call<PreviousOrder>('GET', P.previousOrder(stored.id), a.token)).body;
    expect(money(again)).toEqual(['£12.34', '£1.11', '£2.50', '£0.99', '£2.05', '£14.72']);
    expect(again.orderStatusMember).toBe('On its way');
    const row = (await call<{ data: PreviousOrder[] }>('PUT', P.previousOrdersTable, a.token, { pageNumber: 0, limit: 10 })).body.data.find((o) => o.id === stored.id);
    expect(row && money(row)).toEqual(['£12.34', '£1.11', '£2.50', '£0.99', '£2.05', '£14.72']);
  });

  it('a placed basket cannot be attached again', async () => {
    const bssId = await newBasket();
    await place(bssId, 'guest2@example.test');
    expect((await call('PUT', P.setBasketToLoginUser(w.s.merchantBranchId, bssId), b.token)).status).toBe(404);
    const [row] = await w.t.db.select().from(basket).where(eq(basket.bssId, bssId));
    expect(row.memberUserId).toBeNull();
  });
});

describe("the member sweep: another member's ids are 404 on every call, and nothing changes", () => {
  it("member B cannot read, change or remove member A's address, billing address, card, order, notes or feedback", async () => {
    const db = w.t.db;
    const addr = (await call<MemberAddress>('POST', P.address.create, a.token, { ...home, description: 'Sweep' })).body;
    const bill = (await call<MemberAddress>('POST', P.billing.create, a.token, { ...home, description: 'Sweep billing' })).body;
    const [card] = await db
      .insert(memberCard)
      .values({ memberUserId: a.id, ...w.s, provider: 'SIMULATOR', providerToken: 'tok-sweep', last4: '1111', expiryMonth: 1, expiryYear: 2030, cardHolderName: 'A', defaultCard: false })
      .returning();
    const [order] = await db.select().from(customerOrder).where(eq(customerOrder.memberUserId, a.id));
    const [feedback] = await db.select().from(memberFeedback).where(eq(memberFeedback.memberUserId, a.id));
    const bssId = await newBasket();
    await call('PUT', P.setBasketToLoginUser(w.s.merchantBranchId, bssId), a.token);

    const snapshot = async () => ({
      addresses: await db.select().from(memberAddress).where(eq(memberAddress.memberUserId, a.id)),
      billing: await db.select().from(memberBillingAddress).where(eq(memberBillingAddress.memberUserId, a.id)),
      cards: await db.select().from(memberCard).where(eq(memberCard.memberUserId, a.id)),
      notes: await db.select().from(memberNotes).where(eq(memberNotes.memberUserId, a.id)),
      feedback: await db.select().from(memberFeedback).where(eq(memberFeedback.memberUserId, a.id)),
      favourites: await db.select().from(memberFavourite).where(eq(memberFavourite.memberUserId, a.id)),
      orders: await db.select().from(customerOrder).where(eq(customerOrder.memberUserId, a.id)),
      basket: await db.select().from(basket).where(and(eq(basket.bssId, bssId))),
    });
    const before = await snapshot();

    const attempts: [string, 'GET' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['address by id', 'GET', P.address.byId(addr.id)],
      ['address update', 'PUT', P.address.update, { id: addr.id, ...home, addressLine1: 'Taken' }],
      ['address default', 'PUT', P.address.setDefault(addr.id)],
      ['address delete', 'DELETE', P.address.remove(addr.id)],
      ['billing by id', 'GET', P.billing.byId(bill.id)],
      ['billing update', 'PUT', P.billing.update, { id: bill.id, ...home, addressLine1: 'Taken' }],
      ['billing default', 'PUT', P.billing.setDefault(bill.id)],
      ['billing delete', 'DELETE', P.billing.remove(bill.id)],
      ['card by id', 'GET', P.card.byId(card.id)],
      ['card default', 'PUT', P.card.setDefault(card.id)],
      ['card delete', 'DELETE', P.card.remove(card.id)],
      ['order by id', 'GET', P.previousOrder(order.id)],
      ['basket take-over', 'PUT', P.setBasketToLoginUser(w.s.merchantBranchId, bssId)],
      // Feedback has no read call; its id as an address or card id is not B's either.
      ['feedback id as address', 'GET', P.address.byId(feedback.id)],
      ['feedback id as card', 'DELETE', P.card.remove(feedback.id)],
    ];
    for (const [what, method, path, body] of attempts) {
      const res = await call(method, path, b.token, body);
      expect([what, res.status]).toEqual([what, 404]);
    }
    // Paying with A's saved card (cardNumber is its id) from B's own basket: 404, nothing charged or placed.
    await w.setSettings({ provider: 'SIMULATOR', webOrderPaymentOptions: 'PAY AT COUNTER (COLLECTION),CARD (COLLECTION)' });
    const bBasket = await newBasket();
    const withCard = await call('POST', BASKET_PATHS.place, b.token, {
      merchantBranchId: w.s.merchantBranchId,
      id: bBasket,
      orderType: 'Collection',
      firstName: 'Bob',
      lastName: 'Baker',
      email: b.email,
      mobilePhone: '07700 900456',
      paymentType: 'CARD',
      cardNumber: card.id,
      paymentAccessToken: 'any-session',
      cardIdentifier: 'any-cvv',
    });
    expect(['saved card at place', withCard.status]).toEqual(['saved card at place', 404]);
    expect((await db.select().from(basket).where(eq(basket.bssId, bBasket)))[0].state).toBe('OPEN');
    // Lists and the notes are B's own: nothing of A's shows.
    expect((await call('GET', P.address.all, b.token)).body).toEqual([]);
    expect((await call('GET', P.billing.all, b.token)).body).toEqual([]);
    expect((await call('GET', P.card.all, b.token)).body).toEqual([]);
    expect((await call('GET', P.notes, b.token)).body).toEqual({ orderNotes: null, allergies: null });
    expect((await call<{ totalCount: number }>('PUT', P.previousOrdersTable, b.token, {})).body.totalCount).toBe(0);
    // B saving notes writes B's row, never A's.
    await call('PUT', P.notes, b.token, { orderNotes: 'B only', allergies: null });
    expect(await snapshot()).toEqual(before);
  });
});

describe('merchant Customers (customer/…)', () => {
  it("lists only the members who ordered from the merchant, with their detail and addresses", async () => {
    const table = await call<{ data: { id: number; fullName: string; email: string }[]; totalCount: number }>('PUT', 'customer/all', owner, { pageNumber: 0, limit: 10 });
    expect(table.status).toBe(200);
    // Alice ordered here; Bob never did.
    expect(table.body.data.map((r) => r.fullName)).toEqual(['Alice Able']);
    expect(table.body.totalCount).toBe(1);
    const filtered = await call<{ totalCount: number }>('PUT', 'customer/all', owner, { filter: [{ name: 'email', value: 'nobody', filterMatchMode: 'contains' }] });
    expect(filtered.body.totalCount).toBe(0);
    expect((await call('PUT', 'customer/all', owner, { sort: [{ name: 'passwordHash', ascending: true }] })).status).toBe(400);

    const detail = await call<{ email: string; firstName: string }>('GET', `customer/${a.id}`, owner);
    expect(detail.body).toMatchObject({ email: a.email, firstName: 'Alice', lastName: 'Able', title: 'MR' });
    expect(detail.body).not.toHaveProperty('passwordHash');
    const addresses = await call<MemberAddress[]>('GET', `customer/address/user/${a.id}`, owner);
    expect(addresses.body.length).toBeGreaterThan(0);
    expect((await call<MemberAddress>('GET', `customer/address/${addresses.body[0].id}`, owner)).body.id).toBe(addresses.body[0].id);

    // Bob is nobody's customer here: 404 everywhere, his address too.
    const bobAddress = (await call<MemberAddress>('POST', P.address.create, b.token, home)).body;
    expect((await call('GET', `customer/${b.id}`, owner)).status).toBe(404);
    expect((await call('GET', `customer/address/user/${b.id}`, owner)).status).toBe(404);
    expect((await call('GET', `customer/address/${bobAddress.id}`, owner)).status).toBe(404);
  });

  it("another merchant sees none of them; members and users without Customer View are refused", async () => {
    const other = (await w.t.signIn('merchant', { userName: 'else', password: 'Else12345', domainName: 'elsewhere' })).accessToken;
    expect((await call<{ totalCount: number }>('PUT', 'customer/all', other, {})).body.totalCount).toBe(0);
    expect((await call('GET', `customer/${a.id}`, other)).status).toBe(404);
    const addresses = await call<MemberAddress[]>('GET', `customer/address/user/${a.id}`, owner);
    expect((await call('GET', `customer/address/${addresses.body[0].id}`, other)).status).toBe(404);

    await addMerchantUser(w.t.db, { ...w.s, userName: 'bkitchen', password: 'Kitchen1234', roleIds: [ROLE.kitchen] });
    const kitchen = (await w.t.signIn('merchant', { userName: 'bkitchen', password: 'Kitchen1234', domainName: 'basket-cafe' })).accessToken;
    expect((await call('PUT', 'customer/all', kitchen, {})).status).toBe(403);
    expect((await call('PUT', 'customer/all', a.token, {})).status).toBe(403);
    expect((await call('PUT', 'customer/all', undefined, {})).status).toBe(401);
  });
});
