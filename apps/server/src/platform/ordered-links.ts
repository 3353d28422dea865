import { and, asc, eq, inArray } from 'drizzle-orm';
import type { InferInsertModel } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open-db';
import { department, product } from '../db/schema';
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

/**
 * The products linked to a page of records (a page of product groups, of offers), each record's in
 * its order: `fields` (columns of the product and of its department) with `ownerId`, the record's id
 * (owner: the link's column naming it). One statement, none for no records.
 */
export async function linkedProducts<F extends SelectedFields>(db: Db, s: Scope, link: OrderedLinkTable & { productId: AnyPgColumn }, owner: AnyPgColumn, ownerIds: number[], fields: F) {
  if (!ownerIds.length) return [];
  return db
    .select({ ownerId: owner, ...fields })
    .from(link as PgTable)
    .innerJoin(product, and(eq(product.merchantAccountId, link.merchantAccountId), eq(product.id, link.productId)))
    .innerJoin(department, and(eq(department.merchantAccountId, product.merchantAccountId), eq(department.id, product.departmentId)))
    .where(and(eq(link.merchantAccountId, s.merchantAccountId), inArray(owner, ownerIds)))
    .orderBy(asc(owner), asc(link.position));
}
