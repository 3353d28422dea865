import { type SQL, and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open-db';
import { authKey, mailSettings, merchantAccount, merchantBranch, merchantUserBranch, refreshToken } from '../db/schema';
import type { Scope } from './auth';
import { notFound } from './errors';
import { queryRows } from '../db/rows';

/** The tenant keys of a table a merchant branch owns (ARCHITECTURE §3). */
export type BranchOwnedKeys = { merchantAccountId: AnyPgColumn; merchantBranchId: AnyPgColumn };

/**
 * A scope's keys as placeholders, for the tenant condition of a prepared statement (db/per-database.ts):
 * executed with the scope itself among its values (`{ ...s, … }`).
 */
export const SCOPE_PLACEHOLDERS = { merchantAccountId: sql.placeholder('merchantAccountId'), merchantBranchId: sql.placeholder('merchantBranchId') };
export type ScopeKeys = Scope | typeof SCOPE_PLACEHOLDERS;

/** The scope's rows of a branch-owned table: both tenant keys, and any further condition. */
export const ownedBy = (t: BranchOwnedKeys, s: ScopeKeys, extra?: SQL) =>
  and(eq(t.merchantAccountId, s.merchantAccountId), eq(t.merchantBranchId, s.merchantBranchId), extra);

type Edge = { child: string; parent: string };

/**
 * Every table keyed by merchant_account_id, children before the tables they reference. Read from
 * the database's own catalogue, so a table a later area adds is purged too without a change here.
 */
async function tenantTablesInDeleteOrder(db: Db): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.columns
        where table_schema = current_schema() and column_name = 'merchant_account_id' order by table_name`,
    )
  ).map((r) => r.name);
  const edges = (
    await queryRows<Edge>(
      db,
      sql`select ch.relname as child, pa.relname as parent from pg_constraint c
        join pg_class ch on ch.oid = c.conrelid join pg_class pa on pa.oid = c.confrelid
        where c.contype = 'f' and ch.relnamespace = to_regnamespace(current_schema())`,
    )
  ).filter((e) => e.child !== e.parent);
  const pending = new Set(tables);
  const order: string[] = [];
  while (pending.size) {
    // A table may go once no pending table references it.
    const ready = [...pending].filter((t) => !edges.some((e) => e.parent === t && e.child !== t && pending.has(e.child)));
    if (!ready.length) throw new Error(`foreign keys form a cycle among ${[...pending].join(', ')}`);
    for (const t of ready) {
      order.push(t);
      pending.delete(t);
    }
  }
  return order;
}

/** Tenant tables sorted children first, by the database's own foreign keys (a data reset's delete order). */
export async function inDeleteOrder<T extends PgTable>(db: Db, tables: readonly T[]): Promise<T[]> {
  const order = await tenantTablesInDeleteOrder(db);
  const rank = (t: T) => {
    const i = order.indexOf(getTableName(t));
    if (i < 0) throw new Error(`${getTableName(t)} is not a tenant table`);
    return i;
  };
  return [...tables].sort((a, b) => rank(a) - rank(b));
}

/**
 * Removes a tenant and everything it owns, in the caller's transaction: every merchant-owned row,
 * the global rows that name its branches or users (mail settings, sessions, keys), then the account.
 */
export async function purgeTenant(tx: Db, merchantAccountId: number) {
  const branchIds = (
    await tx.select({ id: merchantBranch.id }).from(merchantBranch).where(eq(merchantBranch.merchantAccountId, merchantAccountId))
  ).map((b) => b.id);
  if (branchIds.length) await tx.delete(mailSettings).where(inArray(mailSettings.merchantBranchId, branchIds));
  await tx.delete(refreshToken).where(and(eq(refreshToken.userType, 'merchant'), eq(refreshToken.tenantId, merchantAccountId)));
  await tx.delete(authKey).where(and(eq(authKey.userType, 'merchant'), eq(authKey.tenantId, merchantAccountId)));
  for (const table of await tenantTablesInDeleteOrder(tx)) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where merchant_account_id = ${merchantAccountId}`);
  }
  await tx.delete(merchantAccount).where(eq(merchantAccount.id, merchantAccountId));
}

/** Whether a merchant user works at a branch of its account (sign-in, and reading another branch's lists). */
export async function userHasBranch(db: Db, merchantAccountId: number, userId: number, branchId: number) {
  const rows = await db
    .select({ b: merchantUserBranch.merchantBranchId })
    .from(merchantUserBranch)
    .where(
      and(
        eq(merchantUserBranch.merchantAccountId, merchantAccountId),
        eq(merchantUserBranch.userId, userId),
        eq(merchantUserBranch.merchantBranchId, branchId),
      ),
    );
  return rows.length > 0;
}

/** The scope of a branch given by id (administrators name branches by id; ids are unique on the platform). */
export async function branchScope(db: Db, branchId: number): Promise<Scope | undefined> {
  const [row] = await db
    .select({ merchantAccountId: merchantBranch.merchantAccountId, merchantBranchId: merchantBranch.id })
    .from(merchantBranch)
    .where(eq(merchantBranch.id, branchId));
  return row;
}

/**
 * Locks the branch row for the rest of the transaction, so two saves for one branch run one after the
 * other. FOR NO KEY UPDATE, not FOR UPDATE: a row of any table that refers to the branch (a basket, an
 * order's history) takes a key-share lock on it for its foreign key, which FOR UPDATE would make wait
 * for this whole transaction; the branch's key never changes, so nothing needs that.
 */
export async function lockBranch(db: Db, scope: Scope) {
  const [row] = await db
    .select({ id: merchantBranch.id })
    .from(merchantBranch)
    .where(and(eq(merchantBranch.merchantAccountId, scope.merchantAccountId), eq(merchantBranch.id, scope.merchantBranchId)))
    .for('no key update');
  return row;
}

/**
 * Refuses ids in a body that are not the caller's own (another store's or another branch's
 * department, tax, tag, product…) with a 404, before anything is written.
 */
export async function requireOwned(db: Db, table: PgTable, keys: BranchOwnedKeys & { id: AnyPgColumn }, scope: Scope, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return;
  const rows = await db
    .select({ id: keys.id })
    .from(table)
    .where(ownedBy(keys, scope, inArray(keys.id, wanted)));
  if (rows.length !== wanted.length) throw notFound();
}
