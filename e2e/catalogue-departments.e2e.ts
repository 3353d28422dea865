import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, button, callApi, choose, closeToasts, eventually, expectToast, launch, snap, signInOwner } from './support';

type Row = { id: number; name: string; departmentId?: number };

/**
 * Departments (#/departmentList, #departmentSave?{id}, spec 2): the owner creates departments with
 * the form's rules (required fields, the rate of a calculation method), Save And Next, and deletes
 * a department whose products move to another one in the transfer dialog.
 */
describe('catalogue: departments', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let form: Locator;

  beforeAll(async () => {
    browser = await launch();
    ({ page, token } = await signInOwner(browser));
    form = page.getByRole('region', { name: 'Department', exact: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const field = (label: string) => form.getByLabel(label, { exact: true });
  const formButton = (label: string) => form.getByRole('button', { name: label, exact: true });
  const table = () => page.getByRole('region', { name: 'Departments', exact: true });
  /** A row of the list, found by filtering on its name (the demo store has a page of its own departments). */
  const listRow = async (name: string) => {
    await table().getByLabel('Filter Name', { exact: true }).fill(name);
    const row = table().locator('tbody tr', { hasText: name });
    await row.first().waitFor();
    return row;
  };
  const departments = async () => (await callApi<Row[]>('GET', 'storemanagement/department/all', undefined, token)).body;
  const departmentNamed = async (name: string) => (await departments()).find((d) => d.name === name);

  it('refuses a blank department and a calculation method without a rate', async () => {
    await page.goto(`${baseUrl()}/merchant/#/departmentList`);
    await table().waitFor();
    await button(page, 'Add').click();
    await eventually(() => page.url()).toMatch(/#departmentSave\?$/);
    await page.getByRole('heading', { name: 'New Department' }).waitFor();
    // A new department opens in edit mode.
    expect(await field('Name').isDisabled()).toBe(false);
    await formButton('Save').click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');

    await field('Name').fill('E2E Starters');
    await choose(page, 'Tax', 'Standard');
    await choose(page, 'Price Calculation Method', 'Percentage');
    await formButton('Save').click();
    await expectToast(page, 'Warning', 'Please fill the rate field!');
    expect(await departmentNamed('E2E Starters')).toBeUndefined();
    await closeToasts(page);
  });

  it('creates a department and returns to the list', async () => {
    await field('Price Calculation Rate').fill('10');
    await field('Profit Margin').fill('35');
    await form.getByText('Age Restricted', { exact: true }).click();
    await snap(page, 'catalogue-department-new');
    await formButton('Save').click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await eventually(() => page.url()).toMatch(/#\/departmentList$/);
    await listRow('E2E Starters');
    const saved = (await departmentNamed('E2E Starters')) as Row & { priceCalculationMethod: string; priceCalculationRate: number; ageRestricted: boolean; profitMargin: number };
    expect(saved).toMatchObject({ priceCalculationMethod: 'PERCENTAGE', priceCalculationRate: 10, ageRestricted: true, profitMargin: 35 });
    await closeToasts(page);
  });

  it('choosing no calculation clears and disables the rate', async () => {
    await (await listRow('E2E Starters')).click();
    await eventually(() => field('Name').inputValue()).toBe('E2E Starters');
    expect(await field('Name').isDisabled()).toBe(true);
    await formButton('Edit').click();
    await choose(page, 'Price Calculation Method', 'No Calculation');
    await eventually(() => field('Price Calculation Rate').inputValue()).toBe('');
    expect(await field('Price Calculation Rate').isDisabled()).toBe(true);
    // Ticking Exclude Promotion asks the server first (spec 2 §4); this department is in no offer.
    const asked = page.waitForResponse((r) => /\/department\/\d+\/hasConnectedAnyMixAndMatch$/.test(r.url()));
    await form.getByText('Exclude Promotion', { exact: true }).click();
    expect((await asked).status()).toBe(200);
    await eventually(() => form.getByRole('checkbox', { name: 'Exclude Promotion' }).isChecked()).toBe(true);
    await formButton('Cancel').click();
    expect(await form.getByRole('checkbox', { name: 'Exclude Promotion' }).isChecked()).toBe(false);
    await eventually(() => field('Price Calculation Rate').inputValue()).toBe('10');
  });

  it('Save And Next leaves a blank form for the next department', async () => {
    await page.goto(`${baseUrl()}/merchant/#departmentSave?`);
    await page.getByRole('heading', { name: 'New Department' }).waitFor();
    await field('Name').fill('E2E Mains');
    await choose(page, 'Tax', 'Standard');
    await formButton('Save And Next').click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await eventually(() => field('Name').inputValue()).toBe('');
    expect(await field('Name').isDisabled()).toBe(false);
    await field('Name').fill('E2E Desserts');
    await choose(page, 'Tax', 'Reduced');
    await formButton('Save').click();
    await eventually(() => page.url()).toMatch(/#\/departmentList$/);
    await listRow('E2E Desserts');
    expect(await departmentNamed('E2E Mains')).toBeDefined();
    await closeToasts(page);
  });

  it('deletes a department, moving its products to the department chosen', async () => {
    const desserts = (await departmentNamed('E2E Desserts')) as Row;
    const mains = (await departmentNamed('E2E Mains')) as Row;
    const made = await callApi<Row>(
      'POST',
      'storemanagement/product/create',
      { name: 'E2E Sticky Toffee Pudding', barcode: '5012345000017', departmentId: desserts.id, quantity: 1, unit: 'each', price: 6.5 },
      token,
    );
    expect(made.status).toBe(200);

    await (await listRow('E2E Desserts')).click();
    await eventually(() => page.url()).toMatch(new RegExp(`#departmentSave\\?${desserts.id}$`));
    await eventually(() => field('Name').inputValue()).toBe('E2E Desserts');
    await formButton('Delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete Department' });
    await dialog.waitFor();
    // None while a product remains: refused, nothing deleted.
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Error', 'This department still has products. Choose a department to move them to.');
    expect(await departmentNamed('E2E Desserts')).toBeDefined();
    await closeToasts(page);

    await choose(page, 'Transfer Products To', 'E2E Mains');
    await snap(page, 'catalogue-department-transfer', { dialog: true });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await eventually(() => page.url()).toMatch(/#\/departmentList$/);
    await listRow('E2E Mains');
    await table().getByLabel('Filter Name', { exact: true }).fill('E2E');
    await eventually(() => table().locator('tbody tr', { hasText: 'E2E Mains' }).count()).toBe(1);
    expect(await table().locator('tbody tr', { hasText: 'E2E Desserts' }).count()).toBe(0);
    expect(await departmentNamed('E2E Desserts')).toBeUndefined();
    const moved = await callApi<Row>('GET', `storemanagement/product/${made.body.id}`, undefined, token);
    expect(moved.body.departmentId).toBe(mains.id);
    await snap(page, 'catalogue-department-list');
  });
});
