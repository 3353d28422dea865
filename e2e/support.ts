import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';
import { expect, inject } from 'vitest';
import { BASKET_PATHS } from '@tillpoint/contracts/basket-paths';
import { BRANCH_SETTINGS_PATHS, type BranchSettings, MERCHANT_SETTINGS_PATHS, type MerchantBranchSettings } from '@tillpoint/contracts/branch-settings';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data-paths';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import { SCHEDULE_FIELDS } from '@tillpoint/contracts/schedule';

export const baseUrl = () => inject('baseUrl');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** How long a journey waits for something a person would see before it counts as missing (generous: CI machines are often busy). */
export const WAIT_MS = 20_000;

/** A fresh browser context (no cookies, no storage) at 1280x800, opened on /admin/ or /merchant/. */
export async function open(browser: Browser, app: 'admin' | 'merchant', search = ''): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/${app}/${search}`);
  return { context, page };
}

/** Waits until a condition holds (vitest's poll; its default of 1 s is too short for a browser). */
export const eventually = <T>(read: () => T | Promise<T>, message?: string) => expect.poll(read, { timeout: WAIT_MS, interval: 100, message });

export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Ticks the ALTCHA checkbox and waits for the proof of work: Login becomes enabled. */
export async function solveCaptcha(page: Page) {
  await page.getByText("I'm not a robot").click();
  // A locator wait rather than a poll, so that a beforeAll hook can sign in too.
  await button(page, 'Login').and(page.locator(':enabled')).waitFor();
}

/** Fills the login panel (the store name only when given), solves the captcha and presses Login. */
export async function signIn(page: Page, who: { store?: string; user: string; password: string }) {
  await page.getByRole('heading', { name: 'Login' }).waitFor();
  if (who.store !== undefined) await page.getByLabel('Store Name').fill(who.store);
  await page.getByLabel('User Name').fill(who.user);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  // A solution lasts one attempt; one left over from an attempt that never reached the server is reused.
  if (await button(page, 'Login').isDisabled()) await solveCaptcha(page);
  await button(page, 'Login').click();
}

/**
 * Waits for a toast with that title and message and checks the message character for character
 * (Playwright's text matching folds spaces, and some of the spec's messages have two in a row).
 */
export async function expectToast(page: Page, summary: 'Success' | 'Info' | 'Warning' | 'Error', detail: string): Promise<Locator> {
  const toast = page
    .locator('.p-toast-message')
    .filter({ has: page.locator('.p-toast-summary', { hasText: summary }) })
    .filter({ has: page.locator('.p-toast-detail', { hasText: detail.replace(/\s+/g, ' ') }) })
    .last();
  await toast.waitFor();
  expect(await toast.locator('.p-toast-detail').textContent()).toBe(detail);
  return toast;
}

/** Closes every toast on the page, so the next one read is new and screenshots are clean. */
export async function closeToasts(page: Page) {
  // The close button is pressed by event: a toast still sliding in is not where a pointer click lands.
  const closers = page.locator('.p-toast-message:not([class*="-exit"]) .p-toast-icon-close');
  while ((await closers.count()) > 0) await closers.first().dispatchEvent('click');
  await eventually(() => page.locator('.p-toast-message').count(), 'the toasts did not close').toBe(0);
}

/**
 * Closes the storefront's toasts. By event: behind an open modal dialog they are inert to a pointer.
 * A toast may leave by itself between the count and the press (its own timer): then it is gone
 * already, and the press is not waited for.
 */
export async function closeStoreToasts(page: Page) {
  const closers = page.locator('.sf-toast-close');
  while ((await closers.count()) > 0) await closers.first().dispatchEvent('click', undefined, { timeout: 1000 }).catch(() => undefined);
}

/** Screenshots land in e2e/screenshots (ignored by git) so a person can look at what the journey saw. */
export async function snap(page: Page, name: string, options: { dialog?: boolean } = {}) {
  // An opening or closing dialog or toast animation would smear the picture: wait for the one
  // dialog to be shown and settled, or for none at all.
  if (options.dialog) await page.locator('.p-dialog.p-dialog-enter-done').first().waitFor();
  else await page.locator('.p-dialog-mask').waitFor({ state: 'detached' });
  const dir = join(import.meta.dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Waits for a mail to the address that the local SMTP server received, and returns its raw text. */
export async function waitForMail(to: string, after = 0, timeoutMs = 20_000): Promise<string> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      for (const f of readdirSync(dir).sort().slice(after)) {
        const text = readFileSync(join(dir, f), 'utf8');
        if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return text;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export const mailCount = () => {
  const dir = inject('mailDir');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

/** The first link in a mail's text (quoted-printable soft breaks undone). */
export function linkIn(mail: string): string {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(/https?:\/\/[^\s"<>]+/);
  if (!m) throw new Error('no link in the mail');
  return m[0];
}

/** The 6-character verify code in a registration mail's text (quoted-printable soft breaks undone). */
export function verifyCodeIn(mail: string): string {
  const m = mail.replace(/=\r?\n/g, '').match(/verify code is ([A-Z0-9]{6})/);
  if (!m) throw new Error('no verify code in the mail');
  return m[1];
}

/** A mail received after the first `after` whose text contains the words (quoted-printable soft breaks undone). */
export async function mailWith(words: string, after: number): Promise<string> {
  const dir = inject('mailDir');
  let found = '';
  await eventually(() => {
    if (!existsSync(dir)) return false;
    for (const f of readdirSync(dir).sort().slice(after)) {
      const text = readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '');
      if (text.includes(words)) found = text;
    }
    return found !== '';
  }, `no mail with '${words}'`).toBe(true);
  return found;
}

/**
 * On a phone: the demo store for delivery to SW1A 1AA, two Fish & Chips (over its £15 minimum),
 * then the basket's Checkout button (a member goes on to /approveOrder, a visitor to /login).
 */
export async function fillDemoDeliveryBasket(page: Page) {
  await page.goto(`${baseUrl()}/demo-bistro`);
  await page.getByRole('heading', { name: 'Demo Bistro', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Delivery', exact: true }).first().click();
  await page.getByLabel('Delivering to').fill('SW1A 1AA');
  await button(page, 'Search').click();
  await page.getByText('✓ We deliver to SW1A 1AA').waitFor();
  await page.getByRole('button', { name: 'Mains', exact: true }).first().click();
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: 'Add Fish & Chips' }).click();
    // The phone's bar: the item count, then 'View Your Order' and the total.
    await eventually(() => page.locator('.sf-order-bar').textContent()).toMatch(new RegExp(`^${i + 1}View Your Order`));
  }
  await page.getByRole('button', { name: /View Your Order/ }).click();
  await page.getByRole('dialog', { name: 'Your Order' }).getByRole('button', { name: /^Checkout/ }).click();
}

/** Picks an option of a PrimeReact dropdown found by its label. */
export async function choose(page: Page, label: string, option: string) {
  const panel = page.locator('.p-dropdown-panel');
  // A list whose options load after it opened (a branch list fetched for the chosen account) may
  // open without the option yet: as a person would, close it and open it again.
  for (let attempt = 1; ; attempt++) {
    await page.locator('.p-dropdown', { has: page.getByLabel(label, { exact: true }) }).click();
    try {
      await panel.getByRole('option', { name: option, exact: true }).click({ timeout: attempt < 3 ? 8_000 : undefined });
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
    }
  }
  await panel.waitFor({ state: 'detached' });
}

/** The signed-in staff user's access token (admin or merchant), for calls a journey makes beside the browser. */
export const accessToken = (page: Page, app: 'admin' | 'merchant' = 'admin') =>
  page.evaluate((key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { accessToken?: string }).accessToken ?? '', `tillpoint.${app}.session`);

/** A call to the API from the test itself (a till, or setting up data the screens under test do not make). */
export async function callApi<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The demo store's owner, signed in to the merchant back office in a new page, with its access token for calls beside the browser. */
export async function signInOwner(browser: Browser): Promise<{ page: Page; token: string }> {
  const { page } = await open(browser, 'merchant');
  await signIn(page, { store: 'demo-bistro', user: 'owner', password: 'Owner1234' });
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  return { page, token: await accessToken(page, 'merchant') };
}

/**
 * A merchant user of the demo store who may only view the catalogue (role ACCOUNT_USER), made by
 * the owner and signed in in a context of its own, for journeys that check what a viewer cannot do.
 */
export async function signInViewer(browser: Browser, ownerToken: string, branchId: number, userName: string): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const roles = await callApi<{ id: number; name: string }[]>('GET', 'merchantuser/roles/all', undefined, ownerToken);
  const role = roles.body.find((r) => r.name === 'ACCOUNT_USER');
  // A mobile number of its own per user name (numbers are unique in a store).
  const digits = String([...userName].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1000, 7)).padStart(3, '0');
  const made = await callApi<{ id: number }>(
    'POST',
    'merchantuser/create',
    {
      userName,
      mobilePhone: `(07700) 900${digits}`,
      firstName: 'Vic',
      lastName: 'Viewer',
      email: `${userName}@e2e.local`,
      sendNotification: false,
      branches: [{ branchId }],
      roles: [{ id: role?.id }],
    },
    ownerToken,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect((await callApi('PUT', 'merchantuser/password/change', { id: made.body.id, password: 'Viewer1234!' }, ownerToken)).status).toBe(200);
  const { context, page } = await open(browser, 'merchant');
  await signIn(page, { store: 'demo-bistro', user: userName, password: 'Viewer1234!' });
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  return { context, page, token: await accessToken(page, 'merchant') };
}

/** The branch of a signed-in merchant page (its session names it). */
export const branchOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('tillpoint.merchant.session') ?? '{}') as { user: { merchantBranchId: number } }).user.merchantBranchId);

/** A customer's details as the storefront's checkout asks for them. */
export type Customer = { firstName: string; lastName: string; email: string; mobilePhone: string };

/**
 * An order placed through the storefront's basket API (the calls its checkout makes): `quantity` of
 * the demo menu's `dish`, by a guest, or by a signed-in member's basket with `memberToken`. A delivery
 * goes to a Westminster address and is paid at the door in cash, a collection at the counter. The
 * demo store delivers 17:00 to 22:00 only: a journey that orders at any hour calls deliverAllDay first.
 */
export async function placeOrder(
  branchId: number,
  customer: Customer,
  o: { dish?: string; quantity?: number; orderType?: 'Delivery' | 'Collection'; memberToken?: string; orderNotes?: string; allergies?: string } = {},
): Promise<PlacedOrder> {
  const dish = o.dish ?? 'Fish & Chips';
  const orderType = o.orderType ?? 'Delivery';
  const items = await callApi<{ id: number; hasSubMenu: boolean; name: string }[]>('GET', `storemanagement/webmenumember/status/active/member/${branchId}/name/${encodeURIComponent(dish)}`);
  const item = items.body.find((i) => !i.hasSubMenu && i.name.includes(dish));
  if (!item) throw new Error(`no ${dish} on the demo menu`);
  const added = await callApi<{ bssId: string }>(
    'PUT',
    BASKET_PATHS.addItem,
    { merchantBranchId: branchId, basketBssId: null, orderType, webMenuBssId: item.id, quantity: o.quantity ?? 1 },
    o.memberToken,
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  if (o.memberToken) {
    const kept = await callApi('PUT', MEMBER_DATA_PATHS.setBasketToLoginUser(branchId, added.body.bssId), undefined, o.memberToken);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  }
  const placed = await callApi<PlacedOrder>(
    'POST',
    BASKET_PATHS.place,
    {
      merchantBranchId: branchId,
      id: added.body.bssId,
      orderType,
      ...customer,
      ...(orderType === 'Delivery'
        ? { memberUserAddress: { postCode: 'SW1A 1AA', city: 'London', addressLine1: '1 Horse Guards Road' }, paymentType: 'PAY AT DOOR BY CASH' }
        : { paymentType: 'PAY AT COUNTER' }),
      ...(o.orderNotes === undefined ? {} : { orderNotes: o.orderNotes }),
      ...(o.allergies === undefined ? {} : { allergies: o.allergies }),
    },
    o.memberToken,
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body;
}

/** The demo store delivers all day (it delivers 17:00 to 22:00), so a journey can order at any hour; keepDemoBranchSettings puts the hours back. */
export async function deliverAllDay(ownerToken: string) {
  const put = await callApi('PUT', MERCHANT_SETTINGS_PATHS.schedules, Object.fromEntries(SCHEDULE_FIELDS.map((f) => [f, '00:00'])), ownerToken);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

/**
 * The demo branch's settings as a journey found them, and `restore` to write them back in its
 * afterAll: journeys share one store, and none may see what another changed. With `owner` the
 * merchant's tabs (hours, basket, EOD, prices, market place, order display); with `admin` the
 * administrator's order, EOD and payment tabs. A notification tunnel cannot be saved empty: an empty
 * one comes back as TILL (what the live screens stand for), which the journeys accept either way.
 * Payment secrets are write-only: blank keeps the stored ones.
 */
export async function keepDemoBranchSettings(tokens: { owner?: string; admin?: string }) {
  const byId = await callApi<{ merchantBranchId: number }>('GET', 'merchant/branch/domainName/demo-bistro');
  const branchId = byId.body.merchantBranchId;
  const merchant = tokens.owner ? (await callApi<MerchantBranchSettings>('GET', MERCHANT_SETTINGS_PATHS.current, undefined, tokens.owner)).body : null;
  const admin = tokens.admin ? (await callApi<BranchSettings>('GET', BRANCH_SETTINGS_PATHS.byBranch(branchId), undefined, tokens.admin)).body : null;
  let restored = false;
  async function put(path: string, body: object, token: string) {
    const r = await callApi('PUT', path, body, token);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  async function restore() {
    if (restored) return;
    restored = true;
    if (merchant && tokens.owner) {
      const o = merchant;
      const owner = tokens.owner;
      await put(MERCHANT_SETTINGS_PATHS.eod, { email: o.email, isAutoEndOfDay: o.isAutoEndOfDay, endOfDayHour: o.endOfDayHour }, owner);
      await put(
        MERCHANT_SETTINGS_PATHS.basket,
        {
          minimumDeliveryBasketPrice: o.minimumDeliveryBasketPrice,
          deliveryFee: o.deliveryFee,
          freeDeliveryAmount: o.freeDeliveryAmount,
          collectionDiscountRate: o.collectionDiscountRate,
          serviceChargeOptions: o.serviceChargeOptions,
          defaultServiceCharge: o.defaultServiceCharge,
          serviceChargeOptionsTableOrder: o.serviceChargeOptionsTableOrder,
          defaultServiceChargeTableOrder: o.defaultServiceChargeTableOrder,
          serviceChargeOptionsDelivery: o.serviceChargeOptionsDelivery,
          defaultServiceChargeDelivery: o.defaultServiceChargeDelivery,
          scheduledForDelivery: o.scheduledForDelivery,
          minimumDeliveryDeliveryDuration: o.minimumDeliveryDeliveryDuration,
          maximumDeliveryDeliveryDuration: o.maximumDeliveryDeliveryDuration,
        },
        owner,
      );
      await put(MERCHANT_SETTINGS_PATHS.schedules, Object.fromEntries(SCHEDULE_FIELDS.map((f) => [f, o[f] ?? null])), owner);
      await put(MERCHANT_SETTINGS_PATHS.productPrice, { priceCalculationMethod: o.priceCalculationMethod, priceCalculationRate: o.priceCalculationRate }, owner);
      await put(
        MERCHANT_SETTINGS_PATHS.marketPlace,
        {
          serviceableAreas: o.serviceableAreas,
          distanceFromPostalCodeThatCanBeServiced: o.distanceFromPostalCodeThatCanBeServiced,
          showEmailAddressInTheStoreCard: o.showEmailAddressInTheStoreCard,
          menuBorderColor: o.menuBorderColor,
          menuDisplayTemplate: o.menuDisplayTemplate,
          menuDisplayType: o.menuDisplayType,
        },
        owner,
      );
      await put(MERCHANT_SETTINGS_PATHS.orderDisplay, { displayMemberZoom: o.displayMemberZoom }, owner);
    }
    if (admin && tokens.admin) {
      const o = admin;
      await put(
        BRANCH_SETTINGS_PATHS.saveOrder(branchId),
        {
          tableOrderPaymentOptions: o.tableOrderPaymentOptions,
          webOrderPaymentOptions: o.webOrderPaymentOptions,
          notificationTunnel: o.notificationTunnel || 'TILL',
          autoOrderConfirm: o.autoOrderConfirm,
          autoKitchen: o.autoKitchen,
          autoInsideDelivery: o.autoInsideDelivery,
          autoOutsideDelivery: o.autoOutsideDelivery,
          autoDispatch: o.autoDispatch,
        },
        tokens.admin,
      );
      await put(BRANCH_SETTINGS_PATHS.saveEod(branchId), { email: o.email, isAutoEndOfDay: o.isAutoEndOfDay, endOfDayHour: o.endOfDayHour }, tokens.admin);
      await put(
        BRANCH_SETTINGS_PATHS.savePayment(branchId),
        {
          provider: o.provider,
          jsUrl: o.jsUrl,
          merchantUrl: o.merchantUrl,
          baseUrl: o.baseUrl,
          vendorName: o.vendorName,
          reportingUser: o.reportingUser,
          jwt: '',
          password: '',
          reportingPassword: '',
        },
        tokens.admin,
      );
    }
  }
  return { branchId, merchant, admin, restore };
}
