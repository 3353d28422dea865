import type { MixAndMatchLevel, MixAndMatchOperation } from './mix-and-match';
import { BRANCH_TIME_ZONE, WEEKDAYS, type Weekday, localTime } from './schedule';

/**
 * The one promotion pricing function (issue 9 "The promotions really apply"): the storefront basket
 * and the tills' sync price mix and match offers with it. Pure and integer: every amount is pence.
 */

/** A basket line. Items are counted in whole units: a weighed line is one unit priced at its total. */
export type PricingLine = {
  productId: number;
  quantity: number;
  /** Price of one unit, pence. */
  unitPrice: number;
  /** The product's department excludes promotions: the line never takes part in an offer. */
  excludePromotion: boolean;
};

/** An offer as pricing needs it: quantity is an item count (PRODUCT level) or pence (BASKET level); amount is pence. */
export type PricingOffer = {
  id: number;
  name: string;
  status: string;
  webEnabled: boolean;
  mixAndMatchType: string;
  level: MixAndMatchLevel;
  operation: MixAndMatchOperation;
  quantity: number;
  amount: number;
  /** 'YYYY-MM-DD' in the branch's time zone, inclusive; null is open-ended. */
  startDate: string | null;
  endDate: string | null;
  days: Record<Weekday, boolean>;
  /** The daily window: starts at startHour:startMinute on a ticked day and lasts duration minutes (to midnight when empty); no hour is all day. */
  startHour: number | null;
  startMinute: number | null;
  duration: number | null;
  /** The offer's products (MIXMATCH); empty for ALL_PRODUCTS, which takes every line. */
  productIds: number[];
};

export type DiscountLine = {
  offerId: number;
  name: string;
  level: MixAndMatchLevel;
  /** Pence taken off (positive). */
  discount: number;
  /** How many times the offer applied (sets of items; 1 at basket level). */
  times: number;
  /** The products whose units were used. */
  productIds: number[];
};

export type PricingResult = { subTotal: number; discounts: DiscountLine[]; totalDiscount: number; total: number };

export type PricingOptions = {
  now: Date;
  /** WEB (storefront) needs webEnabled offers; TILL takes every active offer. */
  channel: 'WEB' | 'TILL';
  timeZone?: string;
};

const MINUTES_A_DAY = 1440;

/** Whether an offer runs at a moment: ACTIVE, webEnabled for the web, within its dates, on its days and hours. */
export function offerRunsAt(offer: PricingOffer, opts: PricingOptions): boolean {
  if (offer.status !== 'ACTIVE') return false;
  if (opts.channel === 'WEB' && !offer.webEnabled) return false;
  const now = localTime(opts.now, opts.timeZone ?? BRANCH_TIME_ZONE);
  if (offer.startHour === null) return inDates(offer, now.date) && offer.days[now.weekday];
  const start = offer.startHour * 60 + (offer.startMinute ?? 0);
  const end = start + (offer.duration ?? MINUTES_A_DAY - start);
  // Today's window, or yesterday's when it runs past midnight.
  if (now.minutes >= start && now.minutes < end) return inDates(offer, now.date) && offer.days[now.weekday];
  if (end > MINUTES_A_DAY && now.minutes < end - MINUTES_A_DAY) {
    const yesterday = previousDate(now.date);
    return inDates(offer, yesterday) && offer.days[WEEKDAYS[(WEEKDAYS.indexOf(now.weekday) + 6) % 7]];
  }
  return false;
}

const inDates = (offer: PricingOffer, date: string) => (offer.startDate === null || date >= offer.startDate) && (offer.endDate === null || date <= offer.endDate);

function previousDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const takesPart = (offer: PricingOffer, line: PricingLine) =>
  !line.excludePromotion && (offer.mixAndMatchType !== 'MIXMATCH' || offer.productIds.includes(line.productId));

type Unit = { productId: number; price: number };

/**
 * Prices a basket's offers. Product-level offers take whole sets of `quantity` items from their
 * products, the dearest units first (the customer gets the best deal), and a unit serves one offer
 * only: FIXED_PRICE makes each set cost `amount` (3 for £10), DISCOUNT_AMOUNT takes `amount` off each
 * set. Then the best basket-level offer whose threshold (`quantity`, pence) the remaining eligible
 * total reaches: DISCOUNT_AMOUNT takes `amount` off once (£2 off a £20 basket), FIXED_PRICE makes
 * the first `quantity` worth cost `amount`. A discount never exceeds what it applies to.
 */
export function priceOffers(lines: readonly PricingLine[], offers: readonly PricingOffer[], opts: PricingOptions): PricingResult {
  const subTotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const running = offers.filter((o) => offerRunsAt(o, opts) && o.amount >= 0 && o.quantity > 0).sort((a, b) => a.id - b.id);
  const discounts: DiscountLine[] = [];
  // Units still free to take part in a product-level offer.
  let pool: Unit[] = lines.flatMap((l) =>
    l.excludePromotion ? [] : Array.from({ length: Math.max(0, Math.floor(l.quantity)) }, () => ({ productId: l.productId, price: l.unitPrice })),
  );
  for (const offer of running.filter((o) => o.level === 'PRODUCT')) {
    const size = Math.floor(offer.quantity);
    const eligible = pool.filter((u) => takesPart(offer, { productId: u.productId, quantity: 1, unitPrice: u.price, excludePromotion: false }));
    const sets = Math.floor(eligible.length / size);
    if (sets === 0) continue;
    const used = [...eligible].sort((a, b) => b.price - a.price).slice(0, sets * size);
    let discount = 0;
    for (let s = 0; s < sets; s++) {
      const setTotal = used.slice(s * size, (s + 1) * size).reduce((sum, u) => sum + u.price, 0);
      discount += offer.operation === 'FIXED_PRICE' ? Math.max(0, setTotal - offer.amount) : Math.min(offer.amount, setTotal);
    }
    if (discount <= 0) continue;
    const usedSet = new Set(used);
    pool = pool.filter((u) => !usedSet.has(u));
    discounts.push({ offerId: offer.id, name: offer.name, level: 'PRODUCT', discount, times: sets, productIds: [...new Set(used.map((u) => u.productId))] });
  }

  const productDiscount = discounts.reduce((sum, d) => sum + d.discount, 0);
  let best: DiscountLine | null = null;
  for (const offer of running.filter((o) => o.level === 'BASKET')) {
    const part = lines.filter((l) => takesPart(offer, l));
    // Product discounts already given on these lines count against the basket (never discount twice).
    const partIds = new Set(part.map((l) => l.productId));
    const given = discounts.filter((d) => d.productIds.some((id) => partIds.has(id))).reduce((sum, d) => sum + d.discount, 0);
    const eligibleTotal = part.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) - given;
    if (eligibleTotal < offer.quantity) continue;
    const discount = offer.operation === 'FIXED_PRICE' ? Math.max(0, offer.quantity - offer.amount) : Math.min(offer.amount, eligibleTotal);
    if (discount > 0 && (!best || discount > best.discount)) {
      best = { offerId: offer.id, name: offer.name, level: 'BASKET', discount, times: 1, productIds: [...partIds] };
    }
  }
  if (best) discounts.push(best);
  const totalDiscount = Math.min(subTotal, productDiscount + (best?.discount ?? 0));
  return { subTotal, discounts, totalDiscount, total: subTotal - totalDiscount };
}
