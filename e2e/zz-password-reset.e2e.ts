import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, button, closeToasts, expectToast, launch, linkIn, mailCount, open, signIn, snap, solveCaptcha, waitForMail } from './support';

const EMAIL = 'owner@demo-bistro.local';
const OLD_PASSWORD = 'Owner1234';
const NEW_PASSWORD = 'E2eReset2024';
const OWNER = { store: 'demo-bistro', user: 'owner' };

/**
 * The owner forgets the password: the request panel's checks, the mailed link, the finish panel's
 * checks, the new password in use, the link spent. Named zz- to run last; it still puts the demo
 * password back through the same flow, so the files may run in any order.
 */
describe('password reset journey', () => {
  let browser: Browser;
  let page: Page;
  let other: { context: BrowserContext; page: Page };
  let link = '';

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await open(browser, 'merchant'));
    // The owner is also signed in elsewhere; a new password must end that session.
    other = await open(browser, 'merchant');
    await signIn(other.page, { ...OWNER, password: OLD_PASSWORD });
    await other.page.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const panel = (name: string) => page.getByRole('form', { name, exact: true });
  const fieldMessages = (form: Locator) => form.getByRole('alert').allTextContents();
  const loginHeading = () => page.getByRole('heading', { name: 'Login', exact: true });

  /** Forgot Password from the login panel (it waits for the captcha like Login does). */
  async function requestReset(email: string) {
    await loginHeading().waitFor();
    if (await button(page, 'Forgot Password').isDisabled()) await solveCaptcha(page);
    await button(page, 'Forgot Password').click();
    const form = panel('Forgot Password');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    return form;
  }

  /** Sets a new password on the finish panel the current page shows. */
  async function finish(password: string, again = password) {
    const form = panel('Reset Password');
    await form.getByLabel('New Password', { exact: true }).fill(password);
    await form.getByLabel('Password Again', { exact: true }).fill(again);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    return form;
  }

  it('checks the e-mail field under the field before sending anything', async () => {
    const before = mailCount();
    const form = await requestReset('');
    await form.getByRole('alert').waitFor();
    expect(await fieldMessages(form)).toEqual(['This field is required.']);

    const tryEmail = async (email: string, message: string) => {
      await form.getByLabel('Email', { exact: true }).fill(email);
      await form.getByRole('button', { name: 'Send', exact: true }).click();
      await form.getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await fieldMessages(form)).toEqual([message]);
    };
    await tryEmail('a@b', 'This field can contain at least 5 characters.');
    await tryEmail('not-an-email', 'Email field is not available.');
    await tryEmail(`${'a'.repeat(250)}@b.com`, 'The e-mail address cannot exceed 255 characters.');
    await snap(page, 'reset-request-invalid');
    expect(await panel('Forgot Password').isVisible()).toBe(true);
    expect(mailCount()).toBe(before);
  });

  it('sends the reset mail for a known address and returns to Login', async () => {
    const before = mailCount();
    const form = panel('Forgot Password');
    await form.getByLabel('Email', { exact: true }).fill(EMAIL);
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await expectToast(page, 'Success', 'Check your e-mail for details on how to reset your password.');
    await loginHeading().waitFor();

    const mail = await waitForMail(EMAIL, before);
    link = linkIn(mail);
    expect(link.startsWith(`${baseUrl()}/merchant/?passwordChangeKey=`)).toBe(true);
    await closeToasts(page);
  });

  it('opens the mailed link on the Reset Password panel and checks the new password', async () => {
    await page.goto(link);
    const form = panel('Reset Password');
    await form.waitFor();
    expect(await form.getByLabel('New Password', { exact: true }).inputValue()).toBe('');
    await snap(page, 'reset-finish');

    await finish('NewPass123', 'NewPass124');
    await form.getByRole('alert').waitFor();
    expect(await fieldMessages(form)).toEqual(['Passwords did not match!']);

    await finish('weakpass');
    await form.getByRole('alert').filter({ hasText: 'Password must be' }).waitFor();
    expect(await fieldMessages(form)).toEqual(['Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters']);
    await snap(page, 'reset-finish-weak');
  });

  it('saves a strong password and returns to Login without the key', async () => {
    await finish(NEW_PASSWORD);
    await expectToast(page, 'Success', 'Your password has been changed. You can sign in now.');
    await loginHeading().waitFor();
    expect(new URL(page.url()).search).toBe('');
    await closeToasts(page);
  });

  it('ends the sessions the owner had open elsewhere', async () => {
    const refreshed = other.page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/tokens/refresh'));
    await other.page.reload();
    expect((await refreshed).status()).toBe(401);
    await other.page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
  });

  it('refuses the old password and accepts the new one', async () => {
    await signIn(page, { ...OWNER, password: OLD_PASSWORD });
    await expectToast(page, 'Error', 'User name or password is incorrect.');
    await closeToasts(page);

    await signIn(page, { ...OWNER, password: NEW_PASSWORD });
    await page.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();
    expect(await page.getByText('Olive Owner').first().isVisible()).toBe(true);
    await button(page, 'Logout').click();
    await loginHeading().waitFor();
  });

  it('refuses the same link a second time: a key works once', async () => {
    await page.goto(link);
    const form = await finish('Another123');
    await expectToast(page, 'Warning', 'This link is not valid or has expired.');
    // Refused: the panel stays, with what was typed.
    expect(await form.getByLabel('New Password', { exact: true }).inputValue()).toBe('Another123');
    await snap(page, 'reset-link-spent');
    await form.getByRole('button', { name: 'Back', exact: true }).click();
    await loginHeading().waitFor();
    expect(new URL(page.url()).search).toBe('');
    await closeToasts(page);
  });

  it('puts the demo password back through the same flow', async () => {
    const before = mailCount();
    await requestReset(EMAIL);
    await expectToast(page, 'Success', 'Check your e-mail for details on how to reset your password.');
    const again = linkIn(await waitForMail(EMAIL, before));
    expect(again).not.toBe(link);
    await page.goto(again);
    await finish(OLD_PASSWORD);
    await expectToast(page, 'Success', 'Your password has been changed. You can sign in now.');
    await loginHeading().waitFor();
  });
});
