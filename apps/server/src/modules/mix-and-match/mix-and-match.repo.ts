import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MIX_AND_MATCH_MESSAGES, type MixAndMatch, type MixAndMatchInput } from '@tillpoint/contracts/mix-and-match';
import { fromHundredths, toHundredths } from '@tillpoint/contracts/price-calculator';
import type { PricingOffer } from '@tillpoint/contracts/promotion-pricing';
import type { Db } from '../../db/open-db';
import { department, mixAndMatch, mixAndMatchProduct, product } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type ResourceRepo, branchRecordCalls, branchRecordReads } from '../../platform/branch-repo';
import { badRequest, notFound } from '../../platform/errors';
import { type TableColumns, hundredthsColumn } from '../../platform/table-load';
import { ownedBy } from '../../platform/tenancy';
import { linkedProducts, replaceOrderedLinks } from '../../platform/ordered-links';

type Row = typeof mixAndMatch.$inferSelect;

const own = (s: Scope, extra?: SQL) => ownedBy(mixAndMatch, s, extra);

const columns: TableColumns = {
  id: { column: mixAndMatch.id, kind: 'number' },
  name: { column: mixAndMatch.name, kind: 'text' },
  quantity: { column: mixAndMatch.quantity, kind: 'number' },
  operation: { column: mixAndMatch.operation, kind: 'text' },
  amount: hundredthsColumn(mixAndMatch.amount),
  startDate: { column: mixAndMatch.startDate, kind: 'text' },
  endDate: { column: mixAndMatch.endDate, kind: 'text' },
  status: { column: mixAndMatch.status, kind: 'text' },
  level: { column: mixAndMatch.level, kind: 'text' },
};

/** BASKET offers keep their threshold in pence; PRODUCT offers count items. */
const quantityOut = (r: Pick<Row, 'level' | 'quantity'>) => (r.level === 'BASKET' ? fromHundredths(r.quantity) : r.quantity);

async function withProducts(db: Db, s: Scope, rows: Row[]): Promise<MixAndMatch[]> {
  const members = await linkedProducts(db, s, mixAndMatchProduct, mixAndMatchProduct.mixAndMatchId, rows.map((r) => r.id), { id: product.id, name: product.name, barcode: product.barcode, price: product.price, excluded: department.excludePromotion });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status as MixAndMatch['status'],
    mixAndMatchType: r.mixAndMatchType as MixAndMatch['mixAndMatchType'],
    level: r.level as MixAndMatch['level'],
    operation: r.operation as MixAndMatch['operation'],
    quantity: quantityOut(r),
    amount: fromHundredths(r.amount),
    startDate: r.startDate,
    endDate: r.endDate,
    monday: r.monday,
    tuesday: r.tuesday,
    wednesday: r.wednesday,
    thursday: r.thursday,
    friday: r.friday,
    saturday: r.saturday,
    sunday: r.sunday,
    startHour: r.startHour,
    startMinute: r.startMinute,
    duration: r.duration,
    mmPrint: r.mmPrint as MixAndMatch['mmPrint'],
    webEnabled: r.webEnabled,
    products: members
      .filter((m) => m.ownerId === r.id)
      .map((m) => ({ id: m.id, name: m.name, barcode: m.barcode, price: m.price === null ? null : fromHundredths(m.price), departmentExcludePromotion: m.excluded })),
  }));
}

const reads = branchRecordReads(mixAndMatch, mixAndMatch, columns, withProducts);

const toRow = (i: MixAndMatchInput) => ({
  name: i.name,
  status: i.status,
  mixAndMatchType: i.mixAndMatchType,
  level: i.level,
  operation: i.operation,
  quantity: i.level === 'BASKET' ? toHundredths(i.quantity) : i.quantity,
  amount: toHundredths(i.amount),
  startDate: i.startDate,
  endDate: i.endDate,
  monday: i.monday,
  tuesday: i.tuesday,
  wednesday: i.wednesday,
  thursday: i.thursday,
  friday: i.friday,
  saturday: i.saturday,
  sunday: i.sunday,
  startHour: i.startHour,
  startMinute: i.startMinute,
  duration: i.duration,
  mmPrint: i.mmPrint,
  webEnabled: i.webEnabled,
});

