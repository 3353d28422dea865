import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH_SETTINGS_PATHS, type BranchSettings } from '@tillpoint/contracts/branch-settings';
import { ORDER_PATHS, ORDER_SCREEN } from '@tillpoint/contracts/order-handling';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import {
  WAIT_MS,
  accessToken,
  baseUrl,
  branchOf,
  button,
  callApi,
  choose,
  closeToasts,
  deliverAllDay,
  eventually,
  expectToast,
  keepDemoBranchSettings,
  launch,
  open,
  placeOrder as placeOrderFor,
  signIn,
  signInOwner,
  snap,
} from './support';

/**
 * Live orders (issue 12): a customer's delivery order placed through the storefront API appears on
 * the clerk's open orders without a reload; the clerk accepts, the kitchen prepares and readies, the
 * clerk dispatches to a driver, the driver takes cash and marks it delivered, the clerk closes it
 * and it moves to the history, where it is refunded. Each user is a real merchant user with the
 * role of spec 3 §6, signed in in a browser of its own.
 */
let browser: Browser;
let ownerToken = '';
let branchId = 0;
let adminToken = '';
let kept: Awaited<ReturnType<typeof keepDemoBranchSettings>> | undefined;
const AUTOMATION = ['autoOrderConfirm', 'autoKitchen', 'autoInsideDelivery', 'autoOutsideDelivery', 'autoDispatch'] as const;

/** The administrator's Order Settings tab of the demo branch, with the automatic steps set to `auto` (spec 1 §3). */
const orderSettings = (o: BranchSettings, auto: (k: (typeof AUTOMATION)[number]) => boolean) => ({
  tableOrderPaymentOptions: o.tableOrderPaymentOptions,
  webOrderPaymentOptions: o.webOrderPaymentOptions,
  // The tab needs a tunnel; the demo branch has none saved, so the app's own (the live screens) stands for it as TILL.
  notificationTunnel: o.notificationTunnel || 'TILL',
  ...Object.fromEntries(AUTOMATION.map((k) => [k, auto(k)])),
});
const made: number[] = [];
const contexts: BrowserContext[] = [];
const tag = Date.now().toString(36).slice(-5);
const CUSTOMER = { firstName: 'Grace', lastName: `Hopper${tag}`, email: `grace.${tag}@e2e.local`, mobilePhone: '07700 900555' };
const customerName = `${CUSTOMER.firstName} ${CUSTOMER.lastName}`;
const DRIVER = { firstName: 'Dan', lastName: `Driver${tag}` };
const OTHER_CUSTOMER = { ...CUSTOMER, lastName: `Babbage${tag}`, email: `charles.${tag}@e2e.local` };
const THIRD_CUSTOMER = { ...CUSTOMER, lastName: `Lovelace${tag}`, email: `ada.${tag}@e2e.local` };

type Staff = { page: Page; token: string };
const staff: Record<'clerk' | 'kitchen' | 'driver', Staff> = {} as Record<'clerk' | 'kitchen' | 'driver', Staff>;

/** A merchant user of the demo store with one operation role (beside the staff account role), made by the owner and signed in. */
async function makeStaff(roleName: string, userName: string, name: { firstName: string; lastName: string }, fiveDigits: string): Promise<Staff> {
  const roles = await callApi<{ id: number; name: string }[]>('GET', 'merchantuser/roles/all', undefined, ownerToken);
  // Every user holds exactly one ACCOUNT role (spec 1 §5); the staff one reads the catalogue only.
  const ids = roles.body.filter((r) => r.name === roleName || r.name === 'ACCOUNT_USER').map((r) => ({ id: r.id }));
  const user = await callApi<{ id: number }>(
    'POST',
    'merchantuser/create',
    { userName, mobilePhone: `(07700) 9${fiveDigits}`, ...name, email: `${userName}@e2e.local`, sendNotification: false, branches: [{ branchId }], roles: ids },
    ownerToken,
  );
  expect(user.status, JSON.stringify(user.body)).toBe(200);
  made.push(user.body.id);
  expect((await callApi('PUT', 'merchantuser/password/change', { id: user.body.id, password: 'Staff1234!' }, ownerToken)).status).toBe(200);
  const { context, page } = await open(browser, 'merchant');
  contexts.push(context);
  await signIn(page, { store: 'demo-bistro', user: userName, password: 'Staff1234!' });
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  // The live order screens are in the menu of every order role.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Open Orders', exact: true }).click();
  await page.getByRole('heading', { name: 'Open Orders', exact: true }).waitFor();
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('tillpoint.merchant.session') ?? '{}') as { accessToken: string }).accessToken);
  return { page, token };
}

