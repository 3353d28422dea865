import type { Db } from '../../db/open-db';
import { ORDER_EVENTS_CHANNEL } from './orders.repo';

/** What insertOrder and the order actions announce on ORDER_EVENTS_CHANNEL. */
export type OrderNotice = { merchantAccountId: number; merchantBranchId: number; orderId: number; eventId?: number };
type Subscriber = (n: OrderNotice) => void;

/** The two drivers' listen APIs, as far as we use them. */
type PgliteClient = { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> };
type PgClient = {
  query(text: string): Promise<unknown>;
  on(event: 'notification', cb: (m: { channel: string; payload?: string }) => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
  release(err?: boolean | Error): void;
};
type PgPool = { connect(): Promise<PgClient> };

export type OrderEventHub = {
  /** Calls `fn` for every notice of the branch; returns the unsubscribe. */
  subscribe(branch: { merchantAccountId: number; merchantBranchId: number }, fn: Subscriber): Promise<() => void>;
  close(): Promise<void>;
};

const RECONNECT_MS = 1000;

/**
 * One LISTEN per process (ARCHITECTURE §4), fanned out to the streams of each branch. PGlite
 * delivers notifications in-process through its listen API; on PostgreSQL a dedicated client of
 * the pool holds the LISTEN (a pooled one would lose it) and is replaced if its connection drops.
 * Notices from every server instance arrive here, so a stream hears orders placed anywhere.
 */
export function createOrderEventHub(db: Db): OrderEventHub {
  const client = (db as unknown as { $client: PgliteClient | PgPool }).$client;
  const byBranch = new Map<string, Set<Subscriber>>();
  let started: Promise<void> | null = null;
  let stop: (() => Promise<void>) | null = null;
  let closed = false;

  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let n: OrderNotice;
    try {
      n = JSON.parse(payload) as OrderNotice;
    } catch {
      return;
    }
    for (const fn of byBranch.get(`${n.merchantAccountId}:${n.merchantBranchId}`) ?? []) fn(n);
  };

  async function listenPg(pool: PgPool): Promise<void> {
    const c = await pool.connect();
    let released = false;
    const drop = (err?: Error) => {
      if (released) return;
      released = true;
      c.release(err ?? true);
      if (!closed) setTimeout(() => void listenPg(pool).catch(() => undefined), RECONNECT_MS).unref();
    };
    c.on('notification', (m) => {
      if (m.channel === ORDER_EVENTS_CHANNEL) deliver(m.payload);
    });
    c.on('error', (err) => drop(err));
    await c.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
    stop = async () => {
      if (released) return;
      released = true;
      await c.query(`UNLISTEN ${ORDER_EVENTS_CHANNEL}`).catch(() => undefined);
      c.release();
    };
  }

  const start = () => {
    if (!started) {
      started =
        'listen' in client
          ? client.listen(ORDER_EVENTS_CHANNEL, deliver).then((unlisten) => {
              stop = unlisten;
            })
          : listenPg(client);
    }
    return started;
  };

  return {
    async subscribe(branch, fn) {
      await start();
      const key = `${branch.merchantAccountId}:${branch.merchantBranchId}`;
      let set = byBranch.get(key);
      if (!set) {
        set = new Set();
        byBranch.set(key, set);
      }
      set.add(fn);
      return () => {
        set.delete(fn);
        if (!set.size) byBranch.delete(key);
      };
    },
    async close() {
      closed = true;
      byBranch.clear();
      await stop?.();
    },
  };
}

/** The hubs in use per database, shared by the staff and display streams: still one LISTEN per process. */
const shared = new WeakMap<Db, { hub: OrderEventHub; users: number }>();

/** The process's hub for this database; its close() lets go, and the last to let go closes it. */
export function acquireOrderEventHub(db: Db): OrderEventHub {
  let entry = shared.get(db);
  if (!entry) {
    entry = { hub: createOrderEventHub(db), users: 0 };
    shared.set(db, entry);
  }
  entry.users++;
  const held = entry;
  let released = false;
  return {
    subscribe: (branch, fn) => held.hub.subscribe(branch, fn),
    async close() {
      if (released) return;
      released = true;
      held.users--;
      if (held.users > 0) return;
      shared.delete(db);
      await held.hub.close();
    },
  };
}
