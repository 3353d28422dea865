import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS } from '@tillpoint/contracts/basket-paths';
import { MERCHANT_SETTINGS_PATHS } from '@tillpoint/contracts/branch-settings';
import { DISPLAY_MESSAGES } from '@tillpoint/contracts/order-display-paths';
import { WEB_MENU_MEMBER_PATHS } from '@tillpoint/contracts/web-menu-paths';
import { WAIT_MS, baseUrl, callApi, eventually, launch, signInOwner } from './support';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The order display (spec 3 §2.2, §4.10) on a wall screen and a tablet: a customer's order appears
 * without a reload, moves to READY as the kitchen readies it, and leaves when it is closed; the
 * till-mode entry opens it; a branch without the licence sees why.
 */
let browser: Browser;
let ownerToken = '';
let branchId = 0;
let savedSchedule: Record<string, unknown> = {};
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const ACTION = { ORDER_PLACED: 'accept', ORDER_ACCEPTED: 'preparing', ORDER_PREPARING: 'ready', ORDER_READY: 'deliver' } as Record<string, string>;

async function shot(page: Page, name: string) {
  const dir = join(import.meta.dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}

/** A guest's table order paid at the counter, through the storefront's API. */
async function placeTableOrder(who: string): Promise<{ id: number; orderNo: number }> {
  const found = await callApi<{ id: number }[]>('GET', WEB_MENU_MEMBER_PATHS.search(branchId, 'Coca'));
  expect(found.body.length).toBeGreaterThan(0);
  const added = await callApi<{ bssId: string }>('PUT', BASKET_PATHS.addItem, { merchantBranchId: branchId, basketBssId: null, orderType: 'Table Order', webMenuBssId: found.body[0].id, quantity: 1, tableNo: 3 });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const placed = await callApi<{ id: number; orderNo: number }>('POST', BASKET_PATHS.place, {
    id: added.body.bssId,
    merchantBranchId: branchId,
    orderType: 'Table Order',
    tableNo: 3,
    paymentType: 'PAY AT COUNTER',
    firstName: 'Wall',
    lastName: who,
    email: 'wall.display@example.com',
    mobilePhone: '07700 900321',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body;
}

/** The owner moves the order by the staff calls until it reaches `until` (whatever the branch's automation did first). */
async function moveUntil(id: number, until: string) {
  for (let i = 0; i < 6; i++) {
    const o = await callApi<{ orderStatus: string }>('GET', `storemanagement/order/id/${id}`, undefined, ownerToken);
    if (o.body.orderStatus === until) return;
    const action = ACTION[o.body.orderStatus];
    if (!action) throw new Error(`cannot move ${o.body.orderStatus} towards ${until}`);
    expect((await callApi('PUT', `storemanagement/order/${action}/id/${id}`, undefined, ownerToken)).status).toBe(200);
  }
}

const tile = (page: Page, orderNo: number) => page.locator('.od-tile', { has: page.locator('.od-no', { hasText: new RegExp(`^${orderNo}$`) }) });

beforeAll(async () => {
  browser = await launch();
  const owner = await signInOwner(browser);
  ownerToken = owner.token;
  await owner.page.context().close();
  branchId = (await callApi<{ merchantBranchId: number }>('GET', 'merchant/branch/domainName/demo-bistro')).body.merchantBranchId;
  // Open all day while the journey runs (it may run at any hour); the schedule is put back afterwards.
  const current = await callApi<Record<string, unknown>>('GET', MERCHANT_SETTINGS_PATHS.current, undefined, ownerToken);
  savedSchedule = Object.fromEntries(Object.entries(current.body).filter(([k]) => WEEKDAYS.some((d) => k.startsWith(d))));
  const allDay = Object.fromEntries(WEEKDAYS.flatMap((d) => ['OpenHour', 'CloseHour', 'DeliveryOpenHour', 'DeliveryCloseHour'].map((h) => [`${d}${h}`, '00:00'])));
  expect((await callApi('PUT', MERCHANT_SETTINGS_PATHS.schedules, allDay, ownerToken)).status).toBe(200);
});

afterAll(async () => {
  if (ownerToken && Object.keys(savedSchedule).length) await callApi('PUT', MERCHANT_SETTINGS_PATHS.schedules, savedSchedule, ownerToken);
  await browser?.close();
});

describe('the order display of the demo store', () => {
  it('a wall screen (1920x1080) shows a new order without reload, READY when the kitchen readies it, and drops it when closed', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/display/demo-bistro`);
    await page.locator('.od-live-on').waitFor();
    const o = await placeTableOrder('Screen');
    // Pushed by the stream, well before the 10-second loop would have read it.
    const t = tile(page, o.orderNo);
    await t.waitFor({ timeout: 5000 });
    expect(await t.locator('.od-time').textContent()).toMatch(/^\d\d:\d\d$/);
    expect(await page.locator('.od').textContent()).not.toContain('Screen');
    await moveUntil(o.id, 'ORDER_PREPARING');
    await eventually(() => t.locator('.od-status').textContent()).toBe('PREPARING');
    const second = await placeTableOrder('Second');
    await tile(page, second.orderNo).waitFor({ timeout: 5000 });
    await moveUntil(o.id, 'ORDER_DELIVERED');
    // Handed over at the table (DELIVERED) is READY to the customer.
    await eventually(() => t.locator('.od-status').textContent()).toBe('READY');
    const size = await t.locator('.od-no').evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThan(60);
    await shot(page, 'order-display-wall');
    for (const x of [o, second]) {
      await moveUntil(x.id, 'ORDER_DELIVERED');
      expect((await callApi('PUT', `storemanagement/order/payment/id/${x.id}/paymentType/CASH`, undefined, ownerToken)).status).toBe(200);
      expect((await callApi('PUT', `storemanagement/order/close/id/${x.id}`, undefined, ownerToken)).status).toBe(200);
    }
    await tile(page, o.orderNo).waitFor({ state: 'detached' });
    await tile(page, second.orderNo).waitFor({ state: 'detached' });
    if ((await page.locator('.od-tile').count()) === 0) await page.getByText(DISPLAY_MESSAGES.empty).waitFor();
    await context.close();
  });

  it('on a tablet (portrait 768x1024) from the till mode entry (token_url with a CUSTOMER scope)', async () => {
    const till: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ accessToken: 'till-token', userDTO: { domainName: 'demo-bistro', userName: 'display' } }));
    });
    // Any free port: the content security policy lets the page call the till's local service on any port.
    await new Promise<void>((resolve) => till.listen(0, '127.0.0.1', resolve));
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const o = await placeTableOrder('Tablet');
    try {
      const tokenUrl = encodeURIComponent(`http://127.0.0.1:${(till.address() as AddressInfo).port}/artpos/dispatcher/webmarket/auth/tokens`);
      await page.goto(`${baseUrl()}/?token_url=${tokenUrl}&scope=openid%20CUSTOMER`);
      await eventually(() => new URL(page.url()).pathname).toBe('/display/demo-bistro');
      await tile(page, o.orderNo).waitFor();
      await shot(page, 'order-display-tablet');
    } finally {
      await moveUntil(o.id, 'ORDER_DELIVERED');
      await callApi('PUT', `storemanagement/order/payment/id/${o.id}/paymentType/CASH`, undefined, ownerToken);
      await callApi('PUT', `storemanagement/order/close/id/${o.id}`, undefined, ownerToken);
      await context.close();
      await new Promise((r) => till.close(r));
    }
  });

  it('without the ORDER_DISPLAY licence the screen says so instead of the list', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    // The server's own refusal (order-display.test.ts proves it for an unlicensed branch), given to this page.
    await page.route('**/api/storemanagement/order/displayOrders/**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ type: 'ERROR', details: DISPLAY_MESSAGES.unlicensed }) }),
    );
    await page.goto(`${baseUrl()}/display/demo-bistro`);
    await page.getByRole('alert').getByText(DISPLAY_MESSAGES.unlicensed).waitFor();
    await page.getByText(DISPLAY_MESSAGES.unlicensedHint).waitFor();
    expect(await page.locator('.od-tile').count()).toBe(0);
    await context.close();
  });
});
