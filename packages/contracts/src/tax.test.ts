import { describe, expect, it } from 'vitest';
import { taxInputSchema, taxRateSchema, taxUpdateSchema } from './tax';

const firstMessage = (value: unknown) => {
  const r = taxInputSchema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe('tax rate', () => {
  it.each([0, 5, 17.5, 20, 0.01, 99.99, 100, 12.34, 0.07, 1.1])('accepts %d percent', (rate) => {
    expect(taxRateSchema.parse(rate)).toBe(rate);
  });

  it.each([
    [101, 'The rate must be between 0 and 100.'],
    [100.01, 'The rate must be between 0 and 100.'],
    [-1, 'The rate must be between 0 and 100.'],
    [-0.01, 'The rate must be between 0 and 100.'],
    [12.345, 'The rate can have at most 2 decimals.'],
    [1.005, 'The rate can have at most 2 decimals.'],
    [0.001, 'The rate can have at most 2 decimals.'],
  ])('refuses %d', (rate, message) => {
    expect(firstMessage({ name: 'VAT', rate })).toBe(message);
  });

  it.each([['20'], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %s as a missing rate', (rate) => {
    expect(firstMessage({ name: 'VAT', rate })).not.toBeNull();
  });

  it('a missing or non-numeric rate asks for the required fields', () => {
    expect(firstMessage({ name: 'VAT' })).toBe('Please fill the required fields!');
    expect(firstMessage({ name: 'VAT', rate: '20' })).toBe('Please fill the required fields!');
    expect(firstMessage({ name: 'VAT', rate: null })).toBe('Please fill the required fields!');
  });
});

describe('tax', () => {
  it('needs a name of at most 255 characters', () => {
    expect(firstMessage({ name: '', rate: 20 })).toBe('Please fill the required fields!');
    expect(firstMessage({ name: '  ', rate: 20 })).toBe('Please fill the required fields!');
    expect(firstMessage({ rate: 20 })).toBe('Please fill the required fields!');
    expect(firstMessage({ name: 'x'.repeat(256), rate: 20 })).toBe('You can enter up to 255 characters in this field.');
    expect(taxInputSchema.parse({ name: ' Standard ', rate: 20, merchantAccountId: 9 })).toEqual({ name: 'Standard', rate: 20 });
  });

  it('an update carries a positive id', () => {
    expect(taxUpdateSchema.safeParse({ id: 0, name: 'VAT', rate: 20 }).success).toBe(false);
    expect(taxUpdateSchema.parse({ id: 3, name: 'VAT', rate: 20 })).toEqual({ id: 3, name: 'VAT', rate: 20 });
  });
});
