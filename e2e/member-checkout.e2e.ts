import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_SETTINGS_PATHS, type MerchantBranchSettings } from '@tillpoint/contracts/branch-settings';
import { MEMBER_SECURITY_PATHS } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { SCHEDULE_FIELDS, WEEKDAYS } from '@tillpoint/contracts/schedule';
import { button, callApi, closeStoreToasts, eventually, fillDemoDeliveryBasket, launch, mailCount, signInOwner, verifyCodeIn, WAIT_MS, waitForMail } from './support';

/**
 * A member orders twice on a phone (issue 11 'Payment methods', /approveOrder): signs in from the
 * basket and lands on their checkout; the first order goes to a new address (saved) with a new card
 * (saved through the simulator's own fields); the second picks the saved address and the saved card
 * and types only its CVV; Payment Methods shows the card, adds another through the provider's
 * fields, and removes them after the confirmation.
 */
const EMAIL = `cara.cards.${Date.now()}@example.com`;
const PASSWORD = 'Cards2024x';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let ownerToken: string;
let schedules: Record<string, unknown> | null = null;

const toast = (text: string) => page.locator('.sf-toast', { hasText: text }).last();
const heading = (name: string) => page.getByRole('heading', { name, exact: true });
const confirmOrder = () => page.getByRole('button', { name: /^Confirm Order/ });

