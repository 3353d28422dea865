import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { DEMO } from '../../db/demo-data';
import { customerOrder, device, webMenu } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { ROLE, addMerchantUser } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { insertTestOrder } from '../orders/order-test-kit';
import { DEMO_PRINTER_HOST, DEMO_PRINTER_PORT } from './demo-printer';
import { deliverDuePrints } from './print-jobs';
import { tcpPrinterSend } from './printer-socket';

/** A port nothing listens on now (taken, then let go). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

let t: TestApp;
let s: Scope;
let clerk: string;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.signIn('merchant');
  s = { merchantAccountId: owner.userDTO.merchantAccountId, merchantBranchId: owner.userDTO.merchantBranchId };
  await addMerchantUser(t.db, { ...s, userName: 'dpclerk', password: 'Staff12345', roleIds: [ROLE.clerk] });
  clerk = (await t.signIn('merchant', { userName: 'dpclerk', password: 'Staff12345', domainName: DEMO.merchant.domainName })).accessToken;
  dir = mkdtempSync(join(tmpdir(), 'tillpoint-demo-prints-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo printer', () => {
  it('the demo data points its printers at the stand-in on this machine', async () => {
    const printers = await t.db.select().from(device).where(and(eq(device.merchantAccountId, s.merchantAccountId), eq(device.merchantBranchId, s.merchantBranchId))).orderBy(device.id);
    expect(printers.map((p) => [p.name, p.networkAddress, p.port, p.kind])).toEqual([
      ['Kitchen printer', DEMO_PRINTER_HOST, DEMO_PRINTER_PORT, 'KITCHEN'],
      ['Bar printer', DEMO_PRINTER_HOST, DEMO_PRINTER_PORT, 'KITCHEN'],
      ['Front counter receipts', DEMO_PRINTER_HOST, DEMO_PRINTER_PORT, 'RECEIPT'],
    ]);
  });

  it('is off in tests: nothing listens for the demo printers unless a test asks', async () => {
    const port = await freePort();
    await t.db.update(device).set({ port }).where(eq(device.merchantAccountId, s.merchantAccountId));
    await expect(tcpPrinterSend(500)({ host: DEMO_PRINTER_HOST, port }, new Uint8Array([0x41]))).rejects.toThrow('refused the connection');
  });

  it('when asked, takes an accepted demo order’s tickets and receipt and keeps them as text under DATA_DIR/prints; the order shows no printer error', async () => {
    // The demo's printers on a free port (9100 may be another demo's on this machine), then a server with the stand-in on.
    const port = await freePort();
    await t.db.update(device).set({ port }).where(eq(device.merchantAccountId, s.merchantAccountId));
    const demo = await buildApp({ db: t.db, config: testConfig({ demoData: true, demoPrinter: true, dataDir: dir }), mail: null });
    await demo.app.ready();
    try {
      const [meal] = await t.db.select().from(webMenu).where(and(eq(webMenu.merchantAccountId, s.merchantAccountId), eq(webMenu.name, 'Burger Meal')));
      const order = await insertTestOrder(t.db, s, 'demo-print-1', {
        customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mobilePhone: '07700900123' },
        allergies: 'nuts',
        money: { subTotal: 1250, discount: 0, serviceCharge: 0, deliveryFee: 0, tax: 208, total: 1250 },
        lines: [{ productId: meal.productId, webMenuId: meal.id, description: 'Burger Meal, House Salad', quantityTenths: 10, totalPrice: 1250, weighable: false, taxRateBp: 2000 }],
      });
      const put = (path: string) => demo.app.inject({ method: 'PUT', url: `/api/storemanagement/order/${path}/id/${order.id}`, headers: { authorization: `Bearer ${clerk}` } });
      expect((await put('accept')).statusCode).toBe(200);
      expect((await put('printreceipt')).statusCode).toBe(200);
      expect(await deliverDuePrints(t.db, tcpPrinterSend(2000))).toEqual({ printed: 2, failed: 0 });

      const printsDir = join(dir, 'prints');
      // The stand-in keeps a ticket after its connection ends, so the files may come a moment after the sends.
      const texts = () => readdirSync(printsDir).filter((f) => f.endsWith('.txt')).map((f) => readFileSync(join(printsDir, f), 'utf8'));
      const isTicket = (x: string) => x.includes(`ORDER ${order.orderNo}\n`) && x.includes('Kitchen printer');
      const isReceipt = (x: string) => x.includes(`Order No: ${order.orderNo}\n`);
      await expect.poll(() => texts().some(isTicket) && texts().some(isReceipt)).toBe(true);
      const ticket = texts().find(isTicket);
      expect(ticket).toContain('1 x Burger Meal\n  - House Salad');
      expect(ticket).toContain('ALLERGIES: nuts');
      const receipt = texts().find(isReceipt);
      expect(receipt).toMatch(/1 x Burger Meal +£12\.50\n/);
      expect(receipt).toMatch(/Total +£12\.50\n/);
      const [after] = await t.db.select().from(customerOrder).where(and(eq(customerOrder.merchantAccountId, s.merchantAccountId), eq(customerOrder.id, order.id)));
      expect(after).toMatchObject({ errorType: 'INIT', errorMessage: null });
    } finally {
      await demo.app.close();
    }
    // Closed with the server: the printers are off again.
    await expect(tcpPrinterSend(500)({ host: DEMO_PRINTER_HOST, port }, new Uint8Array([0x41]))).rejects.toThrow('refused the connection');
  });
});
