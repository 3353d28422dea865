import { and, eq, sql } from 'drizzle-orm';
import {
  type AddItemInput,
  BASKET_MESSAGES,
  type Basket,
  type LineActionInput,
  ORDER_TYPE_LICENCE,
  QUANTITY_MIN,
  SERVICE_CHARGE_CHOICES,
  type StorefrontOrderType,
  moneyString,
  pounds,
  toTenths,
} from '@tillpoint/contracts/basket';
import type { ServiceName } from '@tillpoint/contracts/enums';
import { CHECKOUT_MESSAGES } from '@tillpoint/contracts/order';
import type { Db } from '../../db/open-db';
import { relaxedTransaction } from '../../db/relaxed-transaction';
import { basket, basketLine } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors';
import { newOpaqueToken } from '../../platform/random';
import { storeCache, storeSynced } from '../../platform/store-changes';
import type { PricingOffer } from '@tillpoint/contracts/promotion-pricing';
import { pricingOffersOf } from '../mix-and-match/mix-and-match.repo';
import type { BranchSettingsRow } from '../settings/branch-settings.repo';
import { memberView } from '../settings/branch-settings.merchant';
import { type BasketPrice, type ItemData, type LineData, priceBasket, priceOptions, serviceChargeRate } from './basket.pricing';
import { type BasketLineRow, type BasketRow, LINE_MAX_TENTHS, addLine, basketLines, branchItems, findBasket, storeRow } from './basket.repo';

/** The store as the basket sees it at this moment: its keys, settings, licences and whether it is closed. */
export type StoreContext = {
  scope: Scope;
  settings: BranchSettingsRow | undefined;
  status: string;
  tradingName: string;
  closed: boolean;
  granted: Set<ServiceName>;
  now: Date;
  /** The branch's ACTIVE offers with their products, read with `tx` unless kept from an earlier call. */
  offers: (tx: Db) => Promise<PricingOffer[]>;
  /** The branch's orderable items by web menu id (basket.repo's branchItems), kept the same way. */
  items: (tx: Db) => Promise<Map<number, ItemData>>;
};

/**
 * Every basket call starts here. The store's row (branch, settings, licences) and its offers are kept
 * between calls until a change of the store is heard (platform/store-changes.ts) or a DEMO licence
 * lapses; the request's one round trip on the LISTEN connection makes sure nothing committed before
 * it is missed.
 */
export async function storeContext(db: Db, branchId: number, now = new Date()): Promise<StoreContext> {
  const synced = storeSynced(db);
  const row = await storeCache<Awaited<ReturnType<typeof storeRow>>>(db, 'basket-store').get(
    String(branchId),
    async () => {
      const value = await storeRow(db, branchId);
      return { value, accountId: value?.merchantAccountId, expiresAt: value?.demoEnds ?? undefined };
    },
    synced,
  );
  if (!row) throw notFound();
  const scope: Scope = { merchantAccountId: row.merchantAccountId, merchantBranchId: row.merchantBranchId };
  const settings = row.settings ?? undefined;
  const granted = new Set(row.services as ServiceName[]);
  const offers = (tx: Db) =>
    storeCache<PricingOffer[]>(db, 'basket-offers').get(
      `${scope.merchantAccountId}:${scope.merchantBranchId}`,
      async () => ({ value: await pricingOffersOf(tx, scope), accountId: scope.merchantAccountId }),
      synced,
    );
  const items = (tx: Db) =>
    storeCache<Map<number, ItemData>>(db, 'basket-items', { maxEntries: 1000 }).get(
      `${scope.merchantAccountId}:${scope.merchantBranchId}`,
      async () => ({ value: await branchItems(tx, scope), accountId: scope.merchantAccountId }),
      synced,
    );
  return { scope, settings, status: row.status, tradingName: row.tradingName, granted, now, closed: memberView(scope, row.status, settings, now).storeClosed, offers, items };
}

