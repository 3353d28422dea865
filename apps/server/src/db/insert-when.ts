import { type SQL, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * An insert, made as a part of a statement's WITH, that writes its rows only when the part named
 * `guard` returned a row. A change guarded by the state it was decided on (an update whose WHERE
 * repeats what was read) then writes its companions (history, prints) exactly when it happened,
 * in one statement, with no transaction around a read and a write. The rows travel as one JSON
 * value typed by the table's own row type; a key a row leaves out is null in that row. In
 * parentheses, as a part of a WITH is written.
 */
export function insertWhen<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][], guard: string): SQL {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k in columns);
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k].name)),
    sql`, `,
  );
  const json = rows.map((r) =>
    Object.fromEntries(
      keys.map((k) => {
        const v = (r as Record<string, unknown>)[k];
        return [columns[k].name, v === undefined || v === null ? null : columns[k].mapToDriverValue(v)];
      }),
    ),
  );
  return sql`(insert into ${table} (${names})
    select ${names} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(json)}::jsonb)
    where exists (select 1 from ${sql.identifier(guard)}))`;
}
