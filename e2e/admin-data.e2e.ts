import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, button, callApi, choose, closeToasts, expectToast, launch, open, signIn, snap } from './support';

// Unique per run: the journey files share one server and its data.
const tag = Date.now().toString(36);
const SHOP = { trading: `Reset Deli ${tag}`, domain: `reset-deli-${tag}`, owner: `deli-${tag}`, password: 'DeliOwner2024' };

type SyncReply = { merchantBranchId: number; requests: { id: number; groups: string[] }[]; data: { tax?: { name: string }[]; driver?: unknown[] }; notAvailable: string[] };

/**
 * Data upload and reset as an administrator does them: a sync requested for demo-bistro that a
 * till (played by this test with a credential) fetches once, and a reset of a branch made for
 * this journey, whose taxes are gone afterwards on the merchant's own tax screen.
 */
describe('admin data upload and reset journey', () => {
  let browser: Browser;
  let page: Page;
  let token = '';
  let merchant: { context: BrowserContext; page: Page } | undefined;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await open(browser, 'admin'));
    await signIn(page, { user: 'admin', password: 'Admin1234' });
    await page.getByRole('main').getByRole('link', { name: 'Data Upload', exact: true }).waitFor();
    token = await accessToken(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const inRegion = (name: string, label: string) => region(name).getByRole('button', { name: label, exact: true });
  const tick = (label: string) => page.getByRole('checkbox', { name: label, exact: true }).check();
  async function confirmYes(message: string) {
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(message, { exact: true }).waitFor();
    expect(await dialog.getByText('Warning', { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  }
  const accountShown = () => page.locator('.p-dropdown', { has: page.getByLabel('Merchant Account', { exact: true }) }).locator('.p-dropdown-label').textContent();

  it('requests a data sync for demo-bistro, and a till fetches it once', async () => {
    // The till: a credential of demo-bistro, made by the administrator's API call (its screen is the branch page's).
    const branchId = (await callApi<{ merchantBranchId: number }>('GET', 'merchant/branch/domainName/demo-bistro')).body.merchantBranchId;
    const credential = await callApi<{ clientId: string; clientSecret: string }>('POST', 'merchant/credentials/create', { merchantBranchId: branchId, description: `e2e till ${tag}` }, token);
    expect(credential.status).toBe(200);
    const tillAuth = await callApi<{ accessToken: string }>('POST', 'till/auth', { clientId: credential.body.clientId, clientSecret: credential.body.clientSecret });
    expect(tillAuth.status).toBe(200);
    // Whatever other journeys asked for before is fetched now, so what follows is this request alone.
    await callApi('GET', 'till/sync', undefined, tillAuth.body.accessToken);

    await page.getByRole('main').getByRole('link', { name: 'Data Upload', exact: true }).click();
    await inRegion('Data Upload', 'Edit').click();
    // The two are exclusive edit modes.
    expect(await inRegion('Data Reset', 'Edit').isDisabled()).toBe(true);
    await tick('Tax');
    await inRegion('Data Upload', 'Data Sync').click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    await closeToasts(page);

    await choose(page, 'Merchant Account', 'Demo Bistro');
    await choose(page, 'Merchant Branch', 'Demo Bistro (demo-bistro)');
    await tick('Driver');
    await snap(page, 'data-upload');
    await inRegion('Data Upload', 'Data Sync').click();
    await confirmYes('Are you sure to sync data?');
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    // Done: the form is cleared and read-only again.
    await inRegion('Data Upload', 'Edit').waitFor();
    expect(await accountShown()).toBe('Select');
    expect(await page.getByRole('checkbox', { name: 'Tax', exact: true }).isChecked()).toBe(false);
    await closeToasts(page);

    const sync = await callApi<SyncReply>('GET', 'till/sync', undefined, tillAuth.body.accessToken);
    expect(sync.status).toBe(200);
    expect(sync.body.merchantBranchId).toBe(branchId);
    expect(sync.body.requests.map((r) => r.groups)).toEqual([['tax', 'driver']]);
    expect(sync.body.data.tax?.length, 'the demo taxes travel').toBeGreaterThan(0);
    expect(Array.isArray(sync.body.data.driver)).toBe(true);
    const again = await callApi<SyncReply>('GET', 'till/sync', undefined, tillAuth.body.accessToken);
    expect(again.body.requests, 'delivered once').toEqual([]);
  });

  it("resets a new branch's transactions and definitions, and its taxes are gone", async () => {
    // A store of its own (never the demo branch other journeys use): account, branch, licence, owner, taxes.
    const account = await callApi<{ id: number }>('POST', 'merchant/account/create', { tradingName: SHOP.trading, businessName: `${SHOP.trading} Ltd`, companyNo: '7654321', vatNo: 'GB765432100' }, token);
    expect(account.status).toBe(200);
    const branch = await callApi<{ id: number }>(
      'POST',
      `merchant/branch/${account.body.id}/branch`,
      { tradingName: SHOP.trading, businessName: `${SHOP.trading} Ltd`, vatNo: 'GB765432100', domainName: SHOP.domain, sector: 'HOSPITALITY' },
      token,
    );
    expect(branch.status).toBe(200);
    const licence = await callApi('POST', 'merchant/license/create', { merchantBranchId: branch.body.id, serviceName: 'WEB_MENU', licenseStatus: 'ACTIVE', actionReason: 'PAYMENT_COMPLETED' }, token);
    expect(licence.status).toBe(200);
    const owner = await callApi<{ id: number }>(
      'POST',
      'merchantuser/create',
      {
        merchantAccountId: account.body.id,
        userName: SHOP.owner,
        firstName: 'Dora',
        lastName: 'Deli',
        email: `${SHOP.owner}@e2e.local`,
        mobilePhone: '07700900777',
        landingPage: '#/taxSave',
        sendNotification: false,
        roles: [{ id: 1 }],
        branches: [{ branchId: branch.body.id }],
      },
      token,
    );
    expect(owner.status).toBe(200);
    expect((await callApi('PUT', 'merchantuser/password/change', { id: owner.body.id, password: SHOP.password }, token)).status).toBe(200);

    merchant = await open(browser, 'merchant');
    await signIn(merchant.page, { store: SHOP.domain, user: SHOP.owner, password: SHOP.password });
    await merchant.page.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();
    const merchantToken = await accessToken(merchant.page, 'merchant');
    for (const [name, rate] of [
      ['Deli Standard', 20],
      ['Deli Zero', 0],
    ] as const) {
      expect((await callApi('POST', 'storemanagement/tax/create', { name, rate }, merchantToken)).status).toBe(200);
    }
    await merchant.page.reload();
    await merchant.page.getByRole('cell', { name: 'Deli Standard', exact: true }).waitFor();

    await button(page, 'Home').click();
    await page.getByRole('main').getByRole('link', { name: 'Data Upload', exact: true }).click();
    await choose(page, 'Merchant Account', SHOP.trading);
    await choose(page, 'Merchant Branch', `${SHOP.trading} (${SHOP.domain})`);
    await inRegion('Data Reset', 'Edit').click();
    expect(await inRegion('Data Upload', 'Edit').isDisabled()).toBe(true);
    await tick('Definitions');
    await inRegion('Data Reset', 'Data Reset').click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    await closeToasts(page);
    await tick('Transactions');
    await snap(page, 'data-reset');
    await inRegion('Data Reset', 'Data Reset').click();
    await confirmYes('Are you sure to reset data?');
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await inRegion('Data Reset', 'Edit').waitFor();
    expect(await accountShown()).toBe('Select');
    await closeToasts(page);

    // The merchant sees its taxes gone; the demo store keeps its own.
    await merchant.page.reload();
    await merchant.page.getByText('No Records Found', { exact: true }).waitFor();
    const audits = await callApi<{ transactions: boolean; definitions: boolean }[]>('GET', `storemanagement/datareset/merchantBranchId/${branch.body.id}`, undefined, token);
    expect(audits.body).toEqual([expect.objectContaining({ transactions: true, definitions: true })]);
    await merchant.context.close();
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await region('Data Reset').waitFor();
    await snap(page, 'data-upload-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
