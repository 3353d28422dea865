import type { Browser, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_ENDPOINTS } from '@tillpoint/contracts/payment-providers';
import { accessToken, baseUrl, button, callApi, closeToasts, eventually, expectToast, keepDemoBranchSettings, launch, open, signIn, snap } from './support';

/** A PNG of one colour at the size the label advises. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([r, g, b, 255], i);
  return PNG.sync.write(image);
}

const IMAGES = [
  { label: 'Header Web Image', size: '1900x360', width: 1900, height: 360, file: 'header.png', colour: [37, 99, 235] },
  { label: 'Header Mobile Image', size: '400x300', width: 400, height: 300, file: 'mobile.png', colour: [22, 163, 74] },
  { label: 'Logo', size: '90x90', width: 90, height: 90, file: 'logo.png', colour: [220, 38, 38] },
] as const;

/** The settings tabs of the demo branch (spec 1 §2): branding images, payment provider, one tab editing at a time. */
describe('admin branch settings journey', () => {
  let browser: Browser;
  let page: Page;
  let branchHash = '';
  let kept: Awaited<ReturnType<typeof keepDemoBranchSettings>> | undefined;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await open(browser, 'admin'));
    await signIn(page, { user: 'admin', password: 'Admin1234' });
    await page.getByRole('main').getByRole('link', { name: 'Merchant Accounts', exact: true }).waitFor();
    const found = await callApi<{ merchantBranchId: number }>('GET', 'merchant/branch/domainName/demo-bistro');
    const { merchantBranchId } = found.body;
    const branch = await callApi<{ merchantAccountId: number }>('GET', `merchant/branch/${merchantBranchId}`, undefined, await accessToken(page));
    const { merchantAccountId } = branch.body;
    branchHash = `#merchantBranchSave?${merchantBranchId}?${merchantAccountId}`;
    kept = await keepDemoBranchSettings({ admin: await accessToken(page) });
  });
  afterAll(async () => {
    // The journeys share one store: the storefront's card journeys need the demo branch's SIMULATOR back, the EOD hour too.
    await kept?.restore();
    await browser?.close();
  });

  const settings = () => page.getByRole('region', { name: 'Branch settings' });
  const tab = (name: string) => settings().getByRole('tab', { name, exact: true });
  /** Opens a settings tab and waits for its form to be shown (not its loading note). */
  async function openTab(name: string, field: string) {
    await tab(name).click();
    await settings().getByLabel(field, { exact: true }).waitFor();
  }
  const SIZES: Record<string, string> = Object.fromEntries(IMAGES.map((i) => [i.label, i.size]));
  /** An image's place in the tab: its caption names it with the advised size. */
  const slot = (label: string) => settings().getByRole('figure', { name: `${label} (${SIZES[label]})`, exact: true });
  const preview = (label: string) => slot(label).getByRole('img', { name: `${label} preview` });
  const naturalSize = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? `${el.naturalWidth}x${el.naturalHeight}` : 'loading'));

  /** Opens a file chooser through the button (it checks the upload service first) and picks the file. */
  async function chooseFile(label: string, size: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button(page, `Choose ${label} (${size})`).click()]);
    await chooser.setFiles(file);
  }

  /** Scrolls the page so the settings card starts just under the sticky top bar (for screenshots). */
  const showSettings = () =>
    settings().evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      el.closest('.layout-main')?.scrollBy(0, -(document.querySelector('.topbar')?.clientHeight ?? 0) - 8);
    });

  /**
   * Saves the open tab and waits for the server's reply and the tab's return to read-only. (A second
   * identical success toast within a few seconds is merged into the first by the app, so a toast
   * cannot tell one quick save from the next.)
   */
  async function saveTab(path: string) {
    const reply = page.waitForResponse((r) => r.url().includes(`/api/${path}`) && r.request().method() !== 'GET');
    await settings().getByRole('button', { name: 'Save', exact: true }).click();
    expect((await reply).status()).toBe(200);
    await settings().getByRole('button', { name: 'Edit', exact: true }).waitFor();
  }

  it('shows the settings tabs of an existing branch, Page Settings first, read-only with the image sizes', async () => {
    await page.goto(`${baseUrl()}/admin/${branchHash}`);
    await settings().waitFor();
    expect((await settings().getByRole('tab').allTextContents()).map((t) => t.trim())).toEqual([
      'Page Settings',
      'Order Settings',
      'EOD Settings',
      'Payment Integration Settings',
      'Mail Settings',
    ]);
    for (const image of IMAGES) {
      await slot(image.label).waitFor();
      expect(await button(page, `Choose ${image.label} (${image.size})`).isDisabled()).toBe(true);
      await slot(image.label).getByText('Not uploaded yet').waitFor();
    }
    // Settings are edited, never deleted.
    expect(await settings().getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it('refuses a first save without all three images, a file that is not an image, and one over 5 MB', async () => {
    await settings().getByRole('button', { name: 'Edit', exact: true }).click();
    await settings().getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Please fill the Header Web Image, Header Mobile Image and Logo!');
    await closeToasts(page);

    await chooseFile('Logo', '90x90', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expectToast(page, 'Warning', 'Please choose an image file (PNG, JPEG, GIF or WebP).');
    await closeToasts(page);

    await chooseFile('Logo', '90x90', { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expectToast(page, 'Warning', 'Maximum upload size is 5MB.');
    await closeToasts(page);
    await slot('Logo').getByText('No image', { exact: true }).waitFor();
  });

  it('checks the upload service before opening the file chooser', async () => {
    await page.route('**/api/merchant/pagesettings/checkHealth', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":"DOWN"}' }));
    let opened = false;
    page.once('filechooser', () => {
      opened = true;
    });
    await button(page, 'Choose Logo (90x90)').click();
    await expectToast(page, 'Error', 'service Unavailable!');
    expect(opened).toBe(false);
    await page.unroute('**/api/merchant/pagesettings/checkHealth');
    await closeToasts(page);
  });

  it('uploads the three images, previews them, and shows the stored ones after a reload', async () => {
    for (const image of IMAGES) {
      await chooseFile(image.label, image.size, { name: image.file, mimeType: 'image/png', buffer: png(image.width, image.height, [...image.colour]) });
      await slot(image.label).getByText(`New: ${image.file}`).waitFor();
      await eventually(() => naturalSize(preview(image.label))).toBe(`${image.width}x${image.height}`);
    }
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/merchant/pagesettings/') && r.request().method() === 'POST');
    await settings().getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await closeToasts(page);
    await settings().getByRole('button', { name: 'Edit', exact: true }).waitFor();

    await page.reload();
    for (const image of IMAGES) {
      const img = preview(image.label);
      await img.waitFor();
      expect(await img.getAttribute('src')).toMatch(/^\/api\/merchant\/pagesettings\/image\/\d+\/(HEADER|MOBILE|LOGO)\?v=/);
      await eventually(() => naturalSize(img)).toBe(`${image.width}x${image.height}`);
      await slot(image.label).getByText(image.file, { exact: false }).waitFor();
    }
    await showSettings();
    await snap(page, 'admin-branch-page-settings');
  });

  it('replaces one image later without asking for the other two', async () => {
    await settings().getByRole('button', { name: 'Edit', exact: true }).click();
    await chooseFile('Logo', '90x90', { name: 'logo-2.png', mimeType: 'image/png', buffer: png(90, 90, [250, 204, 21]) });
    await saveTab('merchant/pagesettings/');
    await slot('Logo').getByText('logo-2.png', { exact: false }).waitFor();
    await slot('Header Web Image').getByText('header.png', { exact: false }).waitFor();
    await closeToasts(page);
  });

  it('fills the provider addresses for DOJO and OPAYO (sandbox here), clears them for another, and keeps the jwt write-only', async () => {
    await openTab('Payment Integration Settings', 'Provider');
    await settings().getByRole('button', { name: 'Edit', exact: true }).click();
    // One tab edits at a time: the others are locked until Save or Cancel.
    await eventually(() => tab('Order Settings').locator('xpath=..').getAttribute('class')).toContain('p-disabled');

    const provider = settings().locator('.p-dropdown', { has: page.getByLabel('Provider', { exact: true }) });
    const pick = async (name: string) => {
      await provider.click();
      await page.locator('.p-dropdown-panel').getByRole('option', { name, exact: true }).click();
    };
    const addresses = async () => ({
      jsUrl: await page.getByLabel('Script Url', { exact: true }).inputValue(),
      baseUrl: await page.getByLabel('Base Url', { exact: true }).inputValue(),
      merchantUrl: await page.getByLabel('Merchant Url', { exact: true }).inputValue(),
    });

    await pick('OPAYO');
    await eventually(addresses).toEqual(PROVIDER_ENDPOINTS.OPAYO.sandbox);
    await pick('SIMULATOR');
    await eventually(addresses).toEqual({ jsUrl: '', baseUrl: '', merchantUrl: '' });
    await pick('DOJO');
    await eventually(addresses).toEqual(PROVIDER_ENDPOINTS.DOJO.sandbox);
    expect(PROVIDER_ENDPOINTS.DOJO.sandbox.jsUrl).not.toBe(PROVIDER_ENDPOINTS.DOJO.live.jsUrl);

    await page.getByLabel('Jwt', { exact: true }).fill('dojo-secret-key-123');
    const saved = page.waitForResponse((r) => r.url().includes('/payment') && r.request().method() === 'PUT');
    await settings().getByRole('button', { name: 'Save', exact: true }).click();
    const reply = await saved;
    expect(reply.status()).toBe(200);
    expect(await reply.text()).not.toContain('dojo-secret-key-123');
    await settings().getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await closeToasts(page);

    expect(await page.getByLabel('Jwt', { exact: true }).inputValue()).toBe('');
    await settings().getByText('A value is stored. Leave blank to keep it.').waitFor();
    await settings().getByText('No value stored.').waitFor();
    expect(await tab('Order Settings').locator('xpath=..').getAttribute('class')).not.toContain('p-disabled');
    await showSettings();
    await snap(page, 'admin-branch-payment-settings');
  });

  it('needs a notification tunnel for the order settings, and Cancel restores the saved copy', async () => {
    await openTab('Order Settings', 'Notification Tunnel');
    await settings().getByRole('button', { name: 'Edit', exact: true }).click();
    // The demo branch has none, but one cannot be saved back empty once a journey has chosen one: start from none chosen.
    const tunnels = settings().locator('.p-multiselect', { has: page.getByLabel('Notification Tunnel', { exact: true }) });
    if ((await tunnels.locator('.p-multiselect-token').count()) > 0) {
      await tunnels.click();
      const chosen = page.locator('.p-multiselect-panel').getByRole('option', { selected: true });
      while ((await chosen.count()) > 0) await chosen.first().click();
      await page.keyboard.press('Escape');
      await tunnels.locator('.p-multiselect-token').first().waitFor({ state: 'detached' });
    }
    await settings().getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Please select notification tunnel');
    await closeToasts(page);

    const outside = page.getByLabel('Auto Outside Delivery', { exact: true });
    expect(await outside.isChecked()).toBe(false);
    await settings().getByText('Auto Outside Delivery', { exact: true }).click();
    expect(await outside.isChecked()).toBe(true);
    await settings().getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await outside.isChecked()).toBe(false);

    await settings().getByRole('button', { name: 'Edit', exact: true }).click();
    await tunnels.click();
    await page.locator('.p-multiselect-panel').getByRole('option', { name: 'TILL' }).click();
    await page.keyboard.press('Escape');
    await saveTab('storemanagement/merchantbranchsettings/');
    await settings().locator('.p-multiselect-token', { hasText: 'TILL' }).waitFor();
  });

  it('clears the end of day hour when auto end of day is switched off', async () => {
    await openTab('EOD Settings', 'End Of Day Hour');
    const hour = settings().locator('.p-dropdown', { has: page.getByLabel('End Of Day Hour', { exact: true }) });
    await eventually(() => hour.locator('.p-dropdown-label').textContent()).toBe('00');
    await settings().getByRole('button', { name: 'Edit', exact: true }).click();
    await settings().getByText('Auto End Of Day', { exact: true }).click();
    await eventually(() => hour.locator('.p-dropdown-label').textContent()).toBe('Select');
    await saveTab('storemanagement/merchantbranchsettings/');

    await page.reload();
    await openTab('EOD Settings', 'End Of Day Hour');
    expect(await page.getByLabel('Auto End Of Day', { exact: true }).isChecked()).toBe(false);
    await eventually(() => hour.locator('.p-dropdown-label').textContent()).toBe('Select');
  });

  it("keeps the branch's own mail settings in the Mail Settings tab", async () => {
    await openTab('Mail Settings', 'From');
    for (const label of ['From', 'To', 'Host', 'Port', 'User Name', 'Password']) await settings().getByLabel(label, { exact: true }).waitFor();
    await settings().getByRole('button', { name: 'Send Test Mail', exact: true }).waitFor();
    expect(await settings().getByLabel('Password', { exact: true }).inputValue()).toBe('');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await tab('Page Settings').click();
    await preview('Logo').waitFor();
    await showSettings();
    await snap(page, 'admin-branch-settings-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