const unavailable = () => new HttpError(400, BASKET_MESSAGES.serviceUnavailable, 'WARNING');

/** Spec 3 §6: the basket needs the web-order or table-order licence; an order type needs its own. */
export function requireLicence(ctx: StoreContext, orderType?: StorefrontOrderType) {
  const ok = orderType ? ctx.granted.has(ORDER_TYPE_LICENCE[orderType]) : ctx.granted.has('WEB_ORDER') || ctx.granted.has('TABLE_ORDER');
  if (!ok) throw unavailable();
}

const serviceOptionOf = (s: BranchSettingsRow | undefined, t: StorefrontOrderType) =>
  t === 'Delivery'
    ? { option: s?.serviceChargeOptionsDelivery ?? null, rate: s?.defaultServiceChargeDelivery ?? null }
    : t === 'Table Order'
      ? { option: s?.serviceChargeOptionsTableOrder ?? null, rate: s?.defaultServiceChargeTableOrder ?? null }
      : { option: s?.serviceChargeOptions ?? null, rate: s?.defaultServiceCharge ?? null };

/**
 * The basket's lines with the server's own prices (lines whose item has been withdrawn drop out).
 * `known.lines` spares reading again the lines the caller has just read or written in the same
 * transaction; the items come from the branch's kept list (storeContext).
 */
export async function priceOf(
  db: Db,
  ctx: StoreContext,
  row: BasketRow | undefined,
  orderType: StorefrontOrderType,
  known: { lines?: BasketLineRow[] } = {},
) {
  const rows: BasketLineRow[] = known.lines ?? (row ? await basketLines(db, ctx.scope, row.id) : []);
  const items = rows.length ? await ctx.items(db) : new Map<number, ItemData>();
  const lines: LineData[] = [];
  for (const r of rows) {
    const item = items.get(r.webMenuId);
    if (!item) continue;
    const options = priceOptions(item, r.options as { groupKey: LineData['options'][number]['groupKey']; productId: number }[]);
    if ('error' in options) continue;
    lines.push({ bssId: r.bssId, quantityTenths: r.quantityTenths, extraNotes: r.extraNotes, options: options.options, item });
  }
  const sc = serviceOptionOf(ctx.settings, orderType);
  const offers = lines.length ? await ctx.offers(db) : [];
  const price = priceBasket(
    lines,
    {
      orderType,
      serviceChargeRate: serviceChargeRate(sc.option, sc.rate, row?.serviceChargeRate ?? null),
      deliveryFee: ctx.settings?.deliveryFee ?? null,
      freeDeliveryAmount: ctx.settings?.freeDeliveryAmount ?? null,
      collectionDiscountBp: ctx.settings?.collectionDiscountRateBp ?? null,
    },
    offers,
    ctx.now,
  );
  return { price, serviceCharge: serviceChargeRate(sc.option, sc.rate, row?.serviceChargeRate ?? null), serviceChargeOption: sc.option };
}

