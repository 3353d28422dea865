import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES } from '@tillpoint/contracts/marketplace-paths';
import type { PreviousOrder } from '@tillpoint/contracts/member-data';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data-paths';
import { MEMBER_SECURITY_PATHS } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { baseUrl, button, callApi, closeStoreToasts, deliverAllDay, eventually, fillDemoDeliveryBasket, keepDemoBranchSettings, launch, mailCount, mailWith, signInOwner, verifyCodeIn, WAIT_MS, waitForMail } from './support';

/**
 * A new customer's whole way through the member pages on a phone (issue 11): registers with the code
 * mailed to the local SMTP server; adds a delivery address with the postcode lookup; orders it for
 * delivery with a new card saved (the simulator's card fields) and a new billing address saved;
 * orders again with the saved card (only its CVV) and the saved billing address; sees both orders
 * in My Orders with their details as they were priced; keeps the store as a favourite; sends a
 * suggestion (mailed to the store); and, once the store has closed both orders, deletes the account
 * in My Profile, which leaves the demo as it was (the store's hours come back too).
 */
const EMAIL = `jo.journey.${Date.now()}@example.com`;
const PASSWORD = 'Journey2024x';
const PHONE = '07700 900654';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let ownerToken: string;
let kept: Awaited<ReturnType<typeof keepDemoBranchSettings>> | undefined;
let deleted = false;

const toast = (text: string) => page.locator('.sf-toast', { hasText: text }).last();
const heading = (name: string) => page.getByRole('heading', { name, exact: true });
const field = (label: string) => page.getByLabel(label, { exact: true });
const userMenu = () => page.locator('.ac-menu-button');
const confirmDialog = () => page.locator('dialog.sf-confirm[open]');
const confirmOrder = () => page.getByRole('button', { name: /^Confirm Order/ });
const path = () => new URL(page.url()).pathname;
/** The signed-in member's access token as the page keeps it (for the calls the test makes beside the browser). */
const memberToken = () => page.evaluate(() => (JSON.parse(sessionStorage.getItem('tillpoint.member.accessToken') ?? '{}') as { accessToken?: string }).accessToken ?? '');

async function shot(name: string, dialog = false) {
  await closeStoreToasts(page);
  if (!dialog) await page.locator('dialog[open]').waitFor({ state: 'detached' });
  // Nothing wider than the screen: a phone page never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  const dir = join(import.meta.dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function openAccountPage(entry: string) {
  await userMenu().click();
  await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: entry, exact: true }).click();
}

/** The demo store for delivery to SW1A 1AA, two Fish & Chips (over the delivery minimum), then the checkout. */
async function fillBasketAndCheckOut() {
  await fillDemoDeliveryBasket(page);
  // Signed in, the checkout button goes straight to the member's checkout.
  await eventually(path).toBe('/approveOrder');
  await heading('Checkout').waitFor();
  await eventually(() => field('First Name').inputValue()).toBe('Jo');
}

/** After a placed order: the store says so, and the confirmation mail comes. */
async function placed(mailsBefore: number) {
  await toast('Your order has been placed').waitFor();
  expect(path()).toBe('/demo-bistro');
  expect((await waitForMail(EMAIL, mailsBefore)).replace(/=\r?\n/g, '')).toMatch(/\(Delivery, CARD, paid\)/);
}

const myOrders = async () => (await callApi<PreviousOrder[]>('GET', MEMBER_DATA_PATHS.previousOrders(1), undefined, await memberToken())).body;

/**
 * The store takes an order of the member's to its end, as its staff would (through the automation's
 * steps where the branch has them on): a delivery is prepared, readied, dispatched with no driver,
 * delivered and closed. The account can then be deleted (an order in progress keeps it).
 */
async function storeCloses(orderId: number) {
  const next: Record<string, string> = {
    ORDER_PLACED: `accept/id/${orderId}`,
    ORDER_ACCEPTED: `preparing/id/${orderId}`,
    ORDER_PREPARING: `ready/id/${orderId}`,
    ORDER_READY: `dispatch/id/${orderId}/driverId/-1`,
    ORDER_DISPATCHED: `deliver/id/${orderId}`,
    ORDER_DELIVERED: `close/id/${orderId}`,
  };
  for (let i = 0; i < 8; i++) {
    const order = await callApi<{ orderStatus: string }>('GET', `storemanagement/order/id/${orderId}`, undefined, ownerToken);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const action = next[order.body.orderStatus];
    if (!action) return order.body.orderStatus;
    const moved = await callApi('PUT', `storemanagement/order/${action}`, undefined, ownerToken);
    // 409: the branch's automation took the step first.
    expect([200, 409], `${action}: ${JSON.stringify(moved.body)}`).toContain(moved.status);
  }
  throw new Error(`order ${orderId} did not come to an end`);
}

