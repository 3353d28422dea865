import { type AddressInfo, type Server, type Socket, createServer } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRINTING_MESSAGES, receiptPdfPath } from '@tillpoint/contracts/printing';
import { basket, customerOrder, device, orderEvent, printJob, product, productGroup, webMenu } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant, addMerchantUser } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { insertOrder } from '../orders/orders.repo';
import { PRINT_QUEUE_JOB } from '../../platform/order-printing';
import { escPosText } from './escpos-text';
import { MAX_PRINT_ATTEMPTS, PRINT_JOB_KEEP_DAYS, deliverDuePrints } from './print-jobs';
import { PrinterError, tcpPrinterSend } from './printer-socket';

const ROLE_ID = { clerk: 4, kitchen: 5 } as const;
const B = '/api/storemanagement/order/';

/** A network printer stand-in: keeps every ticket it is sent (one per connection). */
type FakePrinter = { port: number; tickets: Buffer[]; close: () => Promise<void> };
async function fakePrinter(): Promise<FakePrinter> {
  const tickets: Buffer[] = [];
  const server: Server = createServer((socket) => {
    const parts: Buffer[] = [];
    socket.on('data', (d) => parts.push(d));
    socket.on('end', () => tickets.push(Buffer.concat(parts)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, tickets, close: () => new Promise((r) => server.close(() => r())) };
}

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const p = await fakePrinter();
  await p.close();
  return p.port;
}

/** What the printer would print (the ESC/POS commands skipped). */
const textOf = (ticket: Buffer) => escPosText(ticket);

/** The tickets a printer has received for an order, waiting for them to arrive (the job ends when the bytes are written). */
async function ticketsFor(printer: FakePrinter, orderNo: number, count: number) {
  const mine = () => printer.tickets.map(textOf).filter((x) => x.includes(`ORDER ${orderNo}\n`) || x.includes(`Order No: ${orderNo}\n`));
  await expect.poll(() => mine().length).toBe(count);
  return mine();
}

let t: TestApp;
let s: Scope;
let other: Scope;
const tokens: Record<string, string> = {};
let kitchen: FakePrinter;
let bar: FakePrinter;
let till: FakePrinter;
let burger: number;
let cola: number;
let basketNo = 0;

const setPrinter = (name: string, set: Partial<typeof device.$inferInsert>) =>
  t.db.update(device).set(set).where(and(eq(device.merchantAccountId, s.merchantAccountId), eq(device.merchantBranchId, s.merchantBranchId), eq(device.name, name)));
const act = (who: string, path: string) => t.json<{ type?: string }>('PUT', `${B}${path}`, undefined, tokens[who]);
const orderRow = async (id: number) => (await t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, s.merchantAccountId), eq(customerOrder.id, id))))[0];
const jobsOf = (id: number) => t.db.select().from(printJob).where(and(eq(printJob.merchantAccountId, s.merchantAccountId), eq(printJob.orderId, id))).orderBy(printJob.id);
/** Lets time pass for the retries: every waiting job is due now. */
const makeDue = () => t.db.update(printJob).set({ nextAttemptAt: new Date(0) }).where(eq(printJob.status, 'PENDING'));

