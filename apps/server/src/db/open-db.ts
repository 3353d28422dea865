import { mkdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { queryRows } from './rows';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = 'pglite' | 'postgres';
export type OpenDb = {
  db: Db;
  engine: Engine;
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start another database from (tests). */
  dump?: () => Promise<Blob>;
};

/** The embedded database's buffer pool (PostgreSQL's shared_buffers). */
export const PGLITE_SHARED_BUFFERS = '32MB';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite (in a folder, or in memory for null).
 * An in-memory PGlite may start from a dumped data directory, which skips its slow initdb.
 */
export async function openDb(opts: { databaseUrl?: string; dataDir: string | null; loadDataDir?: Blob }): Promise<OpenDb> {
  // Each engine's driver is loaded only when it is the one used: a start on PGlite skips pg, and the other way round.
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // Connections are kept once opened (no idle timeout: the pool's default closed them after 10 s
    // idle): a new one costs a backend's start, its catalogue caches filled again and every prepared
    // statement parsed again, and at a person's pace the pool shrank and grew all the time, those
    // costs landing on whichever call opened it.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, idleTimeoutMillis: 0 });
    // An idle connection the server ends (restart, failover, a dropped database) must not crash the
    // process: the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (await migrationsPending(db)) await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const [{ PGlite }, { pg_trgm }, { btree_gin }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // Extensions the migrations create (pg_trgm and btree_gin for product name search) must be loaded into PGlite's WASM build.
  // PGlite sets up its whole buffer pool on the main thread at every open: PostgreSQL's default 128 MB
  // cost about 0.5 s of CPU there, 32 MB about 0.1 s, and still holds a store's working set.
  const options = { extensions: { pg_trgm, btree_gin }, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
  const client = opts.dataDir
    ? new PGlite(opts.dataDir, options)
    : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir, ...options } : options);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (await migrationsPending(db)) await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, engine: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}

/**
 * Whether Drizzle's migrator has anything to apply: it applies the journal's migrations dated after
 * the last one recorded in drizzle.__drizzle_migrations, so when that is the journal's newest there
 * is nothing to do. One indexed read instead of the migrator's schema and table checks and its
 * transaction, on every start (a new database, with no such table, answers true).
 */
export async function migrationsPending(db: Db, folder = migrationsFolder): Promise<boolean> {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const [row] = await queryRows<{ last: string | null }>(db, sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
    const last = row?.last;
    return last == null || Number(last) < newest;
  } catch {
    return true;
  }
}
