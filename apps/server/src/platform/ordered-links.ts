import { and, eq } from 'drizzle-orm';
import type { InferInsertModel } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open-db';
import type { Scope } from './auth';

/** A branch-owned link table whose rows keep the order they were given in (a group's products, a menu's tags…). */
type OrderedLinkTable = PgTable & { merchantAccountId: AnyPgColumn; merchantBranchId: AnyPgColumn; position: AnyPgColumn };

/**
 * Replaces the links of one record (owner: its key column, ownerId: its id) with `links`, in their
 * order: the old rows go and the new ones are written with their positions, in the caller's
 * transaction. The links are the rows without their tenant keys and position.
 */
export async function replaceOrderedLinks<T extends OrderedLinkTable>(tx: Db, s: Scope, table: T, owner: AnyPgColumn, ownerId: number, links: Partial<InferInsertModel<T>>[]) {
  await tx.delete(table).where(and(eq(table.merchantAccountId, s.merchantAccountId), eq(owner, ownerId)));
  if (links.length) await tx.insert(table).values(orderedLinkRows(table, s, links));
}

/** The rows of new links, in their order (a record's first links, when there are no old ones); the table names their type. */
export const orderedLinkRows = <T extends OrderedLinkTable>(_table: T, s: Scope, links: Partial<InferInsertModel<T>>[]) =>
  links.map((l, position) => ({ ...l, merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId, position }) as InferInsertModel<T>);
