import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/open-db';
import type { Scope } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { type BranchOwnedKeys, ownedBy } from '../../platform/tenancy';

/**
 * Refuses ids in a body that are not the caller's own (another store's or another branch's
 * department, tax, tag, product…) with a 404, before anything is written (issue 8 "Bad input").
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
