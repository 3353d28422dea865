import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASKET_PATHS, type Basket } from '@tillpoint/contracts/basket';
import type { PlacedOrder } from '@tillpoint/contracts/order';
import { SALE_REPORT_MESSAGES, type SaleReport, type SaleReportSummary } from '@tillpoint/contracts/sale-report';
import { branchSettings, customerOrder, customerOrderLine, mailOutbox, merchantBranch, orderHistory, saleReport, tax } from '../../db/schema';
import { deliverDueMail, smtpTransport } from '../../platform/outbox';
import { ROLE, addMerchantUser } from '../../test/fixtures';
import { startSmtp } from '../../test/smtp';
import { type ApiError, type BasketWorld, basketWorld } from '../basket/basket-test-kit';
import { lastEndOfDay, runEndOfDay } from './end-of-day';

type Page<T> = { data: T[]; totalCount: number };
const R = '/api/storemanagement/zxreport/';
const A = '/api/admin/zxreport/';

let w: BasketWorld;
const tok = { owner: '', clerk: '', manager: '', kitchen: '', other: '', admin: '' };
beforeAll(async () => {
  w = await basketWorld();
  const creds = { domainName: 'basket-cafe', password: 'Staff1234' };
  for (const [userName, roleId] of [
    ['clerk', ROLE.clerk],
    ['manager', ROLE.accountManager],
    ['kitchen', ROLE.kitchen],
  ] as const) {
    await addMerchantUser(w.t.db, { ...w.s, userName, password: creds.password, roleIds: [roleId] });
    tok[userName] = (await w.t.signIn('merchant', { ...creds, userName })).accessToken;
  }
  tok.owner = (await w.t.signIn('merchant', { domainName: 'basket-cafe', userName: 'bcafe', password: 'Bcafe1234' })).accessToken;
  tok.other = (await w.t.signIn('merchant', { domainName: 'elsewhere', userName: 'else', password: 'Else12345' })).accessToken;
  tok.admin = (await w.t.signIn('admin')).accessToken;
});
afterAll(() => w.t.close());

const call = <T>(method: 'GET' | 'PUT', path: string, body?: unknown, token = tok.owner) => w.t.json<T>(method, path, body, token);
const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', mobilePhone: '07700 900123' };

/** Places a storefront order through the API (pay at the door or the counter). */
async function placeOrder(items: [number, number][], orderType: 'Delivery' | 'Collection'): Promise<PlacedOrder> {
  let id: string | null = null;
  for (const [webMenuBssId, quantity] of items) {
    const res: { body: Basket } = await w.api('PUT', BASKET_PATHS.addItem, { merchantBranchId: w.s.merchantBranchId, basketBssId: id, orderType, webMenuBssId, quantity });
    id = res.body.bssId;
  }
  const extra =
    orderType === 'Delivery'
      ? { memberUserAddress: { postCode: 'sw1a2aa', city: 'London', addressLine1: '10 Downing Street' }, paymentType: 'PAY AT DOOR BY CASH' }
      : { paymentType: 'PAY AT COUNTER' };
  const res = await w.api<PlacedOrder & ApiError>('POST', BASKET_PATHS.place, { merchantBranchId: w.s.merchantBranchId, id, orderType, ...guest, ...extra });
  expect(res.status, res.body.details).toBe(200);
  return res.body;
}

const lineOf = (r: SaleReport, name: string) => r.lines.find((l) => l.name === name);

