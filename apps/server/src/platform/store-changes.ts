import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open-db';

/**
 * Storefront caches kept right by the database itself: triggers on every table the storefront shows
 * or prices from (migration 0014: branch, settings, licences, departments, taxes, products, groups,
 * tags, web menu, mix and match, files) announce the merchant account on this channel at commit, or
 * '*' after a TRUNCATE. Every server instance listens (ARCHITECTURE §4), so a change made through any
 * of them, or straight in SQL, empties the others' caches of that account.
 */
export const STORE_CHANGES_CHANNEL = 'store_changes';

const RECONNECT_MS = 1000;

type PgliteClient = { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> };
type PgClient = {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', cb: (m: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', cb: (err?: Error) => void): void;
};
/** pg's Pool as far as we use it: its options and Client class open a connection of our own, outside the pool. */
type PgPool = { options: object; Client: new (options: object) => PgClient };

/**
 * One LISTEN per database per process, shared by every cache of it. A sequence number orders what
 * was heard and what was read: `changedAt` is when an account's last change was heard, `resetAt`
 * when everything was last forgotten (a reconnect, a TRUNCATE).
 */
type Feed = {
  seq: number;
  resetAt: number;
  changedAt: Map<number, number>;
  live: boolean;
  users: number;
  caches: Set<{ forget(accountId: number | null): void }>;
  /** Resolves once every change committed before the call has been heard (false: changes may be missed). */
  caughtUp(): Promise<boolean>;
  stop(): Promise<void>;
};

const feeds = new WeakMap<object, Feed>();
const clientOf = (db: Db) => (db as unknown as { $client: PgliteClient | PgPool }).$client;

function feedOf(db: Db): Feed {
  const client = clientOf(db);
  const known = feeds.get(client);
  if (known) return known;
  const f: Feed = {
    seq: 0,
    resetAt: 0,
    changedAt: new Map(),
    live: false,
    users: 0,
    caches: new Set(),
    caughtUp: async () => f.live,
    stop: async () => undefined,
  };
  feeds.set(client, f);
  return f;
}

function forgetAll(f: Feed) {
  f.resetAt = ++f.seq;
  f.changedAt.clear();
  for (const c of f.caches) c.forget(null);
}

function heard(f: Feed, payload: string | undefined) {
  const accountId = Number(payload);
  if (!payload || payload === '*' || !Number.isInteger(accountId)) return forgetAll(f);
  f.changedAt.set(accountId, ++f.seq);
  for (const c of f.caches) c.forget(accountId);
}

async function listen(db: Db, f: Feed): Promise<void> {
  const client = clientOf(db);
  if ('listen' in client) {
    // PGlite: in-process, a notice is delivered with the statement that committed it.
    const unlisten = await client.listen(STORE_CHANGES_CHANNEL, (payload) => heard(f, payload));
    forgetAll(f);
    f.live = true;
    f.caughtUp = async () => f.live;
    f.stop = async () => {
      f.live = false;
      await unlisten();
    };
    return;
  }
  const c = new client.Client(client.options);
  let ended = false;
  const lost = () => {
    if (ended) return;
    ended = true;
    f.live = false;
    forgetAll(f);
    c.end().catch(() => undefined);
    if (f.users > 0) setTimeout(() => void (f.users > 0 && !f.live ? listen(db, f) : undefined)?.catch(() => undefined), RECONNECT_MS).unref();
  };
  c.on('error', lost);
  c.on('end', lost);
  c.on('notification', (m) => {
    if (m.channel === STORE_CHANGES_CHANNEL) heard(f, m.payload);
  });
  try {
    await c.connect();
    await c.query(`LISTEN ${STORE_CHANGES_CHANNEL}`);
  } catch {
    return lost();
  }
  // Anything read before now may have missed a notice.
  forgetAll(f);
  f.live = true;
  f.caughtUp = roundTrips(c);
  f.stop = async () => {
    ended = true;
    f.live = false;
    await c.end().catch(() => undefined);
  };
}

/**
 * A change committed through another instance is announced to our LISTEN connection before that
 * instance hears its commit succeed; PostgreSQL delivers a pending notice ahead of a query's answer
 * on the same connection. So a round trip on the LISTEN connection begun after a request arrived
 * means every change committed before the request has been heard: the next call sees it. Requests
 * arriving together share one round trip (the one begun after the last of them arrived).
 */
