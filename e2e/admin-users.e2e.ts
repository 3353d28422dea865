import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, baseUrl, button, callApi, choose, closeToasts, eventually, expectToast, launch, linkIn, mailCount, open, signIn, snap, waitForMail } from './support';

// Unique per run: the journey files share one server and its data.
const tag = Date.now().toString(36);
const CLERK = { userName: `clerk-${tag}`, email: `clerk.${tag}@e2e.local`, first: 'Cleo', last: `Clerk${tag}` };
const CLERK_PASSWORD = 'Activate2024';
const CHANGED_PASSWORD = 'Changed2024x';
const TILL_USER = `Till Cleo ${tag}`;
const ADMIN = { userName: `ops-${tag}`, email: `ops.${tag}@e2e.local` };

/**
 * An administrator manages the platform's users: a merchant user with roles and a branch (the
 * spec's rules on the way), its activation from the mail and its first sign-in, a password change,
 * a till-user link, and an administrator created and deleted.
 */
describe('admin users journey', () => {
  let browser: Browser;
  let page: Page;
  let activation = '';
  let branchId = 0;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await open(browser, 'admin'));
    await signIn(page, { user: 'admin', password: 'Admin1234' });
    await page.getByRole('main').getByRole('link', { name: 'Merchant Accounts', exact: true }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const inRegion = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true });
  const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
  async function typePhone(scope: Locator, digits: string) {
    const input = field(scope, 'Mobile Phone');
    await input.click();
    await input.press('Home');
    await input.pressSequentially(digits);
  }
  async function pickInto(list: string, item: string) {
    const group = region('User Details').getByRole('group', { name: list, exact: true });
    await group.locator('.p-picklist-source-wrapper').getByRole('option').filter({ hasText: item }).click();
    await group.getByRole('button', { name: 'Move to Target', exact: true }).click();
    await group.locator('.p-picklist-target-wrapper').getByRole('option').filter({ hasText: item }).waitFor();
  }
  async function saveExpecting(scope: Locator, message: string) {
    await inRegion(scope, 'Save').click();
    await expectToast(page, 'Warning', message);
    await closeToasts(page);
    expect(await inRegion(scope, 'Save').isVisible(), 'still editing').toBe(true);
  }
  const userRow = (name: string) => region('Users').getByRole('row').filter({ hasText: name });

  it('opens the users of Demo Bistro from the account list', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Merchant Accounts', exact: true }).click();
    await page.getByRole('button', { name: 'Users of Demo Bistro', exact: true }).click();
    await page.getByRole('heading', { name: 'Merchant Users', exact: true }).waitFor();
    await userRow('owner').waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#merchantUserSave\?\d+$/);
    // Read-only until Add or Edit.
    expect(await field(region('User Details'), 'User Name').isDisabled()).toBe(true);
  });

  it('keeps the spec rules of a new merchant user: required fields, a branch, a role, one ACCOUNT role', async () => {
    const details = region('User Details');
    await inRegion(details, 'Add').click();
    expect(await details.getByRole('checkbox', { name: 'Send Notification' }).isChecked(), 'send notification is on by default').toBe(true);
    await saveExpecting(details, 'Please fill the required fields!');

    await field(details, 'User Name').fill(CLERK.userName);
    await field(details, 'First Name').fill(CLERK.first);
    await field(details, 'Last Name').fill(CLERK.last);
    await field(details, 'Email').fill(CLERK.email);
    await typePhone(details, '7700900321');
    await choose(page, 'Landing Page', 'Taxes');
    await saveExpecting(details, 'Please select a branch!');

    await pickInto('Branches', 'Demo Bistro');
    await saveExpecting(details, 'Please select a role!');

    await pickInto('Roles', 'CLERK');
    await saveExpecting(details, "You must choose one role from 'ACCOUNT ROLES' ");
    await snap(page, 'merchant-user-edit');
  });

  it('saves the user with ACCOUNT_USER and CLERK at demo-bistro, and the activation mail arrives', async () => {
    const before = mailCount();
    const details = region('User Details');
    await pickInto('Roles', 'ACCOUNT_USER');
    await inRegion(details, 'Save').click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await expectToast(page, 'Info', `An activation link has been sent to ${CLERK.email}.`);
    await inRegion(details, 'Edit').waitFor();
    await userRow(CLERK.userName).waitFor();
    await closeToasts(page);

    const mail = await waitForMail(CLERK.email, before);
    expect(mail).toContain(`User Name: ${CLERK.userName}`);
    expect(mail).toContain('Store Name: demo-bistro');
    activation = linkIn(mail);
    expect(activation.startsWith(`${baseUrl()}/merchant/?activationKey=`)).toBe(true);
    await snap(page, 'merchant-users');
  });

  it('activates from the mailed link and signs in to the merchant back office', async () => {
    const merchant = await open(browser, 'merchant');
    try {
      await merchant.page.goto(activation);
      const form = merchant.page.getByRole('form', { name: 'User Activiation', exact: true });
      await form.waitFor();
      await snap(merchant.page, 'merchant-user-activation');
      await form.getByLabel('New Password', { exact: true }).fill(CLERK_PASSWORD);
      await form.getByLabel('Password Again', { exact: true }).fill(CLERK_PASSWORD);
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await signIn(merchant.page, { store: 'demo-bistro', user: CLERK.userName, password: CLERK_PASSWORD });
      // The landing page chosen for the user.
      await merchant.page.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();
      expect(new URL(merchant.page.url()).hash).toBe('#/taxSave');
      expect(await merchant.page.getByRole('complementary', { name: 'Side menu' }).getByText(`${CLERK.first} ${CLERK.last}`, { exact: true }).isVisible()).toBe(true);
    } finally {
      await merchant.context.close();
    }
  });

  it('changes the password: empty and weak refused, a strong one works at the next sign-in', async () => {
    await closeToasts(page);
    await userRow(CLERK.userName).click();
    const details = region('User Details');
    await inRegion(details, 'Change Password').click();
    const card = region('Change Password');
    // The modes exclude one another: no Edit, no Edit Till User meanwhile.
    expect(await inRegion(details, 'Edit').count()).toBe(0);
    expect(await inRegion(details, 'Edit Till User').count()).toBe(0);
    await inRegion(card, 'Save').click();
    await expectToast(page, 'Warning', 'Please fill the password field!');
    await closeToasts(page);
    await field(card, 'New Password').fill('weakpass');
    await inRegion(card, 'Save').click();
    await expectToast(page, 'Warning', 'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters');
    await closeToasts(page);
    await field(card, 'New Password').fill(CHANGED_PASSWORD);
    await inRegion(card, 'Save').click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await card.waitFor({ state: 'detached' });
    await closeToasts(page);

    const merchant = await open(browser, 'merchant');
    try {
      await signIn(merchant.page, { store: 'demo-bistro', user: CLERK.userName, password: CHANGED_PASSWORD });
      await merchant.page.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();
    } finally {
      await merchant.context.close();
    }
  });

  it('links the user to a till user of its branch', async () => {
    const token = await accessToken(page);
    const branch = await callApi<{ merchantBranchId: number }>('GET', 'merchant/branch/domainName/demo-bistro');
    branchId = branch.body.merchantBranchId;
    // No screen makes till users (tills report them); the administrator's API call stands in for a till.
    const created = await callApi<{ id: number }>('POST', 'merchantuser/tilluser/create', { merchantBranchId: branchId, name: TILL_USER }, token);
    expect(created.status).toBe(200);

    await userRow(CLERK.userName).click();
    const details = region('User Details');
    await inRegion(details, 'Edit Till User').click();
    const till = region('Till Users');
    expect(await till.locator('.p-dropdown', { has: page.getByLabel('Branch', { exact: true }) }).textContent()).toContain('Demo Bistro');
    expect(await inRegion(details, 'Edit').count(), 'no Edit while editing the till user').toBe(0);
    await inRegion(till, 'Save').click();
    await expectToast(page, 'Warning', 'Please select a branch and a till user!');
    await closeToasts(page);
    await choose(page, 'Till User', TILL_USER);
    await snap(page, 'merchant-user-till');
    await inRegion(till, 'Save').click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await till.getByText(`Linked at this branch to till user ${TILL_USER}.`).waitFor();
    await closeToasts(page);

    const users = await callApi<{ userName: string; tillUsers: { merchantBranchId: number; name: string }[] }[]>(
      'GET',
      `merchantuser/findByMerchantAccountId/${new URL(page.url()).hash.split('?')[1]}`,
      undefined,
      token,
    );
    expect(users.body.find((u) => u.userName === CLERK.userName)?.tillUsers).toEqual([expect.objectContaining({ merchantBranchId: branchId, name: TILL_USER })]);
  });

  it('creates an administrator (strong password), switches its status, deletes it and the form clears', async () => {
    await button(page, 'Home').click();
    await page.getByRole('main').getByRole('link', { name: 'Admin Users', exact: true }).click();
    const form = region('Admin User');
    await inRegion(form, 'Add').click();
    await saveExpecting(form, 'Please fill the required fields!');
    await field(form, 'User Name').fill(ADMIN.userName);
    await field(form, 'First Name').fill('Otto');
    await field(form, 'Last Name').fill(`Ops${tag}`);
    await field(form, 'Email').fill(ADMIN.email);
    await typePhone(form, '7700900654');
    await saveExpecting(form, 'Please fill the password field!');
    await field(form, 'Password').fill('short');
    await saveExpecting(form, 'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters');
    await field(form, 'Password').fill('OpsAdmin2024');
    await inRegion(form, 'Save').click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await closeToasts(page);
    const table = region('Admin Users');
    await table.getByLabel('Filter User Name').fill(ADMIN.userName);
    await table.getByRole('row').filter({ hasText: ADMIN.email }).waitFor();
    await eventually(() => table.getByRole('row').filter({ hasText: 'ACTIVE' }).count()).toBe(1);
    await snap(page, 'admin-users');

    await inRegion(form, 'Edit').click();
    await form.getByRole('switch', { name: 'Status' }).click();
    await page.getByRole('alertdialog').getByText('You are about to change the status. Are you sure?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    // Read from the table, not a toast: the toasts say a repeated success only once within its few seconds.
    await table.getByRole('row').filter({ hasText: 'PASSIVE' }).waitFor();
    await inRegion(form, 'Cancel').click();
    await closeToasts(page);

    await inRegion(form, 'Delete').click();
    await page.getByRole('alertdialog').getByText('Are you sure to delete?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await eventually(() => field(form, 'User Name').inputValue()).toBe('');
    await table.getByText('No Records Found').waitFor();
    await closeToasts(page);
  });

  it('refuses to deactivate or delete the signed-in administrator, with the server notice', async () => {
    const table = region('Admin Users');
    await table.getByLabel('Filter User Name').fill('admin');
    await table.getByRole('row').filter({ hasText: 'Ada' }).click();
    const form = region('Admin User');
    await inRegion(form, 'Delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Error', 'You cannot delete or deactivate your own user.');
    expect(await field(form, 'User Name').inputValue()).toBe('admin');
    await closeToasts(page);
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/admin/#merchantUserSave?${await demoAccountId(page)}`);
    await userRow(CLERK.userName).click();
    await snap(page, 'merchant-users-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

async function demoAccountId(page: Page): Promise<number> {
  const accounts = await callApi<{ id: number; tradingName: string }[]>('GET', 'merchant/account/all', undefined, await accessToken(page));
  return accounts.body.find((a) => a.tradingName === 'Demo Bistro')?.id ?? 0;
}