describe('the current report and finalise', () => {
  it('the X report adds up the orders placed since the last report, in pence', async () => {
    // Delivery: gift card £10 (0% VAT, no service charge) + 2 crisps £3 (20%): service 10% of £3, delivery £2.50.
    const d = await placeOrder([
      [w.menu.gift.id, 1],
      [w.menu.crisps.id, 2],
    ], 'Delivery');
    // Collection: gift card £10 less the 10% collection discount.
    const c = await placeOrder([[w.menu.gift.id, 1]], 'Collection');
    expect([d.totalPriceString, c.totalPriceString]).toEqual(['£15.80', '£9.00']);
    // A declined order is no sale.
    const x = await placeOrder([[w.menu.gift.id, 1]], 'Collection');
    await w.t.db.update(customerOrder).set({ orderStatus: 'ORDER_DECLINED' }).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.id, x.id)));
    // Nor is one declined and then closed by a clerk (its status says CLOSED, its history DECLINED).
    const y = await placeOrder([[w.menu.gift.id, 1]], 'Collection');
    await w.t.db.update(customerOrder).set({ orderStatus: 'ORDER_CLOSED' }).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.id, y.id)));
    await w.t.db.insert(orderHistory).values([
      { merchantAccountId: w.s.merchantAccountId, merchantBranchId: w.s.merchantBranchId, orderId: y.id, action: 'DECLINE', fromStatus: 'ORDER_PLACED', toStatus: 'ORDER_DECLINED' },
      { merchantAccountId: w.s.merchantAccountId, merchantBranchId: w.s.merchantBranchId, orderId: y.id, action: 'CLOSE', fromStatus: 'ORDER_DECLINED', toStatus: 'ORDER_CLOSED' },
    ]);

    const res = await call<SaleReport>('GET', `${R}salereport`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: null, xreportCounter: 1, grossSale: 24.8, netSale: 24.8 });
    expect(lineOf(res.body, 'Gross Sale')).toEqual({ name: 'Gross Sale', quantityText: '2', amountText: '£24.80' });
    expect(lineOf(res.body, 'Discounts')).toEqual({ name: 'Discounts', quantityText: '1', amountText: '-£1.00' });
    expect(lineOf(res.body, 'Service Charges')?.amountText).toBe('£0.30');
    expect(lineOf(res.body, 'Delivery Fees')?.amountText).toBe('£2.50');
    expect(lineOf(res.body, 'VAT 20.00%')?.amountText).toBe('£0.50');
    expect(lineOf(res.body, 'Unpaid')).toEqual({ name: 'Unpaid', quantityText: '2', amountText: '£24.80' });
    expect(lineOf(res.body, 'Orders: COLLECTION')?.quantityText).toBe('1');
    expect(lineOf(res.body, 'Channel: WEB_ORDER')?.amountText).toBe('£24.80');
    // The same lines as a table load (what Export To PDF and Send Email read).
    const table = await call<Page<unknown>>('PUT', `${R}salereport/lines`, { pageNumber: 0, limit: -1 });
    expect(table.body).toEqual({ data: res.body.lines, totalCount: res.body.lines.length });
  });

  it('VAT by rate is by the rate each line was sold at: a rate changed after the sale changes no past sale', async () => {
    const before = (await call<SaleReport>('GET', `${R}salereport`)).body;
    const standard = and(eq(tax.merchantAccountId, w.s.merchantAccountId), eq(tax.name, 'Standard'));
    await w.t.db.update(tax).set({ rateBp: 500 }).where(standard);
    try {
      const after = (await call<SaleReport>('GET', `${R}salereport`)).body;
      expect(after.lines).toEqual(before.lines);
      expect(lineOf(after, 'VAT 20.00%')?.amountText).toBe('£0.50');
      expect(lineOf(after, 'VAT 5.00%')).toBeUndefined();
      // The order lines say so themselves: the crisps were sold at 20%, the gift cards at 0%.
      const sold = await w.t.db
        .select({ productId: customerOrderLine.productId, webMenuId: customerOrderLine.webMenuId, taxRateBp: customerOrderLine.taxRateBp })
        .from(customerOrderLine)
        .where(eq(customerOrderLine.merchantAccountId, w.s.merchantAccountId));
      expect(sold).toContainEqual({ productId: w.products.crispsP.id, webMenuId: w.menu.crisps.id, taxRateBp: 2000 });
      expect(sold).toContainEqual({ productId: w.products.giftP.id, webMenuId: w.menu.gift.id, taxRateBp: 0 });
    } finally {
      await w.t.db.update(tax).set({ rateBp: 2000 }).where(standard);
    }
  });

  it('finalise freezes the period as report 1; the next report starts where it ended', async () => {
    const before = (await call<SaleReport>('GET', `${R}salereport`)).body;
    const res = await call<SaleReport>('PUT', `${R}finalise`, { xreportCounter: 1 }, tok.clerk);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expect.any(Number), xreportCounter: 1, fromDate: before.fromDate, grossSale: 24.8, netSale: 24.8, lines: before.lines });
    const after = (await call<SaleReport>('GET', `${R}salereport`)).body;
    expect(after).toMatchObject({ xreportCounter: 2, fromDate: res.body.toDate, grossSale: 0 });
    expect((await call<SaleReport>('GET', `${R}salereport/${res.body.id}`)).body).toEqual(res.body);
    const archive = await call<Page<{ xreportCounter: number; grossSale: number }>>('PUT', `${R}salereport/archieve`, { pageNumber: 0, limit: 10 });
    expect(archive.body).toEqual({ data: [{ id: res.body.id, xreportCounter: 1, fromDate: res.body.fromDate, toDate: res.body.toDate, grossSale: 24.8, netSale: 24.8 }], totalCount: 1 });
    // A refund today of an order of report 1 counts in report 2.
    const [first] = await w.t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.total, 900)));
    await w.t.db.update(customerOrder).set({ basketType: 'refund' }).where(and(eq(customerOrder.merchantAccountId, w.s.merchantAccountId), eq(customerOrder.id, first.id)));
    await w.t.db.insert(orderHistory).values({ ...w.s, orderId: first.id, action: 'REFUND', fromStatus: first.orderStatus, toStatus: first.orderStatus });
    const withRefund = (await call<SaleReport>('GET', `${R}salereport`)).body;
    expect(withRefund).toMatchObject({ grossSale: 0, netSale: -9 });
    expect(lineOf(withRefund, 'Refunds')).toEqual({ name: 'Refunds', quantityText: '1', amountText: '-£9.00' });
    // Report 1 is frozen.
    expect((await call<SaleReport>('GET', `${R}salereport/${res.body.id}`)).body.lines).toEqual(before.lines);
  });

  it('finalising a number already taken is a 409 and makes nothing', async () => {
    const res = await call<ApiError>('PUT', `${R}finalise`, { xreportCounter: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ type: 'ERROR', details: SALE_REPORT_MESSAGES.alreadyFinalised });
    expect(await w.t.db.select().from(saleReport)).toHaveLength(1);
    const bad = await call<ApiError>('PUT', `${R}finalise`, {});
    expect(bad.status).toBe(400);
  });

  it('two finalises at once make exactly one report', async () => {
    const next = (await call<SaleReport>('GET', `${R}salereport`)).body.xreportCounter;
    const results = await Promise.all([tok.owner, tok.clerk, tok.owner].map((t) => call<SaleReport>('PUT', `${R}finalise`, { xreportCounter: next }, t)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = await w.t.db.select().from(saleReport).where(eq(saleReport.xreportCounter, next));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ refunds: 900, refundsCnt: 1, netSale: -900 });
  });

  it('roles and tenants: the kitchen sees nothing, a manager reads but cannot finalise, another store gets 404', async () => {
    const id = (await w.t.db.select().from(saleReport))[0].id;
    for (const [method, path, body] of [
      ['GET', `${R}salereport`, undefined],
      ['GET', `${R}salereport/${id}`, undefined],
      ['PUT', `${R}salereport/archieve`, { pageNumber: 0, limit: 10 }],
      ['PUT', `${R}finalise`, { xreportCounter: 99 }],
      ['PUT', `${R}finalise`, 'not a body'],
    ] as const) {
      expect((await call(method, path, body, tok.kitchen)).status, path).toBe(403);
    }
    expect((await call('GET', `${R}salereport/${id}`, undefined, tok.manager)).status).toBe(200);
    expect((await call('PUT', `${R}finalise`, { xreportCounter: 99 }, tok.manager)).status).toBe(403);
    expect((await call('GET', `${R}salereport/${id}`, undefined, tok.other)).status).toBe(404);
    expect((await call('PUT', `${R}salereport/lines/${id}`, { pageNumber: 0, limit: 10 }, tok.other)).status).toBe(404);
    const theirs = await call<Page<unknown>>('PUT', `${R}salereport/archieve`, { pageNumber: 0, limit: 10 }, tok.other);
    expect(theirs.body).toEqual({ data: [], totalCount: 0 });
    expect((await call('GET', `${R}salereport`)).status).toBe(200);
    expect((await call('GET', `${R}salereport`, undefined, tok.admin)).status).toBe(403);
  });

  it('Export To PDF answers a PDF, and Send Email queues the mail with the PDF attached', async () => {
    const id = (await w.t.db.select().from(saleReport))[0].id;
    const body = { title: 'Sale Report No 1', columns: [{ field: 'name', header: 'Name' }, { field: 'quantityText', header: 'Quantity' }, { field: 'amountText', header: 'Amount' }] };
    for (const path of [`${R}salereport/lines/export/pdf/${id}`, `${R}salereport/lines/export/pdf`]) {
      const res = await w.t.app.inject({ method: 'PUT', url: path, headers: { authorization: `Bearer ${tok.owner}` }, payload: body });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const mail = await call<object>('PUT', `${R}salereport/lines/sendEmail/${id}`, { ...body, format: 'pdf' }, tok.clerk);
    expect(mail.status).toBe(200);
    const [queued] = await w.t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'clerk@example.com'));
    expect(queued.subject).toBe('Sale Report No 1');
    expect(queued.attachments?.[0]).toMatchObject({ fileName: 'Sale Report No 1.pdf', contentType: 'application/pdf' });
  });
});