function reply(ctx: StoreContext, row: BasketRow | undefined, orderType: StorefrontOrderType, p: { price: BasketPrice; serviceCharge: number; serviceChargeOption: string | null }): Basket {
  const { price } = p;
  const bssId = row?.bssId ?? null;
  const minimum = ctx.settings?.minimumDeliveryBasketPrice ?? null;
  return {
    id: row?.id ?? null,
    bssId,
    merchantBranchId: ctx.scope.merchantBranchId,
    orderType,
    tableNo: row?.tableNo ?? null,
    basketDetailList: price.lines.map((l) => ({
      bssId: l.bssId,
      webMenuBssId: l.item.webMenuId,
      productId: l.item.productId,
      parentBssId: null,
      basketBssId: bssId ?? '',
      merchantBranchId: ctx.scope.merchantBranchId,
      name: l.item.name,
      quantity: l.quantityTenths / 10,
      weighable: l.item.weighable,
      unit: l.item.unit,
      ageRestricted: l.item.ageRestricted,
      extraNotes: l.extraNotes,
      options: l.options.map((o) => ({ ...o, price: pounds(o.price), priceString: moneyString(o.price) })),
      price: pounds(l.unitTotal),
      priceString: moneyString(l.unitTotal),
      totalPrice: pounds(l.total),
      totalPriceString: moneyString(l.total),
    })),
    checkOutItemList: [
      ...price.promotions.map((d) => ({ name: d.name, price: pounds(-d.discount), priceString: moneyString(-d.discount) })),
      ...(price.collectionDiscount ? [{ name: 'Collection discount', price: pounds(-price.collectionDiscount), priceString: moneyString(-price.collectionDiscount) }] : []),
    ],
    itemCount: price.lines.reduce((n, l) => n + (l.item.weighable ? 1 : l.quantityTenths / 10), 0),
    subTotalPrice: pounds(price.subTotal),
    subTotalPriceString: moneyString(price.subTotal),
    discountPrice: pounds(price.promotionDiscount),
    discountPriceString: moneyString(price.promotionDiscount),
    manualDiscount: pounds(price.collectionDiscount),
    manualDiscountString: moneyString(price.collectionDiscount),
    deliveryPrice: pounds(price.deliveryFee),
    deliveryFeeString: moneyString(price.deliveryFee),
    serviceCharge: String(p.serviceCharge),
    serviceChargeOption: p.serviceChargeOption,
    calculatedServiceCharge: pounds(price.serviceCharge),
    calculatedServiceChargeString: moneyString(price.serviceCharge),
    totalTaxPrice: pounds(price.tax),
    totalPrice: pounds(price.total),
    totalPriceString: moneyString(price.total),
    minimumDeliveryBasketPrice: minimum === null ? null : pounds(minimum),
    isClosed: ctx.closed,
    ageRestrictedConfirmed: row?.ageConfirmed ?? false,
  };
}

export async function basketReply(db: Db, ctx: StoreContext, row: BasketRow | undefined, orderType: StorefrontOrderType, known: Parameters<typeof priceOf>[4] = {}) {
  return reply(ctx, row, orderType, await priceOf(db, ctx, row, orderType, known));
}

const isOpen = (row: BasketRow | undefined): row is BasketRow => row !== undefined && row.state === 'OPEN';

/** GET status/created/…: the open basket with this id (its order type follows the customer's choice), or an empty one. */
export async function currentBasket(db: Db, branchId: number, orderType: StorefrontOrderType, bssId: string | null): Promise<Basket> {
  const ctx = await storeContext(db, branchId);
  requireLicence(ctx);
  return relaxedTransaction(db, async (tx) => {
    const row = await findBasket(tx, ctx.scope, bssId, true);
    if (!isOpen(row)) return basketReply(tx, ctx, undefined, orderType);
    if (row.orderType !== orderType) await tx.update(basket).set({ orderType, updatedDate: new Date() }).where(eq(basket.id, row.id));
    return basketReply(tx, ctx, { ...row, orderType }, orderType);
  });
}

const quantityRefused = () => badRequest(BASKET_MESSAGES.quantity, [{ field: 'quantity', message: BASKET_MESSAGES.quantity }]);

/**
 * PUT addItemToBasket / addSetMenuItemToBasket. The store must be open and licensed for the order
 * type; the item must be one of the branch's visible items; options must come from its own groups;
 * an age-restricted item needs the basket's age confirmation first. A line equal to one already in
 * the basket (same item, options and notes) grows instead of repeating.
 */
