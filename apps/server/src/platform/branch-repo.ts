import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { InferInsertModel, InferSelectModel } from 'drizzle-orm';
import type { TableLoadRequest, TableLoadResponse } from '@tillpoint/contracts/table-load';
import type { Db } from '../db/open-db';
import type { Scope } from './auth';
import { type TableColumns, loadTable } from './table-load';
import { ownedBy } from './tenancy';

/** The key columns every account-owned table has (ARCHITECTURE §3: tenancy in the keys). */
export type AccountKeys = { merchantAccountId: AnyPgColumn; id: AnyPgColumn; status?: AnyPgColumn };
/** The key columns every branch-owned table has. */
export type BranchKeys = AccountKeys & { merchantBranchId: AnyPgColumn };

/** What the generic resource routes need from an entity's data functions (U: the update input, when it differs). */
export type ResourceRepo<R, I, U = I> = {
  list(db: Db, scope: Scope, request: TableLoadRequest): Promise<TableLoadResponse<R>>;
  all(db: Db, scope: Scope, onlyActive?: boolean): Promise<R[]>;
  get(db: Db, scope: Scope, id: number): Promise<R | undefined>;
  create(db: Db, scope: Scope, input: I): Promise<R>;
  update(db: Db, scope: Scope, id: number, input: U): Promise<R | undefined>;
  remove(db: Db, scope: Scope, id: number): Promise<boolean>;
  setStatus?(db: Db, scope: Scope, id: number, status: string): Promise<R | undefined>;
  /**
   * The account and branch a record belongs to. Administrators address records by id alone (ids are
   * unique on the platform); every statement after this one is scoped as a merchant's would be.
   */
  locate(db: Db, id: number): Promise<Scope | undefined>;
};

type RepoOptions<T extends PgTable, R, I> = {
  columns: TableColumns;
  toRecord: (row: InferSelectModel<T>) => R;
  toRow: (input: I) => Partial<InferInsertModel<T>>;
};

/**
 * Data functions for a table owned by a merchant branch. Every statement carries the caller's
 * account and branch, so one tenant's ids can never reach another tenant's rows.
 */
export function branchRepo<T extends PgTable, R, I>(table: T, keys: BranchKeys, opts: RepoOptions<T, R, I>): ResourceRepo<R, I> {
  return tenantRepo(table, keys, opts);
}

/**
 * Data functions for a table owned by a merchant account as a whole (no branch): every statement
 * carries the caller's account; the scope's branch is not used.
 */
export function accountRepo<T extends PgTable, R, I>(table: T, keys: AccountKeys, opts: RepoOptions<T, R, I>): ResourceRepo<R, I> {
  return tenantRepo(table, keys, opts);
}

/**
 * Data functions for a platform table without a tenant (merchant accounts, branches addressed by
 * id, administrators): what only platform administrators reach.
 */
export function platformRepo<T extends PgTable, R, I>(table: T, keys: { id: AnyPgColumn; status?: AnyPgColumn }, opts: RepoOptions<T, R, I>) {
  const repo = rowsRepo(table, keys, { own: (_s, extra) => extra, owner: () => ({}), locate: {} }, opts);
  // No tenant: the scope the shared code takes is never read.
  const none: Scope = { merchantAccountId: -1, merchantBranchId: -1 };
  return {
    list: (db: Db, request: TableLoadRequest) => repo.list(db, none, request),
    all: (db: Db) => repo.all(db, none),
    get: (db: Db, id: number) => repo.get(db, none, id),
    create: (db: Db, input: I) => repo.create(db, none, input),
    update: (db: Db, id: number, input: I) => repo.update(db, none, id, input),
  };
}

