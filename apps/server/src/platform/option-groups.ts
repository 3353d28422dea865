import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open-db';
import { product, productGroup, productGroupProduct } from '../db/schema';
import type { Scope } from './auth';
import { ownedBy } from './tenancy';

export type OptionGroupProduct = { id: number; name: string; price: number | null; webPrice: number | null };
export type OptionGroupRow = typeof productGroup.$inferSelect & { products: OptionGroupProduct[] };

/**
 * The ACTIVE product groups of a branch behind an item's options, each with its ACTIVE, webEnabled
 * products in their group order (prices in pence). One read for the storefront's set-menu details
 * and the basket's pricing, so a customer is never shown an option the basket then refuses.
 */
export async function activeOptionGroups(db: Db, s: Scope, groupIds: number[]): Promise<Map<number, OptionGroupRow>> {
  if (!groupIds.length) return new Map();
  const [groups, members] = await Promise.all([
    db.select().from(productGroup).where(ownedBy(productGroup, s, and(inArray(productGroup.id, groupIds), eq(productGroup.status, 'ACTIVE')))),
    db
      .select({ groupId: productGroupProduct.groupId, id: product.id, name: product.name, price: product.price, webPrice: product.webPrice })
      .from(productGroupProduct)
      .innerJoin(product, and(eq(product.merchantAccountId, productGroupProduct.merchantAccountId), eq(product.id, productGroupProduct.productId)))
      .where(
        and(
          eq(productGroupProduct.merchantAccountId, s.merchantAccountId),
          inArray(productGroupProduct.groupId, groupIds),
          eq(product.status, 'ACTIVE'),
          eq(product.webEnabled, true),
        ),
      )
      .orderBy(asc(productGroupProduct.position)),
  ]);
  return new Map(
    groups.map((g) => [g.id, { ...g, products: members.filter((m) => m.groupId === g.id).map(({ groupId: _, ...p }) => p) }]),
  );
}
