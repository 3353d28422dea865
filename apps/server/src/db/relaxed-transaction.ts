import { sql } from 'drizzle-orm';
import type { Db } from './open-db';

/**
 * Makes the current transaction's commit not wait for the disk, from inside any statement of it (a
 * single statement is a transaction of its own: basket.repo's addLine relaxes itself this way).
 */
export const RELAXED_COMMIT = sql`set_config('synchronous_commit', 'off', true)`;

/**
 * A transaction whose commit does not wait for the WAL to reach the disk (synchronous_commit off,
 * for this transaction only). Meant for a customer's basket edits, never for money or an order:
 * a database crash can lose the last fraction of a second of such edits (the customer sees the
 * item missing and adds it again), but nothing is ever half-written, and a later durable commit
 * (placing the order) flushes everything before it. On this machine a flushed commit takes 2–3 ms
 * at the median and 15 ms and more at the p99 (pgbench, one client): the bulk of an add's time.
 */
export function relaxedTransaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${RELAXED_COMMIT}`);
    return run(tx);
  });
}
