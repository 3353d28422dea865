import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Money and percentages of the catalogue. The API shows pounds and percent with two decimals (as
 * the spec's screens do); the database and every calculation use integers: pence and hundredths of
 * a percent (basis points). Conversion happens at the edge with these two functions.
 */
export const toHundredths = (value: number) => Math.round(value * 100);
export const fromHundredths = (value: number) => value / 100;

export const MONEY_MAX = 1_000_000;
export const PERCENT_MAX = 10_000;

export const MONEY_MESSAGES = {
  /** Ours: the spec shows prices as currency with two decimals. */
  money: `Prices must be between 0 and ${MONEY_MAX.toLocaleString('en-US')} with at most 2 decimals.`,
  percent: `Percentages must be between 0 and ${PERCENT_MAX.toLocaleString('en-US')} with at most 2 decimals.`,
} as const;

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-7;

const decimal = (max: number, message: string) =>
  z
    .number({ error: MESSAGES.requiredFields })
    .min(0, { error: message })
    .max(max, { error: message })
    .refine(twoDecimals, { error: message });

/** A required amount in pounds (e.g. 12.5). */
export const moneySchema = decimal(MONEY_MAX, MONEY_MESSAGES.money);
/** An amount that may be left empty (null). */
export const optionalMoneySchema = decimal(MONEY_MAX, MONEY_MESSAGES.money).nullish();
/** A percentage (profit margins, calculation rates) that may be left empty. */
export const optionalPercentSchema = decimal(PERCENT_MAX, MONEY_MESSAGES.percent).nullish();

/**
 * Department price calculation methods (spec 2 §3, §5). EMPTY and NO_CALCULATION both mean "none"
 * (the spec's screens send either). PERCENTAGE and AMOUNT are ours: the web price is the till price
 * plus the rate in percent, or plus the rate in pounds.
 */
export const PRICE_CALCULATION_METHODS = ['EMPTY', 'NO_CALCULATION', 'PERCENTAGE', 'AMOUNT'] as const;
export type PriceCalculationMethod = (typeof PRICE_CALCULATION_METHODS)[number];
export const isNoCalculation = (m: string | null | undefined) => !m || m === 'EMPTY' || m === 'NO_CALCULATION';

/** Inputs of the product price calculator, all integers: pence and basis points. */
export type PriceCalculatorInput = {
  /** Cost of a box (pence). */
  boxPrice: number | null | undefined;
  /** Items in a box; empty or 0 counts as 1. */
  boxQuantity: number | null | undefined;
  /** The till price (pence). */
  price: number | null | undefined;
  /** The product's tax rate, else its department's (basis points); empty counts as 0. */
  taxRateBp: number | null | undefined;
  /** The profit margin wanted (basis points). */
  profitMarginBp: number | null | undefined;
};

export type PriceCalculatorResult = {
  /** Box cost divided by box quantity (pence). */
  unitCost: number | null;
  /** Unit cost with tax (pence). */
  unitCostWithTax: number | null;
  /** How much the till price is above the unit cost with tax, in basis points (2 decimals of a percent). */
  actualMargin: number | null;
  /** Unit cost with tax times (1 + profit margin) (pence). */
  retailPrice: number | null;
};

const present = (n: number | null | undefined): n is number => n !== null && n !== undefined && Number.isFinite(n);

/**
 * The price calculator of spec 2 §4, the one implementation used by the product page and by the
 * server (which recomputes these fields on every save rather than trusting the page). Integer pence
 * and basis points in, integer pence and basis points out; each step rounds half away from zero.
 */
export function calculatePrices(i: PriceCalculatorInput): PriceCalculatorResult {
  if (!present(i.boxPrice)) return { unitCost: null, unitCostWithTax: null, actualMargin: null, retailPrice: null };
  const perBox = present(i.boxQuantity) && i.boxQuantity > 0 ? i.boxQuantity : 1;
  const unitCost = Math.round(i.boxPrice / perBox);
  const unitCostWithTax = Math.round((unitCost * (10_000 + (present(i.taxRateBp) ? i.taxRateBp : 0))) / 10_000);
  const actualMargin = present(i.price) && unitCostWithTax > 0 ? Math.round(((i.price - unitCostWithTax) * 10_000) / unitCostWithTax) : null;
  const retailPrice = present(i.profitMarginBp) ? Math.round((unitCostWithTax * (10_000 + i.profitMarginBp)) / 10_000) : null;
  return { unitCost, unitCostWithTax, actualMargin, retailPrice };
}

/**
 * The web price of a till price under a department's calculation method (POST calculate/webprice):
 * none keeps the till price, PERCENTAGE adds the rate in percent (basis points), AMOUNT adds it in
 * pence. Pence in, pence out.
 */
export function calculateWebPrice(price: number, method: string | null | undefined, rate: number | null | undefined): number {
  if (isNoCalculation(method) || !present(rate)) return price;
  if (method === 'PERCENTAGE') return Math.round((price * (10_000 + rate)) / 10_000);
  if (method === 'AMOUNT') return price + rate;
  return price;
}
