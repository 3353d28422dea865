import { describe, expect, it } from 'vitest';
import { addItemInputSchema, maybeBssIdSchema, moneyString, quantitySchema, toTenths } from './basket';
import { isUkMobile, placeOrderInputSchema } from './order';

describe('basket contracts', () => {
  it('money strings: £ and two decimals from pence', () => {
    expect(moneyString(0)).toBe('£0.00');
    expect(moneyString(5)).toBe('£0.05');
    expect(moneyString(1460)).toBe('£14.60');
    expect(moneyString(-150)).toBe('-£1.50');
    expect(moneyString(123456)).toBe('£1234.56');
  });

  it('quantities: at least 1, at most 999, in steps of 0.1', () => {
    expect(quantitySchema.safeParse(1).success).toBe(true);
    expect(quantitySchema.safeParse(1.5).success).toBe(true);
    expect(quantitySchema.safeParse(2.3).success).toBe(true);
    for (const bad of [0, 0.9, -1, 1.25, 1000, Number.NaN]) expect(quantitySchema.safeParse(bad).success).toBe(false);
    expect(toTenths(2.3)).toBe(23);
  });

  it('a basket id the server did not make counts as none; prices in a line are dropped', () => {
    expect(maybeBssIdSchema.parse('null')).toBeNull();
    expect(maybeBssIdSchema.parse('short')).toBeNull();
    expect(maybeBssIdSchema.parse('a'.repeat(43))).toBe('a'.repeat(43));
    const line = addItemInputSchema.parse({ merchantBranchId: 1, webMenuBssId: 2, price: 0.01, totalPrice: 0.01 });
    expect(line).not.toHaveProperty('price');
    expect(line).toMatchObject({ quantity: 1, orderType: 'Delivery', options: [], extraNotes: null });
  });

  it('the place payload: totals dropped, notes up to 100, UK mobiles', () => {
    const placed = placeOrderInputSchema.parse({ merchantBranchId: 1, id: 'b'.repeat(43), totalPrice: 1, orderNotes: '  ' });
    expect(placed).not.toHaveProperty('totalPrice');
    expect(placed.orderNotes).toBeNull();
    expect(placeOrderInputSchema.safeParse({ merchantBranchId: 1, allergies: 'x'.repeat(101) }).success).toBe(false);
    expect(isUkMobile('07700 900123')).toBe(true);
    expect(isUkMobile('+44 7700 900123')).toBe(true);
    expect(isUkMobile('020 7946 0000')).toBe(false);
  });
});
