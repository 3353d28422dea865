import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, choose, closeToasts, expectToast, launch, open, signIn, snap } from './support';

// Unique per run: the journey files share one server and its data.
const tag = Date.now().toString(36);
const STAFF = { userName: `staff-${tag}`, email: `staff.${tag}@e2e.local`, first: 'Sam', last: `Staff${tag}`, password: 'Staffer2024' };
const SUCCESS = 'The operation was performed successfully.';

/**
 * Merchant staff manage their own account's users (spec 1 §6): the owner opens Merchant Users from
 * the merchant menu, creates a user who works at its branch and sets the password; that user,
 * without MerchantUser privileges, finds no menu entry, no Add, no Edit and no user table.
 */
describe('merchant users journey (merchant back office)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await open(browser, 'merchant'));
    await signIn(page, { store: 'demo-bistro', user: 'owner', password: 'Owner1234' });
    await page.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const inRegion = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true });
  const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
  const userRow = (name: string) => region('Users').getByRole('row').filter({ hasText: name });
  async function pickInto(list: string, item: string) {
    const group = region('User Details').getByRole('group', { name: list, exact: true });
    await group.locator('.p-picklist-source-wrapper').getByRole('option').filter({ hasText: item }).click();
    await group.getByRole('button', { name: 'Move to Target', exact: true }).click();
    await group.locator('.p-picklist-target-wrapper').getByRole('option').filter({ hasText: item }).waitFor();
  }

  it('opens Merchant Users from the merchant menu: the account of the signed-in owner', async () => {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Merchant Users', exact: true }).click();
    await page.getByRole('heading', { name: 'Merchant Users', exact: true }).waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#merchantUserSave\?\d+$/);
    expect(await menu.getByRole('link', { name: 'Merchant Users', exact: true }).getAttribute('aria-current')).toBe('page');
    await userRow('owner').waitFor();
    expect(await field(region('User Details'), 'User Name').isDisabled(), 'read-only until Add or Edit').toBe(true);
    // The owner may add and edit users, never delete them (no Delete privilege).
    await inRegion(region('User Details'), 'Add').waitFor();
  });

  it('creates a user at the owner’s branch and sees it in the table', async () => {
    const details = region('User Details');
    await inRegion(details, 'Add').click();
    await field(details, 'User Name').fill(STAFF.userName);
    await field(details, 'First Name').fill(STAFF.first);
    await field(details, 'Last Name').fill(STAFF.last);
    await field(details, 'Email').fill(STAFF.email);
    const phone = field(details, 'Mobile Phone');
    await phone.click();
    await phone.press('Home');
    await phone.pressSequentially('7700900654');
    await choose(page, 'Landing Page', 'Taxes');
    await details.getByRole('checkbox', { name: 'Send Notification' }).uncheck();
    // The branch pick list holds the branches the owner works at (GET merchant/branch/all).
    await pickInto('Branches', 'Demo Bistro');
    await pickInto('Roles', 'ACCOUNT_USER');
    await inRegion(details, 'Save').click();
    await expectToast(page, 'Success', SUCCESS);
    await inRegion(details, 'Edit').waitFor();
    await userRow(STAFF.userName).waitFor();
    expect(await userRow(STAFF.userName).textContent()).toContain(STAFF.email);
    await closeToasts(page);
    await snap(page, 'merchant-side-users');
  });

  it('sets the new user’s password (the owner holds Create)', async () => {
    const details = region('User Details');
    await inRegion(details, 'Change Password').click();
    const card = region('Change Password');
    await field(card, 'New Password').fill(STAFF.password);
    await inRegion(card, 'Save').click();
    await expectToast(page, 'Success', SUCCESS);
    await card.waitFor({ state: 'detached' });
    await closeToasts(page);
  });

  it('a user without MerchantUser privileges sees no menu entry, no Add, no Edit and no user table', async () => {
    const staff = await open(browser, 'merchant');
    try {
      const p = staff.page;
      await signIn(p, { store: 'demo-bistro', user: STAFF.userName, password: STAFF.password });
      await p.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();
      const menu = p.getByRole('navigation', { name: 'Main menu' });
      await menu.getByRole('link', { name: 'Taxes', exact: true }).waitFor();
      expect(await menu.getByRole('link', { name: 'Merchant Users', exact: true }).count()).toBe(0);

      // Typed into the address bar: the screen opens, but offers nothing the user may not do.
      await p.evaluate(() => {
        window.location.hash = '#/merchantUserSave';
      });
      await p.getByRole('heading', { name: 'Merchant Users', exact: true }).waitFor();
      const details = p.getByRole('region', { name: 'User Details', exact: true });
      await details.waitFor();
      for (const name of ['Add', 'Edit', 'Save', 'Change Password', 'Edit Till User']) {
        expect(await details.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      }
      expect(await p.getByRole('region', { name: 'Users', exact: true }).count(), 'no user table without View').toBe(0);
      await button(p, 'Home').waitFor();
    } finally {
      await staff.context.close();
    }
  });
});