export async function addItem(db: Db, input: AddItemInput, setMenu: boolean): Promise<Basket> {
  const ctx = await storeContext(db, input.merchantBranchId);
  requireLicence(ctx, input.orderType);
  if (ctx.closed) throw badRequest(BASKET_MESSAGES.storeClosed);
  const tenths = toTenths(input.quantity);
  const item = (await ctx.items(db)).get(input.webMenuBssId);
  if (!item) throw notFound();
  if (!item.weighable && tenths % 10 !== 0) throw quantityRefused();
  const priced = priceOptions(item, setMenu ? input.options : []);
  if ('error' in priced) throw badRequest(priced.error, [{ field: 'options', message: priced.error }]);
  const line = { webMenuId: item.webMenuId, quantityTenths: tenths, extraNotes: input.extraNotes, options: priced.options.map((o) => ({ groupKey: o.groupKey, productId: o.productId })) };
  const target = { orderType: input.orderType, tableNo: input.orderType === 'Table Order' ? (input.tableNo ?? null) : null };
  // One statement in the usual case: the customer's open basket; a refusal writes nothing.
  if (input.basketBssId) {
    const added = await addLine(db, ctx.scope, { ...target, bssId: input.basketBssId, create: false }, line, item.ageRestricted);
    if (added) return basketReply(db, ctx, added.row, added.row.orderType as StorefrontOrderType, { lines: added.lines });
    const row = await findBasket(db, ctx.scope, input.basketBssId);
    // A basket being paid for takes no items (what is charged is what was in it).
    if (row?.state === 'PLACING') throw conflict(CHECKOUT_MESSAGES.placing);
    if (row?.state === 'OPEN') throw item.ageRestricted && !row.ageConfirmed ? badRequest(BASKET_MESSAGES.ageQuestion) : quantityRefused();
  }
  // No basket yet, or an ordered or cancelled one: a new basket (ids only ever come from the server), which has no age confirmation.
  if (item.ageRestricted) throw badRequest(BASKET_MESSAGES.ageQuestion);
  const added = await addLine(db, ctx.scope, { ...target, bssId: newOpaqueToken(), create: true }, line, false);
  if (!added) throw new Error('a new basket refused its first line');
  return basketReply(db, ctx, added.row, added.row.orderType as StorefrontOrderType, { lines: added.lines });
}

/** A line action on an open basket of the caller (404 for an unknown basket or line; 409 once ordered or cancelled). */
async function onLine(db: Db, input: LineActionInput, change: (tx: Db, line: BasketLineRow, ctx: StoreContext) => Promise<void>): Promise<Basket> {
  const ctx = await storeContext(db, input.merchantBranchId);
  requireLicence(ctx);
  return relaxedTransaction(db, async (tx) => {
    const row = await findBasket(tx, ctx.scope, input.basketBssId, true);
    if (!row) throw notFound();
    if (row.state !== 'OPEN') throw conflict(BASKET_MESSAGES.basketClosed);
    const line = (await basketLines(tx, ctx.scope, row.id)).find((l) => l.bssId === input.bssId);
    if (!line) throw notFound();
    await change(tx, line, ctx);
    await tx.update(basket).set({ updatedDate: new Date() }).where(eq(basket.id, row.id));
    return basketReply(tx, ctx, row, row.orderType as StorefrontOrderType);
  });
}

const lineKey = (s: Scope, id: number) => and(eq(basketLine.merchantAccountId, s.merchantAccountId), eq(basketLine.id, id));

/** PUT addOneQuantityToItem: one more (0.1 kg more of a weighed item); a closed store takes no items. */
export const addOne = (db: Db, input: LineActionInput) =>
  onLine(db, input, async (tx, line, ctx) => {
    if (ctx.closed) throw badRequest(BASKET_MESSAGES.storeClosed);
    const item = (await ctx.items(tx)).get(line.webMenuId);
    if (!item) throw notFound();
    const next = line.quantityTenths + (item.weighable ? 1 : 10);
    if (next > LINE_MAX_TENTHS) throw quantityRefused();
    await tx.update(basketLine).set({ quantityTenths: next }).where(lineKey(ctx.scope, line.id));
  });