describe('a member from sign-up to deleting the account (phone)', () => {
  beforeAll(async () => {
    browser = await launch();
    const owner = await signInOwner(browser);
    ownerToken = owner.token;
    await owner.page.context().close();
    // The demo store delivers 17:00 to 22:00: all day for this file, its own hours put back after.
    kept = await keepDemoBranchSettings({ owner: ownerToken });
    await deliverAllDay(ownerToken);

    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    context.setDefaultTimeout(WAIT_MS);
    page = await context.newPage();
  });

  afterAll(async () => {
    // A step that stopped early leaves no member behind: the store ends their orders and the account goes.
    if (!deleted && page) {
      const token = await memberToken().catch(() => '');
      if (token) {
        const orders = (await callApi<PreviousOrder[]>('GET', MEMBER_DATA_PATHS.previousOrders(1), undefined, token)).body;
        for (const o of Array.isArray(orders) ? orders : []) await storeCloses(o.id).catch(() => undefined);
        await callApi('DELETE', 'memberuser/', undefined, token);
      }
    }
    await kept?.restore();
    await browser?.close();
  });

  it('registers with the code mailed to them and is signed in', async () => {
    await page.goto(`${baseUrl()}/demo-bistro`);
    await page.getByRole('heading', { name: 'Demo Bistro', level: 1 }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('merchantBranchId') !== null);
    await page.getByRole('link', { name: 'LOGIN' }).click();
    await heading('Login').waitFor();
    const before = mailCount();
    await field('Email').fill(EMAIL);
    await button(page, 'Continue').click();
    await heading('Create your account').waitFor();
    const code = verifyCodeIn(await waitForMail(EMAIL, before));
    await field('First Name').fill('Jo');
    await field('Last Name').fill('Journey');
    await field('Mobile Phone').fill(PHONE);
    await field('Password').fill(PASSWORD);
    await field('Confirm Password').fill(PASSWORD);
    await field('Verify Code').fill(code as string);
    await shot('journey-register-phone');
    await button(page, 'Register').click();
    await userMenu().waitFor();
    expect(await page.getByRole('link', { name: 'LOGIN' }).count()).toBe(0);
  });

  it('adds a delivery address with the postcode lookup', async () => {
    await openAccountPage('Addresses');
    await eventually(path).toBe('/address');
    await button(page, 'Add').click();
    await field('Post Code').fill('SW1A 1AA');
    await button(page, 'Lookup').click();
    await field('Choose your address').selectOption({ label: '1 High Street, London, SW1A 1AA' });
    await eventually(() => field('Address Line 1').inputValue()).toBe('1 High Street');
    expect(await field('City').inputValue()).toBe('London');
    await field('Description').fill('Home');
    await shot('journey-address-lookup-phone');
    await button(page, 'Save').click();
    await toast(MESSAGES.success).waitFor();
    await page.locator('.ac-choice', { hasText: 'Home' }).getByText('Default').waitFor();
  });

  it('orders with the saved address, a new card and a new billing address, both saved', async () => {
    await fillBasketAndCheckOut();
    // The saved address is preselected and shown, not typed again.
    await eventually(() => page.getByRole('radio', { name: /Home: 1 High Street, London, SW1A 1AA/ }).isChecked()).toBe(true);
    expect(await field('Address Line 1').count()).toBe(0);

    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    // Billing: 'Same as my delivery address' is on for a delivery; off, with no saved billing address, 'Other' opens the form.
    const same = page.getByLabel('Same as my delivery address');
    expect(await same.isChecked()).toBe(true);
    await same.uncheck();
    await field('Billing Post Code').fill('EC1A 1BB');
    await field('Billing Address Line 1').fill('200 Aldersgate Street');
    await field('Billing City').fill('London');
    await page.getByLabel('Save this billing address').check();

    const card = page.frameLocator('iframe[title="Card details"]');
    await card.getByLabel('Card number').fill('4929 0000 0000 6');
    await card.getByLabel('Expiry (MM/YY)').fill('12/39');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('Name on card').fill('Jo Journey');
    await page.getByLabel('Save this card for next time').check();
    await shot('journey-checkout-new-card-phone');
    const mails = mailCount();
    await confirmOrder().click();
    await placed(mails);
    const billing = await callApi<{ addressLine1: string; defaultAddress: boolean }[]>('GET', MEMBER_DATA_PATHS.billing.all, undefined, await memberToken());
    expect(billing.body).toEqual([expect.objectContaining({ addressLine1: '200 Aldersgate Street', defaultAddress: true })]);
  });

  it('orders again with the saved card, typing only its CVV, and the saved billing address', async () => {
    await fillBasketAndCheckOut();
    await page.getByRole('radio', { name: /VISA •••• 0006/ }).check();
    const cvv = page.frameLocator('iframe[title="Card security code"]');
    await cvv.getByLabel('CVV').fill('321');
    expect(await cvv.getByLabel('Card number').count()).toBe(0);
    await page.getByLabel('Same as my delivery address').uncheck();
    // The saved (default) billing address is preselected; 'Other' would open the form.
    await eventually(() => page.getByRole('radio', { name: /200 Aldersgate Street, London, EC1A 1BB/ }).isChecked()).toBe(true);
    expect(await field('Billing Address Line 1').count()).toBe(0);
    await shot('journey-checkout-saved-card-phone');
    const mails = mailCount();
    await confirmOrder().click();
    await placed(mails);
    // Nothing saved twice.
    expect((await callApi<unknown[]>('GET', MEMBER_DATA_PATHS.billing.all, undefined, await memberToken())).body).toHaveLength(1);
  });

  it('sees both orders in My Orders, each with its details as it was priced', async () => {
    const orders = await myOrders();
    expect(orders).toHaveLength(2);
    await openAccountPage('Orders');
    await eventually(path).toBe('/myOrders');
    await page.getByText('Page 1 of 1 · 2 orders').waitFor();
    await shot('journey-my-orders-phone');
    for (const o of orders) {
      const row = page.getByRole('row', { name: new RegExp(`#${o.orderNo}\\b`) });
      await row.getByText('Demo Bistro').waitFor();
      await row.getByRole('button', { name: `Order Details of order ${o.orderNo}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Order Details' });
      await dialog.getByText(`#${o.orderNo}`).waitFor();
      await dialog.getByText('Delivery', { exact: true }).waitFor();
      await dialog.getByText('1 High Street, London, SW1A 1AA').waitFor();
      await dialog.getByText('Fish & Chips').waitFor();
      await dialog.getByText('2×').waitFor();
      const totals = dialog.getByLabel('Order totals');
      const shown = Object.fromEntries(
        await totals.locator(':scope > div').evaluateAll((rows) => rows.map((r) => [r.querySelector('dt')?.textContent ?? '', r.querySelector('dd')?.textContent ?? ''])),
      );
      expect(shown.Subtotal).toBe(o.subTotalPriceString);
      expect(shown['Delivery fee']).toBe(o.deliveryPrice > 0 ? o.deliveryFeeString : 'Free');
      expect(shown.Total).toBe(o.totalPriceString);
      expect(shown['Includes VAT']).toBe(o.totalTaxPriceString);
      if (o.calculatedServiceCharge > 0) expect(shown['Service charge']).toBe(o.calculatedServiceChargeString);
      expect(await dialog.locator('.ac-status').textContent()).toBe(o.orderStatusMember);
      if (o === orders[0]) await shot('journey-order-details-phone', true);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('keeps the store as a favourite', async () => {
    await userMenu().click();
    await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Market Place' }).click();
    await eventually(path).toBe('/marketplace');
    // Opening the store signed in marked it already; the heart takes it off and on again, each after its question.
    const remove = page.getByRole('button', { name: 'Remove Demo Bistro from your favorites' });
    await remove.click();
    await confirmDialog().getByText(MARKETPLACE_MESSAGES.removeFavorite).waitFor();
    await confirmDialog().getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Add Demo Bistro to your favorites' }).click();
    await confirmDialog().getByText(MARKETPLACE_MESSAGES.addFavorite).waitFor();
    await shot('journey-favourite-question-phone', true);
    await confirmDialog().getByRole('button', { name: 'Yes' }).click();
    await remove.waitFor();
    await heading('Your Favorites').waitFor();
    await page.locator('ul.sf-store-grid').first().getByText('Demo Bistro', { exact: true }).waitFor();
    const list = await callApi<{ domainName: string; favorite: boolean }[]>('GET', 'marketplace/list', undefined, await memberToken());
    expect(list.body.find((s) => s.domainName === 'demo-bistro')?.favorite).toBe(true);
    await shot('journey-favourites-phone');
  });

  it('sends a suggestion, mailed to the store', async () => {
    await openAccountPage('Complaint / Suggestion');
    await eventually(path).toBe('/complaintSuggestion');
    await eventually(async () => (await field('Store').locator('option:checked').textContent())?.trim()).toBe('Demo Bistro ★');
    await page.getByText('Other', { exact: true }).click();
    const words = `Lovely chips, more vinegar please (${Date.now()})`;
    await field('Description').fill(words);
    await shot('journey-suggestion-phone');
    const before = mailCount();
    await button(page, 'Send').click();
    await toast(MESSAGES.success).waitFor();
    expect(await mailWith(words, before)).toContain('Complaint / Suggestion (Other) for Demo Bistro');
  });

  it('deletes the account in My Profile once the store has closed the orders', async () => {
    for (const o of await myOrders()) expect(await storeCloses(o.id)).toBe('ORDER_CLOSED');
    await openAccountPage('Account Details');
    await heading('My Profile').waitFor();
    await heading('Delete Account').scrollIntoViewIfNeeded();
    await button(page, 'Delete my account').click();
    await confirmDialog().getByText('Do you want to delete your account?', { exact: false }).waitFor();
    await shot('journey-delete-account-phone', true);
    await confirmDialog().getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.getByRole('link', { name: 'LOGIN' }).waitFor();
    deleted = true;
    // The address is free again: signing in with it would start a new registration.
    expect((await callApi<number>('GET', MEMBER_SECURITY_PATHS.checkEmail(EMAIL))).body).toBe(0);
  });
});
