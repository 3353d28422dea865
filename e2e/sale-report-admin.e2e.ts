import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH_SETTINGS_PATHS, type BranchSettings } from '@tillpoint/contracts/branch-settings';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import { ORDER_PATHS } from '@tillpoint/contracts/order-handling';
import {
  ADMIN_SALE_REPORT_PATHS,
  type AdminSaleReportRow,
  SALE_REPORT_MESSAGES,
  SALE_REPORT_PATHS,
  type SaleReport,
  type SaleReportSummary,
} from '@tillpoint/contracts/sale-report';
import {
  accessToken,
  branchOf,
  callApi,
  choose,
  deliverAllDay,
  eventually,
  expectToast,
  keepDemoBranchSettings,
  launch,
  open,
  placeOrder as placeOrderFor,
  signIn,
  signInOwner,
  snap,
} from './support';

/**
 * Admin sale report (issue 12, spec 1 "Admin sale report"). The demo store sells one order and
 * finalises its day through the merchant's calls; the administrator narrows the reports to the
 * store over the last 30 days: the summary shows the server's totals, the table the new report.
 * The order is then declined (no longer a sale): Calculate Again asks first, and the report drops
 * by the order's price.
 *
 * Named to run after admin-settings (journeys run in file-name order on one demo store): run before
 * it, the demo branch it leaves behind (order settings saved, a tunnel chosen) makes admin-settings'
 * journey fail from its first save on (measured 2026-11-23: 9 of 10 tests time out).
 */
