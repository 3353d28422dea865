import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_MS, baseUrl, button, callApi, closeToasts, eventually, expectToast, launch, signInOwner, signInViewer, snap } from './support';

type Row = { id: number; name: string };

/**
 * Every catalogue screen at a desktop (1280x800) and a phone (390x844) width, with a record on
 * show, for a person to look at (e2e/screenshots); suppliers' rules; and what a user who may only
 * view the catalogue sees: the lists, no Add and no Edit.
 */
describe('catalogue: screens, suppliers and a view-only user', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let productId: number;
  let departmentId: number;
  let branchId: number;

  beforeAll(async () => {
    browser = await launch();
    ({ page, token } = await signInOwner(browser));
    branchId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('tillpoint.merchant.session') ?? '{}') as { user: { merchantBranchId: number } }).user.merchantBranchId);
    const taxes = await callApi<Row[]>('GET', 'storemanagement/tax/all', undefined, token);
    const tax = taxes.body[0] as Row;
    const department = await callApi<Row>('POST', 'storemanagement/department/create', { name: 'E2E Screens Drinks', tax: tax.id, profitMargin: 60 }, token);
    departmentId = department.body.id;
    const product = await callApi<Row>(
      'POST',
      'storemanagement/product/create',
      { name: 'E2E Screens Lemonade', barcode: '5000000000011', departmentId, quantity: 1, unit: 'each', price: 2.8, boxPrice: 9.6, boxQuantity: 24 },
      token,
    );
    expect(product.status).toBe(200);
    productId = product.body.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  const screens = () => [
    ['department-list', '#/departmentList', 'Departments'],
    ['department', `#departmentSave?${departmentId}`, 'Department'],
    ['product-list', '#/productList', 'Products'],
    ['product', `#productSave?${productId}`, 'Product'],
    ['product-group', '#/productGroupSave', 'Product Group'],
    ['product-tag', '#/productTagSave', 'Product Tag'],
    ['supplier', '#/supplier', 'Supplier'],
  ];

  it('shows each screen at a desktop and a phone width', async () => {
    for (const [width, height, size] of [
      [1280, 800, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [name, hash, region] of screens()) {
        await page.goto(`${baseUrl()}/merchant/${hash}`);
        await page.getByRole('region', { name: region, exact: true }).waitFor();
        await page.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
        // Nothing wider than the window: a phone scrolls down, never sideways.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${size} is wider than the window`).toBeLessThanOrEqual(1);
        await snap(page, `catalogue-screen-${name}-${size}`);
      }
    }
    // The whole product page at once: the shell scrolls its own area, so a tall window shows every section.
    for (const [width, height, size] of [
      [1280, 1700, 'desktop'],
      [390, 3400, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${baseUrl()}/merchant/#productSave?${productId}`);
      await page.getByRole('region', { name: 'Stock Management', exact: true }).waitFor();
      await snap(page, `catalogue-screen-product-${size}-whole`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('adds a supplier with the spec rules: a new one starts in edit mode', async () => {
    await page.goto(`${baseUrl()}/merchant/#/supplier`);
    const form = page.getByRole('region', { name: 'Supplier', exact: true });
    await form.waitFor();
    expect(await form.getByLabel('Name', { exact: true }).isDisabled()).toBe(false);
    await form.getByLabel('Email', { exact: true }).fill('abc');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    await form.getByLabel('Name', { exact: true }).fill('E2E Fresh Farms');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Not Valid Email');
    await form.getByLabel('Email', { exact: true }).fill('orders@freshfarms.example');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await page.getByRole('region', { name: 'Suppliers', exact: true }).getByRole('row', { name: /E2E Fresh Farms/ }).waitFor();
    await eventually(() => form.getByRole('button', { name: 'Edit', exact: true }).isVisible()).toBe(true);
    await closeToasts(page);
  });

  it('a user who may only view the catalogue sees the lists but no Add or Edit', async () => {
    const { context, page: viewerPage } = await signInViewer(browser, token, branchId, 'e2e-viewer');
    try {
      await viewerPage.goto(`${baseUrl()}/merchant/#/productList`);
      const list = viewerPage.getByRole('region', { name: 'Products', exact: true });
      await list.getByLabel('Filter Name', { exact: true }).fill('Lemonade');
      await list.getByRole('row', { name: /E2E Screens Lemonade/ }).waitFor({ timeout: WAIT_MS });
      expect(await button(viewerPage, 'Add').count()).toBe(0);
      expect(await button(viewerPage, 'Bulk Create').count()).toBe(0);
      await list.getByRole('row', { name: /E2E Screens Lemonade/ }).click();
      const form = viewerPage.getByRole('region', { name: 'Product', exact: true });
      await viewerPage.getByRole('heading', { name: 'E2E Screens Lemonade' }).waitFor();
      expect(await form.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
      expect(await form.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      expect(await form.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
      expect(await viewerPage.getByRole('button', { name: 'Edit Stock', exact: true }).count()).toBe(0);

      await viewerPage.goto(`${baseUrl()}/merchant/#/departmentList`);
      const departments = viewerPage.getByRole('region', { name: 'Departments', exact: true });
      await departments.getByLabel('Filter Name', { exact: true }).fill('E2E Screens');
      await departments.getByRole('row', { name: /E2E Screens Drinks/ }).waitFor();
      expect(await button(viewerPage, 'Add').count()).toBe(0);
      await viewerPage.goto(`${baseUrl()}/merchant/#/productTagSave`);
      await viewerPage.getByRole('region', { name: 'Product Tags', exact: true }).waitFor();
      expect(await button(viewerPage, 'Add').count()).toBe(0);
      await snap(viewerPage, 'catalogue-viewer-tags');
    } finally {
      await context.close();
    }
  });
});