describe('auto end of day', () => {
  it('the last end of day is the hour in London, summer or winter', () => {
    expect(lastEndOfDay(new Date('2026-07-01T12:00:00Z'), 0).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(lastEndOfDay(new Date('2026-12-01T12:00:00Z'), 3).toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(lastEndOfDay(new Date('2026-12-01T02:59:00Z'), 3).toISOString()).toBe('2026-11-30T03:00:00.000Z');
    expect(lastEndOfDay(new Date('2026-03-29T12:00:00Z'), 0).toISOString()).toBe('2026-03-29T00:00:00.000Z');
  });

  it('two runs at once close the day once and mail the report, with its PDF, to the report address', async () => {
    // Only this store closes its day here (the demo store's settings have auto end of day on too).
    await w.t.db.update(branchSettings).set({ isAutoEndOfDay: false }).where(ne(branchSettings.merchantBranchId, w.s.merchantBranchId));
    await w.t.db.update(branchSettings).set({ isAutoEndOfDay: true, endOfDayHour: '03', email: 'reports@basket-cafe.test' }).where(eq(branchSettings.merchantBranchId, w.s.merchantBranchId));
    await placeOrder([[w.menu.gift.id, 1]], 'Collection');
    // Two days on, a server that was down catches up: one report up to the latest 03:00. Four hours
    // after that 03:00, so "an hour later" below is the same day whatever the hour the test runs at.
    const now = new Date(lastEndOfDay(new Date(Date.now() + 2 * 86_400_000), 3).getTime() + 4 * 3_600_000);
    const due = lastEndOfDay(now, 3);
    const runs = await Promise.all([runEndOfDay(w.t.db, now), runEndOfDay(w.t.db, now)]);
    expect(runs.reduce((n, r) => n + r.finalised, 0)).toBe(1);
    const reports = await w.t.db.select().from(saleReport).where(eq(saleReport.endOfDayDue, due));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ toDate: due, grossSale: 900, grossSaleCnt: 1, finalisedBy: null });
    // Later the same day: nothing more to close.
    expect(await runEndOfDay(w.t.db, new Date(now.getTime() + 3_600_000))).toEqual({ finalised: 0 });

    const smtp = await startSmtp();
    try {
      const sent = await deliverDueMail(w.t.db, smtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'till@tillpoint.test' }, { timeoutMs: 5000 }));
      expect(sent.failed).toBe(0);
      const mail = smtp.received.find((m) => m.to.includes('reports@basket-cafe.test'));
      expect(mail?.raw).toMatch(new RegExp(`Subject: .*Sale Report No ${reports[0].xreportCounter}\\r\\n`));
      expect(mail?.raw).toMatch(/Content-Type: application\/pdf/);
      expect(mail?.raw).toContain('JVBERi0'); // %PDF- in base64
    } finally {
      await smtp.stop();
    }
  });

  it('a branch with auto end of day off is left alone', async () => {
    await w.t.db.update(branchSettings).set({ isAutoEndOfDay: false, endOfDayHour: null }).where(eq(branchSettings.merchantBranchId, w.s.merchantBranchId));
    expect(await runEndOfDay(w.t.db, new Date(Date.now() + 5 * 86_400_000))).toEqual({ finalised: 0 });
  });
});

