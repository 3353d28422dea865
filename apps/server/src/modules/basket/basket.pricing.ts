import { BASKET_MESSAGES, type ChosenOption, type StorefrontOrderType } from '@tillpoint/contracts/basket';
import { type PricingLine, type PricingOffer, priceOffers } from '@tillpoint/contracts/promotion-pricing';
import type { OptionGroupKey } from '@tillpoint/contracts/web-menu';

/**
 * How the server prices a basket from its own data (issue 10 "Basket"): pure and integer, every
 * amount in pence, rates in basis points. Nothing the client sends is a price.
 */

export type OptionGroupData = {
  selectionType: string;
  pricingType: string;
  /** The set price (SET_PRICE), pence. */
  price: number | null;
  zeroPriceLimit: number | null;
  products: Map<number, { name: string; price: number }>;
};

/** A web menu item as pricing needs it. */
export type ItemData = {
  webMenuId: number;
  name: string;
  productId: number | null;
  /** The product's web price, else its price, pence. */
  unitPrice: number;
  weighable: boolean;
  unit: string | null;
  ageRestricted: boolean;
  excludeServiceCharge: boolean;
  excludePromotion: boolean;
  taxRateBp: number;
  groups: Map<OptionGroupKey, OptionGroupData>;
};

export type PricedOption = { groupKey: OptionGroupKey; productId: number; name: string; price: number };

/**
 * Checks the chosen options against the item's own groups and prices them (spec 3 §4.6): 'Served
 * With' products come free (the customer may only leave them out); a SINGLE group takes one choice,
 * charged at the set price (SET_PRICE) or the product's price (PRODUCT_PRICE); in a MULTIPLE group
 * the first zeroPriceLimit choices are free and later ones charged the same way.
 * Returns the spec's message for a choice the item does not offer.
 */
export function priceOptions(item: ItemData, chosen: readonly ChosenOption[]): { options: PricedOption[] } | { error: string } {
  const seen = new Set<string>();
  const countByGroup = new Map<OptionGroupKey, number>();
  const options: PricedOption[] = [];
  for (const c of chosen) {
    const key = `${c.groupKey}:${c.productId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const group = item.groups.get(c.groupKey);
    const product = group?.products.get(c.productId);
    if (!group || !product) return { error: BASKET_MESSAGES.optionNotOffered };
    const index = countByGroup.get(c.groupKey) ?? 0;
    countByGroup.set(c.groupKey, index + 1);
    if (group.selectionType === 'SINGLE' && index > 0) return { error: BASKET_MESSAGES.singleChoice };
    const charged = group.pricingType === 'SET_PRICE' ? (group.price ?? 0) : product.price;
    const free = c.groupKey === 'grpContent' || (group.selectionType === 'MULTIPLE' && index < (group.zeroPriceLimit ?? 0));
    options.push({ groupKey: c.groupKey, productId: c.productId, name: product.name, price: free ? 0 : charged });
  }
  return { options };
}

export type LineData = { bssId: string; quantityTenths: number; extraNotes: string | null; options: PricedOption[]; item: ItemData };

export type BasketCharges = {
  orderType: StorefrontOrderType;
  /** Percent; 0 for none. */
  serviceChargeRate: number;
  deliveryFee: number | null;
  freeDeliveryAmount: number | null;
  collectionDiscountBp: number | null;
};

export type PricedLine = LineData & { unitTotal: number; total: number };
export type BasketPrice = {
  lines: PricedLine[];
  subTotal: number;
  promotions: { name: string; discount: number }[];
  promotionDiscount: number;
  collectionDiscount: number;
  serviceCharge: number;
  deliveryFee: number;
  tax: number;
  total: number;
};

/** A line's total: one unit with its options, times the quantity in tenths, rounded once. */
const lineTotal = (unitTotal: number, quantityTenths: number) => Math.round((unitTotal * quantityTenths) / 10);

/**
 * The whole basket: lines, mix and match through the one promotion pricing function, the
 * collection discount (Collection), the service charge on the lines whose department does not
 * exclude it, the delivery fee unless the basket reaches the free-delivery amount (Delivery), and
 * the VAT included, by each line's rate and scaled by the discounts.
 */
export function priceBasket(lines: readonly LineData[], charges: BasketCharges, offers: readonly PricingOffer[], now: Date): BasketPrice {
  const priced = lines.map((l) => {
    const unitTotal = l.item.unitPrice + l.options.reduce((sum, o) => sum + o.price, 0);
    return { ...l, unitTotal, total: lineTotal(unitTotal, l.quantityTenths) };
  });
  const subTotal = priced.reduce((sum, l) => sum + l.total, 0);
  const pricingLines: PricingLine[] = priced
    .filter((l) => l.item.productId !== null)
    .map((l) =>
      // A weighed line is one unit priced at its total (promotion-pricing.ts).
      l.item.weighable || l.quantityTenths % 10 !== 0
        ? { productId: l.item.productId as number, quantity: 1, unitPrice: l.total, excludePromotion: l.item.excludePromotion }
        : { productId: l.item.productId as number, quantity: l.quantityTenths / 10, unitPrice: l.unitTotal, excludePromotion: l.item.excludePromotion },
    );
  const offersPrice = priceOffers(pricingLines, offers, { now, channel: 'WEB' });
  const promotionDiscount = offersPrice.totalDiscount;
  const afterPromotions = subTotal - promotionDiscount;
  const collectionDiscount =
    charges.orderType === 'Collection' && charges.collectionDiscountBp ? Math.round((afterPromotions * charges.collectionDiscountBp) / 10000) : 0;
  const goods = afterPromotions - collectionDiscount;
  const serviceBase = priced.filter((l) => !l.item.excludeServiceCharge).reduce((sum, l) => sum + l.total, 0);
  const serviceCharge = Math.round((serviceBase * charges.serviceChargeRate) / 100);
  const freeDelivery = charges.freeDeliveryAmount !== null && charges.freeDeliveryAmount > 0 && afterPromotions >= charges.freeDeliveryAmount;
  const deliveryFee = charges.orderType === 'Delivery' && priced.length > 0 && !freeDelivery ? (charges.deliveryFee ?? 0) : 0;
  const grossTax = priced.reduce((sum, l) => sum + (l.total * l.item.taxRateBp) / (10000 + l.item.taxRateBp), 0);
  const tax = subTotal > 0 ? Math.round((grossTax * goods) / subTotal) : 0;
  return {
    lines: priced,
    subTotal,
    promotions: offersPrice.discounts.map((d) => ({ name: d.name, discount: d.discount })),
    promotionDiscount,
    collectionDiscount,
    serviceCharge,
    deliveryFee,
    tax,
    total: goods + serviceCharge + deliveryFee,
  };
}

/**
 * The service charge that applies (spec 3 §4.6): none unless the order type's option is ACTIVE or
 * ENFORCED; ENFORCED always takes the branch's default (no opt-out); ACTIVE takes the customer's
 * choice, else the default.
 */
export function serviceChargeRate(option: string | null, defaultRate: number | null, chosen: number | null): number {
  if (option !== 'ACTIVE' && option !== 'ENFORCED') return 0;
  if (option === 'ENFORCED' || chosen === null) return defaultRate ?? 0;
  return chosen;
}
