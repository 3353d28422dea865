import { describe, expect, it } from 'vitest';
import type { PricingOffer } from '@tillpoint/contracts/promotion-pricing';
import type { OptionGroupKey } from '@tillpoint/contracts/web-menu';
import { BASKET_MESSAGES } from '@tillpoint/contracts/basket';
import { type BasketCharges, type ItemData, type OptionGroupData, priceBasket, priceOptions, serviceChargeRate } from './basket.pricing';

/** The basket's pricing rules without HTTP or a database: pence in, pence out. */
const group = (selectionType: string, pricingType: string, products: [number, number][], extra: Partial<OptionGroupData> = {}): OptionGroupData => ({
  selectionType,
  pricingType,
  price: null,
  zeroPriceLimit: null,
  products: new Map(products.map(([id, price]) => [id, { name: `P${id}`, price }])),
  ...extra,
});
const item = (unitPrice: number, extra: Partial<ItemData> = {}, groups: [OptionGroupKey, OptionGroupData][] = []): ItemData => ({
  webMenuId: 1,
  name: 'Item',
  productId: 100,
  unitPrice,
  weighable: false,
  unit: null,
  ageRestricted: false,
  excludeServiceCharge: false,
  excludePromotion: false,
  taxRateBp: 2000,
  groups: new Map(groups),
  ...extra,
});
const line = (it: ItemData, quantityTenths = 10) => ({ bssId: `l${it.productId}`, quantityTenths, extraNotes: null, options: [], item: it });
const charges = (extra: Partial<BasketCharges> = {}): BasketCharges => ({ orderType: 'Delivery', serviceChargeRate: 0, deliveryFee: null, freeDeliveryAmount: null, collectionDiscountBp: null, ...extra });
const now = new Date('2026-11-23T12:00:00Z');

describe('options', () => {
  const meal = item(800, {}, [
    ['grpContent', group('MULTIPLE', 'PRODUCT_PRICE', [[1, 50]])],
    ['grpMain', group('SINGLE', 'SET_PRICE', [[2, 300], [3, 400]], { price: 120 })],
    ['grpOption1', group('MULTIPLE', 'PRODUCT_PRICE', [[4, 70], [5, 90], [6, 60]], { zeroPriceLimit: 2 })],
  ]);

  it('Served With is free; a SINGLE set-price group charges its set price; MULTIPLE charges after zeroPriceLimit', () => {
    const r = priceOptions(meal, [
      { groupKey: 'grpContent', productId: 1 },
      { groupKey: 'grpMain', productId: 3 },
      { groupKey: 'grpOption1', productId: 4 },
      { groupKey: 'grpOption1', productId: 5 },
      { groupKey: 'grpOption1', productId: 6 },
    ]);
    expect('options' in r && r.options.map((o) => o.price)).toEqual([0, 120, 0, 0, 60]);
  });

  it('refuses a product outside the group, a group the item lacks, and a second SINGLE choice; repeats count once', () => {
    expect(priceOptions(meal, [{ groupKey: 'grpMain', productId: 4 }])).toEqual({ error: BASKET_MESSAGES.optionNotOffered });
    expect(priceOptions(meal, [{ groupKey: 'grpOption2', productId: 4 }])).toEqual({ error: BASKET_MESSAGES.optionNotOffered });
    expect(priceOptions(meal, [{ groupKey: 'grpMain', productId: 2 }, { groupKey: 'grpMain', productId: 3 }])).toEqual({ error: BASKET_MESSAGES.singleChoice });
    const twice = priceOptions(meal, [{ groupKey: 'grpMain', productId: 2 }, { groupKey: 'grpMain', productId: 2 }]);
    expect('options' in twice && twice.options).toHaveLength(1);
  });
});

describe('the basket', () => {
  it('weighed lines round once; VAT is the included part by rate', () => {
    const r = priceBasket([line(item(1999, { weighable: true }), 15)], charges(), [], now);
    expect(r.subTotal).toBe(2999);
    expect(r.tax).toBe(500);
    expect(r.total).toBe(2999);
  });

  it('the service charge skips excluded departments; delivery is free from the threshold, only for Delivery', () => {
    const lines = [line(item(1000)), line(item(2000, { productId: 101, excludeServiceCharge: true }))];
    expect(priceBasket(lines, charges({ serviceChargeRate: 10, deliveryFee: 250, freeDeliveryAmount: 5000 }), [], now)).toMatchObject({ serviceCharge: 100, deliveryFee: 250, total: 3350 });
    expect(priceBasket(lines, charges({ deliveryFee: 250, freeDeliveryAmount: 3000 }), [], now).deliveryFee).toBe(0);
    expect(priceBasket(lines, charges({ orderType: 'Collection', deliveryFee: 250 }), [], now).deliveryFee).toBe(0);
    expect(priceBasket([], charges({ deliveryFee: 250 }), [], now).total).toBe(0);
  });

  it('mix and match through the shared function, then the collection discount on what is left', () => {
    const offer: PricingOffer = {
      id: 1,
      name: '2 for £3',
      status: 'ACTIVE',
      webEnabled: true,
      mixAndMatchType: 'MIXMATCH',
      level: 'PRODUCT',
      operation: 'FIXED_PRICE',
      quantity: 2,
      amount: 300,
      startDate: null,
      endDate: null,
      days: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true },
      startHour: null,
      startMinute: null,
      duration: null,
      productIds: [100],
    };
    const r = priceBasket([line(item(200), 20)], charges({ orderType: 'Collection', collectionDiscountBp: 1000 }), [offer], now);
    expect(r).toMatchObject({ subTotal: 400, promotionDiscount: 100, collectionDiscount: 30, total: 270, promotions: [{ name: '2 for £3', discount: 100 }] });
    expect(priceBasket([line(item(200), 20)], charges(), [{ ...offer, webEnabled: false }], now).promotionDiscount).toBe(0);
  });

  it('service charge rate: ACTIVE takes the choice or the default, ENFORCED the default, anything else none', () => {
    expect(serviceChargeRate('ACTIVE', 10, 20)).toBe(20);
    expect(serviceChargeRate('ACTIVE', 10, null)).toBe(10);
    expect(serviceChargeRate('ACTIVE', 10, 0)).toBe(0);
    expect(serviceChargeRate('ENFORCED', 5, 0)).toBe(5);
    expect(serviceChargeRate('PASSIVE', 10, 20)).toBe(0);
    expect(serviceChargeRate(null, 10, 20)).toBe(0);
  });
});
