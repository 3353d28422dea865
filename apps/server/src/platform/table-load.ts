import { type SQL, and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, not, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TableFilter, TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import { tableLoadRequestSchema } from '@tillpoint/contracts/table-load';
import { badRequest } from './errors';

/**
 * The generic table load (ARCHITECTURE §2): filters and sorts come from the client by name, are
 * checked against the table's allow-list, and become SQL; the order always ends with the id.
 */
export type ColumnKind = 'text' | 'number' | 'date' | 'boolean';
export type TableColumn = {
  column: AnyPgColumn;
  kind: ColumnKind;
  /** Turns a filter value from the API's unit into the database's (e.g. a rate of 20 into 2000 basis points). */
  toDb?: (value: number) => number;
  /** The value as the API shows it, for the text match modes (contains '17.5' must find 1750 basis points). */
  text?: SQL;
} | {
  /** An expression shown as one text column (e.g. first and last name as the contact). */
  column: SQL;
  kind: 'text';
  toDb?: undefined;
  text?: undefined;
};

/** A number stored in hundredths (basis points, pence) and shown with up to two decimals. */
export const hundredthsColumn = (column: AnyPgColumn): TableColumn => ({
  column,
  kind: 'number',
  toDb: (value) => Math.round(value * 100),
  text: sql`trim_scale(${column} / 100.0)::text`,
});
export type TableColumns = Record<string, TableColumn>;

export type PageQuery = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

/** -1 means every row; exports are capped here so one request cannot read a whole database. */
const EXPORT_CAP = 100_000;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Integer column types and the values they can hold; a filter outside them is bad input, not a server error. */
const INTEGER_RANGES: Record<string, [number, number]> = {
  smallint: [-32_768, 32_767],
  smallserial: [1, 32_767],
  integer: [-2_147_483_648, 2_147_483_647],
  serial: [1, 2_147_483_647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  bigserial: [1, Number.MAX_SAFE_INTEGER],
};

function toNumber(name: string, v: unknown, col: TableColumn): number {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw badRequest(`The filter value of ${name} must be a number.`);
  const dbValue = col.toDb ? col.toDb(n) : n;
  const range = col.kind === 'text' ? undefined : INTEGER_RANGES[col.column.getSQLType()];
  if (range && !Number.isInteger(dbValue)) throw badRequest(`The filter value of ${name} must be a whole number.`);
  if (range && (dbValue < range[0] || dbValue > range[1])) throw badRequest(`The filter value of ${name} is out of range.`);
  return dbValue;
}

function toDate(name: string, v: unknown): Date {
  const d = new Date(typeof v === 'number' ? v : String(v));
  // Years 1 to 9999 only: PostgreSQL refuses some dates JavaScript accepts (and the reverse), which would be a 500.
  const year = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || year < 1 || year > 9999) throw badRequest(`The filter value of ${name} must be a date.`);
  return d;
}

function isEmpty(v: unknown) {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

function filterSql(f: TableFilter, col: TableColumn): SQL | undefined {
  const c = col.column;
  const v = f.value;
  if (isEmpty(v)) return undefined;
  const mode = f.filterMatchMode;
  const asText = col.kind === 'text' ? c : (col.text ?? sql`${c}::text`);
  const str = () => String(Array.isArray(v) ? v[0] : v);
  const list = () => (Array.isArray(v) ? v : [v]);

  if (col.kind === 'text' || ((mode === 'contains' || mode === 'startsWith' || mode === 'endsWith' || mode === 'notContains') && col.kind === 'number')) {
    switch (mode) {
      case 'startsWith':
        return ilike(asText, `${escapeLike(str())}%`);
      case 'contains':
        return ilike(asText, `%${escapeLike(str())}%`);
      case 'notContains':
        return not(ilike(asText, `%${escapeLike(str())}%`));
      case 'endsWith':
        return ilike(asText, `%${escapeLike(str())}`);
      case 'equals':
        return sql`lower(${c}) = lower(${str()})`;
      case 'notEquals':
        return sql`lower(${c}) <> lower(${str()})`;
      case 'in':
        return inArray(sql`${c}`, list().map(String));
      default:
        if (col.kind === 'text') throw badRequest(`The match mode ${mode} does not apply to ${f.name}.`);
    }
  }
  if (col.kind === 'number') {
    const c = col.column;
    const n = () => toNumber(f.name, Array.isArray(v) ? v[0] : v, col);
    switch (mode) {
      case 'equals':
        return eq(c, n());
      case 'notEquals':
        return ne(c, n());
      case 'lt':
        return lt(c, n());
      case 'lte':
        return lte(c, n());
      case 'gt':
        return gt(c, n());
      case 'gte':
        return gte(c, n());
      case 'in':
        return inArray(c, list().map((x) => toNumber(f.name, x, col)));
      case 'between': {
        const [a, b] = list();
        const parts = [isEmpty(a) ? undefined : gte(c, toNumber(f.name, a, col)), isEmpty(b) ? undefined : lte(c, toNumber(f.name, b, col))];
        return and(...parts);
      }
    }
  }
  if (col.kind === 'date') {
    const c = col.column;
    const d = () => toDate(f.name, Array.isArray(v) ? v[0] : v);
    switch (mode) {
      case 'dateIs':
      case 'equals':
        return sql`date_trunc('day', ${c}) = date_trunc('day', ${d()}::timestamptz)`;
      case 'dateIsNot':
      case 'notEquals':
        return sql`date_trunc('day', ${c}) <> date_trunc('day', ${d()}::timestamptz)`;
      case 'dateBefore':
      case 'lt':
        return lt(c, d());
      case 'dateAfter':
      case 'gt':
        return gt(c, d());
      case 'between': {
        const [a, b] = list();
        return and(isEmpty(a) ? undefined : gte(c, toDate(f.name, a)), isEmpty(b) ? undefined : lte(c, toDate(f.name, b)));
      }
    }
  }
  if (col.kind === 'boolean' && (mode === 'equals' || mode === 'notEquals')) {
    const c = col.column;
    const b = v === true || v === 'true';
    return mode === 'equals' ? eq(c, b) : ne(c, b);
  }
  throw badRequest(`The match mode ${mode} does not apply to ${f.name}.`);
}

/** Builds the page query of a table load, rejecting names that are not on the allow-list. */
export function pageQuery(columns: TableColumns, idColumn: AnyPgColumn, raw: TableLoadRequest): PageQuery {
  const req = tableLoadRequestSchema.parse(raw);
  const filters: (SQL | undefined)[] = req.filter.map((f) => {
    const col = columns[f.name];
    if (!col || !Object.hasOwn(columns, f.name)) throw badRequest(`Unknown filter field: ${f.name}`);
    return filterSql(f, col);
  });
  const orderBy: SQL[] = req.sort.map((s) => {
    const col = columns[s.name];
    if (!col || !Object.hasOwn(columns, s.name)) throw badRequest(`Unknown sort field: ${s.name}`);
    // Text sorts as people read it ('apple' before 'Banana'), whatever the database's collation.
    const key = col.kind === 'text' ? sql`lower(${col.column})` : col.column;
    return s.ascending ? asc(key) : desc(key);
  });
  orderBy.push(asc(idColumn));
  const limit = req.limit === -1 ? EXPORT_CAP : req.limit;
  return { where: and(...filters), orderBy, limit, offset: req.limit === -1 ? 0 : req.pageNumber * req.limit };
}

/** Runs a table load: the repo supplies the page query and the count, both already scoped to its tenant. */
export async function loadTable<R>(
  columns: TableColumns,
  idColumn: AnyPgColumn,
  request: TableLoadRequest,
  page: (q: PageQuery) => Promise<R[]>,
  count: (where: SQL | undefined) => Promise<number>,
): Promise<TableLoadResponse<R>> {
  const q = pageQuery(columns, idColumn, request);
  const [data, totalCount] = await Promise.all([page(q), count(q.where)]);
  return { data, totalCount };
}
