import { type SQL, and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AUTOCOMPLETE_LIMIT, type Product, type ProductOption } from '@tillpoint/contracts/product';
import { fromHundredths } from '@tillpoint/contracts/price-calculator';
import type { TableLoadRequest } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { department, product, productProductTag, storedFile, tax } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type TableColumns, hundredthsColumn, loadTable } from '../../platform/table-load';
import { ownedBy } from '../../platform/tenancy';

const productTax = alias(tax, 'product_tax');
const departmentTax = alias(tax, 'department_tax');
const webFile = alias(storedFile, 'web_file');
const tillFile = alias(storedFile, 'till_file');

/** Columns the product table load filters and sorts on (PRODUCT_TABLE_COLUMNS). */
const columns: TableColumns = {
  id: { column: product.id, kind: 'number' },
  name: { column: product.name, kind: 'text' },
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

const fields = {
  p: product,
  departmentName: department.name,
  departmentProfitMarginBp: department.profitMarginBp,
  departmentTaxId: department.taxId,
  departmentExcludePromotion: department.excludePromotion,
  productTaxBp: productTax.rateBp,
  departmentTaxBp: departmentTax.rateBp,
  webType: webFile.contentType,
  webName: webFile.fileName,
  webSha: webFile.sha256,
  tillType: tillFile.contentType,
  tillName: tillFile.fileName,
  tillSha: tillFile.sha256,
};
type Row = {
  p: typeof product.$inferSelect;
  departmentName: string;
  departmentProfitMarginBp: number | null;
  departmentTaxId: number;
  departmentExcludePromotion: boolean;
  productTaxBp: number | null;
  departmentTaxBp: number | null;
  webType: string | null;
  webName: string | null;
  webSha: string | null;
  tillType: string | null;
  tillName: string | null;
  tillSha: string | null;
};

const joinDepartment = and(eq(department.merchantAccountId, product.merchantAccountId), eq(department.id, product.departmentId));

/** Products with their department, the tax that applies and their image names, all in one statement. */
const joined = (db: Db) =>
  db
    .select(fields)
    .from(product)
    .innerJoin(department, joinDepartment)
    .leftJoin(productTax, and(eq(productTax.merchantAccountId, product.merchantAccountId), eq(productTax.id, product.taxId)))
    .leftJoin(departmentTax, and(eq(departmentTax.merchantAccountId, department.merchantAccountId), eq(departmentTax.id, department.taxId)))
    .leftJoin(webFile, and(eq(webFile.merchantAccountId, product.merchantAccountId), eq(webFile.id, product.webFileId)))
    .leftJoin(tillFile, and(eq(tillFile.merchantAccountId, product.merchantAccountId), eq(tillFile.id, product.tillFileId)));

const money = (n: number | null) => (n === null ? null : fromHundredths(n));

function toProduct(r: Row, tags: number[]): Product {
  const p = r.p;
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
    taxRate: fromHundredths(r.productTaxBp ?? r.departmentTaxBp ?? 0),
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
    fileType: r.webType,
    fileName: r.webName,
    fileTypeTill: r.tillType,
    fileNameTill: r.tillName,
    imageVersion: r.webSha?.slice(0, 16) ?? null,
    imageVersionTill: r.tillSha?.slice(0, 16) ?? null,
    productTags: tags,
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

/** The tag ids of these products, in the order they were chosen. */
async function tagsOf(db: Db, s: Scope, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ productId: productProductTag.productId, tagId: productProductTag.tagId })
    .from(productProductTag)
    .where(and(eq(productProductTag.merchantAccountId, s.merchantAccountId), inArray(productProductTag.productId, ids)))
    .orderBy(asc(productProductTag.productId), asc(productProductTag.position));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.tagId]);
  return out;
}

async function withTags(db: Db, s: Scope, rows: Row[]): Promise<Product[]> {
  const tags = await tagsOf(
    db,
    s,
    rows.map((r) => r.p.id),
  );
  return rows.map((r) => toProduct(r, tags.get(r.p.id) ?? []));
}

const own = (s: Scope, extra?: SQL) => ownedBy(product, s, extra);

export async function getProduct(db: Db, s: Scope, id: number): Promise<Product | undefined> {
  const rows = await joined(db).where(own(s, eq(product.id, id)));
  return rows.length ? (await withTags(db, s, rows))[0] : undefined;
}

export async function productByBarcode(db: Db, s: Scope, barcode: string): Promise<Product | undefined> {
  const rows = await joined(db).where(own(s, eq(product.barcode, barcode)));
  return rows.length ? (await withTags(db, s, rows))[0] : undefined;
}

export async function allProducts(db: Db, s: Scope, onlyActive?: boolean): Promise<Product[]> {
  const rows = await joined(db)
    .where(own(s, onlyActive ? eq(product.status, 'ACTIVE') : undefined))
    .orderBy(asc(product.id));
  return withTags(db, s, rows);
}

/** PUT storemanagement/product/all: the server-paged product list. */
export function listProducts(db: Db, s: Scope, request: TableLoadRequest) {
  return loadTable(
    columns,
    product.id,
    request,
    async (q) => withTags(db, s, await joined(db).where(own(s, q.where)).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)),
    async (where) => {
      const [r] = await db.select({ n: count() }).from(product).innerJoin(department, joinDepartment).where(own(s, where));
      return Number(r?.n ?? 0);
    },
  );
}

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
    .orderBy(sql`lower(${product.name})`, asc(product.id));
  return rows.map(toOption);
}

/**
 * GET product/name/{text}: names containing the text (the trigram index answers ILIKE '%…%'),
 * names that start with it first, then alphabetical; at most AUTOCOMPLETE_LIMIT.
 */
export async function autocompleteProducts(db: Db, s: Scope, text: string): Promise<ProductOption[]> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select(option)
    .from(product)
    .innerJoin(department, joinDepartment)
    .where(own(s, sql`${product.name} ilike ${`%${escaped}%`}`))
    .orderBy(sql`(lower(${product.name}) like lower(${`${escaped}%`})) desc`, sql`lower(${product.name})`, asc(product.id))
    .limit(AUTOCOMPLETE_LIMIT);
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
