import { describe, expect, it } from 'vitest';
import { barcodeSchema, ean13CheckDigit, isValidEan13, makeStoreEan13 } from './barcode';

describe('EAN-13 check digit', () => {
  it.each([
    ['400638133393', 1],
    ['501234567890', 0],
    ['978014300723', 4],
    ['590123412345', 7],
    ['000000000000', 0],
  ])('%s gets %d', (first12, digit) => {
    expect(ean13CheckDigit(first12)).toBe(digit);
  });

  it('validates whole codes and refuses a changed digit or length', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('4006381333391')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339a1')).toBe(false);
  });

  it('makes in-store codes with prefix 20 and a correct check digit', () => {
    const code = makeStoreEan13('1234567890');
    expect(code).toBe(`201234567890${ean13CheckDigit('201234567890')}`);
    expect(isValidEan13(code)).toBe(true);
    expect(() => makeStoreEan13('123')).toThrow();
    expect(() => ean13CheckDigit('12345678901')).toThrow();
  });
});

describe('barcode field', () => {
  it('takes 1 to 14 digits, trimmed', () => {
    expect(barcodeSchema.parse(' 12345678901234 ')).toBe('12345678901234');
    expect(barcodeSchema.parse('7')).toBe('7');
  });
  it.each([
    ['', 'Please fill the required fields!'],
    ['   ', 'Please fill the required fields!'],
    ['123456789012345', 'The barcode can contain only digits, at most 14.'],
    ['12a4', 'The barcode can contain only digits, at most 14.'],
    ['-123', 'The barcode can contain only digits, at most 14.'],
    ['1.5', 'The barcode can contain only digits, at most 14.'],
  ])('refuses %j', (value, message) => {
    const r = barcodeSchema.safeParse(value);
    expect(r.success ? null : r.error.issues[0].message).toBe(message);
  });
});