describe('admin sale report', () => {
  const range = (branchId: number | string) => `merchantBranchId/${branchId}/-1/-1`;

  it('summary, table and detail over every merchant, by branch and channel', async () => {
    const rows = await w.t.db.select().from(saleReport);
    const gross = rows.reduce((s, r) => s + r.grossSale, 0);
    const refunds = rows.reduce((s, r) => s + r.refunds, 0);
    const summary = await call<SaleReportSummary>('GET', `${A}summary/${range(w.s.merchantBranchId)}`, undefined, tok.admin);
    expect(summary.body).toEqual({ grossSale: gross / 100, refunds: refunds / 100, netSale: (gross - refunds) / 100, grossSaleCnt: 3, refundsCnt: 1, netSaleCnt: 2 });
    const table = await call<Page<{ id: number; tradingName: string; xreportCounter: number }>>('GET', `${A}${range(-1)}?limit=10`, undefined, tok.admin);
    expect(table.body.totalCount).toBe(rows.length);
    const [store] = await w.t.db.select({ tradingName: merchantBranch.tradingName }).from(merchantBranch).where(eq(merchantBranch.id, w.s.merchantBranchId));
    expect(table.body.data[0]).toMatchObject({ tradingName: store.tradingName, xreportCounter: Math.max(...rows.map((r) => r.xreportCounter)) });
    const tableOrders = await call<SaleReportSummary>('GET', `${A}summary/${range(-1)}?channel=TABLE_ORDER`, undefined, tok.admin);
    expect(tableOrders.body).toMatchObject({ grossSale: 0, grossSaleCnt: 0 });
    const first = rows.find((r) => r.xreportCounter === 1);
    const detail = await call<SaleReport>('GET', `${A}${first?.id}/${w.s.merchantBranchId}`, undefined, tok.admin);
    expect(detail.body).toMatchObject({ xreportCounter: 1, grossSale: 24.8 });
    expect((await call('GET', `${A}${first?.id}/${w.s.merchantBranchId + 999}`, undefined, tok.admin)).status).toBe(404);
    // A date range that ends before any report.
    const none = await call<Page<unknown>>('GET', `${A}merchantBranchId/-1/0/1000`, undefined, tok.admin);
    expect(none.body).toEqual({ data: [], totalCount: 0 });
  });

  it('Calculate Again makes the figures again from the orders of the period', async () => {
    const [first] = await w.t.db.select().from(saleReport).where(eq(saleReport.xreportCounter, 1));
    await w.t.db.update(saleReport).set({ grossSale: 1, lines: [] }).where(eq(saleReport.id, first.id));
    const res = await call<SaleReport>('PUT', `${A}calculate/${first.id}`, undefined, tok.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ xreportCounter: 1, grossSale: 24.8, fromDate: first.fromDate.toISOString(), toDate: first.toDate.toISOString() });
    expect(res.body.lines).toEqual(first.lines);
  });

  it('merchants cannot use the admin calls', async () => {
    const [first] = await w.t.db.select().from(saleReport);
    expect((await call('GET', `${A}summary/${range(-1)}`, undefined, tok.owner)).status).toBe(403);
    expect((await call('PUT', `${A}calculate/${first.id}`, undefined, tok.owner)).status).toBe(403);
  });
});
