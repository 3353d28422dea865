import { and, eq } from 'drizzle-orm';
import { ORDER_PRIVILEGES } from '@tillpoint/contracts/order-handling';
import { OBJECTS, privilegeKey } from '@tillpoint/contracts/privileges';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printJob } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { insertTestOrder } from './order-test-kit';
import { type Actor, takeOrderAction } from './orders.service';

let t: TestApp;
let s: Scope;
const clerk: Actor = { userId: 1, privileges: new Set(Object.values(ORDER_PRIVILEGES).map((p) => privilegeKey(OBJECTS.order, p))) };

beforeAll(async () => {
  t = await createTestApp();
  const m = await addMerchant(t.db, { domainName: 'wake-cafe', userName: 'wake@example.com', password: 'Secret123!' });
  s = { merchantAccountId: m.merchantAccountId, merchantBranchId: m.merchantBranchId };
});
afterAll(() => t.close());

describe('order actions tell the print queue (the routes wake it)', () => {
  it('when the action queued prints, and not otherwise', async () => {
    let wakes = 0;
    const printsQueued = () => void wakes++;
    const order = await insertTestOrder(t.db, s, 'wake-1');
    await takeOrderAction(t.db, s, clerk, order.id, 'accept', { printsQueued });
    expect(wakes).toBe(1);
    const jobs = await t.db.select().from(printJob).where(and(eq(printJob.merchantAccountId, s.merchantAccountId), eq(printJob.orderId, order.id)));
    expect(jobs.map((j) => `${j.kind} ${j.status}`)).toEqual(['KITCHEN PENDING']);
    // A decline prints nothing: no wake.
    const other = await insertTestOrder(t.db, s, 'wake-2');
    await takeOrderAction(t.db, s, clerk, other.id, 'decline', { printsQueued });
    expect(wakes).toBe(1);
  });
});