function tenantRepo<T extends PgTable, R, I>(table: T, keys: AccountKeys & { merchantBranchId?: AnyPgColumn }, opts: RepoOptions<T, R, I>): ResourceRepo<R, I> {
  const branchKey = keys.merchantBranchId;
  return rowsRepo(
    table,
    keys,
    branchKey
      ? {
          own: (s, extra) => ownedBy({ merchantAccountId: keys.merchantAccountId, merchantBranchId: branchKey }, s, extra),
          owner: (s) => ({ merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId }),
          locate: { merchantAccountId: keys.merchantAccountId, merchantBranchId: branchKey },
        }
      : {
          own: (s, extra) => and(eq(keys.merchantAccountId, s.merchantAccountId), extra),
          owner: (s) => ({ merchantAccountId: s.merchantAccountId }),
          // An account-owned record has no branch; its statements never read the scope's (-1 says so).
          locate: { merchantAccountId: keys.merchantAccountId, merchantBranchId: sql<number>`-1` },
        },
    opts,
  );
}

/** How a table is owned: the condition on the owner's rows, the owner's key values, the key columns naming a record's owner. */
type Ownership = {
  own: (s: Scope, extra?: SQL) => SQL | undefined;
  owner: (s: Scope) => Record<string, number>;
  locate: Record<string, AnyPgColumn | SQL>;
};

function rowsRepo<T extends PgTable, R, I>(table: T, keys: { id: AnyPgColumn; status?: AnyPgColumn }, ownership: Ownership, opts: RepoOptions<T, R, I>): ResourceRepo<R, I> {
  const { own, owner } = ownership;
  const byId = (s: Scope, id: number) => own(s, eq(keys.id, id));
  // Drizzle cannot follow a generic table through its builders; the row types are restored here, once.
  const rows = (p: Promise<unknown>) => p as Promise<InferSelectModel<T>[]>;
  const touched = (values: Partial<InferInsertModel<T>>) =>
    ('updatedDate' in table ? { ...values, updatedDate: new Date() } : values) as InferInsertModel<T>;

  return {
    ...recordReads(table, keys, own, opts.columns, async (_db, _s, found) => found.map(opts.toRecord)),
    create: async (db, s, input) => {
      const values = { ...opts.toRow(input), ...owner(s) } as InferInsertModel<T>;
      const [row] = await rows(db.insert(table).values(values).returning());
      return opts.toRecord(row);
    },
    update: async (db, s, id, input) => {
      const [row] = await rows(db.update(table).set(touched(opts.toRow(input))).where(byId(s, id)).returning());
      return row ? opts.toRecord(row) : undefined;
    },
    remove: async (db, s, id) => (await rows(db.delete(table).where(byId(s, id)).returning())).length > 0,
    locate: async (db, id) => {
      const [row] = await db
        .select(ownership.locate as Record<string, AnyPgColumn>)
        .from(table as PgTable)
        .where(eq(keys.id, id));
      return row as Scope | undefined;
    },
    ...(keys.status
      ? {
          setStatus: async (db: Db, s: Scope, id: number, status: string) => {
            const [row] = await rows(
              db
                .update(table)
                .set(touched({ status } as Partial<InferInsertModel<T>>))
                .where(byId(s, id))
                .returning(),
            );
            return row ? opts.toRecord(row) : undefined;
          },
        }
      : {}),
  };
}

/**
 * List (table load), all and get of a table whose records are made from a page of its rows at once
 * (toRecords), e.g. with child rows read for the whole page.
 */
function recordReads<T extends PgTable, R>(
  table: T,
  keys: { id: AnyPgColumn; status?: AnyPgColumn },
  own: Ownership['own'],
  columns: TableColumns,
  toRecords: (db: Db, s: Scope, rows: InferSelectModel<T>[]) => Promise<R[]>,
): Pick<ResourceRepo<R, unknown>, 'list' | 'all' | 'get'> {
  // Drizzle cannot follow a generic table through its builders; the row types are restored here, once.
  const rows = (p: Promise<unknown>) => p as Promise<InferSelectModel<T>[]>;
  return {
    list: (db, s, request) =>
      loadTable(
        columns,
        keys.id,
        request,
        async (q) => toRecords(db, s, await rows(db.select().from(table as PgTable).where(own(s, q.where)).orderBy(...q.orderBy).limit(q.limit).offset(q.offset))),
        (where) => db.$count(table, own(s, where)),
      ),
    all: async (db, s, onlyActive) =>
      toRecords(
        db,
        s,
        await rows(
          db
            .select()
            .from(table as PgTable)
            .where(own(s, onlyActive && keys.status ? eq(keys.status, 'ACTIVE') : undefined))
            .orderBy(asc(keys.id)),
        ),
      ),
    get: async (db, s, id) => {
      const found = await rows(db.select().from(table as PgTable).where(own(s, eq(keys.id, id))));
      return found.length ? (await toRecords(db, s, found))[0] : undefined;
    },
  };
}

