import { z } from 'zod';
import { MESSAGES } from './messages';

/** Barcodes (spec 2 §5, §9): digits only, at most 14 (max value 99999999999999). */
export const BARCODE_MAX_DIGITS = 14;
/** From this length on the form shows barcode type, digit and code length (spec 2 §4). */
export const BARCODE_OPTIONS_FROM = 12;

export const BARCODE_MESSAGES = {
  notFound: 'Barcode not Found!',
  /** Ours: the spec gives the rule (numeric, at most 14 digits) but no words. */
  format: 'The barcode can contain only digits, at most 14.',
  /** Ours: barcodes are unique in a store's catalogue. */
  taken: 'This barcode is already used by another product.',
} as const;

/**
 * Barcode types (the spec does not list them; these are ours). NORMAL: the whole barcode names the
 * product. WEIGHT and PRICE: an in-store scale label (prefix 2) whose first `codeLength` digits name
 * the product and whose next digits carry the weight or the price with `barcodeDigit` decimals.
 */
export const BARCODE_TYPES = ['NORMAL', 'WEIGHT', 'PRICE'] as const;
export type BarcodeType = (typeof BARCODE_TYPES)[number];
/** Decimals of the value a scale label carries (ours). */
export const BARCODE_DIGITS = [0, 1, 2, 3] as const;
/** Digits that name the product on a scale label; the spec's default is 7. */
export const CODE_LENGTHS = [5, 6, 7, 8] as const;
export const DEFAULT_CODE_LENGTH = 7;

/** A barcode as typed: trimmed, digits only, 1 to 14 of them. */
export const barcodeSchema = z
  .string({ error: MESSAGES.requiredFields })
  .trim()
  .min(1, { error: MESSAGES.requiredFields })
  .regex(/^\d{1,14}$/, { error: BARCODE_MESSAGES.format });

/** A barcode in a path (lookups): the same rule, without the required message. */
export const isBarcode = (value: string) => /^\d{1,14}$/.test(value);

/** The EAN-13 check digit of the first 12 digits (weights 1 and 3 from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('An EAN-13 check digit needs exactly 12 digits.');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export const isValidEan13 = (code: string) => /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);

/**
 * A random EAN-13 in the in-store range (prefix 20: numbers a store may give its own goods, never a
 * manufacturer's). `random` returns 10 random digits; the server passes a cryptographic source.
 */
export function makeStoreEan13(randomDigits: string): string {
  if (!/^\d{10}$/.test(randomDigits)) throw new Error('makeStoreEan13 needs 10 digits.');
  const first12 = `20${randomDigits}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

export const generatedBarcodeSchema = z.object({ barcode: z.string() });