/** PUT removeItemFromBasket: `quantity` less in one change (the line keeps its place), or the whole line when none is given or less than the minimum would be left. */
export const removeItem = (db: Db, input: LineActionInput) =>
  onLine(db, input, async (tx, line, ctx) => {
    const left = input.quantity == null ? 0 : line.quantityTenths - toTenths(input.quantity);
    if (left >= toTenths(QUANTITY_MIN)) await tx.update(basketLine).set({ quantityTenths: left }).where(lineKey(ctx.scope, line.id));
    else await tx.delete(basketLine).where(lineKey(ctx.scope, line.id));
  });

/** GET addServiceCharge/…: 5, 10, 20 or 0 percent when the order type's option is ACTIVE; refused when ENFORCED or not offered. */
export async function chooseServiceCharge(db: Db, branchId: number, percent: number, bssId: string): Promise<Basket> {
  if (!(SERVICE_CHARGE_CHOICES as readonly number[]).includes(percent)) throw badRequest(BASKET_MESSAGES.serviceChargeChoice);
  const ctx = await storeContext(db, branchId);
  requireLicence(ctx);
  return relaxedTransaction(db, async (tx) => {
    const row = await findBasket(tx, ctx.scope, bssId, true);
    if (!row) throw notFound();
    if (row.state !== 'OPEN') throw conflict(BASKET_MESSAGES.basketClosed);
    const { option } = serviceOptionOf(ctx.settings, row.orderType as StorefrontOrderType);
    if (option !== 'ACTIVE') throw badRequest(BASKET_MESSAGES.serviceChargeEnforced);
    const [changed] = await tx.update(basket).set({ serviceChargeRate: percent, updatedDate: new Date() }).where(eq(basket.id, row.id)).returning();
    return basketReply(tx, ctx, changed, changed.orderType as StorefrontOrderType);
  });
}

/** PUT cancel/…: an open basket becomes CANCELLED (its id then starts a new basket); placed orders are not cancelled here. */
export async function cancelBasket(db: Db, branchId: number, bssId: string): Promise<Basket> {
  const ctx = await storeContext(db, branchId);
  return relaxedTransaction(db, async (tx) => {
    const row = await findBasket(tx, ctx.scope, bssId, true);
    if (!row) throw notFound();
    if (row.state === 'CANCELLED') return basketReply(tx, ctx, undefined, row.orderType as StorefrontOrderType);
    if (row.state !== 'OPEN') throw conflict(BASKET_MESSAGES.basketClosed);
    await tx.update(basket).set({ state: 'CANCELLED', updatedDate: new Date() }).where(eq(basket.id, row.id));
    return basketReply(tx, ctx, undefined, row.orderType as StorefrontOrderType);
  });
}

/** PUT ageRestricted/…: records the customer's 'over 18' answer on the basket, creating it when there is none yet. */
export async function confirmAge(db: Db, branchId: number, bssId: string | null): Promise<Basket> {
  const ctx = await storeContext(db, branchId);
  requireLicence(ctx);
  return relaxedTransaction(db, async (tx) => {
    const existing = await findBasket(tx, ctx.scope, bssId, true);
    if (!isOpen(existing)) {
      const [created] = await tx.insert(basket).values({ ...ctx.scope, bssId: newOpaqueToken(), orderType: 'Delivery', ageConfirmed: true }).returning();
      return basketReply(tx, ctx, created, 'Delivery', { lines: [] });
    }
    await tx.update(basket).set({ ageConfirmed: true, updatedDate: sql`now()` }).where(eq(basket.id, existing.id));
    return basketReply(tx, ctx, { ...existing, ageConfirmed: true }, existing.orderType as StorefrontOrderType);
  });
}

/** GET checkAgeRestricted/…: whether the basket's customer has said they are over 18. */
export async function ageConfirmed(db: Db, branchId: number, bssId: string | null): Promise<boolean> {
  const ctx = await storeContext(db, branchId);
  const row = await findBasket(db, ctx.scope, bssId);
  return isOpen(row) && row.ageConfirmed;
}
