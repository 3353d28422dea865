import { randomInt } from 'node:crypto';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { BARCODE_MESSAGES, makeStoreEan13 } from '@tillpoint/contracts/barcode';
import { calculatePrices, calculateWebPrice, fromHundredths, toHundredths } from '@tillpoint/contracts/price-calculator';
import type { Product, ProductInput, ProductStockInput } from '@tillpoint/contracts/product';
import type { Db } from '../../db/open-db';
import { country, department, product, productClass, productProductTag, productTag, stockEvent, supplier, tax } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import { SCOPE_PLACEHOLDERS, ownedBy } from '../../platform/tenancy';
import { perDatabase } from '../../db/per-database';
import { orderedLinkRows, replaceOrderedLinks } from '../../platform/ordered-links';
import { barcodeInUse, getProduct, savedProduct, savedProductFields } from './products.repo';

const pence = (n: number | null) => (n === null ? null : toHundredths(n));

/** The caller's department with the rate of its tax (404 for another store's or branch's id). */
async function departmentOf(db: Db, s: Scope, id: number) {
  const [d] = await db.select(departmentFields).from(department).innerJoin(tax, departmentTax).where(ownedBy(department, s, eq(department.id, id)));
  if (!d) throw notFound();
  return d;
}
const departmentFields = {
  id: department.id,
  name: department.name,
  taxId: department.taxId,
  excludePromotion: department.excludePromotion,
  profitMarginBp: department.profitMarginBp,
  method: department.priceCalculationMethod,
  rate: department.priceCalculationRateBp,
  taxRateBp: tax.rateBp,
};
const departmentTax = and(eq(tax.merchantAccountId, department.merchantAccountId), eq(tax.id, department.taxId));

/** The count of the caller's rows of `t` with one of these ids (a prepared statement's part). */
const ownedCount = (t: typeof productTag | typeof supplier | typeof productClass, ids: SQL) =>
  sql<number>`(select count(*) from ${t} where ${ownedBy(t, SCOPE_PLACEHOLDERS, sql`${t.id} = any(${ids})`)})::int`;

/**
 * A product body's references, checked in one prepared statement: its department (with its tax's
 * rate) and the rate of its own tax, and how many of its tags, supplier, product class and country
 * exist for the caller (the store's own; countries are the platform's). An absent id (null) matches
 * nothing, so it counts 0.
 */
const productReferences = perDatabase((db) =>
  db
    .select({
      ...departmentFields,
      ownTaxRateBp: sql<number | null>`(select ${tax.rateBp} from ${tax} where ${ownedBy(tax, SCOPE_PLACEHOLDERS, eq(tax.id, sql.placeholder('tax')))})`,
      tags: ownedCount(productTag, sql`${sql.placeholder('tags')}::int[]`),
      suppliers: ownedCount(supplier, sql`array[${sql.placeholder('supplierId')}]::int[]`),
      classes: ownedCount(productClass, sql`array[${sql.placeholder('productClassId')}]::int[]`),
      countries: sql<number>`(select count(*) from ${country} where ${country.id} = ${sql.placeholder('countryId')})::int`,
      // The saved product's tags and their version, read in the same snapshot (null for a new one).
      tagsVersion: sql<number | null>`(select ${product.tagsVersion} from ${product} where ${ownedBy(product, SCOPE_PLACEHOLDERS, eq(product.id, sql.placeholder('productId')))})`,
      storedTags: sql<number[]>`array(select ${productProductTag.tagId} from ${productProductTag}
        where ${productProductTag.merchantAccountId} = ${sql.placeholder('merchantAccountId')} and ${productProductTag.productId} = ${sql.placeholder('productId')}
        order by ${productProductTag.position})`,
    })
    .from(department)
    .innerJoin(tax, departmentTax)
    .where(ownedBy(department, SCOPE_PLACEHOLDERS, eq(department.id, sql.placeholder('departmentId'))))
    .prepare('product_references'),
);

/** The body's references (404 when one is not the caller's), and the saved product's tags with their version. */
async function referencesOf(db: Db, s: Scope, id: number | null, i: ProductInput) {
  const tagIds = [...new Set(i.productTags)];
  const [r] = await productReferences(db).execute({
    ...s,
    productId: id,
    departmentId: i.departmentId,
    tax: i.tax,
    tags: tagIds,
    supplierId: i.supplierId,
    productClassId: i.productClassId,
    countryId: i.countryId,
  });
  const all =
    r &&
    (i.tax === null || r.ownTaxRateBp !== null) &&
    r.tags === tagIds.length &&
    r.suppliers === (i.supplierId === null ? 0 : 1) &&
    r.classes === (i.productClassId === null ? 0 : 1) &&
    r.countries === (i.countryId === null ? 0 : 1);
  if (!all) throw notFound();
  return r;
}

