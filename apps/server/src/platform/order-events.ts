import { sql } from 'drizzle-orm';
import type { Db } from '../db/open-db';
import { orderEvent } from '../db/schema';
import type { Scope } from './auth';

/** The channel the live order screens listen on (ARCHITECTURE §4). */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/**
 * The event the live order screens read, in the caller's transaction, announced with pg_notify
 * (delivered at commit, so a listener never reads an event that is not there yet). Shared: the
 * orders area writes it for every change, printing when an order's printer error comes or goes.
 */
export async function recordOrderEvent(tx: Db, s: Scope, orderId: number, kind: string, orderStatus: string) {
  const [event] = await tx.insert(orderEvent).values({ ...s, orderId, kind, orderStatus }).returning({ id: orderEvent.id });
  await tx.execute(
    sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify({ merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId, orderId, eventId: event.id })})`,
  );
  return event.id;
}
