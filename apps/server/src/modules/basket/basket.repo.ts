import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { OPTION_GROUP_KEYS, type OptionGroupKey } from '@tillpoint/contracts/web-menu';
import type { Db } from '../../db/open-db';
import { basket, basketLine, department, product, tax, webMenu } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { activeOptionGroups } from '../../platform/option-groups';
import { ownedBy } from '../../platform/tenancy';
import type { ItemData, OptionGroupData } from './basket.pricing';

export type BasketRow = typeof basket.$inferSelect;
export type BasketLineRow = typeof basketLine.$inferSelect;

/** The branch's basket with this id; `lock` holds its row for the rest of the transaction. */
export async function findBasket(db: Db, s: Scope, bssId: string | null, lock = false): Promise<BasketRow | undefined> {
  if (!bssId) return undefined;
  const q = db.select().from(basket).where(ownedBy(basket, s, eq(basket.bssId, bssId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function basketLines(db: Db, s: Scope, basketId: number): Promise<BasketLineRow[]> {
  return db
    .select()
    .from(basketLine)
    .where(and(eq(basketLine.merchantAccountId, s.merchantAccountId), eq(basketLine.basketId, basketId)))
    .orderBy(asc(basketLine.id));
}

/**
 * The branch's web menu items as pricing needs them, read fresh on every call: only ACTIVE,
 * webEnabled items with an ACTIVE, webEnabled product show (as on the storefront menu), so an item
 * of another branch, a category or a withdrawn product is simply not found.
 */
export async function itemData(db: Db, s: Scope, webMenuIds: readonly number[]): Promise<Map<number, ItemData>> {
  const ids = [...new Set(webMenuIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      menu: webMenu,
      productId: product.id,
      productName: product.name,
      price: product.price,
      webPrice: product.webPrice,
      weighable: product.weighable,
      unit: product.unit,
      ageRestricted: department.ageRestricted,
      excludeServiceCharge: department.excludeServiceCharge,
      excludePromotion: department.excludePromotion,
      rateBp: tax.rateBp,
    })
    .from(webMenu)
    .innerJoin(product, and(eq(product.merchantAccountId, webMenu.merchantAccountId), eq(product.id, webMenu.productId)))
    .innerJoin(department, and(eq(department.merchantAccountId, product.merchantAccountId), eq(department.id, product.departmentId)))
    .leftJoin(tax, and(eq(tax.merchantAccountId, product.merchantAccountId), eq(tax.id, sql`coalesce(${product.taxId}, ${department.taxId})`)))
    .where(
      ownedBy(
        webMenu,
        s,
        and(
          inArray(webMenu.id, ids),
          eq(webMenu.hasSubMenu, false),
          eq(webMenu.status, 'ACTIVE'),
          eq(webMenu.webEnabled, true),
          eq(product.status, 'ACTIVE'),
          eq(product.webEnabled, true),
        ),
      ),
    );
  const groupIds = [...new Set(rows.flatMap((r) => OPTION_GROUP_KEYS.map((k) => r.menu[k]).filter((id): id is number => id !== null)))];
  const groups = await optionGroupData(db, s, groupIds);
  return new Map(
    rows.map((r) => {
      const itemGroups = new Map<OptionGroupKey, OptionGroupData>();
      for (const key of OPTION_GROUP_KEYS) {
        const id = r.menu[key];
        const g = id === null ? undefined : groups.get(id);
        if (g) itemGroups.set(key, g);
      }
      const data: ItemData = {
        webMenuId: r.menu.id,
        name: r.menu.name,
        productId: r.productId,
        unitPrice: r.webPrice ?? r.price ?? 0,
        weighable: r.weighable,
        unit: r.weighable ? r.unit : null,
        ageRestricted: r.ageRestricted,
        excludeServiceCharge: r.excludeServiceCharge,
        excludePromotion: r.excludePromotion,
        taxRateBp: r.rateBp ?? 0,
        groups: itemGroups,
      };
      return [r.menu.id, data];
    }),
  );
}

/** The pricing view of the item's option groups: each product at its web price, else its till price, in pence. */
async function optionGroupData(db: Db, s: Scope, groupIds: number[]): Promise<Map<number, OptionGroupData>> {
  const groups = await activeOptionGroups(db, s, groupIds);
  return new Map(
    [...groups.values()].map((g) => [
      g.id,
      {
        selectionType: g.selectionType,
        pricingType: g.pricingType,
        price: g.price,
        zeroPriceLimit: g.zeroPriceLimit,
        products: new Map(g.products.map((m) => [m.id, { name: m.name, price: m.webPrice ?? m.price ?? 0 }])),
      },
    ]),
  );
}
