import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from './open-db';

/**
 * The rows a raw statement answers. Both drivers (PGlite and node-postgres) answer `{ rows }`, which
 * the common database type does not say; this is the one place that says it.
 */
export async function queryRows<T>(db: Db, query: SQLWrapper): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
