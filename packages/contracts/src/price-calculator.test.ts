import { describe, expect, it } from 'vitest';
import { calculatePrices, calculateWebPrice, moneySchema, optionalPercentSchema } from './price-calculator';

describe('product price calculator (spec 2 §4), pence and basis points', () => {
  it('divides the box cost by the box quantity, adds tax, and works out margin and retail price', () => {
    // A box of 12 at £6.00: 50p each; 20% VAT: 60p; till price £1.50 is 150% above; 100% margin wanted: £1.20.
    expect(calculatePrices({ boxPrice: 600, boxQuantity: 12, price: 150, taxRateBp: 2000, profitMarginBp: 10_000 })).toEqual({
      unitCost: 50,
      unitCostWithTax: 60,
      actualMargin: 15_000,
      retailPrice: 120,
    });
  });

  it('an empty or zero box quantity counts as 1', () => {
    expect(calculatePrices({ boxPrice: 250, boxQuantity: null, price: null, taxRateBp: 0, profitMarginBp: null }).unitCost).toBe(250);
    expect(calculatePrices({ boxPrice: 250, boxQuantity: 0, price: null, taxRateBp: 0, profitMarginBp: null }).unitCost).toBe(250);
  });

  it('rounds the margin to 2 decimals of a percent', () => {
    // Cost with tax 3p, price 4p: 33.333…% → 3333 basis points.
    expect(calculatePrices({ boxPrice: 3, boxQuantity: 1, price: 4, taxRateBp: 0, profitMarginBp: null }).actualMargin).toBe(3333);
    // A price under cost gives a negative margin.
    expect(calculatePrices({ boxPrice: 200, boxQuantity: 1, price: 150, taxRateBp: 0, profitMarginBp: null }).actualMargin).toBe(-2500);
  });

  it('rounds the pence of each step (unit cost, then tax)', () => {
    // £1.00 / 3 = 33.33p → 33p; with 17.5% → 38.775p → 39p; 30% margin → 50.7p → 51p.
    expect(calculatePrices({ boxPrice: 100, boxQuantity: 3, price: 100, taxRateBp: 1750, profitMarginBp: 3000 })).toEqual({
      unitCost: 33,
      unitCostWithTax: 39,
      actualMargin: 15_641,
      retailPrice: 51,
    });
  });

  it('without a box cost there is nothing to calculate; without a price or margin those parts stay empty', () => {
    expect(calculatePrices({ boxPrice: null, boxQuantity: 6, price: 100, taxRateBp: 2000, profitMarginBp: 1000 })).toEqual({
      unitCost: null,
      unitCostWithTax: null,
      actualMargin: null,
      retailPrice: null,
    });
    expect(calculatePrices({ boxPrice: 0, boxQuantity: 1, price: 100, taxRateBp: 2000, profitMarginBp: null })).toEqual({
      unitCost: 0,
      unitCostWithTax: 0,
      actualMargin: null,
      retailPrice: null,
    });
  });
});

describe('web price', () => {
  it('keeps the till price with no method (EMPTY, NO_CALCULATION, none)', () => {
    for (const m of ['EMPTY', 'NO_CALCULATION', null, undefined]) expect(calculateWebPrice(450, m, 1000)).toBe(450);
  });
  it('adds a percentage or an amount', () => {
    expect(calculateWebPrice(450, 'PERCENTAGE', 1000)).toBe(495);
    expect(calculateWebPrice(333, 'PERCENTAGE', 1250)).toBe(375);
    expect(calculateWebPrice(450, 'AMOUNT', 50)).toBe(500);
    expect(calculateWebPrice(450, 'PERCENTAGE', null)).toBe(450);
  });
});

describe('money fields', () => {
  it('take pounds with two decimals', () => {
    expect(moneySchema.parse(12.5)).toBe(12.5);
    expect(moneySchema.parse(0.07)).toBe(0.07);
    expect(moneySchema.safeParse(1.005).success).toBe(false);
    expect(moneySchema.safeParse(-1).success).toBe(false);
    expect(moneySchema.safeParse('2').success).toBe(false);
    expect(optionalPercentSchema.parse(null)).toBeNull();
    expect(optionalPercentSchema.parse(17.5)).toBe(17.5);
  });
});
