import { type SQL, and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { AUTOCOMPLETE_LIMIT, type Product, type ProductOption } from '@tillpoint/contracts/product';
import { fromHundredths } from '@tillpoint/contracts/price-calculator';
import type { TableLoadRequest } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { perDatabase } from '../../db/per-database';
import { builtOnceSql } from '../../db/prepared-sql';
import { department, product } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type TableColumns, hundredthsColumn, loadTableByIds } from '../../platform/table-load';
import { SCOPE_PLACEHOLDERS, ownedBy } from '../../platform/tenancy';

/** Columns the product table load filters and sorts on (PRODUCT_TABLE_COLUMNS). */
const columns: TableColumns = {
  id: { column: product.id, kind: 'number' },
  name: { column: product.name, kind: 'text', lower: product.nameLower },
  status: { column: product.status, kind: 'text' },
  barcode: { column: product.barcode, kind: 'text' },
  departmentId: { column: product.departmentId, kind: 'number' },
  departmentName: { column: department.name, kind: 'text' },
  price: hundredthsColumn(product.price),
  webPrice: hundredthsColumn(product.webPrice),
  currentStock: { column: product.currentStock, kind: 'number' },
  productType: { column: product.productType, kind: 'text' },
  webEnabled: { column: product.webEnabled, kind: 'boolean' },
};

/** An image's content type, file name and SHA-256, or null when the product has none in that slot. */
const imageOf = (fileIdColumn: 'web_file_id' | 'till_file_id') =>
  sql<[string, string, string] | null>`(select array["stored_file"."content_type", "stored_file"."file_name", "stored_file"."sha256"] from "stored_file"
    where "stored_file"."merchant_account_id" = "product"."merchant_account_id" and "stored_file"."id" = "product".${sql.identifier(fileIdColumn)})`;

/**
 * What a product is shown with, beside its own columns. The tax, the images and the tags are scalar
 * subqueries rather than joins: each is one index probe per product read, and the planner weighs two
 * joined tables instead of six (planning was most of a barcode lookup). Table names are written out
 * so no column binds to the subquery's own table.
 */
const fields = {
  p: product,
  departmentName: department.name,
  departmentProfitMarginBp: department.profitMarginBp,
  departmentTaxId: department.taxId,
  departmentExcludePromotion: department.excludePromotion,
  // The product's own tax, else its department's (both are the store's own: foreign keys).
  taxRateBp: sql<number | null>`(select "tax"."rate_bp" from "tax"
    where "tax"."merchant_account_id" = "product"."merchant_account_id" and "tax"."id" = coalesce("product"."tax_id", "department"."tax_id"))`,
  web: imageOf('web_file_id'),
  till: imageOf('till_file_id'),
  // The tag ids in the order they were chosen.
  tags: sql<number[]>`array(select "product_product_tag"."tag_id" from "product_product_tag"
    where "product_product_tag"."merchant_account_id" = "product"."merchant_account_id" and "product_product_tag"."product_id" = "product"."id"
    order by "product_product_tag"."position")`,
};
type Row = {
  p: typeof product.$inferSelect;
  departmentName: string;
  departmentProfitMarginBp: number | null;
  departmentTaxId: number;
  departmentExcludePromotion: boolean;
  taxRateBp: number | null;
  web: [string, string, string] | null;
  till: [string, string, string] | null;
  tags: number[];
};

const joinDepartment = and(eq(department.merchantAccountId, product.merchantAccountId), eq(department.id, product.departmentId));

/** Products with their department, the tax that applies, their image names and tags, all in one statement. */
const joined = (db: Db) => db.select(fields).from(product).innerJoin(department, joinDepartment);

const money = (n: number | null) => (n === null ? null : fromHundredths(n));

