import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open-db';
import { queryRows } from '../../db/rows';

/**
 * For the PCI DSS 3.3.1 tests: every row of every table of the database as text, so a test can
 * search the whole dump for a card number or a CVV.
 */
export async function databaseDump(db: Db): Promise<string> {
  const tables = await queryRows<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public'`);
  let dump = '';
  for (const { tablename } of tables) {
    const rows = await queryRows<{ row: string }>(db, sql.raw(`select t::text as row from "${tablename}" t`));
    dump += rows.map((r) => r.row).join('\n');
  }
  return dump;
}
