import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Basket } from '@tillpoint/contracts/basket';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data';
import { callApi, launch, signInOwner, snap, waitForMail } from './support';

/**
 * The merchant's Customers screens (spec 2 'Customers', issue 11): a member registers and orders
 * from the demo store through the API (as the storefront does), then the owner finds that customer
 * in #/customer, opens the read-only detail with the Profile and the Addresses selector, and does
 * not find a member who never ordered there.
 */
const STAMP = Date.now();
const BUYER = { email: `cora.customer.${STAMP}@example.com`, firstName: 'Cora', lastName: `Customer${STAMP % 10000}` };
const STRANGER = { email: `nina.never.${STAMP}@example.com`, firstName: 'Nina', lastName: 'Never' };
const SETTINGS = 'storemanagement/merchantbranchsettings/';
const SCHEDULE_PARTS = ['OpenHour', 'CloseHour', 'DeliveryOpenHour', 'DeliveryCloseHour'];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const S = 'memberuser/security/';

let browser: Browser;
let page: Page;
let token: string;
let branchId: number;
let savedSchedule: Record<string, string | null> = {};

/** Registers a member with the code mailed to the local SMTP server and signs in: the member's access token. */
async function registerMember(who: { email: string; firstName: string; lastName: string }): Promise<string> {
  expect((await callApi('POST', `${S}register/verifycode`, { email: who.email })).status).toBe(200);
  const mail = (await waitForMail(who.email)).replace(/=\r?\n/g, '');
  const code = mail.match(/verify code is ([A-Z0-9]{6})/)?.[1];
  if (!code) throw new Error('no verify code in the mail');
  const registered = await callApi<{ code: string }>('POST', `${S}register`, {
    ...who,
    title: 'MRS',
    mobilePhone: '07700 900777',
    birthDay: '1990-04-05',
    password: 'Member2024',
    passwordConfirm: 'Member2024',
    verifyCode: code,
  });
  expect(registered.status).toBe(200);
  const tokens = await callApi<{ accessToken: string }>('POST', `${S}tokens/code/${registered.body.code}`);
  expect(tokens.status).toBe(200);
  return tokens.body.accessToken;
}

describe('merchant Customers', () => {
  beforeAll(async () => {
    browser = await launch();
    ({ page, token } = await signInOwner(browser));
    branchId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('tillpoint.merchant.session') ?? '{}') as { user: { merchantBranchId: number } }).user.merchantBranchId);
    // The basket takes items only while the store is open: open all day for this journey, the demo hours back after it.
    const settings = await callApi<Record<string, string | null>>('GET', `${SETTINGS}merchantBranchId/-1`, undefined, token);
    savedSchedule = Object.fromEntries(DAYS.flatMap((d) => SCHEDULE_PARTS.map((p) => [`${d}${p}`, settings.body[`${d}${p}`] ?? null])));
    const allDay = Object.fromEntries(DAYS.flatMap((d) => SCHEDULE_PARTS.map((p) => [`${d}${p}`, '00:00'])));
    expect((await callApi('PUT', `${SETTINGS}merchant/schedules`, allDay, token)).status).toBe(200);
  });
  afterAll(async () => {
    if (token) await callApi('PUT', `${SETTINGS}merchant/schedules`, savedSchedule, token);
    await browser?.close();
  });

  it('a member orders from the demo store through the API; another member never does', async () => {
    const member = await registerMember(BUYER);
    await registerMember(STRANGER);
    expect(
      (await callApi('POST', MEMBER_DATA_PATHS.address.create, { description: 'Home', postCode: 'SW1P 3BU', city: 'London', addressLine1: '1 Victoria Street' }, member)).status,
    ).toBe(200);
    expect(
      (await callApi('POST', MEMBER_DATA_PATHS.address.create, { description: 'Office', postCode: 'SW1E 5ND', city: 'London', addressLine1: '20 Bressenden Place' }, member)).status,
    ).toBe(200);

    const items = await callApi<{ id: number; hasSubMenu: boolean; name: string }[]>('GET', `storemanagement/webmenumember/status/active/member/${branchId}/name/Lemon`);
    const item = items.body.find((i) => !i.hasSubMenu);
    if (!item) throw new Error('no Lemon item on the demo menu');
    const added = await callApi<Basket>('PUT', 'storemanagement/basket/addItemToBasket', { merchantBranchId: branchId, basketBssId: null, orderType: 'Collection', webMenuBssId: item.id, quantity: 1 });
    expect(added.status).toBe(200);
    const bssId = added.body.bssId as string;
    expect((await callApi('PUT', MEMBER_DATA_PATHS.setBasketToLoginUser(branchId, bssId), undefined, member)).body).toEqual({ id: bssId });
    const placed = await callApi('POST', 'storemanagement/basket/place', {
      merchantBranchId: branchId,
      id: bssId,
      orderType: 'Collection',
      firstName: BUYER.firstName,
      lastName: BUYER.lastName,
      email: BUYER.email,
      mobilePhone: '07700 900777',
      paymentType: 'PAY AT COUNTER',
    });
    expect(placed.status).toBe(200);
    const mine = await callApi<{ orderStatusMember: string }[]>('GET', MEMBER_DATA_PATHS.previousOrders(1), undefined, member);
    expect(mine.body).toHaveLength(1);
  });

  it('the owner finds the customer, opens the read-only detail, and not the member who never ordered', async () => {
    await page.goto(`${page.url().split('#')[0]}#/customer`);
    const table = page.locator('.p-datatable');
    await table.waitFor();
    // The menu names the screen under Catalogue.
    expect(await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' }).count()).toBe(1);
    const emailFilter = page.getByRole('textbox', { name: 'Filter E-mail', exact: true });
    await emailFilter.fill(STRANGER.email);
    await page.getByText('No Records Found').waitFor();
    await emailFilter.fill(BUYER.email);
    const row = table.locator('tbody tr', { hasText: BUYER.email });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${BUYER.firstName} ${BUYER.lastName}`);
    expect(await row.textContent()).toContain('(07700) 900777');
    await snap(page, 'customers-list');

    await row.click();
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    const shown = (label: string) => page.getByLabel(label, { exact: true });
    await expect.poll(() => shown('E-mail').inputValue()).toBe(BUYER.email);
    expect(await shown('Title').inputValue()).toBe('MRS');
    expect(await shown('Last Name').inputValue()).toBe(BUYER.lastName);
    expect(await shown('Date of Birth').inputValue()).toBe('05/04/1990');
    expect(await shown('E-mail').isEditable()).toBe(false);
    // The default (first saved) address is chosen; the other one is in the selector.
    await expect.poll(() => shown('Address Line 1').inputValue()).toBe('1 Victoria Street');
    await page.locator('.p-dropdown', { has: page.getByLabel('Address', { exact: true }) }).click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: /Office/ }).click();
    await expect.poll(() => shown('Address Line 1').inputValue()).toBe('20 Bressenden Place');
    expect(await shown('Post Code').inputValue()).toBe('SW1E 5ND');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await snap(page, 'customer-detail');
  });
});
