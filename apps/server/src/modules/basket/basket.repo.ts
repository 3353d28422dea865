import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { QUANTITY_MAX, toTenths } from '@tillpoint/contracts/basket';
import { OPTION_GROUP_KEYS, type OptionGroupKey } from '@tillpoint/contracts/web-menu';
import type { Db } from '../../db/open-db';
import { perDatabase } from '../../db/per-database';
import { preparedRowsSql } from '../../db/prepared-sql';
import { RELAXED_COMMIT } from '../../db/relaxed-transaction';
import { basket, basketLine, branchSettings, department, licence, merchantBranch, product, tax, webMenu } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { demoEnd, grants } from '../../platform/licence-grants';
import { activeOptionGroups } from '../../platform/option-groups';
import { newOpaqueToken } from '../../platform/random';
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

/** A line as an add asks for it: merged into an equal line (same item, notes and options) of the basket. */
export type NewLine = { webMenuId: number; quantityTenths: number; extraNotes: string | null; options: { groupKey: string; productId: number }[] };
/** The basket an add goes to: the open one with this id (touched: order type, and table when given), or a new one. */
export type LineTarget = { bssId: string; orderType: string; tableNo: number | null; create: boolean };

/** The most a line may hold, in tenths (the quantity the contract allows, 999). */
export const LINE_MAX_TENTHS = toTenths(QUANTITY_MAX);

/** The values an add's statement takes (its placeholders). */
const P = {
  account: sql.placeholder('account'),
  branch: sql.placeholder('branch'),
  bssId: sql.placeholder('bssId'),
  orderType: sql.placeholder('orderType'),
  tableNo: sql.placeholder('tableNo'),
  ageRestricted: sql.placeholder('ageRestricted'),
  webMenuId: sql.placeholder('webMenuId'),
  quantityTenths: sql.placeholder('quantityTenths'),
  extraNotes: sql.placeholder('extraNotes'),
  options: sql.placeholder('options'),
  lineBssId: sql.placeholder('lineBssId'),
};

/** The add's statement for an open basket (`create` false) or a new one, written with placeholders. */
function addLineQuery(db: Db, create: boolean) {
  const options = sql`${P.options}::jsonb`;
  const equalLine = and(
    eq(basketLine.merchantAccountId, basket.merchantAccountId),
    eq(basketLine.basketId, basket.id),
    eq(basketLine.webMenuId, sql`${P.webMenuId}::int`),
    sql`${basketLine.extraNotes} is not distinct from ${P.extraNotes}::text`,
    sql`${basketLine.options} = ${options}`,
  );
  const returned = { ...getTableColumns(basket), relaxed: sql<string>`${RELAXED_COMMIT}`.as('relaxed') };
  const b = db.$with('b').as(
    create
      ? db.insert(basket).values({ merchantAccountId: P.account, merchantBranchId: P.branch, bssId: P.bssId, orderType: P.orderType, tableNo: P.tableNo }).returning(returned)
      : db
          .update(basket)
          .set({ orderType: sql`${P.orderType}::text`, tableNo: sql`coalesce(${P.tableNo}::int, ${basket.tableNo})`, updatedDate: sql`now()` })
          .where(
            and(
              eq(basket.merchantAccountId, P.account),
              eq(basket.merchantBranchId, P.branch),
              eq(basket.bssId, P.bssId),
              eq(basket.state, 'OPEN'),
              sql`(not ${P.ageRestricted}::boolean or ${basket.ageConfirmed})`,
              sql`not exists (select 1 from ${basketLine} where ${equalLine} and ${basketLine.quantityTenths} + ${P.quantityTenths}::int > ${LINE_MAX_TENTHS})`,
            ),
          )
          .returning(returned),
  );
  const up = db.$with('up').as(
    db
      .insert(basketLine)
      .select(
        db
          // Every column in the table's order, as an insert from a select asks.
          .select({
            merchantAccountId: b.merchantAccountId,
            id: sql<number>`nextval(pg_get_serial_sequence('basket_line', 'id'))`.as('id'),
            merchantBranchId: b.merchantBranchId,
            basketId: b.id,
            bssId: sql<string>`${P.lineBssId}::text`.as('bss_id'),
            webMenuId: sql<number>`${P.webMenuId}::int`.as('web_menu_id'),
            quantityTenths: sql<number>`${P.quantityTenths}::int`.as('quantity_tenths'),
            extraNotes: sql<string | null>`${P.extraNotes}::text`.as('extra_notes'),
            options: sql<NewLine['options']>`${options}`.as('options'),
            createdDate: sql<Date>`now()`.as('created_date'),
          })
          .from(b),
      )
      .onConflictDoUpdate({
        target: [basketLine.merchantAccountId, basketLine.basketId, basketLine.webMenuId, basketLine.extraNotes, basketLine.options],
        set: { quantityTenths: sql`${basketLine.quantityTenths} + excluded.quantity_tenths` },
        setWhere: sql`${basketLine.quantityTenths} + excluded.quantity_tenths <= ${LINE_MAX_TENTHS}`,
      })
      .returning(),
  );
  // The basket's other lines as they were before this statement (a CTE's writes are not seen by the rest of it).
  return db
    .with(b, up)
    .select({ basket: b._.selectedFields, line: up._.selectedFields, before: basketLine })
    .from(b)
    .leftJoin(up, sql`true`)
    .leftJoin(basketLine, and(eq(basketLine.merchantAccountId, b.merchantAccountId), eq(basketLine.basketId, b.id)))
    .orderBy(asc(basketLine.id))
    .prepare(create ? 'basket_add_line_new' : 'basket_add_line_open');
}

