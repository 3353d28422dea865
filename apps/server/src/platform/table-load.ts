import { type SQL, type SQLWrapper, and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, not, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TableFilter, TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import { tableLoadRequestSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../db/open-db';
import { badRequest } from './errors';
import { queryRows } from '../db/rows';

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
  /**
   * A stored lower-case copy of a text column (generated as lower(column)): the text match modes and
   * the sort use it as they would lower(column), so its indexes answer them and no row is lowered at read time.
   */
  lower?: AnyPgColumn;
} | {
  /** An expression shown as one text column (e.g. first and last name as the contact). */
  column: SQL;
  kind: 'text';
  toDb?: undefined;
  text?: undefined;
  lower?: undefined;
};

/** A number stored in hundredths (basis points, pence) and shown with up to two decimals. */
export const hundredthsColumn = (column: AnyPgColumn): TableColumn => ({
  column,
  kind: 'number',
  toDb: (value) => Math.round(value * 100),
  text: sql`trim_scale(${column} / 100.0)::text`,
});
export type TableColumns = Record<string, TableColumn>;

/** One key of the order: an expression and its direction. */
export type SortKey = { key: SQL | AnyPgColumn; ascending: boolean };
export type PageQuery = { where: SQL | undefined; orderBy: SQL[]; sortKeys: SortKey[]; limit: number; offset: number };

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

  // ILIKE is lower() on both sides then LIKE in a UTF-8 database, so the stored lower-case copy matches the same rows.
  if (col.kind === 'text' && col.lower) {
    const lower = col.lower;
    const like = (pattern: string) => sql`${lower} like lower(${pattern})`;
    switch (mode) {
      case 'startsWith':
        return like(`${escapeLike(str())}%`);
      case 'contains':
        return like(`%${escapeLike(str())}%`);
      case 'notContains':
        return not(like(`%${escapeLike(str())}%`));
      case 'endsWith':
        return like(`%${escapeLike(str())}`);
      case 'equals':
        return sql`${lower} = lower(${str()})`;
      case 'notEquals':
        return sql`${lower} <> lower(${str()})`;
    }
  }
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
  const sortKeys: SortKey[] = req.sort.map((s) => {
    const col = columns[s.name];
    if (!col || !Object.hasOwn(columns, s.name)) throw badRequest(`Unknown sort field: ${s.name}`);
    // Text sorts as people read it ('apple' before 'Banana'), whatever the database's collation.
    const key = col.kind === 'text' ? (col.lower ?? sql`lower(${col.column})`) : col.column;
    return { key, ascending: s.ascending };
  });
  sortKeys.push({ key: idColumn, ascending: true });
  const orderBy = sortKeys.map((k) => (k.ascending ? asc(k.key) : desc(k.key)));
  const limit = req.limit === -1 ? EXPORT_CAP : req.limit;
  return { where: and(...filters), orderBy, sortKeys, limit, offset: req.limit === -1 ? 0 : req.pageNumber * req.limit };
}

/**
 * The total when the page itself tells it: a page shorter than the limit is the last one, so the
 * total is its offset plus its rows (an empty page past the end tells nothing, unless it is the first).
 */
function totalFromPage(q: PageQuery, rows: number): number | undefined {
  if (rows >= q.limit) return undefined;
  if (rows > 0 || q.offset === 0) return q.offset + rows;
  return undefined;
}

/**
 * Runs a table load: the repo supplies the page query and the count, both already scoped to its tenant.
 * The page goes first: most lists fit on one page, and a short page is the last, so its total needs no count.
 */
export async function loadTable<R>(
  columns: TableColumns,
  idColumn: AnyPgColumn,
  request: TableLoadRequest,
  page: (q: PageQuery) => Promise<R[]>,
  count: (where: SQL | undefined) => Promise<number>,
): Promise<TableLoadResponse<R>> {
  const q = pageQuery(columns, idColumn, request);
  const data = await page(q);
  return { data, totalCount: totalFromPage(q, data.length) ?? (await count(q.where)) };
}

/**
 * A table load for a large table (thousands of rows and more), in two statements whatever the page.
 * The first reads the matching rows' ids and sort keys, counts them and takes the page's ids in order;
 * with a filter, from one scan of the matches (a materialised CTE) that both the count and the page
 * read, since counting visits every match anyway; with none, the count and the page are planned apart
 * (the page can then walk an index in order and stop at its last row). The second, `rowsByIds`, reads
 * the page's rows: joins that only dress a row (names, rates, images) are made for the page alone.
 * `matches` gives the scoped select of the matching rows with the fields it is handed, and only the
 * joins a filter or sort may name. The count reads the matches' ids, which no name index holds: after a
 * vacuum has marked the pages all-visible, a bare count(*) of a contains filter is planned as an
 * index-only scan of the whole btree name index (LIKE is costed too cheap), about 4 times slower than
 * the trigram index on 100,000 products. An index that adds the id to a name (key or INCLUDE) brings
 * that plan back.
 */
export async function loadTableByIds<R extends { id: number }>(
  db: Db,
  columns: TableColumns,
  idColumn: AnyPgColumn,
  request: TableLoadRequest,
  matches: (fields: Record<string, SQL.Aliased>, where: SQL | undefined) => SQLWrapper,
  rowsByIds: (ids: number[]) => Promise<R[]>,
): Promise<TableLoadResponse<R>> {
  const q = pageQuery(columns, idColumn, request);
  const fields: Record<string, SQL.Aliased> = { id: sql`${idColumn}`.as('id') };
  for (const [i, k] of q.sortKeys.entries()) fields[`k${i}`] = sql`${k.key}`.as(`k${i}`);
  const order = sql.raw(q.sortKeys.map((k, i) => `m.k${i} ${k.ascending ? 'asc' : 'desc'}`).join(', '));
  const page = (from: SQL) => sql`array(select m.id from ${from} m order by ${order} limit ${q.limit} offset ${q.offset})`;
  const statement = q.where
    ? sql`with m as materialized (${matches(fields, q.where)}) select (select count(*) from m)::int as "total", ${page(sql`m`)} as "ids"`
    : sql`select (select count(*) from (${matches(fields, undefined)}) c)::int as "total", ${page(sql`(${matches(fields, undefined)})`)} as "ids"`;
  const [{ total, ids }] = await queryRows<{ total: number; ids: number[] }>(db, statement);
  if (!ids.length) return { data: [], totalCount: total };
  const byId = new Map((await rowsByIds(ids)).map((r) => [r.id, r]));
  // A row deleted between the two statements is left out rather than failing the page.
  return { data: ids.flatMap((id) => byId.get(id) ?? []), totalCount: total };
}