function toProduct(r: Row): Product {
  const p = r.p;
  const [webType, webName, webSha] = r.web ?? [null, null, null];
  const [tillType, tillName, tillSha] = r.till ?? [null, null, null];
  return {
    id: p.id,
    name: p.name,
    status: p.status as Product['status'],
    barcode: p.barcode,
    barcodeType: p.barcodeType as Product['barcodeType'],
    barcodeDigit: p.barcodeDigit,
    codeLength: p.codeLength,
    departmentId: p.departmentId,
    departmentName: r.departmentName,
    departmentProfitMargin: money(r.departmentProfitMarginBp),
    departmentTaxId: r.departmentTaxId,
    departmentExcludePromotion: r.departmentExcludePromotion,
    tax: p.taxId,
    taxRate: fromHundredths(r.taxRateBp ?? 0),
    price: money(p.price),
    oldPrice: money(p.oldPrice),
    webPrice: money(p.webPrice),
    price2: money(p.price2),
    price3: money(p.price3),
    unit: p.unit,
    quantity: p.quantity,
    weighable: p.weighable,
    allowZeroPrice: p.allowZeroPrice,
    allowNegativePrice: p.allowNegativePrice,
    productType: p.productType as Product['productType'],
    fileType: webType,
    fileName: webName,
    fileTypeTill: tillType,
    fileNameTill: tillName,
    imageVersion: webSha?.slice(0, 16) ?? null,
    imageVersionTill: tillSha?.slice(0, 16) ?? null,
    productTags: r.tags,
    mixAndMatchName: null,
    minStock: p.minStock,
    maxStock: p.maxStock,
    currentStock: p.currentStock,
    supplierId: p.supplierId,
    countryId: p.countryId,
    productClassId: p.productClassId,
    description: p.description,
    rowNumber: p.rowNumber,
    colNo: p.colNo,
    costPrice: money(p.costPrice),
    boxQuantity: p.boxQuantity,
    boxUnit: p.boxUnit,
    profitMargin: money(p.profitMarginBp),
    boxPrice: money(p.boxPrice),
    unitCost: money(p.unitCost),
    actualMargin: money(p.actualMarginBp),
    retailPrice: money(p.retailPrice),
    webEnabled: p.webEnabled,
  };
}

const own = (s: Scope, extra?: SQL) => ownedBy(product, s, extra);

/** What an update of a product returns: its row and its images (RETURNING, so the save reads nothing back). */
export const savedProductFields = { ...getTableColumns(product), web: imageOf('web_file_id'), till: imageOf('till_file_id') };
type SavedRow = typeof product.$inferSelect & { web: Row['web']; till: Row['till'] };

/**
 * A product as its save returned it, with what the save itself knows: the department it checked,
 * the tax rate it priced with and the tags it wrote (the row is locked by the update, so no other
 * save changes them before the commit).
 */
export function savedProduct(
  { web, till, ...p }: SavedRow,
  known: Pick<Row, 'departmentName' | 'departmentProfitMarginBp' | 'departmentTaxId' | 'departmentExcludePromotion' | 'taxRateBp' | 'tags'>,
): Product {
  return toProduct({ p, web, till, ...known });
}

export async function getProduct(db: Db, s: Scope, id: number): Promise<Product | undefined> {
  const [row] = await joined(db).where(own(s, eq(product.id, id)));
  return row && toProduct(row);
}

/**
 * The barcode lookup (every scan at the product page and the group editor) as a prepared statement,
 * one per database: Drizzle builds its text once instead of on every call, which was about a tenth
 * of a lookup's CPU on PGlite.
 */
const byBarcode = perDatabase((db) =>
  joined(db)
    .where(ownedBy(product, SCOPE_PLACEHOLDERS, eq(product.barcode, sql.placeholder('barcode'))))
    .prepare('product_by_barcode'),
);

export async function productByBarcode(db: Db, s: Scope, barcode: string): Promise<Product | undefined> {
  const [row] = await byBarcode(db).execute({ merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId, barcode });
  return row && toProduct(row);
}

export async function allProducts(db: Db, s: Scope, onlyActive?: boolean): Promise<Product[]> {
  const rows = await joined(db)
    .where(own(s, onlyActive ? eq(product.status, 'ACTIVE') : undefined))
    .orderBy(asc(product.id));
  return rows.map(toProduct);
}

/**
 * PUT storemanagement/product/all: the server-paged product list. The matches, their count and the
 * page's ids come from the product table alone (the department only when a filter or sort names it:
 * every product has one), then the page's ten products are read whole.
 */
export function listProducts(db: Db, s: Scope, request: TableLoadRequest) {
  const namesDepartment = [...(request.filter ?? []), ...(request.sort ?? [])].some((f) => f.name === 'departmentName');
  return loadTableByIds(
    db,
    columns,
    product.id,
    request,
    (fields, where) => {
      const from = db.select(fields).from(product);
      return namesDepartment ? from.innerJoin(department, joinDepartment).where(own(s, where)) : from.where(own(s, where));
    },
    async (ids) => (await productsByIds(db).execute({ ...s, ids })).map(toProduct),
  );
}

