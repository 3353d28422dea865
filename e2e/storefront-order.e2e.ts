import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WEEKDAYS } from '@tillpoint/contracts/schedule';
import { MERCHANT_SETTINGS_PATHS } from '@tillpoint/contracts/branch-settings';
import { BASKET_PATHS } from '@tillpoint/contracts/basket-paths';
import { CHECKOUT_MESSAGES } from '@tillpoint/contracts/order-rules';
import { MEMBER_MESSAGES } from '@tillpoint/contracts/member-paths';
import { PAYMENT_MESSAGES } from '@tillpoint/contracts/payment';
import { accessToken, baseUrl, button, callApi, closeStoreToasts, eventually, launch, mailCount, open, signIn, signInOwner, WAIT_MS, waitForMail } from './support';

/**
 * A customer orders from the demo store on a phone (issue 10 'Tests'): a delivery with a set item,
 * an age-restricted drink, a postcode lookup and a 3-D Secure card payment through the simulator; and
 * a table order from a /tableNo/{n} address paid at the counter. Each order exists once.
 */
let browser: Browser;
let ownerToken: string;

/** A phone-sized context (iPhone 12-14 viewport) with fresh storage. */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  context.setDefaultTimeout(WAIT_MS);
  return { context, page: await context.newPage() };
}

const toast = (page: Page, text: string) => page.locator('.sf-toast', { hasText: text }).last();

