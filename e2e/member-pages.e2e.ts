import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES } from '@tillpoint/contracts/marketplace-paths';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data-paths';
import { MEMBER_MESSAGES, MEMBER_SECURITY_PATHS } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { baseUrl, button, callApi, closeStoreToasts, deliverAllDay, eventually, keepDemoBranchSettings, launch, mailCount, mailWith, placeOrder, signInOwner, verifyCodeIn, WAIT_MS, waitForMail } from './support';

/**
 * A member's account pages on a phone (issue 11): the favourite marked by opening a store, the two
 * favourite confirmations and the marketplace's 'Your Favorites' / 'Other Stores'; the address book
 * (lookup, add, set as default, edit and cancel, remove with its confirmation, the spec's messages);
 * an order placed through the API seen in My Orders with its details and its status as the store
 * declines it; a suggestion sent to the store. The member is registered through the API (the sign-up
 * pages have their own journey) and signs in on the login page.
 */
const EMAIL = `grace.pages.${Date.now()}@example.com`;
const PASSWORD = 'Pages2024x';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let ownerToken: string;
let memberToken: string;
let branchId: number;
let kept: Awaited<ReturnType<typeof keepDemoBranchSettings>> | undefined;
let placedOrder: { id: number; orderNo: number } | null = null;
/** An order the branch's automation handed over: paid at the counter and closed afterwards, so the store's open orders are as they were. */
let handedOver: number | null = null;

const toast = (text: string) => page.locator('.sf-toast', { hasText: text }).last();
const heading = (name: string) => page.getByRole('heading', { name, exact: true });
const field = (label: string) => page.getByLabel(label, { exact: true });
const userMenu = () => page.locator('.ac-menu-button');
const confirmDialog = () => page.locator('dialog.sf-confirm[open]');

async function closeToasts() {
  await closeStoreToasts(page);
}

async function shot(name: string) {
  await closeToasts();
  // Nothing wider than the screen: a phone page never scrolls sideways.
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(width);
  const dir = join(import.meta.dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function openAccountPage(entry: string) {
  await userMenu().click();
  await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: entry, exact: true }).click();
}

