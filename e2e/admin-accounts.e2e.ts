import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, closeToasts, eventually, expectToast, launch, open, signIn, snap } from './support';

const SUCCESS = 'The operation was performed successfully.';
const REQUIRED = 'Please fill the required fields!';

/**
 * The platform admin sets up a merchant from nothing: an account through its steps (details,
 * contact, branches), a branch through its three tabs, a DEMO licence, a credential whose secret
 * shows once, credits with their totals, and the account's status with its Warning.
 */
describe('merchant accounts and branches journey', () => {
  // Files share one server: every name here is this run's own.
  const tag = Date.now().toString(36);
  const tradingName = `E2E Bakery ${tag}`;
  const branchName = `E2E Bakery Soho ${tag}`;
  const domainName = `e2e-bakery-${tag}`;
  let browser: Browser;
  let page: Page;
  let accountId = 0;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await open(browser, 'admin'));
    await signIn(page, { user: 'admin', password: 'Admin1234' });
    await page.getByRole('link', { name: 'Merchant Accounts', exact: true }).first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const inRegion = (scope: Locator, label: string) => scope.getByRole('button', { name: label, exact: true });
  const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
  const hash = () => decodeURIComponent(new URL(page.url()).hash);
  const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
  const confirm = () => page.getByRole('alertdialog');
  /** Types a phone number key by key, as the mask expects. */
  async function typePhone(scope: Locator, digits: string) {
    const input = field(scope, 'Mobile Phone');
    await input.click();
    // InputMask moves the caret from a short timer after focus; typing before it runs lands the
    // digits wherever that timer puts the caret (seen as '(0____) _77009' on a busy machine).
    await input.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await input.press('Control+a');
    await input.press('Backspace');
    await input.press('Home');
    await input.pressSequentially(digits);
  }
  /**
   * Presses Save and waits for the server's reply. The success toast is not awaited: the same
   * words within 3 s are said once (overlays.tsx), and saves here follow each other quickly.
   */
  async function save(scope: Locator) {
    const reply = page.waitForResponse((r) => r.url().includes('/api/') && r.request().method() !== 'GET');
    await inRegion(scope, 'Save').click();
    expect((await reply).status()).toBe(200);
    await eventually(() => inRegion(scope, 'Save').count(), 'the panel leaves edit mode').toBe(0);
    await closeToasts(page);
  }
  async function expectWarning(scope: Locator, message: string) {
    await inRegion(scope, 'Save').click();
    await expectToast(page, 'Warning', message);
    await closeToasts(page);
    expect(await inRegion(scope, 'Save').isVisible(), 'still in edit mode').toBe(true);
  }

  it('lists merchant accounts and opens a new one from Add', async () => {
    await page.getByRole('link', { name: 'Merchant Accounts', exact: true }).first().click();
    const list = region('Merchant Accounts');
    await list.getByRole('row', { name: /Demo Bistro/ }).waitFor();
    for (const header of ['Trading Name', 'Business Name', 'Company No', 'Vat No', 'Contact', 'Status']) {
      expect(await list.getByRole('columnheader', { name: header }).count(), header).toBe(1);
    }
    await snap(page, 'accounts-list');
    // Cancel on a new, never-saved account goes back one page.
    await inRegion(list, 'Add').click();
    await inRegion(region('Account Details'), 'Cancel').click();
    await list.waitFor();
    expect(hash()).toBe('#/merchantAccountList');
    await inRegion(list, 'Add').click();
    await region('Account Details').waitFor();
    expect(hash()).toBe('#merchantAccountSave?');
    await page.getByRole('heading', { name: 'New Merchant Account', level: 1 }).waitFor();
    // A new account: only the details, already in edit mode; no contact, no branches yet.
    expect(await region('Account Contact Details').count()).toBe(0);
    expect(await region('Branches').count()).toBe(0);
    expect(await field(region('Account Details'), 'Trading Name').isEnabled()).toBe(true);
  });

  it('checks every rule of the account details before creating it', async () => {
    const details = region('Account Details');
    await expectWarning(details, REQUIRED);
    await field(details, 'Trading Name').fill(tradingName);
    await field(details, 'Business Name').fill(`${tradingName} Ltd`);
    await field(details, 'Vat No').fill('GB123456789');
    // The same warning twice in a row is said once (overlays.tsx), so the checks alternate.
    await field(details, 'Company No').fill('12ab');
    await expectWarning(details, 'Company No must be a whole number from 1 to 9999999999.');
    await field(details, 'Company No').fill('12345678');
    await field(details, 'Business Name').fill('x'.repeat(256));
    await expectWarning(details, 'You can enter up to 255 characters in this field.');
    await field(details, 'Company No').fill('99999999999');
    await field(details, 'Business Name').fill(`${tradingName} Ltd`);
    await expectWarning(details, 'Company No must be a whole number from 1 to 9999999999.');
    await field(details, 'Company No').fill('12345678');
    // The input is kept as typed while the warnings show.
    expect(await field(details, 'Trading Name').inputValue()).toBe(tradingName);

    await inRegion(details, 'Save').click();
    await expectToast(page, 'Success', SUCCESS);
    await closeToasts(page);
    await eventually(hash).toMatch(/^#merchantAccountSave\?\d+$/);
    accountId = Number(hash().split('?')[1]);
    await page.getByRole('heading', { name: tradingName, level: 1 }).waitFor();
    expect(await field(details, 'Trading Name').isDisabled()).toBe(true);
  });

  it('opens the contact panel in edit mode and checks e-mail and phone', async () => {
    const contact = region('Account Contact Details');
    await contact.waitFor();
    expect(await inRegion(contact, 'Save').isVisible()).toBe(true);
    expect(await region('Branches').count()).toBe(0);
    await field(contact, 'First Name').fill('Edith');
    await field(contact, 'Last Name').fill('Crust');
    await field(contact, 'Email').fill('edith@');
    await typePhone(contact, '7700900123');
    await expectWarning(contact, 'Not Valid Email');
    await field(contact, 'Email').fill(`edith.${tag}@bakery.test`);
    await field(contact, 'Mobile Phone').fill('');
    await typePhone(contact, '77009');
    await expectWarning(contact, 'Not Valid Phone Number');
    await field(contact, 'Mobile Phone').fill('');
    await typePhone(contact, '7700900123');
    expect(await field(contact, 'Mobile Phone').inputValue()).toBe('(07700) 900123');

    await save(contact);
    // The last step: the account's branches, none yet.
    const branches = region('Branches');
    await branches.getByText('No Records Found').waitFor();
    expect(await field(contact, 'Email').isDisabled()).toBe(true);
    await snap(page, 'account-created');
  });

  it('creates a branch tab by tab, each tab locked until the one before is saved', async () => {
    await inRegion(region('Branches'), 'Add').click();
    const tabs = page.getByRole('region', { name: 'Branch', exact: true });
    await tabs.waitFor();
    expect(hash()).toBe(`#merchantBranchSave??${accountId}`);
    const tab = (name: string) => tabs.getByRole('tab', { name });
    expect(await tab('Branch Contact Details').getAttribute('aria-disabled')).toBe('true');
    expect(await tab('Branch Address Details').getAttribute('aria-disabled')).toBe('true');
    expect(await region('Licenses, credentials and credits').count()).toBe(0);

    const details = region('Branch Details');
    await expectWarning(details, REQUIRED);
    await field(details, 'Trading Name').fill(branchName);
    await field(details, 'Business Name').fill(`${tradingName} Ltd`);
    await field(details, 'Vat No').fill('GB123456789');
    await choose(page, 'Sector', 'HOSPITALITY');
    // A name another store has: the server refuses, the tab stays in edit mode with the input kept.
    await field(details, 'Domain Name').fill('demo-bistro');
    await inRegion(details, 'Save').click();
    await expectToast(page, 'Error', 'Duplicate Value');
    await closeToasts(page);
    expect(await inRegion(details, 'Save').isVisible()).toBe(true);
    expect(await field(details, 'Trading Name').inputValue()).toBe(branchName);
    expect(hash()).toBe(`#merchantBranchSave??${accountId}`);
    await field(details, 'Domain Name').fill(domainName);
    await snap(page, 'branch-new');
    await save(details);
    await eventually(hash).toMatch(new RegExp(`^#merchantBranchSave\\?\\d+\\?${accountId}$`));

    // Saving the details opens the contact tab, in edit mode; the address is still locked.
    const contact = region('Branch Contact Details');
    await contact.waitFor();
    expect(await tab('Branch Address Details').getAttribute('aria-disabled')).toBe('true');
    expect(await inRegion(contact, 'Save').isVisible()).toBe(true);
    await expectWarning(contact, REQUIRED);
    await field(contact, 'First Name').fill('Sam');
    await field(contact, 'Last Name').fill('Soho');
    await field(contact, 'Email').fill(`soho.${tag}@bakery.test`);
    await typePhone(contact, '7700900456');
    await save(contact);

    const address = region('Branch Address Details');
    await address.waitFor();
    expect(await field(address, 'Country').count()).toBe(1);
    await expectWarning(address, REQUIRED);
    await field(address, 'Address 1').fill('1 Dean Street');
    await field(address, 'City').fill('London');
    await field(address, 'Post Code').fill('W1D 3RB');
    await save(address);
    expect(await field(address, 'Address 1').isDisabled()).toBe(true);
    await page.getByRole('heading', { name: branchName, level: 1 }).waitFor();
    await region('Licenses, credentials and credits').waitFor();
    await snap(page, 'branch-created');
  });

  it('adds a DEMO licence that needs its valid days and shows the remaining days', async () => {
    const lists = region('Licenses, credentials and credits');
    await lists.getByRole('tab', { name: 'Licenses' }).click();
    await inRegion(region('Licenses'), 'Add').click();
    const d = dialog('License');
    await d.waitFor();
    await choose(page, 'Service', 'WEB_ORDER');
    await choose(page, 'License Status', 'DEMO');
    await choose(page, 'Action Reason', 'SERVICE_REGISTERED');
    await inRegion(d, 'Save').click();
    await expectToast(page, 'Warning', 'Please fill the Valid Days Field!');
    await closeToasts(page);
    await field(d, 'Valid Days').fill('30');
    // Any other status clears the days, which only a DEMO licence has.
    await choose(page, 'License Status', 'ACTIVE');
    expect(await field(d, 'Valid Days').inputValue()).toBe('');
    expect(await field(d, 'Valid Days').isDisabled()).toBe(true);
    await choose(page, 'License Status', 'DEMO');
    await field(d, 'Valid Days').fill('30');
    await save(d);
    await d.getByText('30 days', { exact: true }).waitFor();
    expect(await inRegion(d, 'Edit').isVisible()).toBe(true);
    expect(await inRegion(d, 'Delete').isVisible()).toBe(true);
    await snap(page, 'licence-dialog', { dialog: true });
    await inRegion(d, 'Close').click();
    await d.waitFor({ state: 'detached' });
    const row = region('Licenses').getByRole('row', { name: /WEB_ORDER/ });
    expect(await row.textContent()).toContain('30 days');
  });

  it('adds a credential and shows its secret once', async () => {
    const lists = region('Licenses, credentials and credits');
    await lists.getByRole('tab', { name: 'Credentials' }).click();
    await inRegion(region('Credentials'), 'Add').click();
    const d = dialog('Credential');
    await d.waitFor();
    await field(d, 'Description').fill('Front till');
    await d.getByLabel('Master Device', { exact: true }).check();
    await save(d);
    const secret = d.getByLabel('Client Secret', { exact: true });
    await secret.waitFor();
    expect((await secret.textContent())?.length).toBeGreaterThanOrEqual(32);
    await d.getByText('it will not be shown again', { exact: false }).waitFor();
    const clientId = (await d.getByLabel('Client Id').textContent()) ?? '';
    expect(clientId.length).toBeGreaterThan(8);
    await snap(page, 'credential-created', { dialog: true });
    await inRegion(d, 'Close').click();
    await d.waitFor({ state: 'detached' });

    await region('Credentials').getByRole('row', { name: /Front till/ }).click();
    await d.waitFor();
    expect(await d.getByLabel('Client Id').textContent()).toBe(clientId);
    await d.getByText('The client secret is shown only once, when the credential is created.').waitFor();
    expect(await inRegion(d, 'Copy').count()).toBe(0);
    expect(await d.getByLabel('Client Secret', { exact: true }).textContent()).not.toMatch(/[A-Za-z0-9]/);
    expect(await d.getByText('it will not be shown again', { exact: false }).count()).toBe(0);
    await snap(page, 'credential-reopened', { dialog: true });
    await inRegion(d, 'Close').click();
    await d.waitFor({ state: 'detached' });
  });

  it('adds credits with the minimum and multiple rules and shows the totals', async () => {
    const lists = region('Licenses, credentials and credits');
    await lists.getByRole('tab', { name: 'Credits' }).click();
    const credits = region('Credits');
    const totals = credits.getByRole('definition');
    await eventually(() => totals.allTextContents()).toEqual(['0', '0']);

    await inRegion(credits, 'Add').click();
    const d = dialog('Credit');
    await d.waitFor();
    await choose(page, 'Credit Type', 'ADDRESS');
    await field(d, 'Credit Value').fill('50');
    await inRegion(d, 'Save').click();
    await expectToast(page, 'Warning', 'Credit Must be Minimum 100');
    await closeToasts(page);
    await field(d, 'Credit Value').fill('150');
    await inRegion(d, 'Save').click();
    await expectToast(page, 'Warning', 'Credit Must be a multiple of 100');
    await closeToasts(page);
    await field(d, 'Credit Value').fill('500');
    await save(d);
    // A saved credit's value cannot change.
    await inRegion(d, 'Edit').click();
    expect(await field(d, 'Credit Value').isDisabled()).toBe(true);
    await d.getByText("A saved credit's value cannot be changed.").waitFor();
    await snap(page, 'credit-dialog', { dialog: true });
    await inRegion(d, 'Cancel').click();
    await inRegion(d, 'Close').click();
    await d.waitFor({ state: 'detached' });
    await eventually(() => totals.allTextContents()).toEqual(['500', '500']);

    await inRegion(credits, 'Add').click();
    await d.waitFor();
    await choose(page, 'Credit Type', 'DISTANCE');
    await field(d, 'Credit Value').fill('1000');
    await save(d);
    await inRegion(d, 'Close').click();
    await d.waitFor({ state: 'detached' });
    await eventually(() => totals.allTextContents()).toEqual(['1,500', '1,500']);
    await credits.getByText('Number Of Records: 2').waitFor();
    // The page scrolls inside the frame, which a full-page picture does not follow: bring the credits up.
    await region('Licenses, credentials and credits').evaluate((e) => e.scrollIntoView());
    await snap(page, 'branch-credits');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: branchName, level: 1 }).waitFor();
    await page.locator('.layout-main').evaluate((e) => e.scrollTo(0, 0));
    await snap(page, 'branch-phone');
    await region('Credits').getByRole('row', { name: /DISTANCE/ }).click();
    await dialog('Credit').waitFor();
    await snap(page, 'credit-dialog-phone', { dialog: true });
    await inRegion(dialog('Credit'), 'Close').click();
    await dialog('Credit').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('changes the account status after the Warning, and the list shows it', async () => {
    await page.getByRole('link', { name: 'Merchant account', exact: true }).click();
    const details = region('Account Details');
    await details.waitFor();
    await field(details, 'Trading Name').waitFor();
    await eventually(() => field(details, 'Trading Name').inputValue()).toBe(tradingName);
    await region('Branches').getByRole('row', { name: new RegExp(branchName) }).waitFor();
    const status = details.getByRole('switch', { name: 'Status' });
    expect(await status.isDisabled(), 'the switch waits for Edit').toBe(true);
    await inRegion(details, 'Edit').click();

    await status.click();
    await confirm().waitFor();
    expect(await confirm().getByText('Warning', { exact: true }).isVisible()).toBe(true);
    expect(await confirm().getByText('You are about to change the status. Are you sure?', { exact: true }).isVisible()).toBe(true);
    await confirm().getByRole('button', { name: 'No', exact: true }).click();
    await confirm().waitFor({ state: 'detached' });
    expect(await status.isChecked()).toBe(true);

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/merchant/account/${accountId}/status/PASSIVE`));
    await status.click();
    await confirm().getByRole('button', { name: 'Yes', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await expectToast(page, 'Success', SUCCESS);
    await closeToasts(page);
    expect(await status.isChecked()).toBe(false);
    await details.getByText('PASSIVE', { exact: true }).waitFor();
    // Cancel keeps the saved status: it went to the server, not only to the form.
    await inRegion(details, 'Cancel').click();
    expect(await status.isChecked()).toBe(false);
    await snap(page, 'account-passive');

    await page.goto(`${new URL(page.url()).origin}/admin/#/merchantAccountList`);
    const list = region('Merchant Accounts');
    await list.getByLabel('Filter Trading Name').fill(tradingName);
    const row = list.locator('tbody').getByRole('row', { name: new RegExp(tradingName) });
    await row.waitFor();
    await eventually(() => row.getAttribute('class')).toContain('row-passive');
    expect(await row.textContent()).toContain('Edith Crust');
  });

  it('deletes the PASSIVE account after asking, and goes back to the list', async () => {
    const list = region('Merchant Accounts');
    await list.locator('tbody').getByRole('button', { name: `View ${tradingName}`, exact: true }).click();
    const details = region('Account Details');
    await eventually(() => field(details, 'Trading Name').inputValue()).toBe(tradingName);
    await inRegion(details, 'Delete').click();
    await confirm().getByText('Are you sure to delete?', { exact: true }).waitFor();
    await confirm().getByRole('button', { name: 'No', exact: true }).click();
    await confirm().waitFor({ state: 'detached' });
    expect(hash()).toBe(`#merchantAccountSave?${accountId}`);

    await inRegion(details, 'Delete').click();
    await confirm().getByRole('button', { name: 'Yes', exact: true }).click();
    await expectToast(page, 'Success', SUCCESS);
    await closeToasts(page);
    await list.waitFor();
    expect(hash()).toBe('#/merchantAccountList');
    await list.getByLabel('Filter Trading Name').fill(tradingName);
    await list.getByText('No Records Found').waitFor();
  });
});