let browser: Browser;
let page: Page;
let ownerToken = '';
let adminToken = '';
let branchId = 0;
let order: PlacedOrder;
let report: AdminSaleReportRow;
let declined = false;
/** The store's hours, put back once the order is placed; its order settings, once the order is declined. */
let keptHours: Awaited<ReturnType<typeof keepDemoBranchSettings>> | undefined;
let keptOrderSettings: Awaited<ReturnType<typeof keepDemoBranchSettings>> | undefined;
const AUTOMATION = ['autoOrderConfirm', 'autoKitchen', 'autoInsideDelivery', 'autoOutsideDelivery', 'autoDispatch'] as const;
const orderSettings = (o: BranchSettings, auto: (k: (typeof AUTOMATION)[number]) => boolean) => ({
  tableOrderPaymentOptions: o.tableOrderPaymentOptions,
  webOrderPaymentOptions: o.webOrderPaymentOptions,
  notificationTunnel: o.notificationTunnel || 'TILL',
  ...Object.fromEntries(AUTOMATION.map((k) => [k, auto(k)])),
});
const tag = Date.now().toString(36).slice(-5);
const DAY_MS = 86_400_000;
const pence = (pounds: number) => Math.round(pounds * 100);
const money = (p: number) => `£${(p / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const placeOrder = () => placeOrderFor(branchId, { firstName: 'Ada', lastName: `Audit${tag}`, email: `ada.${tag}@e2e.local`, mobilePhone: '07700 900778' });

const restoreSchedule = async () => keptHours?.restore();

/** The branch's automatic steps as they were, once the order is declined (a step taken on its own before would spoil the decline). */
const restoreAutomation = async () => keptOrderSettings?.restore();

const act = async (step: 'decline' | 'close') => {
  const r = await callApi('PUT', ORDER_PATHS.action(step, order.id), undefined, ownerToken);
  expect(r.status, `${step}: ${JSON.stringify(r.body)}`).toBe(200);
};

/** Declined by the store, the order stops being a sale. */
const decline = async () => {
  if (declined || !order) return;
  declined = true;
  await act('decline');
  await restoreAutomation();
};

beforeAll(async () => {
  browser = await launch();
  const owner = await signInOwner(browser);
  ownerToken = owner.token;
  branchId = await branchOf(owner.page);
  await owner.page.context().close();
  ({ page } = await open(browser, 'admin'));
  await signIn(page, { user: 'admin', password: 'Admin1234' });
  await page.getByRole('main').getByRole('link', { name: 'Admin Sale Report', exact: true }).waitFor();
  adminToken = await accessToken(page);
  // The order stays placed until the journey declines it (the branch's automatic steps off until
  // then), and the demo store, which delivers 17:00 to 22:00, delivers all day for it (put back at once).
  keptOrderSettings = await keepDemoBranchSettings({ admin: adminToken });
  if (!keptOrderSettings.admin) throw new Error('no order settings for the demo branch');
  const manual = await callApi('PUT', BRANCH_SETTINGS_PATHS.saveOrder(branchId), orderSettings(keptOrderSettings.admin, () => false), adminToken);
  expect(manual.status, JSON.stringify(manual.body)).toBe(200);
  keptHours = await keepDemoBranchSettings({ owner: ownerToken });
  await deliverAllDay(ownerToken);
  order = await placeOrder();
  await restoreSchedule();
  const current = await callApi<SaleReport>('GET', SALE_REPORT_PATHS.current, undefined, ownerToken);
  const done = await callApi('PUT', SALE_REPORT_PATHS.finalise, { xreportCounter: current.body.xreportCounter }, ownerToken);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const latest = await callApi<{ data: AdminSaleReportRow[] }>('GET', `${ADMIN_SALE_REPORT_PATHS.table(branchId, Date.now() - DAY_MS, -1)}?limit=1`, undefined, adminToken);
  [report] = latest.body.data;
  expect(report.xreportCounter).toBe(current.body.xreportCounter);
  expect(pence(report.grossSale)).toBeGreaterThanOrEqual(pence(order.totalPrice));
});

afterAll(async () => {
  await restoreSchedule();
  await decline();
  await restoreAutomation();
  // Closed last, so it leaves the store's open orders for the journeys that follow.
  if (order) await act('close');
  await browser?.close();
});

describe('admin sale report: every merchant’s finalised reports', () => {
  it('narrowed to the demo store over 30 days, the summary and the table show its new report', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Admin Sale Report', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Sale Report', exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/adminSaleReport');

    await choose(page, 'Merchant Account', 'Demo Bistro');
    await choose(page, 'Merchant Branch', 'Demo Bistro (demo-bistro)');
    // The summary asked for once the 30 days are chosen (the screen opens on 7): the figures shown are its answer.
    const range = (url: string) => new URL(url).pathname.split('/').slice(-2).map(Number);
    const asked = page.waitForResponse((r) => {
      const [start, end] = range(r.url());
      return r.url().includes(`/api/admin/zxreport/summary/merchantBranchId/${branchId}/`) && end - start === 30 * DAY_MS && r.ok();
    });
    await choose(page, 'Duration', '30 Days');
    const answer = await asked;
    const summary = (await answer.json()) as SaleReportSummary;
    // Spec 1 §4: the end is now, the start 30 days before.
    expect(Math.abs(range(answer.url())[1] - Date.now())).toBeLessThan(60_000);
    expect(pence(summary.grossSale)).toBeGreaterThanOrEqual(pence(report.grossSale));
    expect(summary.grossSaleCnt).toBeGreaterThanOrEqual(1);

    const figure = (label: string) => page.locator('.report-summary > div', { has: page.getByRole('term').filter({ hasText: label }) }).getByRole('definition');
    await eventually(() => figure('Gross Sale').first().innerText()).toBe(money(pence(summary.grossSale)));
    expect(await figure('Net Sale').first().innerText()).toBe(money(pence(summary.netSale)));
    expect(await figure('Refunds').first().innerText()).toBe(money(pence(summary.refunds)));
    expect(await figure('Gross Sale').nth(1).innerText()).toBe(`${summary.grossSaleCnt} sale${summary.grossSaleCnt === 1 ? '' : 's'}`);

    // The newest report first: the branch's name, its number and gross sale.
    const first = page.locator('.lazy-table tbody tr').first();
    await eventually(async () => (await first.getByRole('cell').nth(1).innerText()).trim()).toBe(String(report.xreportCounter));
    expect(await first.getByRole('cell').first().innerText()).toBe('Demo Bistro');
    expect(await first.getByRole('cell').nth(6).innerText()).toBe(money(pence(report.grossSale)));
    await snap(page, 'admin-sale-report');
  });

  it('the report opens with its lines; once its order is declined, Calculate Again asks first and takes the order out', async () => {
    const first = page.locator('.lazy-table tbody tr').first();
    await first.click();
    const details = page.getByRole('dialog', { name: 'Sale Report Details' });
    await details.getByRole('heading', { name: `Sale Report No ${report.xreportCounter}` }).waitFor();
    const grossLine = details.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Gross Sale', exact: true }) });
    expect(await grossLine.getByRole('cell').nth(2).innerText()).toBe(money(pence(report.grossSale)));
    // The merchant's exports are not the administrator's calls.
    expect(await details.getByRole('button', { name: 'Export To PDF' }).count()).toBe(0);

    await decline();
    const calculations: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/admin/zxreport/calculate/')) calculations.push(r.url());
    });
    const confirm = page.getByRole('alertdialog');
    await details.getByRole('button', { name: 'Calculate Again' }).click();
    await confirm.getByText(SALE_REPORT_MESSAGES.confirmCalculate).waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(calculations).toEqual([]);
    expect(await grossLine.getByRole('cell').nth(2).innerText()).toBe(money(pence(report.grossSale)));

    await details.getByRole('button', { name: 'Calculate Again' }).click();
    await confirm.getByText(SALE_REPORT_MESSAGES.confirmCalculate).waitFor();
    await snap(page, 'admin-sale-report-calculate', { dialog: true });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Success', 'The operation was performed successfully.');
    expect(calculations).toHaveLength(1);
    const after = pence(report.grossSale) - pence(order.totalPrice);
    await eventually(() => grossLine.getByRole('cell').nth(2).innerText()).toBe(money(after));
    await snap(page, 'admin-sale-report-details', { dialog: true });

    await details.locator('.p-dialog-footer').getByRole('button', { name: 'Close', exact: true }).click();
    await details.waitFor({ state: 'detached' });
    // The table behind it was read again.
    await eventually(() => first.getByRole('cell').nth(6).innerText()).toBe(money(after));
  });
});