/** The verify code in a mail's text. */
describe('member account pages (phone)', () => {
  beforeAll(async () => {
    browser = await launch();
    const owner = await signInOwner(browser);
    ownerToken = owner.token;
    await owner.page.context().close();
    branchId = (await callApi<{ merchantBranchId: number }>('GET', 'merchant/branch/domainName/demo-bistro')).body.merchantBranchId;

    // The demo store opens 11:00 to 23:00; the order is placed at any hour, so it is open all day here, and put back after.
    kept = await keepDemoBranchSettings({ owner: ownerToken });
    await deliverAllDay(ownerToken);

    // A member, registered with the mailed code (the sign-up pages are member-account.e2e.ts's).
    const before = mailCount();
    expect((await callApi('POST', MEMBER_SECURITY_PATHS.verifyCode, { email: EMAIL })).status).toBe(200);
    const verifyCode = verifyCodeIn(await waitForMail(EMAIL, before));
    const registered = await callApi<{ code: string }>('POST', MEMBER_SECURITY_PATHS.register, {
      email: EMAIL,
      title: 'MRS',
      firstName: 'Grace',
      lastName: 'Hopper',
      mobilePhone: '07700 900777',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      verifyCode,
    });
    expect(registered.status).toBe(200);
    memberToken = (await callApi<{ accessToken: string }>('POST', MEMBER_SECURITY_PATHS.tokens(registered.body.code))).body.accessToken;
    expect(memberToken).toBeTruthy();

    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    context.setDefaultTimeout(WAIT_MS);
    page = await context.newPage();
    await page.goto(`${baseUrl()}/demo-bistro`);
    // The store is chosen (its branch id kept) once its page shows; sign-in comes back to it.
    await page.getByRole('heading', { name: 'Demo Bistro', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'LOGIN' }).click();
    await heading('Login').waitFor();
    await field('Email').fill(EMAIL);
    await button(page, 'Continue').click();
    await heading('Welcome back').waitFor();
    await field('Password').fill(PASSWORD);
    await page.locator('altcha-widget').waitFor();
    if (await button(page, 'Login').isDisabled()) {
      await page.getByText("I'm not a robot").click();
      await button(page, 'Login').and(page.locator(':enabled')).waitFor();
    }
    await button(page, 'Login').click();
    await userMenu().waitFor();
  });

  afterAll(async () => {
    await kept?.restore();
    // The order leaves the store's open orders (a declined order is closed) if a step stopped before.
    if (handedOver && ownerToken) {
      await callApi('PUT', `storemanagement/order/payment/id/${handedOver}/paymentType/CASH`, undefined, ownerToken);
      await callApi('PUT', `storemanagement/order/close/id/${handedOver}`, undefined, ownerToken);
    } else if (placedOrder && ownerToken) await callApi('PUT', `storemanagement/order/decline/id/${placedOrder.id}`, undefined, ownerToken);
    await browser?.close();
  });

  it('opening a store while signed in marks it a favourite; the heart asks before it changes', async () => {
    await eventually(() => new URL(page.url()).pathname).toBe('/');
    const heart = page.getByRole('button', { name: 'Remove Demo Bistro from your favorites' });
    await heart.waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    // No keeps it.
    await heart.click();
    await confirmDialog().getByText(MARKETPLACE_MESSAGES.removeFavorite).waitFor();
    await shot('member-favourite-question-phone');
    await confirmDialog().getByRole('button', { name: 'No' }).click();
    await confirmDialog().waitFor({ state: 'detached' });
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    const list = await callApi<{ domainName: string; favorite: boolean }[]>('GET', 'marketplace/list', undefined, memberToken);
    expect(list.body.find((s) => s.domainName === 'demo-bistro')?.favorite).toBe(true);
  });

  it("shows 'Your Favorites' and 'Other Stores' on the marketplace; removing and adding go through the confirmations", async () => {
    await userMenu().click();
    await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Market Place' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/marketplace');
    await heading('Your Favorites').waitFor();
    await heading('Other Stores').waitFor();
    const favourites = page.locator('ul.sf-store-grid').first();
    await favourites.getByText('Demo Bistro', { exact: true }).waitFor();
    await shot('member-marketplace-phone');

    await page.getByRole('button', { name: 'Remove Demo Bistro from your favorites' }).click();
    await confirmDialog().getByText(MARKETPLACE_MESSAGES.removeFavorite).waitFor();
    await confirmDialog().getByRole('button', { name: 'Yes' }).click();
    const add = page.getByRole('button', { name: 'Add Demo Bistro to your favorites' });
    await add.waitFor();
    await page.getByText('Tap the heart on a store to keep it here.').waitFor();
    let list = await callApi<{ domainName: string; favorite: boolean }[]>('GET', 'marketplace/list', undefined, memberToken);
    expect(list.body.find((s) => s.domainName === 'demo-bistro')?.favorite).toBe(false);

    await add.click();
    await confirmDialog().getByText(MARKETPLACE_MESSAGES.addFavorite).waitFor();
    await confirmDialog().getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Remove Demo Bistro from your favorites' }).waitFor();
    list = await callApi<{ domainName: string; favorite: boolean }[]>('GET', 'marketplace/list', undefined, memberToken);
    expect(list.body.find((s) => s.domainName === 'demo-bistro')?.favorite).toBe(true);
    // A reload reads the marks from the server.
    await page.reload();
    await page.locator('ul.sf-store-grid').first().getByText('Demo Bistro', { exact: true }).waitFor();
  });

  it("keeps delivery addresses: the spec's messages, lookup, add, default, edit and cancel, remove", async () => {
    await openAccountPage('Addresses');
    await eventually(() => new URL(page.url()).pathname).toBe('/address');
    await heading('Addresses').waitFor();
    expect(await page.getByRole('tab', { name: 'Delivery Addresses' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('You have no saved delivery addresses yet.', { exact: false }).waitFor();

    // Add, then Save with nothing filled in.
    await button(page, 'Add').click();
    await heading('New delivery address').waitFor();
    await button(page, 'Save').click();
    await toast(MESSAGES.requiredFields).waitFor();

    // The post code lookup fills the address (the checkout's own fields).
    await field('Post Code').fill('SW1A 1AA');
    await button(page, 'Lookup').click();
    await field('Choose your address').selectOption({ label: '1 High Street, London, SW1A 1AA' });
    await eventually(() => field('Address Line 1').inputValue()).toBe('1 High Street');
    expect(await field('City').inputValue()).toBe('London');
    await field('Description').fill('Home');
    await shot('member-address-new-phone');
    await button(page, 'Save').click();
    await toast(MESSAGES.success).waitFor();
    const choices = page.locator('.ac-choice');
    await eventually(() => choices.count()).toBe(1);
    // The first address is the default.
    await choices.filter({ hasText: 'Home' }).getByText('Default').waitFor();
    expect(await field('Address Line 1').isDisabled()).toBe(true);

    // A second one typed by hand.
    await button(page, 'Add').click();
    await field('Description').fill('Work');
    await field('Post Code').fill('EC1A 1BB');
    await field('Address Line 1').fill('200 Aldersgate Street');
    await field('City').fill('London');
    await button(page, 'Save').click();
    await toast(MESSAGES.success).waitFor();
    await eventually(() => choices.count()).toBe(2);
    await eventually(() => page.locator('.ac-choice-on').textContent()).toContain('Work');

    // Set as default moves the mark.
    await button(page, 'Set as default').click();
    await choices.filter({ hasText: 'Work' }).getByText('Default').waitFor();
    expect(await choices.filter({ hasText: 'Home' }).getByText('Default').count()).toBe(0);

    // Edit and Cancel puts back the saved copy.
    await button(page, 'Edit').click();
    await field('Address Line 1').fill('Somewhere else');
    await button(page, 'Cancel').click();
    expect(await field('Address Line 1').inputValue()).toBe('200 Aldersgate Street');
    expect(await field('Address Line 1').isDisabled()).toBe(true);
    // Edit and Save keeps the change.
    await button(page, 'Edit').click();
    await field('Address Line 2').fill('Floor 3');
    await button(page, 'Save').click();
    await toast(MESSAGES.success).waitFor();
    await eventually(() => field('Address Line 2').isDisabled()).toBe(true);
    await shot('member-addresses-phone');

    // Remove asks first; No keeps it, Yes removes it.
    await choices.filter({ hasText: 'Home' }).click();
    await button(page, 'Remove').click();
    await confirmDialog().getByText(MESSAGES.confirmDelete).waitFor();
    await confirmDialog().getByRole('button', { name: 'No' }).click();
    await confirmDialog().waitFor({ state: 'detached' });
    expect(await choices.count()).toBe(2);
    await button(page, 'Remove').click();
    await confirmDialog().getByRole('button', { name: 'Yes, remove' }).click();
    await eventually(() => choices.count()).toBe(1);

    // What the server kept.
    const saved = await callApi<{ description: string | null; addressLine1: string; addressLine2: string | null; defaultAddress: boolean }[]>(
      'GET',
      MEMBER_DATA_PATHS.address.all,
      undefined,
      memberToken,
    );
    expect(saved.body).toEqual([expect.objectContaining({ description: 'Work', addressLine1: '200 Aldersgate Street', addressLine2: 'Floor 3', defaultAddress: true })]);
  });

  it("keeps billing addresses apart; Remove with none to choose says 'Select an address!'", async () => {
    await page.getByRole('tab', { name: 'Billing Addresses' }).click();
    await page.getByText('You have no saved billing addresses yet.', { exact: false }).waitFor();
    await button(page, 'Add').click();
    await field('Billing Post Code').fill('EC1A 1BB');
    await field('Billing Address Line 1').fill('200 Aldersgate Street');
    await field('Billing City').fill('London');
    await button(page, 'Save').click();
    await toast(MESSAGES.success).waitFor();
    await eventually(() => page.locator('.ac-choice').count()).toBe(1);
    expect((await callApi<unknown[]>('GET', MEMBER_DATA_PATHS.billing.all, undefined, memberToken)).body).toHaveLength(1);
    expect((await callApi<unknown[]>('GET', MEMBER_DATA_PATHS.address.all, undefined, memberToken)).body).toHaveLength(1);
    await button(page, 'Remove').click();
    await confirmDialog().getByRole('button', { name: 'Yes, remove' }).click();
    await page.getByText('You have no saved billing addresses yet.', { exact: false }).waitFor();
    // With nothing to choose, Remove and Set as default ask for a choice (spec 3 §5.5).
    await button(page, 'Remove').click();
    await toast(MEMBER_MESSAGES.selectAddress).waitFor();
    await button(page, 'Set as default').click();
    expect((await callApi<unknown[]>('GET', MEMBER_DATA_PATHS.billing.all, undefined, memberToken)).body).toHaveLength(0);
    await page.getByRole('tab', { name: 'Delivery Addresses' }).click();
    await page.locator('.ac-choice', { hasText: 'Work' }).waitFor();
  });

  it('shows an order placed through the API in My Orders, with its details and the status the store gives it', async () => {
    // A collection order paid at the counter, from the member's own basket.
    const placed = await placeOrder(
      branchId,
      { firstName: 'Grace', lastName: 'Hopper', email: EMAIL, mobilePhone: '07700 900777' },
      { dish: 'Tomato & Basil Soup', quantity: 2, orderType: 'Collection', memberToken },
    );
    placedOrder = placed;

    await openAccountPage('Orders');
    await eventually(() => new URL(page.url()).pathname).toBe('/myOrders');
    await heading('Orders').waitFor();
    const row = page.getByRole('row', { name: new RegExp(`#${placed.orderNo}\\b`) });
    await row.getByText('Demo Bistro').waitFor();
    // The page shows the member's word for the order's status, the same the server gives (the branch's automation may have moved it on).
    const statusOf = async () =>
      (await callApi<{ orderNo: number; orderStatus: string; orderStatusMember: string }[]>('GET', MEMBER_DATA_PATHS.previousOrders(1), undefined, memberToken)).body.find(
        (o) => o.orderNo === placed.orderNo,
      );
    const first = await statusOf();
    expect(['Placed', 'Accepted', 'Preparing']).toContain(first?.orderStatusMember);
    await eventually(() => row.locator('.ac-status').textContent()).toBe(first?.orderStatusMember);
    await page.getByText('Page 1 of 1 · 1 order').waitFor();
    await shot('member-orders-phone');

    await row.getByRole('button', { name: `Order Details of order ${placed.orderNo}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Details' });
    await dialog.getByText(`#${placed.orderNo}`).waitFor();
    await dialog.getByText('Collection', { exact: true }).waitFor();
    await dialog.getByText('Tomato & Basil Soup').waitFor();
    await dialog.getByText('2×').waitFor();
    expect(await dialog.getByLabel('Order totals').locator('.sf-totals-total dd').textContent()).toBe(placed.totalPriceString);
    await shot('member-order-details-phone');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // The store moves it on: the member reads the new word, never the kitchen's ORDER_… status.
    const [action, word] = first?.orderStatusMember === 'Placed' ? ['decline', 'Declined'] : first?.orderStatusMember === 'Accepted' ? ['preparing', 'Preparing'] : ['ready', 'Ready'];
    expect((await callApi('PUT', `storemanagement/order/${action}/id/${placed.id}`, undefined, ownerToken)).status).toBe(200);
    if (action === 'decline') placedOrder = null;
    else handedOver = placed.id;
    // The branch's automation may take it a step further still (a ready collection is handed over): the page follows the server.
    const next = (await statusOf())?.orderStatusMember;
    expect(next === word || (word === 'Ready' && next === 'Delivered')).toBe(true);
    await page.reload();
    await eventually(() => page.getByRole('row', { name: new RegExp(`#${placed.orderNo}\\b`) }).locator('.ac-status').textContent()).toBe(next);
  });

  it('sends a suggestion to the store: the required description, then the success toast and a mail to the store', async () => {
    await openAccountPage('Complaint / Suggestion');
    await eventually(() => new URL(page.url()).pathname).toBe('/complaintSuggestion');
    await heading('Complaint / Suggestion').waitFor();
    // The store chosen last is preselected, once the list is in.
    await eventually(async () => (await field('Store').locator('option:checked').textContent())?.trim()).toBe('Demo Bistro ★');
    expect(await page.getByRole('radio', { name: 'Technical' }).isChecked()).toBe(true);
    await button(page, 'Send').click();
    await toast(MESSAGES.requiredFields).waitFor();

    await page.getByText('Other', { exact: true }).click();
    const words = `Could you add a gluten-free bread option? (${Date.now()})`;
    await field('Description').fill(words);
    await page.getByText(`${words.length}/200`).waitFor();
    await shot('member-complaint-phone');
    const before = mailCount();
    await button(page, 'Send').click();
    await toast(MESSAGES.success).waitFor();
    await eventually(() => field('Description').inputValue()).toBe('');
    const mail = await mailWith(words, before);
    expect(mail).toContain('Complaint / Suggestion (Other) for Demo Bistro');
  });

  it('looks tidy on a desktop too', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl()}/address`);
    await page.locator('.ac-choice', { hasText: 'Work' }).waitFor();
    await shot('member-addresses-desktop');
    await page.goto(`${baseUrl()}/myOrders`);
    await page.getByRole('row', { name: /Demo Bistro/ }).first().waitFor();
    await shot('member-orders-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
  });
});
