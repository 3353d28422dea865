import { and, asc, eq, sql } from 'drizzle-orm';
import { OPTION_GROUP_KEYS, type OptionGroupKey } from '@tillpoint/contracts/web-menu';
import type { Db } from '../../db/open-db';
import { basket, basketLine, branchSettings, department, licence, merchantBranch, product, tax, webMenu } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { demoEnd, grants } from '../../platform/licence-grants';
import { activeOptionGroups } from '../../platform/option-groups';
import { ownedBy } from '../../platform/tenancy';
import type { ItemData, OptionGroupData } from './basket.pricing';

export type BasketRow = typeof basket.$inferSelect;
export type BasketLineRow = typeof basketLine.$inferSelect;

/**
 * The store as every basket call starts from it, in one statement: the branch's keys, status and
 * trading name, its settings (null before they are first saved) and the services its licences grant
 * now (platform/licence-grants' rule). Undefined for an unknown branch.
 */
export async function storeRow(db: Db, branchId: number) {
  const [row] = await db
    .select({
      merchantAccountId: merchantBranch.merchantAccountId,
      merchantBranchId: merchantBranch.id,
      status: merchantBranch.status,
      tradingName: merchantBranch.tradingName,
      settings: branchSettings,
      services: sql<string[]>`array(select ${licence.serviceName} from ${licence} where ${licence.merchantAccountId} = ${merchantBranch.merchantAccountId}
        and ${licence.merchantBranchId} = ${merchantBranch.id} and ${grants})`,
      // When the first DEMO licence granting now lapses (ms since the epoch): what this row says changes then by time alone.
      demoEnds: sql<number | null>`(select (extract(epoch from min(${demoEnd})) * 1000)::float8 from ${licence} where ${licence.merchantAccountId} = ${merchantBranch.merchantAccountId}
        and ${licence.merchantBranchId} = ${merchantBranch.id} and ${licence.licenseStatus} = 'DEMO' and ${demoEnd} > now())`,
    })
    .from(merchantBranch)
    .leftJoin(branchSettings, and(eq(branchSettings.merchantAccountId, merchantBranch.merchantAccountId), eq(branchSettings.merchantBranchId, merchantBranch.id)))
    .where(eq(merchantBranch.id, branchId));
  return row;
}

/**
 * The open basket with this id, locked and touched in one statement (its order type and, when one is
 * given, its table set as asked); undefined when there is no such open basket.
 */
export async function touchOpenBasket(db: Db, s: Scope, bssId: string, orderType: string, tableNo: number | null): Promise<BasketRow | undefined> {
  const [row] = await db
    .update(basket)
    .set({ orderType, tableNo: tableNo ?? sql`${basket.tableNo}`, updatedDate: new Date() })
    .where(ownedBy(basket, s, and(eq(basket.bssId, bssId), eq(basket.state, 'OPEN'))))
    .returning();
  return row;
}

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
 * Every item of the branch's web menu as pricing needs it, by web menu id: only ACTIVE, webEnabled
 * items with an ACTIVE, webEnabled product (as on the storefront menu), so an item of another
 * branch, a category or a withdrawn product is simply not found. The basket keeps this per branch
 * (storeContext), emptied by the store-change triggers of every table read here.
 */
export async function branchItems(db: Db, s: Scope): Promise<Map<number, ItemData>> {
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