/**
 * Saves a product (create when id is null). Every id in the body must be the caller's own
 * (department, tax, tags, supplier, product class; countries are the platform's list), else 404
 * and nothing is written. The price calculator's fields are computed here with the shared
 * calculator, never taken from the page; an empty profit margin takes the department's.
 * A barcode another product of the store has is refused by the table's unique key at the write
 * itself (no read before it, and no race between two saves): 409 'Barcode is taken'.
 */
export async function saveProduct(db: Db, s: Scope, id: number | null, i: ProductInput): Promise<Product | undefined> {
  try {
    return await writeProduct(db, s, id, i);
  } catch (err) {
    if (isUniqueViolation(err, 'product_barcode_key')) throw conflict(BARCODE_MESSAGES.taken);
    throw err;
  }
}

/** The columns a save writes, all from the body and its references (the update's prepared SET). */
const WRITTEN_COLUMNS = [
  'name', 'status', 'barcode', 'barcodeType', 'barcodeDigit', 'codeLength', 'departmentId', 'taxId', 'price', 'oldPrice', 'webPrice', 'price2',
  'price3', 'unit', 'quantity', 'weighable', 'allowZeroPrice', 'allowNegativePrice', 'productType', 'minStock', 'maxStock', 'supplierId',
  'countryId', 'productClassId', 'description', 'rowNumber', 'colNo', 'costPrice', 'boxQuantity', 'boxUnit', 'profitMarginBp', 'boxPrice',
  'unitCost', 'actualMarginBp', 'retailPrice', 'webEnabled',
] as const satisfies (keyof typeof product.$inferInsert)[];
type ProductRow = Pick<typeof product.$inferInsert, (typeof WRITTEN_COLUMNS)[number]>;

/** The row a body makes, its prices computed with the shared calculator from its references. */
function productRow(i: ProductInput, d: Awaited<ReturnType<typeof referencesOf>>): ProductRow {
  const taxRateBp = d.ownTaxRateBp ?? d.taxRateBp;
  const profitMarginBp = i.profitMargin === null ? d.profitMarginBp : toHundredths(i.profitMargin);
  const calc = calculatePrices({ boxPrice: pence(i.boxPrice), boxQuantity: i.boxQuantity, price: pence(i.price), taxRateBp, profitMarginBp });
  return {
    name: i.name,
    status: i.status,
    barcode: i.barcode,
    barcodeType: i.barcodeType,
    barcodeDigit: i.barcodeDigit,
    codeLength: i.codeLength,
    departmentId: i.departmentId,
    taxId: i.tax,
    price: pence(i.price),
    oldPrice: pence(i.oldPrice),
    webPrice: pence(i.webPrice),
    price2: pence(i.price2),
    price3: pence(i.price3),
    unit: i.unit,
    quantity: i.quantity,
    weighable: i.weighable,
    allowZeroPrice: i.allowZeroPrice,
    allowNegativePrice: i.allowNegativePrice,
    productType: i.productType,
    minStock: i.minStock,
    maxStock: i.maxStock,
    supplierId: i.supplierId,
    countryId: i.countryId,
    productClassId: i.productClassId,
    description: i.description,
    rowNumber: i.rowNumber,
    colNo: i.colNo,
    costPrice: pence(i.costPrice),
    boxQuantity: i.boxQuantity,
    boxUnit: i.boxUnit,
    profitMarginBp,
    boxPrice: pence(i.boxPrice),
    unitCost: calc.unitCost,
    actualMarginBp: calc.actualMargin,
    retailPrice: calc.retailPrice,
    webEnabled: i.webEnabled,
  };
}

/**
 * The usual update, prepared: one statement is the whole save when the tags stay as they are. It
 * writes the row only while its tags are still the version the references read saw: a save that
 * rewrote them in between (and committed) makes it match nothing, and this save then goes the
 * transaction's way. A save in between that kept them does not: the later save wins, as it would.
 */
const productUpdate = perDatabase((db) =>
  db
    .update(product)
    .set({ ...Object.fromEntries(WRITTEN_COLUMNS.map((c) => [c, sql`${sql.placeholder(c)}`])), updatedDate: sql`now()` })
    .where(ownedBy(product, SCOPE_PLACEHOLDERS, and(eq(product.id, sql.placeholder('id')), eq(product.tagsVersion, sql.placeholder('tagsVersion')))))
    .returning(savedProductFields)
    .prepare('product_update'),
);

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((x, n) => x === b[n]);

