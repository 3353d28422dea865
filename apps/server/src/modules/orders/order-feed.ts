import type { OrderEvent } from '@tillpoint/contracts/order-handling';
import type { Db } from '../../db/open-db';
import type { Scope } from '../../platform/auth';
import { eventsAfter, lastEventId } from './live-orders.repo';
import type { OrderEventHub } from './order-events';

type Listener = (events: OrderEvent[]) => void;
type Branch = { cursor: number; seen: Set<number>; late: Set<number>; listeners: Set<Listener>; reading: boolean; again: boolean; stop: () => void };

const SEEN_KEPT = 5000;

/**
 * The branch's new order events, read once per process however many screens watch the branch: a
 * notice makes one read of the events after the feed's cursor (notices that come while it reads
 * make one more), and every stream of the branch gets the same rows. Without it each of 50 open
 * screens read the table on every notice, and the reads queued behind each other in the pool.
 * Events do not commit in the order of their ids, so every notice's event is also read by its id:
 * one that committed after a later-numbered one was read (its id is below the cursor by then, or
 * becomes so while a read is under way) is still delivered.
 */
export function createOrderFeed(db: Db, hub: OrderEventHub, read = eventsAfter) {
  const branches = new Map<string, Promise<Branch>>();

  async function pump(s: Scope, b: Branch) {
    if (b.reading) {
      b.again = true;
      return;
    }
    b.reading = true;
    try {
      do {
        b.again = false;
        const late = [...b.late];
        b.late.clear();
        const events = await read(db, s, b.cursor, late).then(
          (rows) => rows.filter((e) => !b.seen.has(e.id)),
          (error: unknown) => {
            // The next notice reads again from the same cursor, and these ids with it.
            for (const id of late) b.late.add(id);
            throw error;
          },
        );
        for (const e of events) {
          b.seen.add(e.id);
          b.cursor = Math.max(b.cursor, e.id);
        }
        for (const old of b.seen) {
          if (b.seen.size <= SEEN_KEPT) break;
          b.seen.delete(old);
        }
        if (events.length) for (const l of b.listeners) l(events);
      } while (b.again);
    } catch {
      // Read again on the next notice (above).
    } finally {
      b.reading = false;
    }
  }

  return {
    /** Calls `fn` with each batch of the branch's new events; returns the unsubscribe. */
    async subscribe(s: Scope, fn: Listener): Promise<() => void> {
      const key = `${s.merchantAccountId}:${s.merchantBranchId}`;
      let entry = branches.get(key);
      if (!entry) {
        entry = (async () => {
          // The cursor before the LISTEN: what commits in between is read by the first notice's read.
          const b: Branch = { cursor: await lastEventId(db, s), seen: new Set(), late: new Set(), listeners: new Set(), reading: false, again: false, stop: () => undefined };
          b.stop = await hub.subscribe(s, (n) => {
            // Not only ids at or below the cursor: a read under way may move the cursor past this one
            // without having seen it (its snapshot began before this event committed).
            if (n.eventId !== undefined && !b.seen.has(n.eventId)) b.late.add(n.eventId);
            void pump(s, b);
          });
          return b;
        })();
        branches.set(key, entry);
        entry.catch(() => branches.delete(key));
      }
      const b = await entry;
      b.listeners.add(fn);
      return () => {
        b.listeners.delete(fn);
        if (!b.listeners.size && branches.get(key) === entry) {
          branches.delete(key);
          b.stop();
        }
      };
    },
  };
}
export type OrderFeed = ReturnType<typeof createOrderFeed>;
