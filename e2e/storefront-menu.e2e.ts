import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_MS, baseUrl, callApi, closeStoreToasts, eventually, launch, signInOwner } from './support';

/**
 * A customer on a phone (390x844) finds the demo store in the marketplace, browses the menu and
 * builds a basket: a simple item, a set menu with options, an age-restricted drink (answering the
 * age question), quantities up and down, the totals the server computed, and the 'View Your Order' bar.
 */
type Basket = { bssId: string | null; itemCount: number; totalPriceString: string; ageRestrictedConfirmed: boolean; basketDetailList: { name: string; quantity: number; options: { name: string }[] }[] };

describe('storefront menu journey (phone)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let branchId: number;

  beforeAll(async () => {
    browser = await launch();
    // The demo store opens 11:00 to 23:00; the journey may run at any hour, so its owner opens it all day (equal hours).
    const owner = await signInOwner(browser);
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const hours = Object.fromEntries(days.flatMap((d) => [[`${d}OpenHour`, '00:00'], [`${d}CloseHour`, '00:00'], [`${d}DeliveryOpenHour`, null], [`${d}DeliveryCloseHour`, null]]));
    expect((await callApi('PUT', 'storemanagement/merchantbranchsettings/merchant/schedules', hours, owner.token)).status).toBe(200);
    await owner.page.context().close();
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    context.setDefaultTimeout(WAIT_MS);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const toast = (text: string) => page.locator('.sf-toast').filter({ hasText: text }).last();
  const basket = async () => {
    const bssId = await page.evaluate((id) => localStorage.getItem(`basket:${id}`), branchId);
    return (await callApi<Basket>('GET', `storemanagement/basket/status/created/merchantBranchId/${branchId}/orderType/Collection/basketBssId/${bssId}`)).body;
  };
  const bar = () => page.getByRole('button', { name: /View Your Order/ });
  /** Toasts sit at the top of the phone's screen for a few seconds; a person waits or closes them. */
  const closeToasts = async () => {
    await closeStoreToasts(page);
    await eventually(() => page.locator('.sf-toast').count()).toBe(0);
  };

  it('finds the demo store in the marketplace and opens it at its own address', async () => {
    await page.goto(`${baseUrl()}/marketplace`);
    await page.getByRole('searchbox', { name: 'Search stores' }).fill('bistro');
    const card = page.getByRole('link', { name: /Demo Bistro/ });
    await expect.poll(() => card.textContent()).toContain('1 High Street, London, SW1A 1AA');
    await card.click();
    await page.waitForURL(`${baseUrl()}/demo-bistro`);
    await page.getByRole('heading', { name: 'Demo Bistro', level: 1 }).waitFor();
    await page.getByText('Open now.').waitFor();
    branchId = Number(await page.evaluate(() => localStorage.getItem('merchantBranchId')));
    expect(branchId).toBeGreaterThan(0);
  });

  it('asks for a postcode before a delivery item goes in', async () => {
    await page.getByRole('button', { name: 'Mains', exact: true }).first().click();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Mains').waitFor();
    await page.getByRole('button', { name: 'Add Fish & Chips' }).click();
    await toast('Select a postCode').waitFor();
    expect(await page.locator('.sf-order-bar').count()).toBe(0);
  });

  it('adds a simple item for collection: the phone bar shows the count and the server’s total', async () => {
    await page.getByRole('button', { name: 'Collection', exact: true }).click();
    await page.getByRole('button', { name: 'Add Fish & Chips' }).click();
    await toast('Fish & Chips added to your order').waitFor();
    await eventually(() => bar().textContent()).toContain('£');
    const b = await basket();
    expect(b.basketDetailList.map((l) => l.name)).toEqual(['Fish & Chips']);
    expect(await bar().textContent()).toContain(b.totalPriceString);
  });

  it('adds the Burger Meal with an extra side and a drink chosen in the item dialog', async () => {
    await page.getByRole('button', { name: /^Burger Meal/ }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByRole('heading', { name: 'Burger Meal' }).waitFor({ state: 'attached' });
    // Served With comes ticked; an extra and one drink are chosen.
    expect(await dialog.getByRole('group', { name: /Served With/ }).getByRole('checkbox').first().isChecked()).toBe(true);
    await dialog.getByRole('group', { name: /Extra\(s\)/ }).getByRole('checkbox').first().check();
    const drinks = dialog.getByRole('group', { name: /Drink/ }).getByRole('radio');
    await drinks.first().check();
    const drinkName = (await drinks.first().locator('xpath=..').textContent())?.replace(/\+?£.*$/, '').trim() ?? '';
    await dialog.getByLabel('Extra notes').fill('No pickles please');
    await dialog.getByRole('button', { name: /Add to order/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const line = (await basket()).basketDetailList.find((l) => l.name === 'Burger Meal');
    expect(line?.options.map((o) => o.name)).toEqual(expect.arrayContaining([expect.stringContaining(drinkName.split(' ')[0])]));
    expect(line?.options.length).toBeGreaterThanOrEqual(4);
  });

  it('asks the age question for a beer, and OK records it on the basket and adds the beer', async () => {
    await closeToasts();
    await page.getByRole('button', { name: 'Drinks', exact: true }).first().click();
    await page.getByRole('button', { name: /Beer & Cider/ }).click();
    await page.getByRole('button', { name: 'Add Lager (pint)' }).click();
    const ask = page.locator('dialog[open]');
    await ask.getByText('The item you want to add has an age limit. Are you over 18?').waitFor();
    await ask.getByRole('button', { name: 'OK', exact: true }).click();
    await toast('Lager (pint) added to your order').waitFor();
    const b = await basket();
    expect(b.ageRestrictedConfirmed).toBe(true);
    expect(b.basketDetailList.map((l) => l.name)).toContain('Lager (pint)');
  });

  it('changes quantities in the basket sheet and shows the totals the server computed', async () => {
    await closeToasts();
    await bar().click();
    const sheet = page.locator('dialog[open]');
    await sheet.getByRole('button', { name: 'One more Fish & Chips' }).click();
    await eventually(async () => (await basket()).basketDetailList.find((l) => l.name === 'Fish & Chips')?.quantity).toBe(2);
    await sheet.getByRole('button', { name: 'One less Fish & Chips' }).click();
    await eventually(async () => (await basket()).basketDetailList.find((l) => l.name === 'Fish & Chips')?.quantity).toBe(1);
    const b = await basket();
    expect(b.itemCount).toBe(3);
    await eventually(() => sheet.locator('.sf-totals-total dd').textContent()).toBe(b.totalPriceString);
    await page.screenshot({ path: `${import.meta.dirname}/screenshots/storefront-basket-phone.png` });
    await sheet.getByRole('button', { name: /Checkout/ }).click();
    await page.waitForURL(`${baseUrl()}/login?${b.bssId}`);
  });
});