async function writeProduct(db: Db, s: Scope, id: number | null, i: ProductInput): Promise<Product | undefined> {
  // Read apart from the write, as a transaction's first statement would be: nothing locks them either way.
  const d = await referencesOf(db, s, id, i);
  const row = productRow(i, d);
  const known = (tags: number[]) => ({
    departmentName: d.name,
    departmentProfitMarginBp: d.profitMarginBp,
    departmentTaxId: d.taxId,
    departmentExcludePromotion: d.excludePromotion,
    taxRateBp: d.ownTaxRateBp ?? d.taxRateBp,
    tags,
  });
  if (id !== null && d.tagsVersion !== null && sameList(d.storedTags, i.productTags)) {
    const [updated] = await productUpdate(db).execute({ ...row, ...s, id, tagsVersion: d.tagsVersion });
    if (updated) return savedProduct(updated, known(i.productTags));
  }
  const tagLinks = (productId: number) => i.productTags.map((tagId) => ({ productId, tagId }));
  return db.transaction(async (tx) => {
    if (id === null) {
      const [{ id: productId }] = await tx
        .insert(product)
        .values({ ...row, merchantAccountId: s.merchantAccountId, merchantBranchId: s.merchantBranchId })
        .returning({ id: product.id });
      if (i.productTags.length) await tx.insert(productProductTag).values(orderedLinkRows(productProductTag, s, tagLinks(productId)));
      return getProduct(tx, s, productId);
    }
    const [updated] = await tx
      .update(product)
      .set({ ...row, tagsVersion: sql`${product.tagsVersion} + 1`, updatedDate: new Date() })
      .where(ownedBy(product, s, eq(product.id, id)))
      .returning(savedProductFields);
    // Not the store's product: nothing written (the caller answers 404).
    if (!updated) return undefined;
    await replaceOrderedLinks(tx, s, productProductTag, productProductTag.productId, id, tagLinks(id));
    // The update's RETURNING and what was checked above make the answer: no read-back.
    return savedProduct(updated, known(i.productTags));
  });
}

/** Deletes a product and its two images in one transaction (group and tag links go with it). */
export async function removeProduct(db: Db, s: Scope, id: number, files: FileStore): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(product)
      .where(ownedBy(product, s, eq(product.id, id)))
      .returning({ webFileId: product.webFileId, tillFileId: product.tillFileId });
    if (!row) return false;
    for (const fileId of [row.webFileId, row.tillFileId]) if (fileId !== null) await files.remove(tx, s.merchantAccountId, fileId);
    return true;
  });
}

export async function setProductStatus(db: Db, s: Scope, id: number, status: string) {
  const [row] = await db
    .update(product)
    .set({ status, updatedDate: new Date() })
    .where(ownedBy(product, s, eq(product.id, id)))
    .returning({ id: product.id });
  return row ? getProduct(db, s, row.id) : undefined;
}

/** The new level of a stock operation: ADD_STOCK adds, DROP_STOCK takes away, COUNT_STOCK sets. */
export function stockAfter(before: number, op: ProductStockInput['stockOperation'], amount: number) {
  if (op === 'ADD_STOCK') return before + amount;
  if (op === 'DROP_STOCK') return before - amount;
  return amount;
}

/** PUT product/stock: changes the level, records the event (who, why, before and after) in one transaction. */
export async function changeStock(db: Db, s: Scope, i: ProductStockInput, userId: number): Promise<Product> {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ currentStock: product.currentStock })
      .from(product)
      .where(ownedBy(product, s, eq(product.id, i.id)))
      .for('update');
    if (!p) throw notFound();
    const after = stockAfter(p.currentStock, i.stockOperation, i.stock);
    await tx
      .update(product)
      .set({ currentStock: after, minStock: i.minStock, maxStock: i.maxStock, updatedDate: new Date() })
      .where(ownedBy(product, s, eq(product.id, i.id)));
    await tx.insert(stockEvent).values({
      merchantAccountId: s.merchantAccountId,
      merchantBranchId: s.merchantBranchId,
      productId: i.id,
      stockOperation: i.stockOperation,
      stockEventReason: i.stockOperationReason,
      quantity: i.stock,
      stockBefore: p.currentStock,
      stockAfter: after,
      userId,
    });
    return (await getProduct(tx, s, i.id)) as Product;
  });
}

/**
 * GET product/barcode/generate: a random in-store EAN-13 (prefix 20, correct check digit) that no
 * product of the store uses. With 10 random digits a clash is rare; a few tries are plenty.
 */
export async function generateBarcode(db: Db, s: Scope): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const digits = String(randomInt(0, 10_000_000_000)).padStart(10, '0');
    const code = makeStoreEan13(digits);
    if (!(await barcodeInUse(db, s, code))) return code;
  }
  throw conflict(BARCODE_MESSAGES.taken);
}

/** POST product/calculate/webprice: the till price under the department's calculation method, in pounds. */
export async function webPriceFor(db: Db, s: Scope, price: number, departmentId: number): Promise<number> {
  const d = await departmentOf(db, s, departmentId);
  return fromHundredths(calculateWebPrice(toHundredths(price), d.method, d.rate));
}

/** Products of the caller's branch among these ids, for product groups (404 when one is not). */
export async function requireOwnProducts(db: Db, s: Scope, ids: number[]) {
  if (!ids.length) return;
  const rows = await db
    .select({ id: product.id })
    .from(product)
    .where(ownedBy(product, s, inArray(product.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound();
}