/** A table page's products by their ids, prepared: the joined select is built once, not for every page. */
const productsByIds = perDatabase((db) =>
  joined(db)
    .where(ownedBy(product, SCOPE_PLACEHOLDERS, sql`${product.id} = any(${sql.placeholder('ids')}::int[])`))
    .prepare('products_by_ids'),
);

const option = {
  id: product.id,
  name: product.name,
  barcode: product.barcode,
  price: product.price,
  status: product.status,
  departmentExcludePromotion: department.excludePromotion,
};
const toOption = (r: { id: number; name: string; barcode: string; price: number | null; status: string; departmentExcludePromotion: boolean }): ProductOption => ({
  ...r,
  longname: r.name,
  price: money(r.price),
  status: r.status as ProductOption['status'],
});

/** GET product/menu: every active product as the menu pickers need it, by name. */
export async function menuProducts(db: Db, s: Scope): Promise<ProductOption[]> {
  const rows = await db
    .select(option)
    .from(product)
    .innerJoin(department, joinDepartment)
    .where(own(s, eq(product.status, 'ACTIVE')))
    .orderBy(asc(product.nameLower), asc(product.id));
  return rows.map(toOption);
}

/**
 * How many names of the store the autocomplete's quick answer may read (index only, about a
 * millisecond on PostgreSQL): the first names in order for the contains part, or every name that
 * starts with the text. When that does not settle the answer (a rare text, or a short text that
 * starts thousands of names), the full search runs.
 */
const AUTOCOMPLETE_WALK = 5_000;

/**
 * The autocomplete's quick answer, its text built once (it was built on every keystroke) and planned
 * for each text. Each part is one pass over its names (a count and the distinct names, in order); the
 * walk tests names with strpos and starts_with, several times cheaper than LIKE on thousands of rows.
 */
const autocompleteQuick = (() => {
  const name = product.nameLower;
  const own = (extra?: SQL) => ownedBy(product, SCOPE_PLACEHOLDERS, extra);
  const [text, prefix, walk] = [sql.placeholder('text'), sql`lower(${sql.placeholder('prefix')})`, sql`${sql.placeholder('walk')}::int`];
  const n = sql.raw(String(AUTOCOMPLETE_LIMIT));
  return builtOnceSql<{ ids: number[] | null }>(
    sql`with starting as (select count(*) as walked, array_agg(distinct name) as names
        from (select ${name} as name from ${product} where ${own(sql`${name} like ${prefix}`)} limit ${walk} + 1) s),
      containing as (select count(*) as walked, array_agg(distinct name) filter (where strpos(name, lower(${text})) > 0 and not starts_with(name, lower(${text}))) as names
        from (select ${name} as name from ${product} where ${own()} order by ${name} limit ${walk}) f)
      select case when starting.walked <= ${walk} and (cardinality(starting.names) >= ${n} or containing.walked < ${walk} or cardinality(containing.names) >= ${n}) then
        array(select ${product.id} from ${product} where ${own(sql`${name} = any(coalesce(starting.names[1:${n}], '{}') || coalesce(containing.names[1:${n}], '{}'))`)}
          order by ${name} like ${prefix} desc, ${name}, ${product.id} limit ${n})
      end as ids from starting, containing`,
  );
})();

/**
 * GET product/name/{text}: names containing the text, ignoring case, names that start with it
 * first, then alphabetical (by the stored lower-case name, then id); at most AUTOCOMPLETE_LIMIT.
 * A common text matches thousands of products, and ranking them all (the trigram index finds them,
 * then every match is read and sorted) was most of the request. The quick answer reads names from
 * the two name indexes instead: every name starting with the text (the pattern index's range:
 * LIKE 'text%' in any collation), and the store's first names in alphabetical order, keeping those
 * that contain it; the first names of each part, and so their products, are then known. It is
 * taken only when it is exact: the prefix names were all read, and they fill the page, or the
 * contains part found a full page of names, or the walk read the whole store. `walk` is for tests.
 */
