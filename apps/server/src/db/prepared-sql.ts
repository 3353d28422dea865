import { type SQL, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
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

/** Whole tables a statement answers rows of, by the name each row gives them. */
type TableSelection = Record<string, PgTable>;
type RowsOf<S extends TableSelection> = { [K in keyof S]: S[K]['$inferSelect'] };

/**
 * As preparedSql, for a statement that answers whole rows of tables (a lock's read, an insert's
 * RETURNING), each mapped as Drizzle maps a select of those tables: camelCase keys and each
 * column's own decoding (dates, jsonb). The statement selects `columns`: every column of each
 * table in `selection`, in order, read from `from[name]` (a CTE's or an alias's name; by default
 * the table's own). A table named in `nullable`, the right side of a left join, is answered as null
 * where it matched no row. For a statement run in a transaction, where a Drizzle builder's
 * `.prepare` would build its text again on every call.
 */
export function preparedRowsSql<S extends TableSelection>(
  name: string,
  selection: S,
  opts: { from?: Partial<Record<keyof S, string>>; nullable?: (keyof S)[] },
  statement: (columns: SQL) => SQL,
): (db: Db, values: Record<string, unknown>) => Promise<RowsOf<S>[]> {
  const fields = Object.entries(selection).flatMap(([key, table]) => Object.entries(getTableColumns(table)).map(([column, field]) => ({ path: [key, column], field, from: opts.from?.[key] ?? getTableName(table) })));
  const columns = sql.join(
    fields.map((f) => sql`${sql.identifier(f.from)}.${sql.identifier(f.field.name)}`),
    sql`, `,
  );
  const query = dialect.sqlToQuery(statement(columns));
  // Drizzle's rule for a left join's table (utils.mapResultRow): all its columns null, and not
  // marked as always there, makes it null.
  const joins = Object.fromEntries(Object.entries(selection).map(([key, table]) => [getTableName(table), !opts.nullable?.includes(key)]));
  const ordered = fields.map(({ path, field }) => ({ path, field }));
  return async (db, values) => {
    const prepared = db._.session.prepareQuery(query, ordered, name, true);
    (prepared as unknown as { joinsNotNullableMap: Record<string, boolean> }).joinsNotNullableMap = joins;
    return (await prepared.execute(values)) as RowsOf<S>[];
  };
}