async function placeOrder(scope: Scope, orderStatus = 'ORDER_PLACED', burgerLine = 'Burger Meal, House Salad, Chunky Chips, (no onions)') {
  basketNo += 1;
  const [b] = await t.db.insert(basket).values({ ...scope, bssId: `print-${basketNo}`, orderType: 'DELIVERY' }).returning();
  return t.db.transaction((tx) =>
    insertOrder(tx, scope, {
      basketId: b.id,
      orderType: 'DELIVERY',
      basketStatus: 'PAID',
      orderStatus,
      paymentType: 'CARD',
      tableNo: null,
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mobilePhone: '07700900123' },
      deliveryAddress: { postCode: 'SW1A 1AA', city: 'London', addressLine1: '10 Downing St', addressLine2: null, addressLine3: null, addressLine4: null },
      orderNotes: 'Ring twice',
      allergies: 'nuts',
      deliveryTime: '19:15',
      money: { subTotal: 1545, discount: 0, serviceCharge: 0, deliveryFee: 250, tax: 300, total: 1795 },
      lines: [
        { productId: burger, description: burgerLine, quantityTenths: 10, totalPrice: 1250, weighable: false },
        { productId: cola, description: 'Coca-Cola 330ml', quantityTenths: 10, totalPrice: 295, weighable: false },
      ],
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.signIn('merchant');
  s = { merchantAccountId: owner.userDTO.merchantAccountId, merchantBranchId: owner.userDTO.merchantBranchId };
  for (const [name, roleId] of [['clerk', ROLE_ID.clerk], ['kitchen', ROLE_ID.kitchen]] as const) {
    await addMerchantUser(t.db, { ...s, userName: `pr${name}`, password: 'Staff12345', roleIds: [roleId] });
    tokens[name] = (await t.signIn('merchant', { userName: `pr${name}`, password: 'Staff12345', domainName: 'demo-bistro' })).accessToken;
  }
  const elsewhere = await addMerchant(t.db, { domainName: 'print-other', userName: 'proowner', password: 'Proowner123' });
  other = { merchantAccountId: elsewhere.merchantAccountId, merchantBranchId: elsewhere.merchantBranchId };
  tokens.other = (await t.signIn('merchant', { userName: 'proowner', password: 'Proowner123', domainName: 'print-other' })).accessToken;
  const products = await t.db
    .select({ id: product.id, name: product.name })
    .from(product)
    .where(and(eq(product.merchantAccountId, s.merchantAccountId), inArray(product.name, ['Classic Beef Burger', 'Coca-Cola 330ml'])));
  burger = products.find((p) => p.name === 'Classic Beef Burger')?.id as number;
  cola = products.find((p) => p.name === 'Coca-Cola 330ml')?.id as number;
  [kitchen, bar, till] = await Promise.all([fakePrinter(), fakePrinter(), fakePrinter()]);
});
afterAll(async () => {
  await Promise.all([kitchen, bar, till].map((p) => p?.close()));
  await t?.close();
});
beforeEach(async () => {
  // The demo's printers (kitchen food, bar drinks, front counter receipts) at the local stand-ins.
  await setPrinter('Kitchen printer', { networkAddress: '127.0.0.1', port: kitchen.port, status: 'ACTIVE' });
  await setPrinter('Bar printer', { networkAddress: '127.0.0.1', port: bar.port, status: 'ACTIVE' });
  await setPrinter('Front counter receipts', { networkAddress: '127.0.0.1', port: till.port, status: 'ACTIVE' });
});

describe('kitchen tickets (issue 12 "Printing")', () => {
  it('accepting queues the tickets in the action and the job prints one per printer: food in the kitchen, the drink at the bar', async () => {
    const o = await placeOrder(s);
    expect(await jobsOf(o.id)).toEqual([]);
    expect((await act('clerk', `accept/id/${o.id}`)).status).toBe(200);
    // Queued with the acceptance, nothing sent yet: the action never waits for a printer.
    expect((await jobsOf(o.id)).map((j) => [j.kind, j.status])).toEqual([['KITCHEN', 'PENDING']]);
    expect(kitchen.tickets.map(textOf).join()).not.toContain(`ORDER ${o.orderNo}\n`);

    expect(await t.runJob(PRINT_QUEUE_JOB)).toEqual({ printed: 1, failed: 0 });
    const [food] = await ticketsFor(kitchen, o.orderNo, 1);
    expect(food).toContain('Kitchen printer');
    expect(food).toContain(`ORDER ${o.orderNo}\nDELIVERY\n`);
    expect(food).toContain('1 x Burger Meal\n  - House Salad\n  - Chunky Chips\n  Note: no onions\n');
    expect(food).toContain('Deliver By: 19:15');
    expect(food).toContain('Address: 10 Downing St, London, SW1A 1AA');
    expect(food).toContain('NOTES: Ring twice\nALLERGIES: nuts');
    expect(food).not.toContain('Coca-Cola');
    expect(food).not.toContain('£');
    const [drinks] = await ticketsFor(bar, o.orderNo, 1);
    expect(drinks).toContain('Bar printer');
    expect(drinks).toContain('1 x Coca-Cola 330ml');
    expect(drinks).not.toContain('Burger');
    expect((await jobsOf(o.id))[0]).toMatchObject({ status: 'PRINTED', attempts: 1, lastError: null });
    expect((await orderRow(o.id)).errorType).toBe('INIT');
    // Nothing left to print: a second run sends nothing.
    expect(await t.runJob(PRINT_QUEUE_JOB)).toEqual({ printed: 0, failed: 0 });
  });

  it('a printer slot with a printer group lists only the options of that group: the meal’s garnish in the kitchen, its drink at the bar', async () => {
    const own = and(eq(webMenu.merchantAccountId, s.merchantAccountId), eq(webMenu.merchantBranchId, s.merchantBranchId), eq(webMenu.name, 'Burger Meal'));
    const [drinkGroup] = await t.db
      .select({ id: productGroup.id })
      .from(productGroup)
      .where(and(eq(productGroup.merchantAccountId, s.merchantAccountId), eq(productGroup.name, 'Meal Deal Drink')));
    const [barPrinter] = await t.db
      .select({ id: device.id })
      .from(device)
      .where(and(eq(device.merchantAccountId, s.merchantAccountId), eq(device.name, 'Bar printer')));
    await t.db.update(webMenu).set({ kitchenPrinter2: barPrinter.id, kitchenPrinterGrp2: drinkGroup.id }).where(own);
    try {
      const o = await placeOrder(s, 'ORDER_PLACED', 'Burger Meal, House Salad, Chunky Chips, Coca-Cola 330ml, (no onions)');
      await act('clerk', `accept/id/${o.id}`);
      await t.runJob(PRINT_QUEUE_JOB);
      const [food] = await ticketsFor(kitchen, o.orderNo, 1);
      expect(food).toContain('1 x Burger Meal\n  - House Salad\n  - Chunky Chips\n  Note: no onions\n');
      expect(food).not.toContain('Coca-Cola');
      // The bar: the meal's drink, and the cola ordered on its own.
      const [drinks] = await ticketsFor(bar, o.orderNo, 1);
      expect(drinks).toContain('1 x Burger Meal\n  - Coca-Cola 330ml\n  Note: no onions\n');
      expect(drinks).toContain('1 x Coca-Cola 330ml\n');
      expect(drinks).not.toContain('House Salad');
    } finally {
      await t.db.update(webMenu).set({ kitchenPrinter2: null, kitchenPrinterGrp2: null }).where(own);
    }
  });

  it('an order the branch accepts by itself (autoOrderConfirm) prints too', async () => {
    const o = await placeOrder(s, 'ORDER_ACCEPTED');
    expect((await jobsOf(o.id)).map((j) => j.kind)).toEqual(['KITCHEN']);
    await t.runJob(PRINT_QUEUE_JOB);
    await ticketsFor(kitchen, o.orderNo, 1);
  });

  it('a printer that does not answer marks the order PRINTER and is retried with backoff, only where it failed; success clears the error', async () => {
    const o = await placeOrder(s);
    const dead = await closedPort();
    await setPrinter('Bar printer', { port: dead });
    await act('clerk', `accept/id/${o.id}`);
    const before = Date.now();
    expect(await t.runJob(PRINT_QUEUE_JOB)).toEqual({ printed: 0, failed: 1 });
    await ticketsFor(kitchen, o.orderNo, 1);
    const failed = await orderRow(o.id);
    expect(failed.errorType).toBe('PRINTER');
    expect(failed.errorMessage).toBe(`Kitchen printer "Bar printer" (127.0.0.1:${dead}) refused the connection`);
    const [job] = await jobsOf(o.id);
    expect(job).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(job.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 9_000);
    // The live screens hear of it.
    const events = await t.db.select().from(orderEvent).where(and(eq(orderEvent.merchantAccountId, s.merchantAccountId), eq(orderEvent.orderId, o.id)));
    expect(events.map((e) => e.kind)).toContain('ORDER_PRINT_FAILED');
    // Not due yet: nothing is tried.
    expect(await t.runJob(PRINT_QUEUE_JOB)).toEqual({ printed: 0, failed: 0 });

    // Still off at the next try: the wait doubles.
    await makeDue();
    await t.runJob(PRINT_QUEUE_JOB);
    const [second] = await jobsOf(o.id);
    expect(second).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(second.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 19_000);

    // Back on: the bar gets its ticket, the kitchen is not printed twice, the error goes.
    await setPrinter('Bar printer', { port: bar.port });
    await makeDue();
    expect(await t.runJob(PRINT_QUEUE_JOB)).toEqual({ printed: 1, failed: 0 });
    await ticketsFor(bar, o.orderNo, 1);
    expect(await ticketsFor(kitchen, o.orderNo, 1)).toHaveLength(1);
    expect(await orderRow(o.id)).toMatchObject({ errorType: 'INIT', errorMessage: null });
    expect((await jobsOf(o.id))[0].status).toBe('PRINTED');
  });

  it('gives up after the last attempt, leaving the error on the order; Print Order tries again and clears it', async () => {
    const o = await placeOrder(s);
    const dead = await closedPort();
    await setPrinter('Kitchen printer', { port: dead });
    await act('clerk', `accept/id/${o.id}`);
    await t.db.update(printJob).set({ attempts: MAX_PRINT_ATTEMPTS - 1 }).where(eq(printJob.orderId, o.id));
    await t.runJob(PRINT_QUEUE_JOB);
    expect((await jobsOf(o.id))[0]).toMatchObject({ status: 'FAILED', attempts: MAX_PRINT_ATTEMPTS });
    expect((await orderRow(o.id)).errorType).toBe('PRINTER');

    await setPrinter('Kitchen printer', { port: kitchen.port });
    expect((await act('kitchen', `resendkitchen/id/${o.id}`)).status).toBe(403);
    expect((await act('clerk', `resendkitchen/id/${o.id}`)).status).toBe(200);
    expect((await jobsOf(o.id)).map((j) => j.status)).toEqual(['SUPERSEDED', 'PENDING']);
    await t.runJob(PRINT_QUEUE_JOB);
    await ticketsFor(kitchen, o.orderNo, 1);
    expect(await orderRow(o.id)).toMatchObject({ errorType: 'INIT', errorMessage: null });
  });

  it('another error (TABLE_NOT_FOUND) is left as it is', async () => {
    const o = await placeOrder(s);
    await t.db.update(customerOrder).set({ errorType: 'TABLE_NOT_FOUND', errorMessage: 'Table 9' }).where(eq(customerOrder.id, o.id));
    await setPrinter('Kitchen printer', { port: await closedPort() });
    await act('clerk', `accept/id/${o.id}`);
    await t.runJob(PRINT_QUEUE_JOB);
    expect(await orderRow(o.id)).toMatchObject({ errorType: 'TABLE_NOT_FOUND', errorMessage: 'Table 9' });
  });

  it('two instances running the queue at once print each ticket once', async () => {
    const o = await placeOrder(s);
    await act('clerk', `accept/id/${o.id}`);
    const send = tcpPrinterSend();
    const runs = await Promise.all([deliverDuePrints(t.db, send), deliverDuePrints(t.db, send)]);
    expect(runs.reduce((n, r) => n + r.printed, 0)).toBe(1);
    await ticketsFor(kitchen, o.orderNo, 1);
    await ticketsFor(bar, o.orderNo, 1);
  });
});

describe('the queue over time', () => {
  it('finished prints go after PRINT_JOB_KEEP_DAYS; waiting ones stay', async () => {
    const o = await placeOrder(s);
    await act('clerk', `accept/id/${o.id}`);
    await t.runJob(PRINT_QUEUE_JOB);
    await act('clerk', `printreceipt/id/${o.id}`);
    const old = new Date(Date.now() - (PRINT_JOB_KEEP_DAYS + 1) * 86_400_000);
    await t.db.update(printJob).set({ updatedDate: old }).where(eq(printJob.orderId, o.id));
    expect((await jobsOf(o.id)).map((j) => j.status)).toEqual(['PRINTED', 'PENDING']);
    const purged = (await t.runJob('print-queue-purge')) as { deleted: number };
    expect(purged.deleted).toBeGreaterThanOrEqual(1);
    expect((await jobsOf(o.id)).map((j) => j.status)).toEqual(['PENDING']);
  });
});

describe('receipts', () => {
  it('Print Receipt prints the receipt with prices in pounds on the branch’s receipt printer', async () => {
    const o = await placeOrder(s);
    expect((await act('kitchen', `printreceipt/id/${o.id}`)).status).toBe(403);
    expect(await jobsOf(o.id)).toEqual([]);
    expect((await act('clerk', `printreceipt/id/${o.id}`)).status).toBe(200);
    await t.runJob(PRINT_QUEUE_JOB);
    const [text] = await ticketsFor(till, o.orderNo, 1);
    expect(kitchen.tickets.map(textOf).join()).not.toContain(`ORDER ${o.orderNo}\n`);
    expect(text).toContain('Demo Bistro');
    expect(text).toContain('RECEIPT');
    expect(text).toContain(`Order No: ${o.orderNo}`);
    expect(text).toMatch(/1 x Burger Meal +£12\.50\n {4}House Salad\n/);
    expect(text).toMatch(/1 x Coca-Cola 330ml +£2\.95\n/);
    expect(text).toMatch(/Delivery Fee +£2\.50\n/);
    expect(text).toMatch(/Total +£17\.95\n/);
    expect(text).toContain('Payment: CARD');
  });

  it('with no receipt printer the order says what to do, at once and without retrying', async () => {
    const o = await placeOrder(s);
    await setPrinter('Front counter receipts', { status: 'PASSIVE' });
    await act('clerk', `printreceipt/id/${o.id}`);
    await t.runJob(PRINT_QUEUE_JOB);
    expect(till.tickets.map(textOf).join()).not.toContain(`Order No: ${o.orderNo}\n`);
    expect((await jobsOf(o.id))[0]).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(await orderRow(o.id)).toMatchObject({ errorType: 'PRINTER', errorMessage: PRINTING_MESSAGES.noReceiptPrinter });
  });

  it('GET …/receipt/pdf/id/{id}: the receipt as a PDF for the clerk; 403 without Print, 404 for another tenant’s order, 401 signed out', async () => {
    const o = await placeOrder(s);
    const url = `/api/${receiptPdfPath(o.id)}`;
    const get = (token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const res = await get(tokens.clerk);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="receipt-${o.orderNo}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
    expect((await get(tokens.kitchen)).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
    // The other merchant's owner asks for this order's id: not theirs.
    const theirs = await placeOrder(other);
    expect((await get(tokens.other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/${receiptPdfPath(theirs.id)}`, headers: { authorization: `Bearer ${tokens.clerk}` } })).statusCode).toBe(404);
  });
});

describe('the TCP sender', () => {
  it('gives up on a printer that stops taking bytes, within its timeout', async () => {
    const held: Socket[] = [];
    // Accepts the connection, then never reads: the bytes back up and the write never completes.
    const stuck = createServer((socket) => {
      socket.pause();
      held.push(socket);
    });
    await new Promise<void>((r) => stuck.listen(0, '127.0.0.1', r));
    const started = Date.now();
    const err = await tcpPrinterSend(300)({ host: '127.0.0.1', port: (stuck.address() as AddressInfo).port }, new Uint8Array(16 * 1024 * 1024)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrinterError);
    expect((err as PrinterError).reason).toBe('did not answer');
    expect(Date.now() - started).toBeLessThan(5000);
    for (const h of held) h.destroy();
    await new Promise<void>((r) => stuck.close(() => r()));
  });
});
