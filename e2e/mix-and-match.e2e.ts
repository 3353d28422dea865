import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, button, callApi, choose, closeToasts, eventually, expectToast, launch, signInOwner, signInViewer, snap } from './support';

type Row = { id: number; name: string };
type ProductOption = { id: number; name: string; barcode: string; price: number | null };
type MenuItem = { id: number; name: string; productId: number | null; hasSubMenu: boolean };
type Basket = {
  bssId: string;
  subTotalPrice: number;
  discountPrice: number;
  totalPrice: number;
  isClosed: boolean;
  basketDetailList: { name: string; quantity: number; totalPrice: number }[];
  checkOutItemList: { name: string; price: number; priceString: string }[];
};
type Offer = { id: number; name: string; status: string; quantity: number; amount: number; products: { id: number }[] };

const SUCCESS = 'The operation was performed successfully.';
const OFFER = 'E2E Any 3 Desserts for £15';
const SETTINGS = 'storemanagement/merchantbranchsettings/';
const SCHEDULE_PARTS = ['OpenHour', 'CloseHour', 'DeliveryOpenHour', 'DeliveryCloseHour'];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * Mix and match (spec 2 #/mixAndMatchList, #mixAndMatchSave) as the demo store's owner uses it:
 * the list of offers, a new offer 'any 3 desserts for £15' on two demo desserts built in the
 * editor (the plain-English summary following the fields, a duplicate ignored, a product of a
 * department that excludes promotions refused), then the storefront's basket, through its public
 * API, prices three of those desserts with the offer's discount line; switched PASSIVE, the
 * discount is gone. Changing the type away from MIXMATCH empties the product list.
 */
describe('mix and match: an offer made in the back office prices the storefront basket', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let branchId: number;
  let etonMess: ProductOption;
  let lemonTart: ProductOption;
  let excluded: ProductOption;
  let offerId: number;
  let savedSchedule: Record<string, string | null> = {};

  /** Opens a screen afresh (by way of home: the same address again would not reload it). */
  const go = async (hash: string) => {
    await page.goto(`${baseUrl()}/merchant/#/`);
    await page.goto(`${baseUrl()}/merchant/${hash}`);
  };
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const panel = () => region('Mix and Match');
  const field = (label: string) => panel().getByLabel(label, { exact: true });
  /** What a dropdown of the editor shows. */
  const shown = (label: string) => panel().locator('.p-dropdown', { has: page.getByLabel(label, { exact: true }) }).textContent();
  const summary = () => panel().getByTestId('offer-summary');
  const productRows = () => panel().getByRole('table', { name: 'Products' }).locator('tbody tr:not(.p-datatable-emptymessage)');
  const pickByBarcode = async (barcode: string) => {
    const input = panel().getByLabel('Barcode', { exact: true });
    await input.fill(barcode);
    await input.press('Enter');
  };
  const pickByName = async (name: string) => {
    await panel().getByLabel('Product Name', { exact: true }).pressSequentially(name.slice(0, 6), { delay: 30 });
    await page.locator('.p-autocomplete-panel').getByRole('option', { name: new RegExp(`^${name}`) }).click();
  };
  const rowNames = async (rows: Locator) => (await rows.locator('td:nth-child(2)').allTextContents()).map((t) => t.trim());

  const menuItemOf = async (product: ProductOption) => {
    const found = await callApi<MenuItem[]>('GET', `storemanagement/webmenumember/status/active/member/${branchId}/name/${encodeURIComponent(product.name)}`);
    expect(found.status).toBe(200);
    const item = found.body.find((i) => i.productId === product.id && !i.hasSubMenu);
    if (!item) throw new Error(`${product.name} is not on the storefront menu`);
    return item;
  };
  const addToBasket = (webMenuBssId: number, quantity: number, basketBssId: string | null) =>
    callApi<Basket>('PUT', 'storemanagement/basket/addItemToBasket', { merchantBranchId: branchId, basketBssId, orderType: 'Collection', webMenuBssId, quantity });

  beforeAll(async () => {
    browser = await launch();
    ({ page, token } = await signInOwner(browser));
    branchId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('tillpoint.merchant.session') ?? '{}') as { user: { merchantBranchId: number } }).user.merchantBranchId);
    const product = async (name: string) => {
      const r = await callApi<ProductOption[]>('GET', `storemanagement/product/name/${encodeURIComponent(name)}`, undefined, token);
      const p = r.body.find((o) => o.name === name);
      if (!p) throw new Error(`no demo product ${name}`);
      return p;
    };
    etonMess = await product('Eton Mess');
    lemonTart = await product('Lemon Tart');
    // A department that keeps out of promotions, with one product, for the refusal.
    const tax = (await callApi<Row[]>('GET', 'storemanagement/tax/all', undefined, token)).body[0] as Row;
    const dept = await callApi<Row>('POST', 'storemanagement/department/create', { name: 'E2E Tobacco', tax: tax.id, excludePromotion: true }, token);
    expect(dept.status).toBe(200);
    const made = await callApi<ProductOption>(
      'POST',
      'storemanagement/product/create',
      { name: 'E2E Cigarillos', barcode: '5000000000981', departmentId: dept.body.id, quantity: 1, unit: 'each', price: 9.5 },
      token,
    );
    expect(made.status).toBe(200);
    excluded = made.body;
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

  it('lists the demo offers, 5 to a page, a basket spend shown as money', async () => {
    await go('#/mixAndMatchList');
    const list = region('Mix and Match');
    const row = list.getByRole('row', { name: /£2 off a £20 basket/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('£20.00');
    expect(await row.textContent()).toContain('£2.00 off a £20.00 basket, Mon-Sun all day');
    const soft = list.getByRole('row', { name: /Any 3 Soft Drinks for £7/ });
    expect(await soft.textContent()).toContain('Any 3 for £7.00, Mon-Sun all day');
    await snap(page, 'mix-and-match-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await soft.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'the list is wider than a phone').toBeLessThanOrEqual(1);
    await snap(page, 'mix-and-match-list-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('builds an offer in the editor: the summary follows, a duplicate is ignored, an excluded product refused', async () => {
    await go('#/mixAndMatchList');
    await region('Mix and Match').getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('heading', { name: 'New Mix and Match' }).waitFor();
    expect(page.url()).toMatch(/#mixAndMatchSave\?$/);
    // The spec's defaults.
    expect(await shown('Type')).toContain('Mix and Match');
    expect(await shown('Level')).toContain('Product');
    expect(await shown('Operation')).toContain('Fixed Price');
    expect(await shown('Mm Print')).toContain('Label');
    expect(await field('Web Enabled').isChecked()).toBe(true);

    // Required fields first.
    await button(page, 'Save').click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    await closeToasts(page);

    await field('Name').fill(OFFER);
    await field('Quantity').fill('3');
    await field('Amount').fill('15');
    await eventually(() => summary().textContent()).toBe('Any 3 for £15.00, Mon-Sun all day');
    await field('Sunday').uncheck();
    await field('Start Hour').fill('11');
    await field('Duration').fill('720');
    await eventually(() => summary().textContent()).toBe('Any 3 for £15.00, Mon-Sat 11:00-23:00');
    // Back to every day, all day, so the basket below is priced whatever the time of the run.
    await field('Sunday').check();
    await field('Start Hour').fill('');
    await field('Duration').fill('');
    await eventually(() => summary().textContent()).toBe('Any 3 for £15.00, Mon-Sun all day');

    await pickByBarcode(etonMess.barcode);
    await eventually(() => rowNames(productRows())).toEqual(['Eton Mess']);
    await pickByName('Lemon Tart');
    await eventually(() => rowNames(productRows())).toEqual(['Eton Mess', 'Lemon Tart']);
    // Duplicates are ignored.
    await pickByBarcode(etonMess.barcode);
    await page.waitForTimeout(500);
    expect(await rowNames(productRows())).toEqual(['Eton Mess', 'Lemon Tart']);
    // A product of a department that excludes promotions is refused.
    await pickByBarcode(excluded.barcode);
    await expectToast(page, 'Warning', 'Product excluded from mixAndMatch');
    await closeToasts(page);
    expect(await rowNames(productRows())).toEqual(['Eton Mess', 'Lemon Tart']);
    await snap(page, 'mix-and-match-editor-new');

    await button(page, 'Save').click();
    await expectToast(page, 'Success', SUCCESS);
    await closeToasts(page);
    await page.getByRole('heading', { name: OFFER }).waitFor();
    offerId = Number(page.url().match(/#mixAndMatchSave\?(\d+)$/)?.[1]);
    expect(offerId).toBeGreaterThan(0);
    const saved = await callApi<Offer>('GET', `storemanagement/mixandmatch/${offerId}`, undefined, token);
    expect(saved.body).toMatchObject({ name: OFFER, status: 'ACTIVE', quantity: 3, amount: 15, products: [{ id: etonMess.id }, { id: lemonTart.id }] });
    // Read-only until Edit.
    expect(await field('Name').isDisabled()).toBe(true);
    // The whole editor at once (the shell scrolls its own area), at a desktop and a phone width; a phone never scrolls sideways.
    for (const [width, height, size] of [
      [1280, 1500, 'desktop'],
      [390, 2600, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await eventually(() => rowNames(productRows())).toEqual(['Eton Mess', 'Lemon Tart']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `the editor at ${size} is wider than the window`).toBeLessThanOrEqual(1);
      await snap(page, `mix-and-match-editor-saved-${size}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // In the list, with its summary.
    await go('#/mixAndMatchList');
    const row = region('Mix and Match').getByRole('row', { name: new RegExp(OFFER) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Fixed Price');
    expect(await row.textContent()).toContain('£15.00');
  });

  it('the storefront basket prices three of those desserts with the offer, and not once it is PASSIVE', async () => {
    const eton = await menuItemOf(etonMess);
    const tart = await menuItemOf(lemonTart);
    const first = await addToBasket(eton.id, 2, null);
    expect(first.status).toBe(200);
    // Two are not a set of three: no discount yet.
    expect(first.body.checkOutItemList.find((c) => c.name === OFFER)).toBeUndefined();
    const basket = await addToBasket(tart.id, 1, first.body.bssId);
    expect(basket.status).toBe(200);
    const subTotal = basket.body.basketDetailList.reduce((sum, l) => sum + l.totalPrice, 0);
    const discount = Math.round((subTotal - 15) * 100) / 100;
    expect(discount).toBeGreaterThan(0);
    expect(basket.body.checkOutItemList).toContainEqual({ name: OFFER, price: -discount, priceString: `-£${discount.toFixed(2)}` });
    expect(basket.body.discountPrice).toBe(discount);

    // PASSIVE through the editor's status switch: the basket prices without it.
    await go(`#mixAndMatchSave?${offerId}`);
    await page.getByRole('heading', { name: OFFER }).waitFor();
    await button(page, 'Edit').click();
    await panel().getByRole('switch').click();
    const question = page.getByRole('alertdialog');
    await question.getByText('You are about to change the status. Are you sure?').waitFor();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Success', SUCCESS);
    await closeToasts(page);
    await button(page, 'Cancel').click();
    await panel().getByText('PASSIVE', { exact: true }).waitFor();
    const after = await callApi<Basket>('GET', `storemanagement/basket/status/created/merchantBranchId/${branchId}/orderType/Collection/basketBssId/${first.body.bssId}`);
    expect(after.status).toBe(200);
    expect(after.body.checkOutItemList.find((c) => c.name === OFFER)).toBeUndefined();
  });

  it('changing the type away from MIXMATCH empties the product list; Cancel restores the saved copy', async () => {
    await go(`#mixAndMatchSave?${offerId}`);
    await page.getByRole('heading', { name: OFFER }).waitFor();
    await eventually(() => rowNames(productRows())).toEqual(['Eton Mess', 'Lemon Tart']);
    await button(page, 'Edit').click();
    await choose(page, 'Type', 'All Products');
    await panel().getByText('An offer of this type takes every product whose department allows promotions.').waitFor();
    expect(await panel().getByRole('table', { name: 'Products' }).count()).toBe(0);
    await choose(page, 'Level', 'Basket');
    await choose(page, 'Operation', 'Discount Amount');
    await eventually(() => summary().textContent()).toBe('£15.00 off a £3.00 basket, Mon-Sun all day');
    await snap(page, 'mix-and-match-editor-all-products');
    await choose(page, 'Type', 'Mix and Match');
    // The list stays empty: the products went with the type.
    await eventually(() => productRows().count()).toBe(0);
    // Dates: the summary names them; an end before the start is refused with its message.
    await field('Start Date').fill('2026-12-24');
    await field('End Date').fill('2026-12-01');
    await eventually(() => summary().textContent()).toBe('£15.00 off a £3.00 basket, Mon-Sun all day, from 24/12/2026 to 01/12/2026');
    await button(page, 'Save').click();
    await expectToast(page, 'Warning', 'The end date cannot be before the start date.');
    await closeToasts(page);
    await button(page, 'Cancel').click();
    await eventually(() => rowNames(productRows())).toEqual(['Eton Mess', 'Lemon Tart']);
    expect(await summary().textContent()).toBe('Any 3 for £15.00, Mon-Sun all day');
    expect(await field('Start Date').inputValue()).toBe('');
    // Nothing was saved.
    expect((await callApi<Offer>('GET', `storemanagement/mixandmatch/${offerId}`, undefined, token)).body).toMatchObject({ quantity: 3, amount: 15, products: [{ id: etonMess.id }, { id: lemonTart.id }] });
  });
  it('a user who may only view offers sees the list and the offer, without Add, Edit or Delete', async () => {
    const viewer = await signInViewer(browser, token, branchId, 'e2e-offer-viewer');
    try {
      await viewer.page.goto(`${baseUrl()}/merchant/#/mixAndMatchList`);
      const list = viewer.page.getByRole('region', { name: 'Mix and Match', exact: true });
      await list.getByRole('row', { name: new RegExp(OFFER) }).click();
      await viewer.page.getByRole('heading', { name: OFFER }).waitFor();
      const form = viewer.page.getByRole('region', { name: 'Mix and Match', exact: true });
      expect(await form.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
      expect(await form.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      expect(await form.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
      await viewer.page.goto(`${baseUrl()}/merchant/#/mixAndMatchList`);
      await list.getByRole('row', { name: new RegExp(OFFER) }).waitFor();
      expect(await list.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
      // The server refuses what the screen does not offer.
      const refused = await callApi('PUT', `storemanagement/mixandmatch/${offerId}/status/ACTIVE`, undefined, viewer.token);
      expect(refused.status).toBe(403);
    } finally {
      await viewer.context.close();
    }
  });
  it('Delete asks first, then the offer leaves the list', async () => {
    await go(`#mixAndMatchSave?${offerId}`);
    await page.getByRole('heading', { name: OFFER }).waitFor();
    await button(page, 'Delete').click();
    const question = page.getByRole('alertdialog');
    await question.getByText('Are you sure to delete?').waitFor();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Success', SUCCESS);
    await closeToasts(page);
    await eventually(() => new URL(page.url()).hash).toBe('#/mixAndMatchList');
    await region('Mix and Match').getByRole('row', { name: /£2 off a £20 basket/ }).waitFor();
    expect(await region('Mix and Match').getByRole('row', { name: new RegExp(OFFER) }).count()).toBe(0);
    expect((await callApi('GET', `storemanagement/mixandmatch/${offerId}`, undefined, token)).status).toBe(404);
  });
});