/**
 * Replaces an offer's products. Each must be the branch's own (404 otherwise, nothing written) and
 * its department must allow promotions ('Product excluded from mixAndMatch', spec 2 §5).
 */
async function setProducts(tx: Db, s: Scope, offerId: number, productIds: number[]) {
  if (productIds.length) {
    const found = await tx
      .select({ id: product.id, excluded: department.excludePromotion })
      .from(product)
      .innerJoin(department, and(eq(department.merchantAccountId, product.merchantAccountId), eq(department.id, product.departmentId)))
      .where(ownedBy(product, s, inArray(product.id, productIds)));
    if (found.length !== productIds.length) throw notFound();
    if (found.some((p) => p.excluded)) {
      throw badRequest(MIX_AND_MATCH_MESSAGES.excluded, [{ field: 'products', message: MIX_AND_MATCH_MESSAGES.excluded }]);
    }
  }
  await replaceOrderedLinks(tx, s, mixAndMatchProduct, mixAndMatchProduct.mixAndMatchId, offerId, productIds.map((productId) => ({ mixAndMatchId: offerId, productId })));
}

export const mixAndMatchRepo: ResourceRepo<MixAndMatch, MixAndMatchInput> = {
  ...reads,
  ...branchRecordCalls(mixAndMatch, mixAndMatch, reads.get, { toRow, children: (tx, s, id, input) => setProducts(tx, s, id, input.products) }),
};

/**
 * Whether any offer of the branch holds a product of the department (GET department/{id}/
 * hasConnectedAnyMixAndMatch: a department linked to an offer cannot start excluding promotions).
 */
export async function departmentHasMixAndMatch(db: Db, s: Scope, departmentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: mixAndMatchProduct.mixAndMatchId })
    .from(mixAndMatchProduct)
    .innerJoin(product, and(eq(product.merchantAccountId, mixAndMatchProduct.merchantAccountId), eq(product.id, mixAndMatchProduct.productId)))
    .where(ownedBy(mixAndMatchProduct, s, eq(product.departmentId, departmentId)))
    .limit(1);
  return row !== undefined;
}

/** The branch's offers as the pricing function takes them (pence), for the storefront basket and the tills. */
export async function pricingOffersOf(db: Db, s: Scope): Promise<PricingOffer[]> {
  // One statement, offers with their products (every basket call prices the basket with them).
  const rows = await db
    .select({
      offer: mixAndMatch,
      productIds: sql<number[]>`array(select ${mixAndMatchProduct.productId} from ${mixAndMatchProduct} where ${mixAndMatchProduct.merchantAccountId} = ${mixAndMatch.merchantAccountId}
        and ${mixAndMatchProduct.mixAndMatchId} = ${mixAndMatch.id} order by ${mixAndMatchProduct.productId})`,
    })
    .from(mixAndMatch)
    .where(own(s, eq(mixAndMatch.status, 'ACTIVE')))
    .orderBy(asc(mixAndMatch.id));
  return rows.map(({ offer: r, productIds }) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    webEnabled: r.webEnabled,
    mixAndMatchType: r.mixAndMatchType,
    level: r.level as PricingOffer['level'],
    operation: r.operation as PricingOffer['operation'],
    quantity: r.quantity,
    amount: r.amount,
    startDate: r.startDate,
    endDate: r.endDate,
    days: { monday: r.monday, tuesday: r.tuesday, wednesday: r.wednesday, thursday: r.thursday, friday: r.friday, saturday: r.saturday, sunday: r.sunday },
    startHour: r.startHour,
    startMinute: r.startMinute,
    duration: r.duration,
    productIds: productIds.map(Number),
  }));
}
