import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, closeToasts, eventually, expectToast, launch, open, signIn, snap, solveCaptcha } from './support';

const OWNER = { store: 'demo-bistro', user: 'owner', password: 'Owner1234' };

/** The merchant back office: store name, landing page, the remembered store, and a session that ends. */
describe('merchant sign-in journey', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await open(browser, 'merchant'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const loginHeading = () => page.getByRole('heading', { name: 'Login' });
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const onTaxScreen = async () => {
    await page.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/taxSave');
  };

  it('warns when the store name is missing', async () => {
    await loginHeading().waitFor();
    // A first visit in this browser: no store to remember yet.
    expect(await field('Store Name').inputValue()).toBe('');
    await field('User Name').fill(OWNER.user);
    await field('Password').fill(OWNER.password);
    await solveCaptcha(page);
    await button(page, 'Login').click();
    await expectToast(page, 'Warning', 'User name,Password and Store Name cannot be empty!');
    await loginHeading().waitFor();
    // Nothing reached the server, so nothing typed is lost.
    expect(await field('User Name').inputValue()).toBe(OWNER.user);
    await snap(page, 'merchant-login-empty');
    await closeToasts(page);
  });

  it('signs the owner in to the landing page, the Tax screen, with the Catalogue menu', async () => {
    await signIn(page, OWNER);
    await onTaxScreen();
    await page.getByRole('heading', { name: 'Tax', exact: true }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const taxes = menu.getByRole('link', { name: 'Taxes', exact: true });
    await taxes.waitFor();
    expect(await menu.getByRole('heading', { name: 'Catalogue' }).isVisible()).toBe(true);
    expect(await taxes.getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('complementary', { name: 'Side menu' }).getByText('Olive Owner', { exact: true }).isVisible()).toBe(true);
    await snap(page, 'merchant-landing');

    // Home lists the same menu as tiles; the tile leads back to the landing page.
    await button(page, 'Home').click();
    const catalogue = page.getByRole('main').getByRole('region', { name: 'Catalogue' });
    await catalogue.getByRole('link').first().waitFor();
    expect((await catalogue.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(['Taxes', 'Departments', 'Products', 'Product Groups', 'Product Tags', 'Suppliers', 'Web Menus', 'Mix and Match', 'Customers']);
    await catalogue.getByRole('link', { name: 'Taxes' }).click();
    await onTaxScreen();
  });

  it('remembers the store name after logout', async () => {
    await button(page, 'Logout').click();
    await loginHeading().waitFor();
    expect(await field('Store Name').inputValue()).toBe('demo-bistro');
    expect(await field('User Name').inputValue()).toBe('');
    expect(await field('Password').inputValue()).toBe('');
    expect(new URL(page.url()).hash).toBe('');
    await snap(page, 'merchant-login-remembered');
  });

  it('refuses a store that does not exist and clears all three fields', async () => {
    await signIn(page, { ...OWNER, store: 'no-such-bistro' });
    await expectToast(page, 'Error', 'User name or password is incorrect.');
    await eventually(() => field('Store Name').inputValue()).toBe('');
    expect(await field('User Name').inputValue()).toBe('');
    expect(await field('Password').inputValue()).toBe('');
    await loginHeading().waitFor();
    await closeToasts(page);
  });

  it('returns to the sign-in page when the server refuses the access token (401)', async () => {
    await signIn(page, OWNER);
    await onTaxScreen();
    await page.getByRole('row', { name: /Standard/ }).waitFor();

    // The next table load is refused as an expired session would be, with the server's notice.
    await page.route(
      '**/api/storemanagement/tax/all',
      (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ type: 'ERROR', details: 'Your session has ended. Please sign in again.' }),
        }),
      { times: 1 },
    );
    await button(page, 'Refresh').click();
    await loginHeading().waitFor();
    await expectToast(page, 'Error', 'Your session has ended. Please sign in again.');
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.getByText('Olive Owner').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('tillpoint.merchant.session'))).toBeNull();
    await snap(page, 'merchant-session-ended');
    await closeToasts(page);
  });

  it('returns to the sign-in page when the refresh cookie is gone and the page reloads', async () => {
    await signIn(page, OWNER);
    await onTaxScreen();
    await context.clearCookies();
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/tokens/refresh'));
    await page.reload();
    expect((await refreshed).status()).toBe(401);
    await loginHeading().waitFor();
    expect(await page.getByRole('heading', { name: 'Taxes' }).count()).toBe(0);
    // The store is still remembered for the next sign-in.
    expect(await field('Store Name').inputValue()).toBe('demo-bistro');
  });
});