async function shot(page: Page, name: string) {
  // Toasts would cover the form: they are closed first.
  await closeStoreToasts(page);
  const dir = join(import.meta.dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Finds a menu item through the product search (more than 3 characters) and opens or quick-adds it. */
async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search the menu' });
  await box.fill(text);
}

/** The basket id the browser keeps under the branch (spec 3 §3), read from the page's storage. */
const storedBasketId = (page: Page) =>
  page.evaluate(() => {
    const branch = localStorage.getItem('merchantBranchId');
    return branch ? localStorage.getItem(`basket:${branch}`) : null;
  });

/** From the phone's bottom bar to the checkout, as a guest. */
async function checkOutAsGuest(page: Page, tryEmail = false) {
  await page.getByRole('button', { name: /View Your Order/ }).click();
  await page.getByRole('dialog', { name: 'Your Order' }).getByRole('button', { name: /^Checkout/ }).click();
  await eventually(() => new URL(page.url()).pathname).toBe('/login');
  if (tryEmail) {
    // The login page's e-mail check (spec 3 §5.5) before anything is asked of the server; the guest goes on without an account.
    await page.getByLabel('Email').fill('a@b.uk');
    await button(page, 'Continue').click();
    await toast(page, MEMBER_MESSAGES.loginEmail).waitFor();
    await shot(page, 'login-phone');
  }
  await button(page, 'Checkout as a guest').click();
  await eventually(() => new URL(page.url()).pathname).toBe('/confirmOrder');
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
}

async function fillGuest(page: Page, who: { firstName: string; lastName: string; email: string; mobilePhone: string }) {
  await page.getByLabel('First Name').fill(who.firstName);
  await page.getByLabel('Last Name').fill(who.lastName);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Mobile Phone').fill(who.mobilePhone);
}

/** The order number in the customer's confirmation mail ('Order no: 12 (…)'). */
/** A quoted-printable mail body as text (soft line breaks joined). */
const plain = (mail: string) => mail.replace(/=\r?\n/g, '');
const orderNoIn = (mail: string) => Number(/Order no: (\d+)/.exec(plain(mail))?.[1]);
/** How many mails the local SMTP server received for an address. */
const mailsTo = (to: string) => {
  const dir = inject('mailDir');
  return readdirSync(dir).filter((f) => readFileSync(join(dir, f), 'utf8').toLowerCase().includes(`to: ${to.toLowerCase()}`)).length;
};

beforeAll(async () => {
  browser = await launch();
  // The demo store opens 11:00 to 23:00 and delivers 17:00 to 22:00; the journeys run at any hour, so it is open all day here.
  const owner = await signInOwner(browser);
  ownerToken = owner.token;
  await owner.page.context().close();
  const allDay = Object.fromEntries(
    WEEKDAYS.flatMap((d) => [
      [`${d}OpenHour`, '00:00'],
      [`${d}CloseHour`, '00:00'],
      [`${d}DeliveryOpenHour`, '00:00'],
      [`${d}DeliveryCloseHour`, '00:00'],
    ]),
  );
  const saved = await callApi('PUT', MERCHANT_SETTINGS_PATHS.schedules, allDay, ownerToken);
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

describe('a customer orders from the demo store on a phone', () => {
  it('delivery: a set item with options and an age-restricted drink, postcode lookup, 3-D Secure card: placed once', async () => {
    const { context, page } = await phone();
    await page.goto(`${baseUrl()}/demo-bistro`);
    await page.getByRole('heading', { name: 'Demo Bistro' }).first().waitFor();

    // Delivery needs a served postcode before anything goes in the basket (spec 3 §4.5).
    await page.getByLabel('Delivering to').fill('SW1A 1AA');
    await button(page, 'Search').click();
    await page.getByText('✓ We deliver to SW1A 1AA').waitFor();

    // The burger meal: an extra side (the first is free) and a drink.
    await search(page, 'Burger Meal');
    await page.getByRole('button', { name: /^Burger Meal/ }).first().click();
    const item = page.getByRole('dialog', { name: 'Burger Meal' });
    await item.getByLabel('Onion Rings').check();
    await item.getByLabel('Lemonade 330ml').check();
    await item.getByRole('button', { name: /^Add to order/ }).click();
    await toast(page, 'Burger Meal added to your order').waitFor();

    // A pint: the age question first (spec 3 §4.6).
    await search(page, 'Lager');
    await page.getByRole('button', { name: 'Add Lager (pint)' }).click();
    await page.getByText('The item you want to add has an age limit. Are you over 18?').waitFor();
    await button(page, 'OK').click();
    await toast(page, 'Lager (pint) added to your order').waitFor();

    await checkOutAsGuest(page, true);
    const bssId = await storedBasketId(page);
    const branchId = Number(await page.evaluate(() => localStorage.getItem('merchantBranchId')));
    expect(bssId).toBeTruthy();
    await expect.poll(() => page.getByRole('button', { name: 'Delivery', pressed: true }).count()).toBe(1);

    // The checks of spec 3 §5.3 run in the browser first, in their order.
    await page.getByRole('button', { name: /^Confirm Order/ }).click();
    await toast(page, CHECKOUT_MESSAGES.userDetails).waitFor();
    await fillGuest(page, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.delivery@example.com', mobilePhone: '07700 900123' });
    await page.getByLabel('Email').fill('ada.delivery@');
    await page.getByRole('button', { name: /^Confirm Order/ }).click();
    await toast(page, CHECKOUT_MESSAGES.email).waitFor();
    await page.getByLabel('Email').fill('ada.delivery@example.com');

    // The postcode lookup fills the address.
    const postCode = page.getByLabel('Post Code', { exact: true });
    await postCode.fill('SW1A 1AA');
    await button(page, 'Lookup').click();
    await page.getByLabel('Choose your address').selectOption({ label: '1 High Street, London, SW1A 1AA' });
    await expect.poll(() => page.getByLabel('Address Line 1', { exact: true }).inputValue()).toBe('1 High Street');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('London');

    // The third slot when there is one: late in the evening the day has fewer slots left.
    const deliverBy = page.getByLabel('Deliver By');
    await expect.poll(() => deliverBy.locator('option').count()).toBeGreaterThan(0);
    await deliverBy.selectOption({ index: Math.min(2, (await deliverBy.locator('option').count()) - 1) });
    await page.getByText('Allergies & Notes').click();
    await page.getByLabel('Allergies').fill('Peanuts');
    await page.getByLabel('Order Notes').fill('Ring the bell twice, please.');

    await page.getByRole('button', { name: /^Confirm Order/ }).click();
    await toast(page, CHECKOUT_MESSAGES.paymentType).waitFor();

    // A card through the simulator's hosted fields (its own page in a frame). A declined card: the
    // provider's words, the button back and the payment choice reset (spec 3 §4.7); nothing placed.
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    const card = page.frameLocator('iframe[title="Card details"]');
    await card.getByLabel('Card number').fill('4000 0000 0000 0002');
    await card.getByLabel('Expiry (MM/YY)').fill('12/39');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: /^Confirm Order/ }).click();
    await toast(page, PAYMENT_MESSAGES.declined).waitFor();
    await page.getByRole('button', { name: /^Confirm Order/ }).and(page.locator(':enabled')).waitFor();
    expect(await page.getByRole('radio', { name: 'Credit / Debit Card' }).isChecked()).toBe(false);
    expect(mailsTo('ada.delivery@example.com')).toBe(0);

    // Then the 3-D Secure test card.
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await card.getByLabel('Card number').fill('4000 0000 0000 3220');
    await card.getByLabel('Expiry (MM/YY)').fill('12/39');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('Name on card').fill('Ada Lovelace');
    await shot(page, 'checkout-phone-delivery');
    await page.getByRole('button', { name: /^Confirm Order/ }).click();

    // The issuer's challenge page, then back to the store with the success notice.
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await toast(page, 'Your order has been placed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo-bistro');
    await eventually(() => new URL(page.url()).search).toBe('');

    // The order exists once: one confirmation mail, and placing the same basket again answers with that order.
    const mail = await waitForMail('ada.delivery@example.com');
    const orderNo = orderNoIn(mail);
    expect(orderNo).toBeGreaterThan(0);
    expect(plain(mail)).toMatch(/\(Delivery, CARD, paid\)/);
    const again = await callApi<{ orderNo?: number }>('POST', BASKET_PATHS.place, { id: bssId, merchantBranchId: branchId });
    expect(again).toMatchObject({ status: 200, body: { orderNo } });
    expect(mailsTo('ada.delivery@example.com')).toBe(1);
    // The stored branch, order and address keys are gone (spec 3 §4.7).
    expect(await page.evaluate(() => [localStorage.getItem('postCode'), localStorage.getItem(`basket:${localStorage.getItem('merchantBranchId')}`)])).toEqual([null, null]);
    await context.close();
  });

  it('table order from a table QR code (/tableNo/{n}?clientId=…) on a phone that never saw the store, paid at the counter', async () => {
    // The floor plan's codes name the branch by its oldest ACTIVE till credential's client id (an administrator's record).
    const branchId = (await callApi<{ merchantBranchId: number }>('GET', 'merchant/branch/domainName/demo-bistro')).body.merchantBranchId;
    const admin = await open(browser, 'admin');
    await signIn(admin.page, { user: 'admin', password: 'Admin1234' });
    await admin.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const adminToken = await accessToken(admin.page, 'admin');
    await admin.context.close();
    type Credential = { id: number; clientId: string; status: string };
    const credentials = async () =>
      (await callApi<Credential[]>('GET', `merchant/credentials/merchantBranchId/${branchId}`, undefined, adminToken)).body.filter((c) => c.status === 'ACTIVE').sort((a, b) => a.id - b.id);
    let made: number | null = null;
    if ((await credentials()).length === 0) made = (await callApi<{ id: number }>('POST', 'merchant/credentials/create', { merchantBranchId: branchId, description: 'E2E table codes' }, adminToken)).body.id;
    const clientId = (await credentials())[0].clientId;

    const { context, page } = await phone();
    try {
      await page.goto(`${baseUrl()}/tableNo/3?clientId=${encodeURIComponent(clientId)}`);
      await page.getByRole('heading', { name: 'Demo Bistro' }).first().waitFor();
      await page.getByRole('button', { name: 'Table 3', pressed: true }).waitFor();
      // Resolved and kept: the address is the table's, and a reload finds the same store.
      await eventually(() => new URL(page.url()).search).toBe('');
      expect(new URL(page.url()).pathname).toBe('/tableNo/3');
      expect(await page.evaluate(() => localStorage.getItem('merchantBranchId'))).toBe(String(branchId));
      await tableOrder(page);
    } finally {
      await context.close();
      if (made !== null) await callApi('DELETE', `merchant/credentials/${made}`, undefined, adminToken);
    }
  });

  it('a QR code whose client id names no store goes to the root page', async () => {
    const { context, page } = await phone();
    await page.goto(`${baseUrl()}/tableNo/2?clientId=not-a-client`);
    await eventually(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('merchantBranchId'))).toBeNull();
    await context.close();
  });

  /** Adds a drink at the table and checks out as a guest paying at the counter; the order is placed once. */
  async function tableOrder(page: Page) {

    await search(page, 'Coca-Cola');
    await page.getByRole('button', { name: 'Add Coca-Cola 330ml' }).click();
    await toast(page, 'Coca-Cola 330ml added to your order').waitFor();
    await shot(page, 'store-phone-table-qr');

    const before = mailCount();
    await checkOutAsGuest(page);
    await page.getByRole('button', { name: 'Table Order', pressed: true }).waitFor();
    expect(await page.getByLabel('Table No').inputValue()).toBe('3');
    await fillGuest(page, { firstName: 'Alan', lastName: 'Turing', email: 'alan.table@example.com', mobilePhone: '+44 7700 900456' });
    await page.getByRole('radio', { name: 'Pay at the counter' }).check();
    await shot(page, 'checkout-phone-table');
    await page.getByRole('button', { name: /^Confirm Order/ }).click();
    await toast(page, 'Your order has been placed').waitFor();

    const mail = await waitForMail('alan.table@example.com', before);
    expect(plain(mail)).toContain('(Table Order, PAY AT COUNTER)');
    expect(mailsTo('alan.table@example.com')).toBe(1);
  }

  it('the checkout at desktop width: columns 2/4/4/2', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/demo-bistro`);
    await page.getByLabel('Delivering to').fill('SW1A 2AA');
    await button(page, 'Search').click();
    await page.getByText('✓ We deliver to SW1A 2AA').waitFor();
    await search(page, 'Burger Meal');
    await page.getByRole('button', { name: /^Burger Meal/ }).first().click();
    await page.getByRole('dialog', { name: 'Burger Meal' }).getByRole('button', { name: /^Add to order/ }).click();
    await toast(page, 'Burger Meal added to your order').waitFor();
    await page.getByRole('complementary', { name: 'Your Order' }).getByRole('button', { name: /^Checkout/ }).click();
    await button(page, 'Checkout as a guest').click();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    // The form and the payment column sit side by side in the middle eight of twelve columns.
    const form = await page.getByRole('heading', { name: 'Your Details' }).boundingBox();
    const pay = await page.getByRole('heading', { name: 'Payment' }).boundingBox();
    expect(form && pay && pay.x > form.x + 300).toBe(true);
    expect(form && form.x > 1440 / 6 - 40).toBe(true);
    await page.getByRole('button', { name: 'Collection' }).click();
    await page.getByLabel('Ready By').waitFor();
    await fillGuest(page, { firstName: 'Grace', lastName: 'Hopper', email: 'grace.desk@example.com', mobilePhone: '07700 900789' });
    await page.getByRole('radio', { name: 'Pay at the counter' }).check();
    await shot(page, 'checkout-desktop');

    // The basket emptied elsewhere (another tab): the server says 'Your order is empty!' and the page reloads the basket (spec 3 §4.7).
    const branchId = Number(await page.evaluate(() => localStorage.getItem('merchantBranchId')));
    const bssId = await storedBasketId(page);
    const current = await callApi<{ basketDetailList: { bssId: string }[] }>('GET', BASKET_PATHS.status(branchId, 'Collection', bssId));
    for (const line of current.body.basketDetailList) {
      expect((await callApi('PUT', BASKET_PATHS.removeItem, { merchantBranchId: branchId, basketBssId: bssId, bssId: line.bssId })).status).toBe(200);
    }
    await page.getByRole('button', { name: /^Confirm Order/ }).click();
    await toast(page, CHECKOUT_MESSAGES.orderEmpty).waitFor();
    await page.getByText('Your basket is empty.').waitFor();
    expect(await page.getByRole('radio', { name: 'Pay at the counter' }).isChecked()).toBe(false);
    expect(mailsTo('grace.desk@example.com')).toBe(0);
    // The terms and conditions: the store's refund policy.
    await button(page, 'terms and conditions').click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.getByText('within 3 days of placing it').waitFor();
    await terms.getByRole('button', { name: 'Close' }).first().click();
    await terms.waitFor({ state: 'hidden' });

    // Cancel Order cancels the basket and goes home with the notice.
    await button(page, 'Cancel Order').click();
    await toast(page, 'Your order has been cancelled').waitFor();
    await context.close();
  });
});
