import type { OrderEvent } from '@tillpoint/contracts/order-handling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvent } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { addMerchant } from '../../test/fixtures';
import { type TestApp, createTestApp } from '../../test/harness';
import { eventsAfter } from './live-orders.repo';
import type { OrderEventHub, OrderNotice } from './order-events';
import { createOrderFeed } from './order-feed';
import { insertTestOrder } from './order-test-kit';

let t: TestApp;
let s: Scope;
let orderId: number;

/** The hub's part the feed uses, with the notices sent by hand (the order in which commits are announced is the point here). */
function handHub() {
  const subscribers = new Set<(n: OrderNotice) => void>();
  const hub: OrderEventHub = {
    subscribe: async (_branch, fn) => {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    close: async () => undefined,
  };
  return {
    hub,
    notify: (eventId: number) => {
      for (const fn of subscribers) fn({ ...s, orderId, eventId });
    },
  };
}

/** An event as an order action writes it, with the id chosen: ids are taken in one order and committed in another. */
const commitEvent = (id: number, kind: string) => t.db.insert(orderEvent).values({ ...s, id, orderId, kind, orderStatus: 'ORDER_PLACED' });

const settle = () => new Promise((r) => setTimeout(r, 50));

beforeAll(async () => {
  t = await createTestApp();
  const m = await addMerchant(t.db, { domainName: 'feed-cafe', userName: 'feed@example.com', password: 'Secret123!' });
  s = { merchantAccountId: m.merchantAccountId, merchantBranchId: m.merchantBranchId };
  const order = await insertTestOrder(t.db, s, 'feed-1');
  orderId = order.id;
});
afterAll(() => t.close());

describe('order feed: events committed out of id order', () => {
  it('delivers an event whose notice comes while a read that did not see it moves the cursor past it', async () => {
    const { hub, notify } = handHub();
    let reads = 0;
    // The first read's snapshot has event 1_000_002 but not 1_000_001, which commits (and is
    // announced) before that read answers: the cursor then moves past an event never read.
    const read: typeof eventsAfter = async (...args) => {
      const rows = await eventsAfter(...args);
      if (++reads === 1) {
        await commitEvent(1_000_001, 'EARLIER_ID');
        notify(1_000_001);
      }
      return rows;
    };
    const feed = createOrderFeed(t.db, hub, read);
    const got: OrderEvent[] = [];
    const stop = await feed.subscribe(s, (events) => got.push(...events));
    await commitEvent(1_000_002, 'LATER_ID');
    notify(1_000_002);
    await settle();
    stop();
    expect(got.map((e) => [e.id, e.kind])).toEqual([
      [1_000_002, 'LATER_ID'],
      [1_000_001, 'EARLIER_ID'],
    ]);
  });

  it('reads again, with the ids it was told of, after a read that failed', async () => {
    const { hub, notify } = handHub();
    let fail = true;
    const read: typeof eventsAfter = async (...args) => {
      if (fail) {
        fail = false;
        throw new Error('connection lost');
      }
      return eventsAfter(...args);
    };
    const feed = createOrderFeed(t.db, hub, read);
    const got: number[] = [];
    const stop = await feed.subscribe(s, (events) => got.push(...events.map((e) => e.id)));
    // Below the cursor (as if committed after a later one was read): only its id finds it.
    await commitEvent(500_000, 'OLD_ID_LATE_COMMIT');
    notify(500_000);
    await settle();
    expect(got).toEqual([]);
    await commitEvent(1_000_003, 'NEXT');
    notify(1_000_003);
    await settle();
    stop();
    expect(got).toEqual([500_000, 1_000_003]);
  });
});
