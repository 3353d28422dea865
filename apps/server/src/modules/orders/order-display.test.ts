import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisplayOrder, DisplayOrdersReply } from '@tillpoint/contracts/order-display';
import { DISPLAY_MESSAGES, DISPLAY_PAGE_SIZE, DISPLAY_PATHS } from '@tillpoint/contracts/order-display-paths';
import { branchSettings, customerOrder, licence, pageSettings } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { openSse } from '../../test/sse-reader';
import { recordOrderEvent } from './orders.repo';
import { insertTestOrder } from './order-test-kit';

let t: TestApp;
let s: Scope;
let other: Scope;
let n = 0;
const api = (path: string) => `/api/${path}`;
const page = (p: number, domain = 'wall-cafe') => t.json<DisplayOrdersReply & { type?: string; details?: string }>('GET', api(DISPLAY_PATHS.page(p, domain)));

/** An order as the storefront makes one (automation off: it stays ORDER_PLACED until moved here). */
async function order(scope: Scope, firstName = 'Grace') {
  n += 1;
  return insertTestOrder(t.db, scope, `wall-${n}`, {
    customer: { firstName, lastName: 'Hopper', email: 'grace@example.com', mobilePhone: '07700900123' },
    orderNotes: 'ring twice',
    allergies: 'nuts',
  });
}

/** Moves an order as an action would: the row and its live-order event in one transaction. */
const move = (scope: Scope, id: number, orderStatus: string) =>
  t.db.transaction(async (tx) => {
    await tx.update(customerOrder).set({ orderStatus }).where(and(eq(customerOrder.merchantAccountId, scope.merchantAccountId), eq(customerOrder.id, id)));
    await recordOrderEvent(tx, scope, id, 'ORDER_TEST', orderStatus);
  });

const automationOff = { autoOrderConfirm: false, autoKitchen: false, autoInsideDelivery: false, autoOutsideDelivery: false, autoDispatch: false };

beforeAll(async () => {
  t = await createTestApp();
  const a = await addMerchant(t.db, { domainName: 'wall-cafe', userName: 'wallowner', password: 'Wallowner1' });
  const b = await addMerchant(t.db, { domainName: 'wall-other', userName: 'wallother', password: 'Wallother1' });
  s = { merchantAccountId: a.merchantAccountId, merchantBranchId: a.merchantBranchId };
  other = { merchantAccountId: b.merchantAccountId, merchantBranchId: b.merchantBranchId };
  for (const scope of [s, other]) {
    await t.db.insert(licence).values({ ...scope, serviceName: 'ORDER_DISPLAY', licenseStatus: 'ACTIVE', actionReason: 'PAYMENT_COMPLETED' });
    await t.db.insert(branchSettings).values({ ...scope, ...automationOff });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the order display list (spec 3 §2.2, §4.10, GET displayOrders/{page})', () => {
  it('shows only orderNo, orderTime and status of the branch open orders, oldest first, with the default zoom 2', async () => {
    const mine = await order(s);
    await order(other, 'Other');
    const done = await order(s);
    await move(s, done.id, 'ORDER_CLOSED');
    const res = await page(0);
    expect(res.status).toBe(200);
    expect(res.body.displayMemberZoom).toBe(2);
    expect(res.body.tradingName).toBe('wall-cafe');
    expect(res.body.data).toEqual([{ orderNo: mine.orderNo, orderTime: expect.stringMatching(/^\d\d:\d\d$/), orderStatus: 'ORDER_PLACED' }]);
    expect(res.body.totalCount).toBe(1);
    // Nothing personal: not the name, notes, allergies, items or money.
    const text = JSON.stringify(res.body);
    for (const secret of ['Grace', 'Hopper', 'grace@example.com', 'nuts', 'ring twice', 'Flat white', '9.00']) expect(text).not.toContain(secret);
    await move(s, mine.id, 'ORDER_CLOSED');
  });

  it('pages by DISPLAY_PAGE_SIZE; an empty page past the end (the loop then goes back to page 0)', async () => {
    const made = [];
    for (let i = 0; i <= DISPLAY_PAGE_SIZE; i++) made.push(await order(s));
    const first = await page(0);
    const second = await page(1);
    expect(first.body.data).toHaveLength(DISPLAY_PAGE_SIZE);
    expect(second.body.data.map((o) => o.orderNo)).toEqual([made[DISPLAY_PAGE_SIZE].orderNo]);
    expect(first.body.totalCount).toBe(DISPLAY_PAGE_SIZE + 1);
    expect((await page(2)).body.data).toEqual([]);
    for (const o of made) await move(s, o.id, 'ORDER_CLOSED');
  });

  it('takes the zoom from the branch page settings (displayMemberZoom)', async () => {
    await t.db.insert(pageSettings).values({ ...s, displayMemberZoom: 3 });
    expect((await page(0)).body.displayMemberZoom).toBe(3);
    await t.db.delete(pageSettings).where(eq(pageSettings.merchantBranchId, s.merchantBranchId));
  });

  it('needs the branch ORDER_DISPLAY licence (403 with the spec words), an unknown store is 404, a bad name 400', async () => {
    const [bare] = [await addMerchant(t.db, { domainName: 'wall-bare', userName: 'wallbare', password: 'Wallbare12' })];
    const refused = await page(0, 'wall-bare');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: 'ERROR', details: DISPLAY_MESSAGES.unlicensed });
    // A lapsed DEMO licence grants nothing either.
    await t.db.insert(licence).values({ merchantAccountId: bare.merchantAccountId, merchantBranchId: bare.merchantBranchId, serviceName: 'ORDER_DISPLAY', licenseStatus: 'DEMO', validDays: 0, actionReason: 'SERVICE_REGISTERED' });
    expect((await page(0, 'wall-bare')).status).toBe(403);
    expect((await page(0, 'no-such-store')).status).toBe(404);
    expect((await t.json('GET', api('storemanagement/order/displayOrders/0?domainName=a%00b'))).status).toBe(400);
    expect((await t.json('GET', api('storemanagement/order/displayOrders/-1?domainName=wall-cafe'))).status).toBe(400);
    const stream = await openSse(`${await listening()}${api(DISPLAY_PATHS.events('wall-bare'))}`);
    expect(stream.status).toBe(403);
    expect(JSON.parse(stream.refusal ?? '{}')).toMatchObject({ details: DISPLAY_MESSAGES.unlicensed });
  });
});

