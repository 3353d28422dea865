import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, baseUrl, button, callApi, choose, closeToasts, eventually, expectToast, launch, open, signIn, snap } from './support';

type Received = { from: string; to: string[]; user: string | undefined; password: string | undefined; text: string };

/** An SMTP server of this journey's own, so the test mail is read where the mail settings send it. */
async function startMailbox() {
  const received: Received[] = [];
  const logins = new Map<string, { user: string; password: string }>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, session, callback) {
      logins.set(session.id, { user: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const login = logins.get(session.id);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: login?.user,
          password: login?.password,
          text: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Mail settings with a test send, the QR code page and the till connections table, as an administrator uses them. */
describe('admin tools journey', () => {
  let browser: Browser;
  let page: Page;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  beforeAll(async () => {
    mailbox = await startMailbox();
    browser = await launch();
    ({ page } = await open(browser, 'admin'));
    await signIn(page, { user: 'admin', password: 'Admin1234' });
    await page.getByRole('main').getByRole('link', { name: 'Mail Settings', exact: true }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await mailbox?.close();
  });

  const mailForm = () => page.getByRole('region', { name: /Mail Settings/ }).last();

  it('asks for the required fields before the platform mail settings are saved', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Mail Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Platform Mail Settings' }).waitFor();
    await button(page, 'Add').click();
    await page.getByLabel('Host', { exact: true }).fill('smtp.example.test');
    await button(page, 'Save').click();
    await expectToast(page, 'Warning', 'Please fill the required fields!');
    // Still in edit mode with the input kept.
    expect(await page.getByLabel('Host', { exact: true }).inputValue()).toBe('smtp.example.test');
    expect(await button(page, 'Send Test Mail').count()).toBe(0);
    await button(page, 'Cancel').click();
    await button(page, 'Add').waitFor();
    expect(await page.getByLabel('Host', { exact: true }).inputValue()).toBe('');
    await closeToasts(page);
  });

  it("saves a branch's mail settings, never shows the password, and a test mail reaches the SMTP server", async () => {
    await page.locator('.p-selectbutton').getByRole('button', { name: 'Branch', exact: true }).click();
    await choose(page, 'Merchant Account', 'Demo Bistro');
    await choose(page, 'Branch', 'Demo Bistro (demo-bistro)');
    await page.getByRole('heading', { name: 'Mail Settings of Demo Bistro' }).waitFor();

    await button(page, 'Add').click();
    await page.getByLabel('From', { exact: true }).fill('orders@demo-bistro.test');
    await page.getByLabel('To', { exact: true }).fill('ops@demo-bistro.test');
    await page.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill(String(mailbox.port));
    await page.getByLabel('User Name', { exact: true }).fill('bistro-mailer');
    await page.getByLabel('Password', { exact: true }).fill('Mailer-Secret-42');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/notification/mailSettings/create'));
    await button(page, 'Save').click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    const reply = await (await saved).text();
    expect(reply).not.toContain('Mailer-Secret-42');
    expect(Object.keys(JSON.parse(reply) as object)).not.toContain('password');

    // Read-only again; the password box stays empty and says a value is stored.
    await button(page, 'Edit').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await mailForm().getByText('A value is stored. Leave blank to keep it.').waitFor();
    await closeToasts(page);

    await button(page, 'Send Test Mail').click();
    await expectToast(page, 'Success', 'The test e-mail has been sent to ops@demo-bistro.test.');
    await eventually(() => mailbox.received.length, 'the test mail did not arrive').toBe(1);
    const mail = mailbox.received[0];
    expect(mail.to).toEqual(['ops@demo-bistro.test']);
    expect(mail.from).toBe('orders@demo-bistro.test');
    expect(mail.user).toBe('bistro-mailer');
    expect(mail.password).toBe('Mailer-Secret-42');
    expect(mail.text).toContain('Subject: Tillpoint test e-mail');
    await snap(page, 'admin-mail-settings');
    await closeToasts(page);
  });

  it('keeps the stored password when the settings are saved with the password left blank', async () => {
    // A reload reads the settings from the server afresh: the password is still not there.
    await page.reload();
    await page.getByRole('heading', { name: 'Platform Mail Settings' }).waitFor();
    await page.locator('.p-selectbutton').getByRole('button', { name: 'Branch', exact: true }).click();
    await choose(page, 'Merchant Account', 'Demo Bistro');
    await choose(page, 'Branch', 'Demo Bistro (demo-bistro)');
    await button(page, 'Edit').click();
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('To', { exact: true }).fill('kitchen@demo-bistro.test');
    await button(page, 'Save').click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await closeToasts(page);
    await button(page, 'Send Test Mail').click();
    await expectToast(page, 'Success', 'The test e-mail has been sent to kitchen@demo-bistro.test.');
    await eventually(() => mailbox.received.length).toBe(2);
    expect(mailbox.received[1].to).toEqual(['kitchen@demo-bistro.test']);
    expect(mailbox.received[1].password).toBe('Mailer-Secret-42');
    await closeToasts(page);
  });

  it('says Empty Url without a url, downloads a QR code that reads back as the url, and prints it', async () => {
    await page.goto(`${baseUrl()}/admin/#/barcodeGenerator`);
    await page.getByRole('heading', { name: 'Qr Code' }).waitFor();
    await button(page, 'Download').click();
    await expectToast(page, 'Warning', 'Empty Url');
    await closeToasts(page);

    const url = `${baseUrl()}/demo-bistro?tableNo=7`;
    await page.getByLabel('Url', { exact: true }).fill(url);
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Download').click()]);
    expect(download.suggestedFilename()).toBe('qr-code.png');
    const png = PNG.sync.read(readFileSync(await download.path()));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(url);
    await page.getByRole('img', { name: `QR code of ${url}` }).waitFor();
    // A download is its own confirmation: no toast, and certainly no error.
    expect(await page.locator('.p-toast-message').count()).toBe(0);
    await snap(page, 'admin-qr-code');

    const [printPage] = await Promise.all([page.context().waitForEvent('page'), button(page, 'Print').click()]);
    const printed = printPage.getByRole('img', { name: `QR code of ${url}` });
    await printed.waitFor();
    await eventually(() => printed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await printPage.getByText(url, { exact: true }).isVisible()).toBe(true);
    await printPage.close();
  });

  it('lists every licence with its branch and domain, and edits one in the licence dialog', async () => {
    await page.goto(`${baseUrl()}/admin/#/licenses`);
    const table = page.getByRole('region', { name: 'Licenses' });
    await table.getByText(/^Number Of Records: \d+$/).waitFor();
    // Other journeys may add stores: the demo store's four licences are found by its domain.
    await table.getByLabel('Filter Domain').fill('demo-bistro');
    await table.getByText('Number Of Records: 4', { exact: true }).waitFor();
    // The header row names the report columns; the row under it holds their filters.
    const headers = (await table.getByRole('columnheader').allTextContents()).map((t) => t.trim()).filter(Boolean);
    expect(headers).toEqual(['Branch Name', 'Domain', 'Service', 'Status', 'Reason']);
    const webMenu = table.locator('tbody tr', { hasText: 'WEB_MENU' });
    expect((await webMenu.locator('td').allTextContents()).map((t) => t.trim())).toEqual(['Demo Bistro', 'demo-bistro', 'WEB_MENU', 'ACTIVE', 'PAYMENT_COMPLETED']);

    await webMenu.click();
    const dialog = page.getByRole('dialog', { name: 'License' });
    await dialog.waitFor();
    await dialog.getByText('Demo Bistro (demo-bistro)').waitFor();
    expect(await dialog.getByLabel('Valid Days', { exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
    await choose(page, 'License Status', 'DEMO');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Warning', 'Please fill the Valid Days Field!');
    await dialog.getByLabel('Valid Days', { exact: true }).fill('14');
    await choose(page, 'Action Reason', 'SERVICE_REGISTERED');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    await dialog.getByText('14 days', { exact: true }).waitFor();
    await snap(page, 'admin-licence-dialog', { dialog: true });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(async () => (await webMenu.locator('td').allTextContents()).map((t) => t.trim())).toEqual([
      'Demo Bistro',
      'demo-bistro',
      'WEB_MENU',
      'DEMO',
      'SERVICE_REGISTERED',
    ]);
    await closeToasts(page);
    await snap(page, 'admin-licenses');

    // Back to a paid licence: choosing ACTIVE clears the valid days.
    await webMenu.click();
    await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
    await choose(page, 'License Status', 'ACTIVE');
    expect(await dialog.getByLabel('Valid Days', { exact: true }).inputValue()).toBe('');
    await choose(page, 'Action Reason', 'PAYMENT_COMPLETED');
    // The app merges a second identical success toast into the first, so the reply says it was saved.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/merchant/license/update'));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await closeToasts(page);
  });

  it('lists a till connection once a till has obtained a token with its credential', async () => {
    // The count is read once the list has come: until then the table says 0 (a slow first load read 0 here).
    const listed = page.waitForResponse((r) => r.url().includes('merchant/tillconnection/all') && r.ok());
    await page.goto(`${baseUrl()}/admin/#/tillConnections`);
    const table = page.getByRole('region', { name: 'Till Connections' });
    const { totalCount } = (await (await listed).json()) as { totalCount: number };
    await table.getByText(`Number Of Records: ${totalCount}`, { exact: true }).waitFor();
    const before = Number((await table.getByText(/^Number Of Records: \d+$/).textContent())?.replace(/\D/g, ''));

    const token = await accessToken(page);
    const branch = await callApi<{ merchantBranchId: number }>('GET', 'merchant/branch/domainName/demo-bistro');
    expect(branch.status).toBe(200);
    const credential = await callApi<{ clientId: string; clientSecret: string }>(
      'POST',
      'merchant/credentials/create',
      { merchantBranchId: branch.body.merchantBranchId, description: 'Front counter till' },
      token,
    );
    expect(credential.status).toBe(200);
    const auth = await callApi<{ accessToken: string }>('POST', 'till/auth', { clientId: credential.body.clientId, clientSecret: credential.body.clientSecret });
    expect(auth.status).toBe(200);

    await button(page, 'Refresh').click();
    await table.getByText(`Number Of Records: ${before + 1}`, { exact: true }).waitFor();
    await table.getByRole('columnheader', { name: 'Store Name' }).waitFor();
    // The newest connection: this store, connected this minute (DD/MM/YYYY HH:mm), not locked.
    const lastConnected = page.getByRole('columnheader', { name: 'Last Connected Date' });
    await lastConnected.click();
    await eventually(() => lastConnected.getAttribute('aria-sort')).toBe('ascending');
    await lastConnected.click();
    // Read only once the table shows the newest first (other journeys' tills connected minutes ago).
    await eventually(() => lastConnected.getAttribute('aria-sort')).toBe('descending');
    const first = table.locator('tbody tr').first();
    const minutesAgo = (shown: string) => {
      const [d, m, y, hh, mm] = shown.split(/[/ :]/).map(Number);
      return Math.abs(new Date(y, m - 1, d, hh, mm).getTime() - Date.now()) / 60_000;
    };
    await eventually(async () => {
      const [store, date, locked] = (await first.locator('td').allTextContents()).map((t) => t.trim());
      return [store, /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(date) && minutesAgo(date) < 3, locked];
    }).toEqual(['Demo Bistro', true, 'No']);
    await snap(page, 'admin-till-connections');
  });
});