function roundTrips(c: PgClient): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;
  const run = () => {
    const p = c.query('select 1').then(
      () => true,
      () => false,
    );
    running = p;
    void p.then(() => {
      if (running === p) running = null;
    });
    return p;
  };
  return () => {
    if (next) return next;
    if (!running) return run();
    next = running.then(() => {
      next = null;
      return run();
    });
    return next;
  };
}

/**
 * Listens for store changes while the app is up (from onReady to onClose); every module whose routes
 * use a store cache calls it. Without a listening app, the caches of the database keep nothing.
 */
export function useStoreChanges(app: FastifyInstance, db: Db) {
  const f = feedOf(db);
  let using = false;
  app.addHook('onReady', async () => {
    using = true;
    if (f.users++ === 0) void listen(db, f).catch(() => undefined);
  });
  app.addHook('onClose', async () => {
    if (!using) return;
    using = false;
    if (--f.users === 0) {
      forgetAll(f);
      await f.stop();
    }
  });
}

/**
 * Whether every change committed before this call has been heard. A request asks once and passes the
 * answer to each of its cache reads (`synced`), so they share one round trip.
 */
export const storeSynced = (db: Db): Promise<boolean> => feedOf(db).caughtUp();

type Entry<T> = { value: T; accountId: number; expiresAt: number };
type Read<T> = { value: T; accountId: number | undefined; expiresAt: number; readAt: number; wasLive: boolean };
export type Computed<T> = {
  value: T;
  /** The merchant account the value belongs to; undefined keeps nothing (e.g. an unknown branch). */
  accountId: number | undefined;
  /** When the value goes stale by time alone (ms since the epoch), e.g. a DEMO licence's end. */
  expiresAt?: number;
};

export type StoreCache<T> = {
  /**
   * The value kept under `key`, or `compute`'s, kept for next time. A value read while a change of
   * its account was arriving, or while changes could not be heard, is not kept. `synced` is the
   * request's storeSynced(db), when it has one.
   */
  get(key: string, compute: () => Promise<Computed<T>>, synced?: Promise<boolean>): Promise<T>;
};

const caches = new WeakMap<object, Map<string, StoreCache<unknown>>>();

/**
 * An in-process cache of the database, by name (one per database and name), emptied per merchant
 * account by the notices above. A value is kept only if no change of its account (and no reconnect)
 * came after its read began, so a read racing a commit is never kept stale.
 */
export function storeCache<T>(db: Db, name: string, opts: { maxEntries?: number } = {}): StoreCache<T> {
  const client = clientOf(db);
  const named = caches.get(client) ?? new Map<string, StoreCache<unknown>>();
  caches.set(client, named);
  const existing = named.get(name);
  if (existing) return existing as StoreCache<T>;

  const f = feedOf(db);
  const maxEntries = opts.maxEntries ?? 5000;
  const entries = new Map<string, Entry<T>>();
  const reading = new Map<string, Promise<Read<T>>>();
  f.caches.add({
    forget(accountId) {
      if (accountId === null) return entries.clear();
      for (const [key, e] of entries) if (e.accountId === accountId) entries.delete(key);
    },
  });
  /** Whether no change of the read's account (and no reset) has been heard since the read began. */
  const current = (r: Read<T>) => r.readAt >= f.resetAt && (r.accountId === undefined || r.readAt >= (f.changedAt.get(r.accountId) ?? 0)) && r.expiresAt > Date.now();

  const cache: StoreCache<T> = {
    async get(key, compute, synced) {
      if (!(await (synced ?? f.caughtUp()))) return (await compute()).value;
      const kept = entries.get(key);
      if (kept && kept.expiresAt > Date.now()) return kept.value;
      // Calls missing the same key together share one read (50 at once on a cold menu), when it is recent enough for them.
      const shared = reading.get(key);
      if (shared) {
        const r = await shared.catch(() => undefined);
        if (r && current(r)) return r.value;
      }
      const read = (async (): Promise<Read<T>> => {
        const readAt = f.seq;
        const wasLive = f.live;
        const { value, accountId, expiresAt = Number.POSITIVE_INFINITY } = await compute();
        return { value, accountId, expiresAt, readAt, wasLive };
      })();
      reading.set(key, read);
      try {
        const r = await read;
        if (current(r) && r.accountId !== undefined && r.wasLive && f.live) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
          entries.set(key, { value: r.value, accountId: r.accountId, expiresAt: r.expiresAt });
        }
        return r.value;
      } finally {
        if (reading.get(key) === read) reading.delete(key);
      }
    },
  };
  named.set(name, cache as StoreCache<unknown>);
  return cache;
}
