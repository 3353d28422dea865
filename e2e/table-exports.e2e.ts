import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, button, callApi, closeToasts, eventually, expectToast, launch, mailCount, open, signIn, snap, waitForMail } from './support';

/**
 * Every LazyTable downloads Excel, PDF and CSV from the server with its current filter and sort, and
 * mails itself to the signed-in user. Checked on the merchant's tax table and the admin's merchant
 * account list; the files are read back and compared with what the table's own load returns.
 */

type Row = Record<string, unknown>;

/** Clicks an export button and returns the file the browser saved. */
async function download(table: Locator, label: string): Promise<{ name: string; content: Buffer }> {
  const page = table.page();
  const [file] = await Promise.all([page.waitForEvent('download'), table.getByRole('button', { name: label, exact: true }).click()]);
  return { name: file.suggestedFilename(), content: readFileSync(await (file as Download).path()) };
}

/** The Excel file's one sheet as rows of values. */
async function sheetRows(content: Buffer): Promise<{ names: string[]; rows: unknown[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  return { names: wb.worksheets.map((s) => s.name), rows: sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1)) };
}

const csvCell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : String(v);
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The table's own rows through its table load, with every row, as a check of what the files hold. */
async function loadAll(page: Page, app: 'admin' | 'merchant', path: string, filter: unknown[], sort: unknown[]): Promise<Row[]> {
  const res = await callApi<{ data: Row[] }>('PUT', path, { filter, sort, pageNumber: 0, limit: -1 }, await accessToken(page, app));
  expect(res.status).toBe(200);
  return res.body.data;
}

const CSV_NAME = (title: string) => new RegExp(`^${title}_\\d{2}\\.\\d{2}\\.\\d{4}_\\d{2}\\.\\d{2}\\.csv$`);

describe('table exports journey', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('merchant: the tax table', () => {
    let page: Page;
    let table: Locator;

    beforeAll(async () => {
      ({ page } = await open(browser, 'merchant'));
      await signIn(page, { store: 'demo-bistro', user: 'owner', password: 'Owner1234' });
      table = page.getByRole('region', { name: 'Taxes', exact: true });
      await table.getByRole('row', { name: /Standard/ }).waitFor();
    });

    it('downloads Excel, PDF and CSV of the rows under the current filter and sort', async () => {
      // Only names with a 'd' (Standard, Reduced; not Zero), Name descending.
      await table.getByLabel('Filter Name').fill('d');
      await table.getByRole('columnheader', { name: 'Name' }).click();
      await table.getByRole('columnheader', { name: 'Name' }).click();
      await eventually(async () => (await table.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim())).toEqual(['Standard', 'Reduced']);
      await snap(page, 'table-exports-tax');
      const rows = await loadAll(page, 'merchant', 'storemanagement/tax/all', [{ name: 'name', value: 'd', filterMatchMode: 'contains' }], [{ name: 'name', ascending: false }]);
      expect(rows.map((r) => r.name)).toEqual(['Standard', 'Reduced']);

      const csv = await download(table, 'Export CSV');
      expect(csv.name).toMatch(CSV_NAME('Taxes'));
      expect(csv.content.toString('utf8')).toBe(`\uFEFFName,Rate\r\n${rows.map((r) => `${csvCell(r.name)},${r.rate}\r\n`).join('')}`);

      const xlsx = await download(table, 'Export Excel');
      expect(xlsx.name).toBe('Taxes.xlsx');
      expect(await sheetRows(xlsx.content)).toEqual({ names: ['Sheet'], rows: [['Name', 'Rate'], ...rows.map((r) => [r.name, r.rate])] });

      const pdf = await download(table, 'Export PDF');
      expect(pdf.name).toBe('Taxes.pdf');
      expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
      // A4 portrait: two columns fit.
      expect(pdf.content.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
      // A download is its own confirmation: no toast.
      expect(await page.locator('.p-toast-message').count()).toBe(0);
    });

    it('Send Email mails the table to the signed-in user with the Excel file attached', async () => {
      const before = mailCount();
      await table.getByRole('button', { name: 'Send Email', exact: true }).click();
      await expectToast(page, 'Success', 'The operation was performed successfully.');
      await closeToasts(page);
      const mail = await waitForMail('owner@demo-bistro.local', before);
      expect(mail).toMatch(/^Subject: Taxes\r?$/m);
      const unfolded = mail.replace(/\r?\n[ \t]+/g, ' ');
      expect(unfolded).toMatch(/Content-Disposition: attachment; filename="?Taxes\.xlsx"?/);
      const base64 = unfolded.split(/filename="?Taxes\.xlsx"?\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0] ?? '';
      const { rows } = await sheetRows(Buffer.from(base64.replace(/\s+/g, ''), 'base64'));
      expect(rows.map((r) => r[0])).toEqual(['Name', 'Standard', 'Reduced']);
    });
  });

  describe('admin: the merchant account list', () => {
    let page: Page;
    let table: Locator;

    beforeAll(async () => {
      ({ page } = await open(browser, 'admin'));
      await signIn(page, { user: 'admin', password: 'Admin1234' });
      await page.getByRole('link', { name: 'Merchant Accounts', exact: true }).first().click();
      table = page.getByRole('region', { name: 'Merchant Accounts', exact: true });
      await table.getByRole('row', { name: /Demo Bistro/ }).waitFor();
    });

    it('downloads Excel, PDF and CSV with the table headers and the rows of its filter', async () => {
      await table.getByLabel('Filter Trading Name').fill('demo');
      await eventually(() => table.getByText(/^Number Of Records: \d+$/).textContent()).toBe('Number Of Records: 1');
      const rows = await loadAll(page, 'admin', 'merchant/account/all', [{ name: 'tradingName', value: 'demo', filterMatchMode: 'contains' }], []);
      expect(rows.map((r) => r.tradingName)).toEqual(['Demo Bistro']);
      const fields = ['tradingName', 'businessName', 'companyNo', 'vatNo', 'contact', 'status'];
      const headers = ['Trading Name', 'Business Name', 'Company No', 'Vat No', 'Contact', 'Status'];
      await snap(page, 'table-exports-accounts');

      const csv = await download(table, 'Export CSV');
      expect(csv.name).toMatch(CSV_NAME('Merchant Accounts'));
      expect(csv.content.toString('utf8')).toBe(`\uFEFF${headers.join(',')}\r\n${rows.map((r) => `${fields.map((f) => csvCell(r[f])).join(',')}\r\n`).join('')}`);

      const xlsx = await download(table, 'Export Excel');
      expect(xlsx.name).toBe('Merchant Accounts.xlsx');
      expect(await sheetRows(xlsx.content)).toEqual({ names: ['Sheet'], rows: [headers, ...rows.map((r) => fields.map((f) => r[f]))] });

      const pdf = await download(table, 'Export PDF');
      expect(pdf.name).toBe('Merchant Accounts.pdf');
      expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.content.toString('latin1')).toMatch(/\/MediaBox \[0 0 (595\.28 841\.89|841\.89 595\.28)\]/);
    });

    it('Send Email reaches the administrator', async () => {
      const before = mailCount();
      await button(page, 'Send Email').click();
      await expectToast(page, 'Success', 'The operation was performed successfully.');
      const mail = await waitForMail('admin@tillpoint.local', before);
      expect(mail).toMatch(/^Subject: Merchant Accounts\r?$/m);
      expect(mail.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/filename="?Merchant Accounts\.xlsx"?/);
    });
  });
});
