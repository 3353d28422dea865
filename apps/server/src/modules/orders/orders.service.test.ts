import { and, eq } from 'drizzle-orm';
import { ORDER_PRIVILEGES } from '@tillpoint/contracts/order-handling';
import { OBJECTS, privilegeKey } from '@tillpoint/contracts/privileges';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/open-db';
import { orderHistory, printJob } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { insertTestOrder } from './order-test-kit';
import { type Actor, takeOrderAction } from './orders.service';
import { HttpError } from '../../platform/errors';

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

/**
 * The database as an action sees it, with another clerk's accept of `orderId` made between the
 * action's read and its write (its write is the one statement it prepares itself: db/prepared-sql.ts).
 */
const acceptedMeanwhile = (orderId: number): Db => {
  let raced = false;
  const session = new Proxy(t.db._.session, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key !== 'prepareQuery') return typeof value === 'function' ? value.bind(target) : value;
      return (...args: Parameters<typeof target.prepareQuery>) => {
        const prepared = target.prepareQuery(...args);
        return {
          execute: async (values?: Record<string, unknown>) => {
            if (!raced) {
              raced = true;
              await takeOrderAction(t.db, s, { ...clerk, userId: 2 }, orderId, 'accept');
            }
            return prepared.execute(values);
          },
        };
      };
    },
  });
  return new Proxy(t.db, {
    get(target, key) {
      if (key === '_') return { ...target._, session };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
const historyOf = async (orderId: number) =>
  (await t.db.select().from(orderHistory).where(and(eq(orderHistory.merchantAccountId, s.merchantAccountId), eq(orderHistory.orderId, orderId))).orderBy(orderHistory.id)).map(
    (h) => `${h.userId ?? '-'} ${h.action} ${h.fromStatus}`,
  );

describe('an order changed between an action\'s read and its write', () => {
  it('an accept that lost writes nothing and answers 409', async () => {
    const order = await insertTestOrder(t.db, s, 'race-1');
    const lost = await takeOrderAction(acceptedMeanwhile(order.id), s, clerk, order.id, 'accept').catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(HttpError);
    expect((lost as HttpError).status).toBe(409);
    expect((await historyOf(order.id)).filter((h) => h.includes('ACCEPT '))).toEqual(['2 ACCEPT ORDER_PLACED']);
  });

  it('a print decides again on the order as it is now, and prints once', async () => {
    const order = await insertTestOrder(t.db, s, 'race-2');
    const reply = await takeOrderAction(acceptedMeanwhile(order.id), s, clerk, order.id, 'resendkitchen');
    const history = await historyOf(order.id);
    expect(history[0]).toBe('2 ACCEPT ORDER_PLACED');
    expect(history.at(-1)).toBe(`1 RESENDKITCHEN ${reply.orderStatus}`);
    expect(reply.orderStatus).not.toBe('ORDER_PLACED');
    const jobs = await t.db.select().from(printJob).where(and(eq(printJob.merchantAccountId, s.merchantAccountId), eq(printJob.orderId, order.id)));
    // The accept's kitchen tickets, replaced by the resend's while still waiting (order-printing.ts).
    expect(jobs.map((j) => `${j.kind} ${j.status}`).sort()).toEqual(['KITCHEN PENDING', 'KITCHEN SUPERSEDED']);
  });
});
