import { describe, expect, it } from 'vitest';
import { mixAndMatchInputSchema } from './mix-and-match';
import { type PricingLine, type PricingOffer, offerRunsAt, priceOffers } from './promotion-pricing';

const allDays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const offer = (o: Partial<PricingOffer>): PricingOffer => ({
  id: 1,
  name: '3 for £10',
  status: 'ACTIVE',
  webEnabled: true,
  mixAndMatchType: 'MIXMATCH',
  level: 'PRODUCT',
  operation: 'FIXED_PRICE',
  quantity: 3,
  amount: 1000,
  startDate: null,
  endDate: null,
  days: allDays,
  startHour: null,
  startMinute: null,
  duration: null,
  productIds: [1, 2],
  ...o,
});
const line = (productId: number, quantity: number, unitPrice: number, excludePromotion = false): PricingLine => ({ productId, quantity, unitPrice, excludePromotion });
// Monday 23 November 2026, 12:00 in London (GMT).
const monday = { now: new Date('2026-11-23T12:00:00Z'), channel: 'WEB' as const };

describe('promotion pricing: product level', () => {
  it('FIXED_PRICE: three for £10 over mixed products, the dearest units first', () => {
    const r = priceOffers([line(1, 2, 450), line(2, 2, 400)], [offer({})], monday);
    // Sets take 450, 450, 400 (1300) for 1000: 300 off; the fourth item pays full price.
    expect(r).toEqual({
      subTotal: 1700,
      discounts: [{ offerId: 1, name: '3 for £10', level: 'PRODUCT', discount: 300, times: 1, productIds: [1, 2] }],
      totalDiscount: 300,
      total: 1400,
    });
  });

  it('applies once per full set and never for a part set', () => {
    expect(priceOffers([line(1, 7, 400)], [offer({})], monday).totalDiscount).toBe(2 * 200);
    expect(priceOffers([line(1, 2, 400)], [offer({})], monday).discounts).toEqual([]);
  });

  it('FIXED_PRICE above the items’ own price gives nothing (never a surcharge)', () => {
    expect(priceOffers([line(1, 3, 100)], [offer({})], monday)).toMatchObject({ totalDiscount: 0, total: 300, discounts: [] });
  });

  it('DISCOUNT_AMOUNT takes the amount off each set, at most the set’s price', () => {
    const two = offer({ operation: 'DISCOUNT_AMOUNT', quantity: 2, amount: 150, name: '£1.50 off two' });
    expect(priceOffers([line(1, 4, 500)], [two], monday).totalDiscount).toBe(300);
    expect(priceOffers([line(1, 2, 50)], [two], monday).totalDiscount).toBe(100);
  });

  it('products outside a MIXMATCH offer do not count; ALL_PRODUCTS takes every line', () => {
    expect(priceOffers([line(1, 1, 500), line(9, 2, 500)], [offer({})], monday).totalDiscount).toBe(0);
    expect(priceOffers([line(1, 1, 500), line(9, 2, 500)], [offer({ mixAndMatchType: 'ALL_PRODUCTS', productIds: [] })], monday).totalDiscount).toBe(500);
  });

  it('a unit serves one offer only', () => {
    const a = offer({ id: 1 });
    const b = offer({ id: 2, name: 'second', operation: 'DISCOUNT_AMOUNT', amount: 500 });
    const r = priceOffers([line(1, 3, 400)], [b, a], monday);
    expect(r.discounts.map((d) => d.offerId)).toEqual([1]);
    expect(r.totalDiscount).toBe(200);
  });
});

describe('promotion pricing: excluded departments', () => {
  it('a line whose department excludes promotions never takes part', () => {
    expect(priceOffers([line(1, 2, 450), line(2, 1, 400, true)], [offer({})], monday).totalDiscount).toBe(0);
    const basket = offer({ level: 'BASKET', operation: 'DISCOUNT_AMOUNT', quantity: 2000, amount: 200, mixAndMatchType: 'ALL_PRODUCTS', productIds: [] });
    expect(priceOffers([line(1, 1, 1500), line(2, 1, 1000, true)], [basket], monday).totalDiscount).toBe(0);
  });
});

