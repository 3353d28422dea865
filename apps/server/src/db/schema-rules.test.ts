import { sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/harness';
import type { Db, OpenDb } from './open-db';
import * as schema from './schema';
import { GLOBAL_TABLES, GLOBAL_UNIQUES, MEMBER_TABLES } from './schema';
import { queryRows } from './rows';

/**
 * ARCHITECTURE §3, checked over the whole schema as the migrations actually create it (this suite
 * runs on PGlite and on PostgreSQL, so the same migrations must apply on both engines).
 */
const TENANT = 'merchant_account_id';
/** Member-owned data is keyed the same way by the member (MEMBER_TABLES). */
const MEMBER = 'member_user_id';

/**
 * Names that hold money or rates (price, web_price, price2, delivery_fee, rate_bp, net_sale …):
 * these must be integer minor units (pence, basis points).
 */
const MONEY_LIKE = /(^|_)(price|amount|cost|fee|balance|total|subtotal|charge|discount|overdraft|tip|refunds?|sales?|rate|margin)\d*(_(pence|bp|minor))?$/;
const INTEGER_TYPES = new Set(['integer', 'bigint', 'smallint']);
const FLOAT_TYPES = new Set(['real', 'double precision']);

type Column = { table: string; column: string; type: string; notNull: boolean };
type Key = { table: string; name: string; columns: string[] };
type ForeignKey = Key & { refTable: string; pairs: [string, string][] };
type Catalog = { tables: string[]; columns: Column[]; primaryKeys: Key[]; uniques: Key[]; foreignKeys: ForeignKey[] };


/** Tables, columns and keys of one schema, read from pg_catalog (unique indexes count as uniques). */
async function readCatalog(db: Db, schemaName: string): Promise<Catalog> {
  const tables = (await queryRows<{ table: string }>(db, sql`select c.relname as "table" from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schemaName} and c.relkind in ('r', 'p') order by 1`,
  )).map((r) => r.table);
  const columns = await queryRows<Column>(db, sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type", a.attnotnull as "notNull"
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schemaName} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped order by 1, a.attnum`,
  );
  const indexes = await queryRows<{ table: string; name: string; primary: boolean; columns: string[] }>(db, sql`select t.relname as "table", i.relname as "name", x.indisprimary as "primary",
        array(select a.attname from unnest(x.indkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.ord)::text[] as "columns"
      from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = ${schemaName} and (x.indisunique or x.indisprimary) order by 1, 2`,
  );
  const foreignKeys = await queryRows<{ table: string; name: string; refTable: string; columns: string[]; refColumns: string[] }>(db, sql`select t.relname as "table", con.conname as "name", r.relname as "refTable",
        array(select a.attname from unnest(con.conkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord)::text[] as "columns",
        array(select a.attname from unnest(con.confkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord)::text[] as "refColumns"
      from pg_constraint con join pg_class t on t.oid = con.conrelid join pg_class r on r.oid = con.confrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = ${schemaName} and con.contype = 'f' order by 1, 2`,
  );
  return {
    tables,
    columns,
    primaryKeys: indexes.filter((i) => i.primary),
    uniques: indexes.filter((i) => !i.primary),
    foreignKeys: foreignKeys.map((f) => ({ ...f, pairs: f.columns.map((c, i): [string, string] => [c, f.refColumns[i]]) })),
  };
}

/** Every breach of the tenancy and money rules, one line each. */
function violations(
  cat: Catalog,
  globalTables: Record<string, string>,
  globalUniques: Record<string, string>,
  memberTables: Record<string, string> = {},
): string[] {
  const out: string[] = [];
  const memberOwned = new Set(cat.tables.filter((t) => Object.hasOwn(memberTables, t)));
  const merchantOwned = new Set(cat.tables.filter((t) => !Object.hasOwn(globalTables, t) && !memberOwned.has(t)));
  const owners: [Set<string>, string][] = [
    [merchantOwned, TENANT],
    [memberOwned, MEMBER],
  ];
  for (const [owned, key] of owners) {
    for (const table of owned) {
      const owner = cat.columns.find((c) => c.table === table && c.column === key);
      if (!owner) out.push(`${table}: no ${key}`);
      else if (!owner.notNull) out.push(`${table}: ${key} is nullable`);
      const pk = cat.primaryKeys.find((k) => k.table === table);
      if (!pk) out.push(`${table}: no primary key`);
      else if (pk.columns[0] !== key) out.push(`${table}: primary key (${pk.columns.join(', ')}) does not start with ${key}`);
    }
    for (const u of cat.uniques) {
      if (owned.has(u.table) && !u.columns.includes(key) && !Object.hasOwn(globalUniques, u.name)) {
        out.push(`${u.table}: unique ${u.name} (${u.columns.join(', ')}) leaves out ${key}`);
      }
    }
  }
  for (const fk of cat.foreignKeys) {
    // A reference into a tenant's (or a member's) rows must carry the owner's key on both sides.
    const fromOwned = merchantOwned.has(fk.table) || memberOwned.has(fk.table);
    for (const [owned, key] of owners) {
      if (fromOwned && owned.has(fk.refTable) && !fk.pairs.some(([a, b]) => a === key && b === key)) {
        out.push(`${fk.table}: foreign key ${fk.name} to ${fk.refTable} leaves out ${key}`);
      }
    }
  }
  for (const c of cat.columns) {
    if (FLOAT_TYPES.has(c.type)) out.push(`${c.table}.${c.column}: floating point (${c.type})`);
    else if (MONEY_LIKE.test(c.column) && !INTEGER_TYPES.has(c.type)) out.push(`${c.table}.${c.column}: money-like but ${c.type}`);
  }
  return out;
}

let opened: OpenDb;
let cat: Catalog;
beforeAll(async () => {
  opened = await openTestDb();
  cat = await readCatalog(opened.db, 'public');
});
afterAll(() => opened.close());

describe('schema rules over the migrated database', () => {
  it('sees the whole schema', () => {
    expect(cat.tables).toEqual(expect.arrayContaining(['tax', 'merchant_branch', 'merchant_user', 'admin_user', 'mail_outbox']));
  });

  it('keeps tenancy in the keys and money in integers', () => {
    expect(violations(cat, GLOBAL_TABLES, GLOBAL_UNIQUES, MEMBER_TABLES)).toEqual([]);
  });

  it('lists only real tables and constraints as global, with a reason each', () => {
    for (const [name, why] of Object.entries(GLOBAL_TABLES)) {
      expect(cat.tables, `GLOBAL_TABLES.${name}`).toContain(name);
      expect(why.length).toBeGreaterThan(5);
    }
    for (const [name, why] of Object.entries(MEMBER_TABLES)) {
      expect(cat.tables, `MEMBER_TABLES.${name}`).toContain(name);
      expect(Object.hasOwn(GLOBAL_TABLES, name), `${name} is both global and member-owned`).toBe(false);
      expect(why.length).toBeGreaterThan(5);
    }
    const uniqueNames = cat.uniques.map((u) => u.name);
    for (const [name, why] of Object.entries(GLOBAL_UNIQUES)) {
      expect(uniqueNames, `GLOBAL_UNIQUES.${name}`).toContain(name);
      expect(why.length).toBeGreaterThan(5);
    }
  });

  it('global tables carry no tenant column (a table holding tenant data must not hide in the list)', () => {
    const tenantColumns = cat.columns.filter((c) => c.column === TENANT && Object.hasOwn(GLOBAL_TABLES, c.table));
    expect(tenantColumns).toEqual([]);
  });

  it('matches schema.ts: every Drizzle table exists with the same columns and nullability (no forgotten migration)', () => {
    const declared = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.map((t) => getTableConfig(t).name).sort()).toEqual([...cat.tables].sort());
    for (const t of declared) {
      const config = getTableConfig(t);
      const live = cat.columns.filter((c) => c.table === config.name).map((c) => `${c.column}${c.notNull ? ' not null' : ''}`);
      const inSchema = config.columns.map((c) => `${c.name}${c.notNull || c.primary ? ' not null' : ''}`);
      expect(live.sort(), config.name).toEqual(inSchema.sort());
    }
  });
});

describe('the rules catch breaches', () => {
  const scratch = 'schema_rules_selftest';
  afterAll(() => opened.db.execute(sql.raw(`drop schema if exists ${scratch} cascade`)));

  it('reports each kind of breach in a deliberately bad schema', async () => {
    const ddl = `
      create schema ${scratch};
      create table ${scratch}.platform (id serial primary key, name text unique);
      create table ${scratch}.good (merchant_account_id integer not null, id serial, name text,
        web_price2 integer not null, primary key (merchant_account_id, id), unique (merchant_account_id, name));
      create table ${scratch}.no_tenant (id serial primary key);
      create table ${scratch}.nullable_tenant (merchant_account_id integer, id serial, primary key (id));
      create table ${scratch}.id_first (merchant_account_id integer not null, id serial, name text,
        primary key (id, merchant_account_id), constraint id_first_name_key unique (name));
      create unique index id_first_lower_name on ${scratch}.id_first (lower(name), merchant_account_id);
      create table ${scratch}.child (merchant_account_id integer not null, id serial, good_id integer,
        amount numeric(10, 2), weight real, primary key (merchant_account_id, id),
        constraint child_good_fk foreign key (good_id, merchant_account_id) references ${scratch}.good (id, merchant_account_id),
        constraint child_bad_fk foreign key (good_id) references ${scratch}.platform (id));
      create table ${scratch}.cross_ref (merchant_account_id integer not null, id serial, other_id integer,
        primary key (merchant_account_id, id),
        constraint cross_ref_other_fk foreign key (other_id, merchant_account_id) references ${scratch}.id_first (id, merchant_account_id),
        constraint cross_ref_child_fk foreign key (merchant_account_id, other_id) references ${scratch}.child (id, merchant_account_id));
      create table ${scratch}.m_owned (member_user_id integer not null, id serial, merchant_account_id integer not null, good_id integer,
        primary key (member_user_id, id), constraint m_owned_store_key unique (merchant_account_id, id),
        constraint m_owned_good_fk foreign key (merchant_account_id, good_id) references ${scratch}.good (merchant_account_id, id));
      create table ${scratch}.m_bad (member_user_id integer, id serial, m_id integer, account_id integer, platform_id integer,
        primary key (id),
        constraint m_bad_m_fk foreign key (account_id, m_id) references ${scratch}.m_owned (merchant_account_id, id),
        constraint m_bad_platform_fk foreign key (platform_id) references ${scratch}.platform (id));
    `;
    for (const statement of ddl.split(';').filter((s) => s.trim())) await opened.db.execute(sql.raw(statement));
    const bad = await readCatalog(opened.db, scratch);
    expect(violations(bad, { platform: 'global' }, {}, { m_owned: 'member', m_bad: 'member' }).sort()).toEqual(
      [
        'no_tenant: no merchant_account_id',
        'no_tenant: primary key (id) does not start with merchant_account_id',
        'nullable_tenant: merchant_account_id is nullable',
        'nullable_tenant: primary key (id) does not start with merchant_account_id',
        'id_first: primary key (id, merchant_account_id) does not start with merchant_account_id',
        'id_first: unique id_first_name_key (name) leaves out merchant_account_id',
        'child.amount: money-like but numeric(10,2)',
        'child.weight: floating point (real)',
        'cross_ref: foreign key cross_ref_child_fk to child leaves out merchant_account_id',
        'm_owned: unique m_owned_store_key (merchant_account_id, id) leaves out member_user_id',
        'm_bad: member_user_id is nullable',
        'm_bad: primary key (id) does not start with member_user_id',
        'm_bad: foreign key m_bad_m_fk to m_owned leaves out member_user_id',
      ].sort(),
    );
    // A listed exception is accepted.
    expect(violations(bad, { platform: 'global' }, { id_first_name_key: 'why' })).not.toContain(
      'id_first: unique id_first_name_key (name) leaves out merchant_account_id',
    );
  });
});
