import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, button, closeToasts, eventually, expectToast, launch, open, signIn, snap, solveCaptcha } from './support';

/** The admin back office: sign-in refusals, the home tiles, the shell's buttons, reload and logout. */
describe('admin sign-in journey', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await open(browser, 'admin'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const home = () => page.getByRole('main');
  const loginHeading = () => page.getByRole('heading', { name: 'Login' });

  it('shows the admin login panel: no store name, version, test banner, buttons locked until the captcha', async () => {
    await loginHeading().waitFor();
    await page.getByText('Test Environment!', { exact: true }).waitFor();
    await page.getByText('Version 1.4.6', { exact: true }).waitFor();
    expect(await page.getByLabel('Store Name').count()).toBe(0);
    expect(await button(page, 'Login').isDisabled()).toBe(true);
    expect(await button(page, 'Forgot Password').isDisabled()).toBe(true);
    await snap(page, 'admin-login');
  });

  it('warns when Login is pressed with empty fields', async () => {
    await solveCaptcha(page);
    expect(await button(page, 'Forgot Password').isEnabled()).toBe(true);
    await button(page, 'Login').click();
    await expectToast(page, 'Warning', 'User name and password  cannot be empty!');
    await loginHeading().waitFor();
    await closeToasts(page);
  });

  it('refuses a wrong password with the server notice and clears the fields', async () => {
    await signIn(page, { user: 'admin', password: 'Wrong1234' });
    await expectToast(page, 'Error', 'User name or password is incorrect.');
    await eventually(() => page.getByLabel('User Name').inputValue()).toBe('');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    // A captcha solution is good for one attempt: the next one starts unsolved.
    expect(await button(page, 'Login').isDisabled()).toBe(true);
    await snap(page, 'admin-login-refused');
    await closeToasts(page);
  });

  it('signs in to the home page with the three groups of tiles, the user name and the banner', async () => {
    await signIn(page, { user: 'admin', password: 'Admin1234' });
    const groups = home().getByRole('region');
    await groups.first().waitFor();
    const tiles: Record<string, string[]> = {};
    for (const group of await groups.all()) {
      const name = (await group.getByRole('heading').textContent())?.trim() ?? '';
      tiles[name] = (await group.getByRole('link').allTextContents()).map((t) => t.trim());
    }
    expect(tiles).toEqual({
      'Merchant Accounts and Users': ['Merchant Accounts', 'Admin Users'],
      'Settings and Data': ['Mail Settings', 'Licenses', 'Data Upload', 'Qr Code', 'Till Connections', 'Postcode Gazetteer'],
      Reports: ['Admin Sale Report'],
    });
    expect(await page.getByRole('complementary', { name: 'Side menu' }).getByText('Ada Admin', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Test Environment!', { exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).hash).toBe('#/');
    await snap(page, 'admin-home');
  });

  it('opens a tile, and Back and Home return to the home page', async () => {
    // A built screen is headed by its tile's name; one still to come says so. Either is its page.
    const pageOf = (tile: string) => home().getByRole('heading', { name: new RegExp(`^${tile}(: coming soon)?$`) });

    await home().getByRole('link', { name: 'Licenses', exact: true }).click();
    await pageOf('Licenses').waitFor();
    expect(new URL(page.url()).hash).toBe('#/licenses');
    expect(await home().getByRole('link', { name: 'Merchant Accounts', exact: true }).count()).toBe(0);
    await snap(page, 'admin-tile-page');

    await button(page, 'Back').click();
    await home().getByRole('link', { name: 'Merchant Accounts', exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/');

    await home().getByRole('link', { name: 'Admin Sale Report', exact: true }).click();
    await pageOf('Admin Sale Report').waitFor();
    expect(new URL(page.url()).hash).toBe('#/adminSaleReport');
    await button(page, 'Home').click();
    await home().getByRole('link', { name: 'Admin Sale Report', exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
    expect(await pageOf('Admin Sale Report').count()).toBe(0);
  });

  it('keeps the session across a reload through the refresh cookie', async () => {
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/adminuser/security/tokens/refresh'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await home().getByRole('link', { name: 'Admin Users', exact: true }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Side menu' }).getByText('Ada Admin', { exact: true }).isVisible()).toBe(true);
    expect(await loginHeading().count()).toBe(0);
  });

  it('logs out to the sign-in page, and the server has ended the session', async () => {
    const before = (await context.cookies()).find((c) => c.name === 'tp_rt_admin');
    expect(before, 'a refresh cookie while signed in').toBeDefined();

    await button(page, 'Logout').click();
    await loginHeading().waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect((await context.cookies()).some((c) => c.name === 'tp_rt_admin')).toBe(false);

    await page.reload();
    await loginHeading().waitFor();
    expect(await page.getByRole('link', { name: 'Merchant Accounts' }).count()).toBe(0);

    // Even a browser that kept the old refresh cookie cannot come back: the server revoked it.
    await context.addCookies([before!]);
    await page.evaluate(() => localStorage.setItem('tillpoint.admin.signedIn', '1'));
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/adminuser/security/tokens/refresh'));
    await page.goto(`${baseUrl()}/admin/`);
    expect((await refreshed).status()).toBe(401);
    await loginHeading().waitFor();
    expect(await page.getByText('Ada Admin').count()).toBe(0);
    await snap(page, 'admin-signed-out');
  });
});