let base = '';
async function listening() {
  if (!base) base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return base;
}

describe('the display stream (public, pushed by LISTEN/NOTIFY)', () => {
  it('pushes a new order and each change of it within a second, with only number, time and status; another branch hears none', async () => {
    const url = `${await listening()}${api(DISPLAY_PATHS.events('wall-cafe'))}`;
    const wall = await openSse(url);
    const otherWall = await openSse(`${base}${api(DISPLAY_PATHS.events('wall-other'))}`);
    expect(wall.status).toBe(200);
    expect(wall.headers.get('content-type')).toContain('text/event-stream');
    const o = await order(s);
    const placed = JSON.parse((await wall.waitFor((m) => JSON.parse(m.data).orderNo === o.orderNo, 1000)).data) as DisplayOrder;
    expect(Object.keys(placed).sort()).toEqual(['orderNo', 'orderStatus', 'orderTime']);
    expect(placed.orderStatus).toBe('ORDER_PLACED');
    await move(s, o.id, 'ORDER_READY');
    await wall.waitFor((m) => JSON.parse(m.data).orderStatus === 'ORDER_READY', 1000);
    await move(s, o.id, 'ORDER_CLOSED');
    await wall.waitFor((m) => JSON.parse(m.data).orderStatus === 'ORDER_CLOSED', 1000);
    await new Promise((r) => setTimeout(r, 100));
    expect(otherWall.messages).toEqual([]);
    expect(wall.messages.every((m) => !m.data.includes('Grace'))).toBe(true);
    await wall.close();
    await otherWall.close();
  });

  it('a dropped display resumes with Last-Event-ID: what changed while it was away comes first, each order once as it is now, then the live changes', async () => {
    const url = `${await listening()}${api(DISPLAY_PATHS.events('wall-cafe'))}`;
    const wall = await openSse(url);
    const a = await order(s);
    const heard = await wall.waitFor((m) => JSON.parse(m.data).orderNo === a.orderNo, 1000);
    expect(heard.id).toMatch(/^\d+$/);
    await wall.close();
    // While it is away: a moves twice, b is placed, another branch's order changes.
    await move(s, a.id, 'ORDER_PREPARING');
    await move(s, a.id, 'ORDER_READY');
    const b = await order(s);
    await order(other, 'Other');
    const back = await openSse(url, { 'last-event-id': heard.id as string });
    await back.waitFor((m) => JSON.parse(m.data).orderNo === b.orderNo, 1000);
    const missed = back.messages.map((m) => JSON.parse(m.data) as DisplayOrder);
    expect(missed.map((o) => [o.orderNo, o.orderStatus])).toEqual([
      [a.orderNo, 'ORDER_READY'],
      [b.orderNo, 'ORDER_PLACED'],
    ]);
    const ids = back.messages.map((m) => Number(m.id));
    expect(ids[0]).toBeGreaterThan(Number(heard.id));
    expect(ids[1]).toBeGreaterThan(ids[0]);
    // Then live, after the replay.
    await move(s, b.id, 'ORDER_CLOSED');
    await back.waitFor((m) => JSON.parse(m.data).orderNo === b.orderNo && JSON.parse(m.data).orderStatus === 'ORDER_CLOSED', 1000);
    expect(back.messages).toHaveLength(3);
    await back.close();
    // The same resumes through the query string (a client that cannot set the header), and a fresh display replays nothing.
    const byQuery = await openSse(`${url}&lastEventId=${heard.id}`);
    await byQuery.waitFor((m) => JSON.parse(m.data).orderNo === b.orderNo, 1000);
    expect(byQuery.messages.map((m) => JSON.parse(m.data).orderNo)).toEqual([a.orderNo, b.orderNo]);
    await byQuery.close();
    const fresh = await openSse(url);
    await new Promise((r) => setTimeout(r, 200));
    expect(fresh.messages).toEqual([]);
    await fresh.close();
    await move(s, a.id, 'ORDER_CLOSED');
  });
});