/**
 * List, all and get of a branch-owned table whose records carry child rows (a product group's products,
 * a mix and match offer's): toRecords reads the children of a whole page of rows at once.
 */
export const branchRecordReads = <T extends PgTable, R>(
  table: T,
  keys: BranchKeys,
  columns: TableColumns,
  toRecords: (db: Db, s: Scope, rows: InferSelectModel<T>[]) => Promise<R[]>,
) => recordReads(table, keys, (s, extra) => ownedBy(keys, s, extra), columns, toRecords);

/** The account and branch of a branch-owned record given by id alone (ResourceRepo.locate). */
export const locateIn =
  (table: PgTable, keys: BranchKeys) =>
  async (db: Db, id: number): Promise<Scope | undefined> =>
    (await db.select({ merchantAccountId: keys.merchantAccountId, merchantBranchId: keys.merchantBranchId }).from(table).where(eq(keys.id, id)))[0] as
      | Scope
      | undefined;

/** How a record with its own `get` is written: its columns, and what runs in the write's transaction before it (checks) and after it (child rows). */
export type RecordWrites<T extends PgTable, I> = {
  toRow: (input: I) => Partial<InferInsertModel<T>>;
  check?: (tx: Db, s: Scope, input: I) => Promise<void>;
  children?: (tx: Db, s: Scope, id: number, input: I) => Promise<void>;
};

/**
 * Create, update, delete, status change and locate for a branch-owned table whose records its own
 * `get` reads (a record with child rows, e.g. a product group and its products): each write reads the
 * record again, in the write's transaction.
 */
export function branchRecordCalls<T extends PgTable, R, I>(
  table: T,
  keys: BranchKeys,
  get: (db: Db, s: Scope, id: number) => Promise<R | undefined>,
  writes: RecordWrites<T, I>,
): Pick<Required<ResourceRepo<R, I>>, 'create' | 'update' | 'remove' | 'setStatus' | 'locate'> {
  const byId = (s: Scope, id: number) => ownedBy(keys, s, eq(keys.id, id));
  const touched = (values: Partial<InferInsertModel<T>>) => ({ ...values, updatedDate: new Date() }) as Partial<InferInsertModel<T>>;
  return {
    create: (db, s, input) =>
      db.transaction(async (tx) => {
        await writes.check?.(tx, s, input);
        const values = { ...writes.toRow(input), merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId } as InferInsertModel<T>;
        // keys.id is a generic column, so the row's id comes back untyped; ids are integers.
        const id = (await tx.insert(table).values(values).returning({ id: keys.id }))[0].id as number;
        await writes.children?.(tx, s, id, input);
        return (await get(tx, s, id)) as R;
      }),
    update: (db, s, id, input) =>
      db.transaction(async (tx) => {
        await writes.check?.(tx, s, input);
        const [row] = await tx.update(table).set(touched(writes.toRow(input))).where(byId(s, id)).returning({ id: keys.id });
        if (!row) return undefined;
        await writes.children?.(tx, s, id, input);
        return get(tx, s, id);
      }),
    remove: async (db, s, id) => (await db.delete(table).where(byId(s, id)).returning({ id: keys.id })).length > 0,
    setStatus: async (db, s, id, status) => {
      const [row] = await db.update(table).set(touched({ status } as Partial<InferInsertModel<T>>)).where(byId(s, id)).returning({ id: keys.id });
      return row ? get(db, s, id) : undefined;
    },
    locate: locateIn(table, keys),
  };
}
