import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_REPORT_MESSAGES, SALE_REPORT_PATHS, type SaleReport } from '@tillpoint/contracts/sale-report';
import { branchOf, button, callApi, deliverAllDay, eventually, expectToast, keepDemoBranchSettings, launch, placeOrder as placeOrderFor, signInOwner, snap } from './support';

/**
 * Sale report and end of day (issue 12): orders placed through the storefront API show in the
 * current report; the owner finalises it ('Do you want to finalise Sale Report?'), the archive shows
 * the report, its details open, and Export To PDF answers a PDF.
 */
let browser: Browser;
let page: Page;
let token = '';
let branchId = 0;
let kept: Awaited<ReturnType<typeof keepDemoBranchSettings>> | undefined;
const tag = Date.now().toString(36).slice(-5);

const placeOrder = () => placeOrderFor(branchId, { firstName: 'Zed', lastName: `Report${tag}`, email: `zed.${tag}@e2e.local`, mobilePhone: '07700 900777' }, { quantity: 2 });

beforeAll(async () => {
  browser = await launch();
  ({ page, token } = await signInOwner(browser));
  branchId = await branchOf(page);
  // The demo store delivers 17:00 to 22:00; the journey runs at any hour, so it delivers all day here (put back afterwards).
  kept = await keepDemoBranchSettings({ owner: token });
  await deliverAllDay(token);
});

afterAll(async () => {
  await kept?.restore();
  await browser?.close();
});

const cell = (row: ReturnType<Page['getByRole']>, n: number) => row.getByRole('cell').nth(n);

describe('sale report: the day closes with an archived report and its PDF', () => {
  let before: SaleReport;

  it('the current report counts the orders placed since the last report', async () => {
    before = (await callApi<SaleReport>('GET', SALE_REPORT_PATHS.current, undefined, token)).body;
    const a = await placeOrder();
    const b = await placeOrder();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sale Report', exact: true }).click();
    await page.getByRole('heading', { name: 'Sale Report', exact: true, level: 1 }).waitFor();
    const gross = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Gross Sale', exact: true }) });
    const expected = Math.round((before.grossSale + a.totalPrice + b.totalPrice) * 100);
    await eventually(async () => Math.round(Number((await cell(gross, 2).innerText()).replace(/[£,]/g, '')) * 100)).toBe(expected);
    expect(Number(await cell(gross, 1).innerText())).toBeGreaterThanOrEqual(2);
    await snap(page, 'sale-report-current');
  });

  it('Finalise asks first, then the report is archived and the current report starts again', async () => {
    await button(page, 'Finalise').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(SALE_REPORT_MESSAGES.confirmFinalise).waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    const gross = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Gross Sale', exact: true }) });
    // The table refreshes a second later: the new period has no sale yet.
    await eventually(() => cell(gross, 2).innerText()).toBe('£0.00');
    await page.getByRole('tab', { name: 'Sale Report Archive' }).click();
    const number = String(before.xreportCounter);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: number, exact: true }) }).first();
    await row.waitFor();
    await snap(page, 'sale-report-archive');
    await row.click();
    const details = page.getByRole('dialog', { name: 'Sale Report Details' });
    await details.getByRole('heading', { name: `Sale Report No ${number}` }).waitFor();
    await details.getByRole('cell', { name: 'Net Sale', exact: true }).waitFor();
    await snap(page, 'sale-report-details', { dialog: true });

    // The PDF the user saves: the server's answer to Export To PDF, downloaded by the browser.
    const [file] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Export To PDF' }).click()]);
    expect(file.suggestedFilename()).toBe(`Sale Report No ${number}.pdf`);
    const content = readFileSync(await (file as Download).path());
    expect(content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(content.length).toBeGreaterThan(1000);
    // The footer's Close (the header's X is named Close too).
    await details.locator('.p-dialog-footer').getByRole('button', { name: 'Close', exact: true }).click();
    await details.waitFor({ state: 'detached' });
  });
});
