import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './open-db';
import { perDatabase } from './per-database';

const dialect = new PgDialect();

/**
 * A raw statement whose values are `sql.placeholder`s, as a function of the database and the values:
 * its text is made once, and it is prepared once per database under `name` (PostgreSQL parses and
 * plans it once per connection), as Drizzle's builders' `.prepare` does for a select. For the busiest
 * writes, whose WITH parts a builder cannot say.
 */
export function preparedSql<Row>(name: string, statement: SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  return sqlOnce<Row>(name, statement);
}

/**
 * As preparedSql, but PostgreSQL plans it on every call, for its values: for a statement whose best
 * plan depends on them (a LIKE pattern can use a name index's range only when the planner sees it;
 * a prepared statement's generic plan, taken after five calls, cannot: the autocomplete's cost about
 * seven times the database CPU).
 */
export function builtOnceSql<Row>(statement: SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  return sqlOnce<Row>(undefined, statement);
}

function sqlOnce<Row>(name: string | undefined, statement: SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const prepared = perDatabase((db) => db._.session.prepareQuery(query, undefined, name, false));
  return async (db, values) => ((await prepared(db).execute(values)) as { rows: Row[] }).rows;
}
