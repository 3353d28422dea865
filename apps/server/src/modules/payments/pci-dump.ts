import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open-db';

/**
 * For the PCI DSS 3.3.1 tests: every row of every table of the database as text, so a test can
 * search the whole dump for a card number or a CVV.
 */
export async function databaseDump(db: Db): Promise<string> {
  const tables = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: { tablename: string }[] };
  let dump = '';
  for (const { tablename } of tables.rows) {
    const rows = (await db.execute(sql.raw(`select t::text as row from "${tablename}" t`))) as unknown as { rows: { row: string }[] };
    dump += rows.rows.map((r) => r.row).join('\n');
  }
  return dump;
}