/** The two add statements, prepared once per database: building this statement is most of an add's CPU in Drizzle. */
const addLineStatements = perDatabase((db) => ({ open: addLineQuery(db, false), create: addLineQuery(db, true) }));

/**
 * An add to basket in one statement, its own transaction (no BEGIN, no COMMIT: each is a round trip,
 * and the add is the storefront's busiest call). The basket is touched (or made), and the line added
 * or merged into an equal one through the unique key on the line's content, so two adds of the same
 * item at once give one line of two. The commit does not wait for the disk (db/relaxed-transaction.ts
 * says why that is safe for a basket). Undefined, with nothing written, when the basket is not open,
 * `ageRestricted` is set and the basket has no age confirmation, or the merged line would pass 999.
 * A place locks the basket's row first, so a line never lands in a basket being paid for.
 */
export async function addLine(db: Db, s: Scope, target: LineTarget, line: NewLine, ageRestricted: boolean): Promise<{ row: BasketRow; lines: BasketLineRow[] } | undefined> {
  const prepared = addLineStatements(db);
  const rows = await (target.create ? prepared.create : prepared.open).execute({
    account: s.merchantAccountId,
    branch: s.merchantBranchId,
    bssId: target.bssId,
    orderType: target.orderType,
    tableNo: target.tableNo,
    ageRestricted,
    webMenuId: line.webMenuId,
    quantityTenths: line.quantityTenths,
    extraNotes: line.extraNotes,
    options: JSON.stringify(line.options),
    lineBssId: newOpaqueToken(),
  });
  const first = rows[0];
  if (!first?.line) return undefined;
  const { relaxed: _, ...row } = first.basket;
  const lines = rows.flatMap((r) => (r.before && r.before.id !== first.line?.id ? [r.before] : []));
  const at = rows.findIndex((r) => r.before?.id === first.line?.id);
  if (at >= 0) lines.splice(at, 0, first.line);
  else lines.push(first.line);
  return { row, lines };
}

/**
 * The branch's basket with this id, locked for the rest of the transaction without waiting (a lock
 * held elsewhere raises 55P03: a place of it is in flight), and its lines, in one prepared statement
 * (a place's first).
 */
const basketLockWithLines = preparedRowsSql(
  'basket_lock_with_lines',
  { basket, line: basketLine },
  { nullable: ['line'] },
  (columns) => sql`select ${columns} from basket
    left join basket_line on basket_line.merchant_account_id = basket.merchant_account_id and basket_line.basket_id = basket.id
    where basket.merchant_account_id = ${P.account}::int and basket.merchant_branch_id = ${P.branch}::int and basket.bss_id = ${P.bssId}::text
    order by basket_line.id
    for update of basket nowait`,
);

export async function lockBasketWithLines(db: Db, s: Scope, bssId: string): Promise<{ row: BasketRow; lines: BasketLineRow[] } | undefined> {
  const rows = await basketLockWithLines(db, { account: s.merchantAccountId, branch: s.merchantBranchId, bssId });
  if (!rows.length) return undefined;
  return { row: rows[0].basket, lines: rows.flatMap((r) => (r.line ? [r.line] : [])) };
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