describe('promotion pricing: basket level', () => {
  const twoOffTwenty = offer({ id: 5, name: '£2 off £20', level: 'BASKET', operation: 'DISCOUNT_AMOUNT', quantity: 2000, amount: 200, mixAndMatchType: 'ALL_PRODUCTS', productIds: [] });
  it('£2 off a £20 basket, once, from £20 up', () => {
    expect(priceOffers([line(1, 4, 500)], [twoOffTwenty], monday)).toEqual({
      subTotal: 2000,
      discounts: [{ offerId: 5, name: '£2 off £20', level: 'BASKET', discount: 200, times: 1, productIds: [1] }],
      totalDiscount: 200,
      total: 1800,
    });
    expect(priceOffers([line(1, 20, 500)], [twoOffTwenty], monday).totalDiscount).toBe(200);
    expect(priceOffers([line(1, 3, 500), line(2, 1, 499)], [twoOffTwenty], monday).totalDiscount).toBe(0);
  });
  it('the best basket offer wins, and product discounts count against its threshold', () => {
    const fiveOffFifty = { ...twoOffTwenty, id: 6, name: '£5 off £50', quantity: 5000, amount: 500 };
    expect(priceOffers([line(3, 12, 500)], [twoOffTwenty, fiveOffFifty], monday).discounts.map((d) => d.name)).toEqual(['£5 off £50']);
    // 6 × £3.50 = £21, but two sets of 3 for £10 bring it to £20: under a £20.50 threshold.
    const r = priceOffers([line(1, 6, 350)], [offer({}), { ...twoOffTwenty, quantity: 2050 }], monday);
    expect(r.discounts.map((d) => d.offerId)).toEqual([1]);
    expect(r.total).toBe(2000);
    expect(priceOffers([line(1, 6, 350)], [offer({}), twoOffTwenty], monday).total).toBe(1800);
  });
  it('FIXED_PRICE at basket level: the first £20 worth costs £15', () => {
    const block = { ...twoOffTwenty, operation: 'FIXED_PRICE' as const, amount: 1500 };
    expect(priceOffers([line(1, 5, 500)], [block], monday).totalDiscount).toBe(500);
  });
});

describe('promotion pricing: when an offer runs', () => {
  const items = [line(1, 3, 450)];
  it('outside its hours it gives nothing; inside it applies', () => {
    const evening = offer({ startHour: 17, startMinute: 30, duration: 120 });
    expect(priceOffers(items, [evening], monday).totalDiscount).toBe(0);
    expect(priceOffers(items, [evening], { ...monday, now: new Date('2026-11-23T17:30:00Z') }).totalDiscount).toBe(350);
    expect(priceOffers(items, [evening], { ...monday, now: new Date('2026-11-23T19:30:00Z') }).totalDiscount).toBe(0);
  });
  it('hours are London hours (BST in summer)', () => {
    const lunch = offer({ startHour: 12, startMinute: 0, duration: 60, startDate: '2026-01-01' });
    expect(offerRunsAt(lunch, { now: new Date('2026-07-01T11:30:00Z'), channel: 'WEB' })).toBe(true);
    expect(offerRunsAt(lunch, { now: new Date('2026-07-01T12:30:00Z'), channel: 'WEB' })).toBe(false);
  });
  it('a window past midnight counts for the day it started on', () => {
    const late = offer({ startHour: 23, startMinute: 0, duration: 120, days: { ...allDays, monday: false, tuesday: false } });
    // Tuesday 00:30: Monday's window, and Monday is not ticked.
    expect(offerRunsAt(late, { now: new Date('2026-11-24T00:30:00Z'), channel: 'WEB' })).toBe(false);
    // Monday 00:30: Sunday's window, ticked.
    expect(offerRunsAt(late, { now: new Date('2026-11-23T00:30:00Z'), channel: 'WEB' })).toBe(true);
  });
  it('needs its weekday, its dates, ACTIVE and (on the web) webEnabled', () => {
    expect(offerRunsAt(offer({ days: { ...allDays, monday: false } }), monday)).toBe(false);
    expect(offerRunsAt(offer({ startDate: '2026-11-24' }), monday)).toBe(false);
    expect(offerRunsAt(offer({ endDate: '2026-11-22' }), monday)).toBe(false);
    expect(offerRunsAt(offer({ startDate: '2026-11-23', endDate: '2026-11-23' }), monday)).toBe(true);
    expect(offerRunsAt(offer({ status: 'PASSIVE' }), monday)).toBe(false);
    expect(offerRunsAt(offer({ webEnabled: false }), monday)).toBe(false);
    expect(offerRunsAt(offer({ webEnabled: false }), { ...monday, channel: 'TILL' })).toBe(true);
  });
});

describe('mix and match: the saved shape', () => {
  const base = { name: '3 for £10', mixAndMatchType: 'MIXMATCH', level: 'PRODUCT', operation: 'FIXED_PRICE', quantity: 3, amount: 10 };
  it('drops duplicate products, and empties the list for a type other than MIXMATCH', () => {
    expect(mixAndMatchInputSchema.parse({ ...base, products: [4, 5, 4] }).products).toEqual([4, 5]);
    expect(mixAndMatchInputSchema.parse({ ...base, mixAndMatchType: 'ALL_PRODUCTS', products: [4, 5] }).products).toEqual([]);
  });
  it('requires the fields of spec 2 §5, and a whole item count at product level', () => {
    expect(mixAndMatchInputSchema.safeParse({ ...base, name: '' }).error?.issues[0].message).toBe('Please fill the required fields!');
    expect(mixAndMatchInputSchema.safeParse({ ...base, amount: undefined }).error?.issues[0].message).toBe('Please fill the required fields!');
    expect(mixAndMatchInputSchema.safeParse({ ...base, quantity: 2.5 }).error?.issues[0].path).toEqual(['quantity']);
    expect(mixAndMatchInputSchema.safeParse({ ...base, level: 'BASKET', quantity: 20.5 }).success).toBe(true);
  });
});