export async function autocompleteProducts(db: Db, s: Scope, text: string, walk = AUTOCOMPLETE_WALK): Promise<ProductOption[]> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const [quick] = await autocompleteQuick(db, { ...s, text, prefix: `${escaped}%`, walk });
  if (quick.ids) return quick.ids.length ? optionsByIds(db, s, quick.ids) : [];
  return searchProducts(db, s, sql`lower(${`${escaped}%`})`, sql`lower(${`%${escaped}%`})`);
}

const optionsOf = perDatabase((db) =>
  db
    .select(option)
    .from(product)
    .innerJoin(department, joinDepartment)
    .where(ownedBy(product, SCOPE_PLACEHOLDERS, sql`${product.id} = any(${sql.placeholder('ids')}::int[])`))
    .prepare('product_options_by_ids'),
);

/** The options of these products, in the order of the ids. */
async function optionsByIds(db: Db, s: Scope, ids: number[]): Promise<ProductOption[]> {
  const rows = await optionsOf(db).execute({ ...s, ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []).map(toOption);
}

/**
 * The autocomplete's full search: the trigram index finds every name containing the text, and they
 * are ranked from the product table alone; only the page's rows meet their department.
 */
async function searchProducts(db: Db, s: Scope, prefix: SQL, contains: SQL): Promise<ProductOption[]> {
  const hits = db
    .select({
      id: product.id,
      name: product.name,
      barcode: product.barcode,
      price: product.price,
      status: product.status,
      departmentId: product.departmentId,
      nameLower: product.nameLower,
      starts: sql<boolean>`${product.nameLower} like ${prefix}`.as('starts'),
    })
    .from(product)
    .where(own(s, sql`${product.nameLower} like ${contains}`))
    .orderBy(sql`"starts" desc`, asc(product.nameLower), asc(product.id))
    .limit(AUTOCOMPLETE_LIMIT)
    .as('hits');
  const rows = await db
    .select({ id: hits.id, name: hits.name, barcode: hits.barcode, price: hits.price, status: hits.status, departmentExcludePromotion: department.excludePromotion })
    .from(hits)
    .innerJoin(department, and(eq(department.merchantAccountId, s.merchantAccountId), eq(department.id, hits.departmentId)))
    .orderBy(desc(hits.starts), asc(hits.nameLower), asc(hits.id));
  return rows.map(toOption);
}

export async function barcodeInUse(db: Db, s: Scope, barcode: string, exceptId?: number) {
  const rows = await db
    .select({ id: product.id })
    .from(product)
    .where(own(s, eq(product.barcode, barcode)));
  return rows.some((r) => r.id !== exceptId);
}

export async function locateProduct(db: Db, id: number): Promise<Scope | undefined> {
  const [row] = await db
    .select({ merchantAccountId: product.merchantAccountId, merchantBranchId: product.merchantBranchId })
    .from(product)
    .where(eq(product.id, id));
  return row;
}

/**
 * The spec's "data warehouse" lookup, served by us: the web image of a product with this barcode and
 * name (name compared without case), in any store, the most recently changed first. Product photos
 * are public on every storefront already, so no token is asked for.
 */
export async function publicImageFileOf(db: Db, barcode: string, name: string): Promise<{ merchantAccountId: number; fileId: number } | undefined> {
  const [row] = await db
    .select({ merchantAccountId: product.merchantAccountId, fileId: product.webFileId })
    .from(product)
    .where(and(eq(product.barcode, barcode), sql`lower(${product.name}) = lower(${name})`, sql`${product.webFileId} is not null`))
    .orderBy(sql`${product.updatedDate} desc`, asc(product.id))
    .limit(1);
  return row?.fileId ? { merchantAccountId: row.merchantAccountId, fileId: row.fileId } : undefined;
}

/** Image slots of a product: WEB and TILL. */
export const productImageSlots = {
  async read(db: Db, s: Scope, id: number, type: 'WEB' | 'TILL') {
    const [row] = await db
      .select({ web: product.webFileId, till: product.tillFileId })
      .from(product)
      .where(own(s, eq(product.id, id)))
      .for('update');
    if (!row) return undefined;
    return type === 'WEB' ? row.web : row.till;
  },
  async write(db: Db, s: Scope, id: number, type: 'WEB' | 'TILL', fileId: number | null) {
    await db
      .update(product)
      .set(type === 'WEB' ? { webFileId: fileId, updatedDate: new Date() } : { tillFileId: fileId, updatedDate: new Date() })
      .where(own(s, eq(product.id, id)));
  },
};