/** A guest's delivery order, paid at the door in cash, placed through the storefront's basket API. */
const placeOrder = (who: typeof CUSTOMER): Promise<PlacedOrder> => placeOrderFor(branchId, who, { quantity: 2, orderNotes: 'Ring the bell twice', allergies: 'Peanuts' });

/** The open-orders row of a customer, found through the table's own Customer filter (the table may hold other journeys' orders). */
async function rowOf(page: Page, name: string): Promise<Locator> {
  const filter = page.getByRole('textbox', { name: 'Filter Customer', exact: true });
  if ((await filter.inputValue()) !== name) await filter.fill(name);
  return page.locator('.lazy-table tbody tr', { hasText: name });
}

/** Opens the order's dialog from its row and waits for it to show the order. */
async function openOrder(page: Page, name: string, orderNo: number): Promise<Locator> {
  const row = await rowOf(page, name);
  await row.click();
  const dialog = page.getByRole('dialog', { name: `Order No: ${orderNo}` });
  await dialog.waitFor();
  return dialog;
}

/** Presses an action of the dialog: the success toast, the dialog closes. */
async function act(page: Page, dialog: Locator, label: string) {
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expectToast(page, 'Success', 'The operation was performed successfully.');
  await dialog.waitFor({ state: 'detached' });
  await closeToasts(page);
}

const statusOf = async (page: Page, name: string) => ((await (await rowOf(page, name)).textContent()) ?? '').replace(/\s+/g, ' ');

beforeAll(async () => {
  browser = await launch();
  const owner = await signInOwner(browser);
  ownerToken = owner.token;
  branchId = await branchOf(owner.page);
  await owner.page.context().close();
  // Every step is taken by a person here: the demo branch's automatic steps are off (put back afterwards).
  const admin = await open(browser, 'admin');
  await signIn(admin.page, { user: 'admin', password: 'Admin1234' });
  await admin.page.getByRole('main').getByRole('link', { name: 'Merchant Accounts', exact: true }).waitFor();
  adminToken = await accessToken(admin.page);
  await admin.context.close();
  kept = await keepDemoBranchSettings({ owner: ownerToken, admin: adminToken });
  if (!kept.admin) throw new Error('no order settings for the demo branch');
  const manual = await callApi('PUT', BRANCH_SETTINGS_PATHS.saveOrder(branchId), orderSettings(kept.admin, () => false), adminToken);
  expect(manual.status, JSON.stringify(manual.body)).toBe(200);
  // The demo store delivers 17:00 to 22:00; the journey runs at any hour, so it delivers all day here (put back afterwards).
  await deliverAllDay(ownerToken);
  // Mobile numbers are unique in a store: one of its own per user and run.
  const phone = (n: number) => `${n}${String(Date.now() % 10000).padStart(4, '0')}`;
  [staff.clerk, staff.kitchen, staff.driver] = await Promise.all([
    makeStaff('CLERK', `clerk${tag}`, { firstName: 'Clara', lastName: `Clerk${tag}` }, phone(1)),
    makeStaff('KITCHEN', `kitchen${tag}`, { firstName: 'Kit', lastName: `Kitchen${tag}` }, phone(2)),
    makeStaff('DRIVER', `driver${tag}`, DRIVER, phone(3)),
  ]);
});

