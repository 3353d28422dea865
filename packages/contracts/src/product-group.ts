import { z } from 'zod';
import { optionalCount } from './catalogue-fields';
import { statusSchema } from './enums';
import { idSchema, requiredText } from './fields';
import { MESSAGES } from './messages';
import { optionalMoneySchema } from './price-calculator';

/** Selection and pricing types of a product group (spec 2 §3 defaults; the lists are ours). */
export const SELECTION_TYPES = ['SINGLE', 'MULTIPLE'] as const;
export const PRICING_TYPES = ['PRODUCT_PRICE', 'SET_PRICE'] as const;

export const PRODUCT_GROUP_MESSAGES = {
  /** Ours: spec 2 §4 says a product is not added twice; the server refuses a list that has one twice. */
  duplicateProduct: 'A product can be in the group only once.',
  tooManyProducts: 'A group can hold at most 500 products.',
} as const;
export const MAX_GROUP_PRODUCTS = 500;

/**
 * A product group as saved (spec 2 §3): name, selectionType and pricingType required ('Please fill
 * the required fields!'); `products` are product ids in the order shown, each at most once.
 */
export const productGroupInputSchema = z.object({
  name: requiredText(),
  status: statusSchema.default('ACTIVE'),
  price: optionalMoneySchema.transform((v) => v ?? null),
  selectionType: z.enum(SELECTION_TYPES, { error: MESSAGES.requiredFields }),
  pricingType: z.enum(PRICING_TYPES, { error: MESSAGES.requiredFields }),
  /** How many products of the group the customer may take at no extra price (ours: a count, empty for none). */
  zeroPriceLimit: optionalCount(0, 1000),
  products: z
    .array(idSchema, { error: MESSAGES.emptyValues })
    .max(MAX_GROUP_PRODUCTS, { error: PRODUCT_GROUP_MESSAGES.tooManyProducts })
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, { error: PRODUCT_GROUP_MESSAGES.duplicateProduct }),
});
export type ProductGroupInput = z.output<typeof productGroupInputSchema>;
export type ProductGroupForm = z.input<typeof productGroupInputSchema>;

/** A product as the group's table shows it. */
export const productGroupMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  barcode: z.string(),
  price: z.number().nullable(),
  status: statusSchema,
});

export const productGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: statusSchema,
  price: z.number().nullable(),
  selectionType: z.enum(SELECTION_TYPES),
  pricingType: z.enum(PRICING_TYPES),
  zeroPriceLimit: z.number().int().nullable(),
  products: z.array(productGroupMemberSchema),
});
export type ProductGroup = z.infer<typeof productGroupSchema>;

export const PRODUCT_GROUP_TABLE_COLUMNS = ['id', 'name', 'status', 'price', 'selectionType', 'pricingType'] as const;