async function shot(name: string, dialog = false) {
  await closeStoreToasts(page);
  if (!dialog) await page.locator('dialog[open]').waitFor({ state: 'detached' });
  const dir = join(import.meta.dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

const approveOrder = async () => {
  await eventually(() => new URL(page.url()).pathname).toBe('/approveOrder');
  await heading('Checkout').waitFor();
};

/** After a placed order: the store with the notice, and the confirmation mail. */
async function placed(mailsBefore: number) {
  await toast('Your order has been placed').waitFor();
  expect(new URL(page.url()).pathname).toBe('/demo-bistro');
  const mail = (await waitForMail(EMAIL, mailsBefore)).replace(/=\r?\n/g, '');
  expect(mail).toMatch(/\(Delivery, CARD, paid\)/);
}

describe('member checkout with saved cards (phone)', () => {
  beforeAll(async () => {
    browser = await launch();
    // The demo store takes delivery orders all day for this file; its own hours come back after it.
    const owner = await signInOwner(browser);
    ownerToken = owner.token;
    await owner.page.context().close();
    const current = (await callApi<MerchantBranchSettings>('GET', MERCHANT_SETTINGS_PATHS.current, undefined, ownerToken)).body;
    schedules = Object.fromEntries(SCHEDULE_FIELDS.map((f) => [f, current[f as keyof MerchantBranchSettings]]));
    const allDay = Object.fromEntries(
      WEEKDAYS.flatMap((d) => [
        [`${d}OpenHour`, '00:00'],
        [`${d}CloseHour`, '00:00'],
        [`${d}DeliveryOpenHour`, '00:00'],
        [`${d}DeliveryCloseHour`, '00:00'],
      ]),
    );
    expect((await callApi('PUT', MERCHANT_SETTINGS_PATHS.schedules, allDay, ownerToken)).status).toBe(200);

    // The member exists already (registration has its own journey): the mailed code, then register.
    const before = mailCount();
    expect((await callApi('POST', MEMBER_SECURITY_PATHS.verifyCode, { email: EMAIL })).status).toBe(200);
    const code = verifyCodeIn(await waitForMail(EMAIL, before));
    const registered = await callApi('POST', MEMBER_SECURITY_PATHS.register, {
      email: EMAIL,
      firstName: 'Cara',
      lastName: 'Cards',
      mobilePhone: '07700 900321',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      verifyCode: code,
    });
    expect(registered.status).toBe(200);

    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    context.setDefaultTimeout(WAIT_MS);
    page = await context.newPage();
  });

  afterAll(async () => {
    if (schedules) await callApi('PUT', MERCHANT_SETTINGS_PATHS.schedules, schedules, ownerToken);
    await browser?.close();
  });

  it('signs in from the basket and lands on the member checkout with their details', async () => {
    await fillDemoDeliveryBasket(page);
    await eventually(() => new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await button(page, 'Continue').click();
    await heading('Welcome back').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.locator('altcha-widget').waitFor();
    if (await button(page, 'Login').isDisabled()) {
      await page.getByText("I'm not a robot").click();
      await button(page, 'Login').and(page.locator(':enabled')).waitFor();
    }
    await button(page, 'Login').click();
    await approveOrder();
    await eventually(() => page.getByLabel('First Name').inputValue()).toBe('Cara');
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    // The basket in view mode, with the delivery fee and the service charge chooser.
    await page.getByText('Delivery fee').first().waitFor();
  });

  it('orders with a new address and a new card, both saved', async () => {
    const mails = mailCount();
    const postCode = page.getByLabel('Post Code', { exact: true });
    await postCode.fill('SW1A 1AA');
    await button(page, 'Lookup').click();
    await page.getByLabel('Choose your address').selectOption({ label: '1 High Street, London, SW1A 1AA' });
    await eventually(() => page.getByLabel('Address Line 1', { exact: true }).inputValue()).toBe('1 High Street');
    await page.getByLabel('Save this address').check();

    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    const card = page.frameLocator('iframe[title="Card details"]');
    await card.getByLabel('Card number').fill('4929 0000 0000 6');
    await card.getByLabel('Expiry (MM/YY)').fill('12/39');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('Name on card').fill('Cara Cards');
    await page.getByLabel('Save this card for next time').check();
    await shot('member-checkout-new-card-phone');
    await confirmOrder().click();
    await placed(mails);
  });

  it('orders again with the saved address and the saved card, typing only its CVV', async () => {
    const mails = mailCount();
    await fillDemoDeliveryBasket(page);
    await approveOrder();
    // The saved address is preselected and shown read-only.
    const saved = page.getByRole('radio', { name: /1 High Street, London, SW1A 1AA/ });
    await eventually(() => saved.isChecked()).toBe(true);
    expect(await page.getByLabel('Address Line 1', { exact: true }).count()).toBe(0);

    // The saved card is offered beside 'New card'; choosing it shows the CVV-only field.
    await page.getByRole('radio', { name: /VISA •••• 0006/ }).check();
    const cvv = page.frameLocator('iframe[title="Card security code"]');
    await cvv.getByLabel('CVV').fill('321');
    expect(await cvv.getByLabel('Card number').count()).toBe(0);
    expect(await page.getByLabel('Save this card for next time').count()).toBe(0);
    await shot('member-checkout-saved-card-phone');
    await confirmOrder().click();
    await placed(mails);
  });

  it('sees the card on Payment Methods, adds one through the card fields and removes both', async () => {
    await page.locator('.ac-menu-button').click();
    await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Payment Methods' }).click();
    await heading('My Cards').waitFor();
    const saved = page.getByRole('radio', { name: /VISA •••• 0006/ });
    await eventually(() => saved.isChecked()).toBe(true); // the default card is picked first
    const details = page.getByRole('definition');
    await eventually(() => details.allTextContents()).toEqual(['VISA', '•••• •••• •••• 0006', '12/39', 'Cara Cards']);
    await shot('member-payment-methods-phone');

    // Add card: the simulator keeps a card without a payment.
    await button(page, 'Add card').click();
    const fields = page.frameLocator('iframe[title="Card details"]');
    await fields.getByLabel('Card number').fill('5555 5555 5555 4444');
    await fields.getByLabel('Expiry (MM/YY)').fill('11/38');
    await fields.getByLabel('CVV').fill('456');
    await fields.getByLabel('Name on card').fill('Cara Cards');
    await button(page, 'Save card').click();
    await toast(MESSAGES.success).waitFor();
    const added = page.getByRole('radio', { name: /MASTERCARD •••• 4444/ });
    await eventually(() => added.isChecked()).toBe(true);

    // Set as default, then remove both, each after the confirmation.
    await button(page, 'Set as default').click();
    await eventually(() => page.locator('.co-option', { hasText: '4444' }).textContent()).toContain('Default');
    for (const card of [added, saved]) {
      await card.check();
      await button(page, 'Remove').click();
      const ask = page.getByRole('dialog', { name: 'Remove card' });
      await ask.getByText(MESSAGES.confirmDelete).waitFor();
      if (card === saved) await shot('member-payment-methods-remove-phone', true);
      await ask.getByRole('button', { name: 'Remove' }).click();
      await ask.waitFor({ state: 'detached' });
      await eventually(() => card.count()).toBe(0);
    }
    await page.getByText('You have no saved cards yet.').waitFor();
  });
});