afterAll(async () => {
  // The demo store's users and hours as they were, for the journeys that follow.
  for (const id of made) await callApi('PUT', `merchantuser/${id}/status/PASSIVE`, undefined, ownerToken);
  await kept?.restore();
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('live orders: from the storefront through the kitchen and the road to the history', () => {
  let order: PlacedOrder;

  it('a customer order appears on the open orders without a reload, unread and pushed by the live stream', async () => {
    const { page } = staff.clerk;
    await page.getByRole('status').filter({ hasText: /^\s*Live\s*$/ }).waitFor();
    // The sound needs a click in a browser: the control says so and then turns it on.
    await button(page, 'Allow sound').click();
    await button(page, 'Sound on').waitFor();
    await rowOf(page, customerName);
    await page.getByText(ORDER_SCREEN.noOrders, { exact: true }).waitFor();

    order = await placeOrder(CUSTOMER);
    const row = await rowOf(page, customerName);
    // Well inside the 10-second fallback countdown: the stream brought it.
    await row.waitFor({ timeout: 5000 });
    expect(await statusOf(page, customerName)).toContain('Order Placed');
    expect(await row.getAttribute('class')).toContain('order-unread');
    await page.getByRole('status').filter({ hasText: /\d+ unread/ }).waitFor();
    await snap(page, 'live-orders-open');
  });

  it('the clerk opens it (items, notes, allergies, dates and fees) and accepts it', async () => {
    const { page } = staff.clerk;
    const dialog = await openOrder(page, customerName, order.orderNo);
    await dialog.getByRole('tab', { name: 'Order Detail' }).waitFor();
    await dialog.getByText('Fish & Chips').first().waitFor();
    expect(await dialog.textContent()).toContain('Peanuts');
    expect(await dialog.textContent()).toContain('Ring the bell twice');
    expect(await dialog.textContent()).toContain('1 Horse Guards Road');
    // A clerk's buttons for a placed order, and nothing of the kitchen's.
    expect(await dialog.locator('.order-actions button').allTextContents()).toEqual(['Accept', 'Decline', 'Print Order', 'Print Receipt', 'Close']);
    await snap(page, 'live-orders-dialog', { dialog: true });
    await dialog.getByRole('tab', { name: 'Dates & Fees' }).click();
    await dialog.getByText('Total Price').waitFor();
    expect(await dialog.textContent()).toContain(order.totalPriceString);
    await snap(page, 'live-orders-dialog-fees', { dialog: true });
    // Opened, it is read: the row is no longer bold.
    await act(page, dialog, 'Accept');
    await eventually(() => statusOf(page, customerName)).toContain('Order Accepted');
    expect(await (await rowOf(page, customerName)).getAttribute('class')).not.toContain('order-unread');
  });

  it('the kitchen prepares and readies it; the clerk sees each change without a reload', async () => {
    const { page } = staff.kitchen;
    let dialog = await openOrder(page, customerName, order.orderNo);
    expect(await dialog.locator('.order-actions button').allTextContents()).toEqual(['Preparing', 'Close']);
    await act(page, dialog, 'Preparing');
    await eventually(() => statusOf(staff.clerk.page, customerName)).toContain('Order Preparing');
    dialog = await openOrder(page, customerName, order.orderNo);
    await act(page, dialog, 'Ready');
    await eventually(() => statusOf(staff.clerk.page, customerName)).toContain('Order Ready');
  });

  it('the clerk picks a driver and dispatches it', async () => {
    const { page } = staff.clerk;
    const dialog = await openOrder(page, customerName, order.orderNo);
    await choose(page, 'Driver', `${DRIVER.firstName} ${DRIVER.lastName}`);
    await act(page, dialog, 'Dispatch');
    await eventually(() => statusOf(page, customerName)).toContain(`Order Dispatched`);
    expect(await statusOf(page, customerName)).toContain(`${DRIVER.firstName} ${DRIVER.lastName}`);
    // Once set, the driver shows but cannot be changed.
    const again = await openOrder(page, customerName, order.orderNo);
    expect(await again.locator('.order-driver .p-dropdown').getAttribute('class')).toContain('p-disabled');
    await again.getByRole('button', { name: 'Close', exact: true }).click();
    await again.waitFor({ state: 'detached' });
  });

  it('the driver takes the cash and marks it delivered; the clerk closes it and it moves to the history', async () => {
    const { page } = staff.driver;
    let dialog = await openOrder(page, customerName, order.orderNo);
    expect(await dialog.locator('.order-actions button').allTextContents()).toEqual(['Card', 'Cash', 'Close']);
    await act(page, dialog, 'Cash');
    dialog = await openOrder(page, customerName, order.orderNo);
    await act(page, dialog, 'Order Delivered');
    await eventually(() => statusOf(staff.clerk.page, customerName)).toContain('Order Delivered');

    const clerk = staff.clerk.page;
    dialog = await openOrder(clerk, customerName, order.orderNo);
    await act(clerk, dialog, 'Close Order');
    await clerk.getByText(ORDER_SCREEN.noOrders, { exact: true }).waitFor();

    await clerk.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Order History', exact: true }).click();
    await clerk.getByRole('heading', { name: 'Order History', exact: true }).waitFor();
    const row = await rowOf(clerk, customerName);
    await row.waitFor();
    expect(await statusOf(clerk, customerName)).toContain('Order Closed');
    expect(await statusOf(clerk, customerName)).toContain('Sale');
    await snap(clerk, 'live-orders-history');
  });

  it('in the history the clerk refunds the paid sale after the question', async () => {
    const page = staff.clerk.page;
    const dialog = await openOrder(page, customerName, order.orderNo);
    expect(await dialog.locator('.order-actions button').allTextContents()).toEqual(['Refund', 'Print Receipt', 'Close']);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText(ORDER_SCREEN.refundQuestion, { exact: true }).waitFor();
    await question.getByRole('button', { name: 'Yes', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => statusOf(page, customerName)).toContain('Refund');
    await closeToasts(page);
  });

  it('an order accepted by someone else meanwhile: the clerk is told in the server words and sees it as it is', async () => {
    const page = staff.clerk.page;
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Open Orders', exact: true }).click();
    await page.getByRole('heading', { name: 'Open Orders', exact: true }).waitFor();
    const other = await placeOrder(OTHER_CUSTOMER);
    const name = `${OTHER_CUSTOMER.firstName} ${OTHER_CUSTOMER.lastName}`;
    await (await rowOf(page, name)).waitFor();
    const dialog = await openOrder(page, name, other.orderNo);
    // The owner accepts on another screen a moment before the clerk's Accept reaches the server
    // (held back until then; otherwise the stream would take the button away first).
    const acceptPath = `**/api/${ORDER_PATHS.action('accept', other.id)}`;
    await page.route(acceptPath, async (route) => {
      expect((await callApi('PUT', ORDER_PATHS.action('accept', other.id), undefined, ownerToken)).status).toBe(200);
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await expectToast(page, 'Error', 'This action is not allowed for the order in its current state.');
    // Still open, now without Accept (the order is accepted).
    await eventually(() => dialog.locator('.order-actions button').allTextContents()).toEqual(['Print Order', 'Print Receipt', 'Close']);
    await page.unroute(acceptPath);
    // Out of the way of the journeys that follow: the owner takes it to the end (closed).
    for (const path of [
      ORDER_PATHS.action('preparing', other.id),
      ORDER_PATHS.action('ready', other.id),
      ORDER_PATHS.dispatch(other.id, -1),
      ORDER_PATHS.payment(other.id, 'CASH'),
      ORDER_PATHS.action('deliver', other.id),
      ORDER_PATHS.action('close', other.id),
    ]) {
      expect((await callApi('PUT', path, undefined, ownerToken)).status, path).toBe(200);
    }
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await closeToasts(page);
  });

  it('without the stream the screen says so and the 10-second countdown keeps it current; then it is live again', async () => {
    const { page } = staff.kitchen;
    // The stream is refused from here on (a proxy that drops it); the page starts again without it.
    const events = `**/api/${ORDER_PATHS.events}?**`;
    await page.route(events, (route) => route.abort());
    await page.reload();
    await page.getByRole('status').filter({ hasText: /Not live · refresh in \d+ s/ }).waitFor();
    const name = `${THIRD_CUSTOMER.firstName} ${THIRD_CUSTOMER.lastName}`;
    await rowOf(page, name);
    await page.getByText(ORDER_SCREEN.noOrders, { exact: true }).waitFor();
    const missed = await placeOrder(THIRD_CUSTOMER);
    // The countdown's refresh brings it (within its 10 seconds), though no event arrives.
    await (await rowOf(page, name)).waitFor({ timeout: (ORDER_SCREEN.openRefreshSeconds + 5) * 1000 });
    await page.unroute(events);
    await page.getByRole('status').filter({ hasText: /^\s*Live\s*$/ }).waitFor();
    for (const step of ['decline', 'close'] as const) expect((await callApi('PUT', ORDER_PATHS.action(step, missed.id), undefined, ownerToken)).status).toBe(200);
  });

  it('on a phone the open orders still read', async () => {
    const page = staff.clerk.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const filter = page.getByRole('textbox', { name: 'Filter Customer', exact: true });
    // The table's reload for what was typed (after the filter's 500 ms pause), not an earlier reload still arriving.
    const reloadFor = (matches: (filters: unknown[]) => boolean) =>
      page.waitForResponse(
        (r) => r.url().endsWith(`/api/${ORDER_PATHS.newOrders}`) && r.request().method() === 'PUT' && matches((r.request().postDataJSON() as { filter?: unknown[] }).filter ?? []),
      );
    // A name nobody ordered under: no row, and the table's words are on the phone's screen, though
    // the table is wider and scrolls sideways.
    const nobody = `Nobody${tag}`;
    const none = reloadFor((f) => JSON.stringify(f).includes(nobody));
    await filter.fill(nobody);
    await none;
    const words = await page.getByText(ORDER_SCREEN.noOrders, { exact: true }).boundingBox();
    expect(words && words.x >= 0 && words.x + words.width <= 390, JSON.stringify(words)).toBe(true);
    // Every open order again (other journeys' too), the table scrolled back to its first column.
    const all = reloadFor((f) => f.length === 0);
    await filter.fill('');
    await all;
    await page.getByRole('heading', { name: 'Open Orders', exact: true }).click();
    await page.locator('.lazy-table .p-datatable-wrapper').evaluate((el) => el.scrollTo({ left: 0 }));
    await page.locator('.lazy-table tbody tr').first().waitFor();
    // The bell counts what the server counts (the events of the last test's decline and close refreshed it).
    const unread = (await callApi<{ count: number }>('GET', ORDER_PATHS.unreadCount, undefined, staff.clerk.token)).body.count;
    const bell = page.locator('.order-unread-count');
    await eventually(async () => ((await bell.count()) ? (await bell.textContent())?.trim() : 'none')).toBe(unread ? `${unread} unread` : 'none');
    await snap(page, 'live-orders-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

/**
 * Till mode (spec 3 §2.2 'Entry parameters', §6): a till opens `/?token_url=…&scope=…`; the app asks
 * the till's local service (another origin: the browser's own fetch, so CORS and the content
 * security policy must let it through) for the signed-in user's tokens and opens the merchant app's
 * open orders without a login form. The scope narrows the buttons: the owner may do everything, but
 * on a KITCHEN till only the kitchen's steps are offered.
 */
describe('till mode: the token from the local till service, the scope narrowing the buttons', () => {
  const TILL_PATH = '/artpos/dispatcher/webmarket/auth/tokens';
  const TILL_CUSTOMER = { ...CUSTOMER, lastName: `Tillman${tag}`, email: `till.${tag}@e2e.local` };
  let till: Server;
  let tillUrl = '';
  let closedUrl = '';
  const origins: (string | undefined)[] = [];
  let handedOut: { accessToken: string; userDTO: unknown } | null = null;

  beforeAll(async () => {
    // The till user: the owner (every privilege), signed in as a person does; the context closes
    // without logging out, so the session lives on and the till service hands out its token.
    const { context, page } = await open(browser, 'merchant');
    await signIn(page, { store: 'demo-bistro', user: 'owner', password: 'Owner1234' });
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    handedOut = await page.evaluate(() => {
      const s = JSON.parse(sessionStorage.getItem('tillpoint.merchant.session') ?? '{}') as { accessToken: string; user: unknown };
      return { accessToken: s.accessToken, userDTO: s.user };
    });
    await context.close();
    till = createServer((req, res) => {
      origins.push(req.headers.origin);
      if (req.method !== 'GET' || req.url !== TILL_PATH || !handedOut) {
        res.writeHead(404).end();
        return;
      }
      // A till service the browser may read from another origin (CORS); the request is a simple GET.
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': req.headers.origin ?? '*' });
      res.end(JSON.stringify(handedOut));
    });
    await new Promise<void>((resolve) => till.listen(0, '127.0.0.1', resolve));
    tillUrl = `http://127.0.0.1:${(till.address() as AddressInfo).port}${TILL_PATH}`;
    // A port nobody listens on: a till service that is not running.
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    closedUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}${TILL_PATH}`;
    await new Promise((r) => gone.close(r));
  });
  afterAll(async () => {
    if (till) await new Promise((r) => till.close(r));
  });

  const entry = (url: string, scope: string) => `${baseUrl()}/?token_url=${encodeURIComponent(url)}&scope=${encodeURIComponent(scope)}`;
  async function tablet() {
    // Kitchens use tablets.
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    context.setDefaultTimeout(WAIT_MS);
    contexts.push(context);
    return context.newPage();
  }

  it('a KITCHEN till lands on the open orders signed in, and offers the owner only Preparing and Ready', async () => {
    const order = await placeOrder(TILL_CUSTOMER);
    expect((await callApi('PUT', ORDER_PATHS.action('accept', order.id), undefined, ownerToken)).status).toBe(200);
    const page = await tablet();
    await page.goto(entry(tillUrl, 'KITCHEN'));
    await page.getByRole('heading', { name: 'Open Orders', exact: true }).waitFor();
    // No login form on the way; the till service was asked from the app's origin, another one than its own.
    expect(await page.getByRole('heading', { name: 'Login' }).count()).toBe(0);
    expect(origins).toContain(new URL(baseUrl()).origin);
    const url = new URL(page.url());
    expect([url.pathname, url.hash, url.search]).toEqual(['/merchant/', '#/orders', '']);
    expect(await page.evaluate(() => (JSON.parse(sessionStorage.getItem('tillpoint.merchant.session') ?? '{}') as { till?: { scope: string } }).till?.scope)).toBe('KITCHEN');

    const name = `${TILL_CUSTOMER.firstName} ${TILL_CUSTOMER.lastName}`;
    let dialog = await openOrder(page, name, order.orderNo);
    // The owner's own screen would offer Print Order and Print Receipt too (see the clerk's above): the scope leaves the kitchen's.
    expect(await dialog.locator('.order-actions button').allTextContents()).toEqual(['Preparing', 'Close']);
    await snap(page, 'till-kitchen-dialog', { dialog: true });
    await act(page, dialog, 'Preparing');
    dialog = await openOrder(page, name, order.orderNo);
    expect(await dialog.locator('.order-actions button').allTextContents()).toEqual(['Ready', 'Close']);
    await act(page, dialog, 'Ready');
    await eventually(() => statusOf(page, name)).toContain('Order Ready');
    await snap(page, 'till-kitchen-tablet');
    // Out of the way of the journeys that follow.
    for (const path of [ORDER_PATHS.dispatch(order.id, -1), ORDER_PATHS.payment(order.id, 'CASH'), ORDER_PATHS.action('deliver', order.id), ORDER_PATHS.action('close', order.id)]) {
      expect((await callApi('PUT', path, undefined, ownerToken)).status, path).toBe(200);
    }
  });

  it('a scope with CUSTOMER_DISPLAY opens the order display of the till user branch', async () => {
    const page = await tablet();
    await page.goto(entry(tillUrl, 'CUSTOMER_DISPLAY'));
    await eventually(() => new URL(page.url()).pathname).toBe('/display/demo-bistro');
    await page.locator('.od-bar').waitFor();
  });

  it('a till service that does not answer shows the login page, not a blank screen', async () => {
    const page = await tablet();
    await page.goto(entry(closedUrl, 'KITCHEN'));
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.getByLabel('User Name').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('tillpoint.merchant.session'))).toBeNull();
  });
});
