import { z } from 'zod';
import { statusSchema } from './enums';
import { idSchema, requiredText } from './fields';
import { MESSAGES } from './messages';
import { moneySchema } from './price-calculator';

/** Mix and match promotions (spec 2 §3 MixAndMatch, §4, §5, §9). */
export const MIX_AND_MATCH_PATHS = {
  base: 'storemanagement/mixandmatch/',
  /** PUT: the list's table load (5 rows); GET: every offer of the branch. */
  all: 'storemanagement/mixandmatch/all',
} as const;

/**
 * MIXMATCH offers apply to their own product list. The spec lists MIXMATCH only ("…"); ALL_PRODUCTS
 * is ours: an offer over every product whose department allows promotions, so it has no list.
 */
export const MIX_AND_MATCH_TYPES = ['MIXMATCH', 'ALL_PRODUCTS'] as const;
export const MIX_AND_MATCH_LEVELS = ['PRODUCT', 'BASKET'] as const;
export const MIX_AND_MATCH_OPERATIONS = ['FIXED_PRICE', 'DISCOUNT_AMOUNT'] as const;
/** How the till prints the offer (default LABEL); the other values are ours. */
export const MM_PRINT_TYPES = ['LABEL', 'RECEIPT', 'NONE'] as const;
export type MixAndMatchLevel = (typeof MIX_AND_MATCH_LEVELS)[number];
export type MixAndMatchOperation = (typeof MIX_AND_MATCH_OPERATIONS)[number];

export const MIX_AND_MATCH_MESSAGES = {
  excluded: 'Product excluded from mixAndMatch',
  /** Ours. */
  wholeQuantity: 'The quantity must be a whole number of items from 1 to 1,000.',
  dates: 'The end date cannot be before the start date.',
  dateFormat: 'Please enter the date as YYYY-MM-DD.',
  hour: 'The start hour must be from 0 to 23.',
  minute: 'The start minute must be from 0 to 59.',
  duration: 'The duration must be from 1 to 1,440 minutes.',
  tooManyProducts: 'An offer can hold at most 500 products.',
} as const;

export const MIX_AND_MATCH_DEFAULTS = {
  status: 'ACTIVE',
  mixAndMatchType: 'MIXMATCH',
  level: 'PRODUCT',
  operation: 'FIXED_PRICE',
  mmPrint: 'LABEL',
  webEnabled: true,
} as const;
export const MIX_AND_MATCH_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const MAX_OFFER_PRODUCTS = 500;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const dateField = z
  .string({ error: MIX_AND_MATCH_MESSAGES.dateFormat })
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || (DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), { error: MIX_AND_MATCH_MESSAGES.dateFormat });
const intIn = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .nullish()
    .transform((v) => v ?? null);
const day = z.boolean({ error: MESSAGES.emptyValues }).default(true);

/**
 * An offer as saved. Required: name, type, level, operation, quantity, amount ('Please fill the
 * required fields!'). quantity counts items for PRODUCT level and is an amount in pounds for BASKET
 * level (the spreadsheet shows it as currency then); amount is always pounds. Duplicate products are
 * dropped; a type other than MIXMATCH empties the product list (spec 2 §4).
 */
export const mixAndMatchInputSchema = z
  .object({
    name: requiredText(),
    status: statusSchema.default('ACTIVE'),
    mixAndMatchType: z.enum(MIX_AND_MATCH_TYPES, { error: MESSAGES.requiredFields }),
    level: z.enum(MIX_AND_MATCH_LEVELS, { error: MESSAGES.requiredFields }),
    operation: z.enum(MIX_AND_MATCH_OPERATIONS, { error: MESSAGES.requiredFields }),
    quantity: z.number({ error: MESSAGES.requiredFields }),
    amount: moneySchema,
    startDate: dateField,
    endDate: dateField,
    monday: day,
    tuesday: day,
    wednesday: day,
    thursday: day,
    friday: day,
    saturday: day,
    sunday: day,
    startHour: intIn(0, 23, MIX_AND_MATCH_MESSAGES.hour),
    startMinute: intIn(0, 59, MIX_AND_MATCH_MESSAGES.minute),
    duration: intIn(1, 1440, MIX_AND_MATCH_MESSAGES.duration),
    mmPrint: z.enum(MM_PRINT_TYPES, { error: MESSAGES.emptyValues }).default('LABEL'),
    webEnabled: z.boolean({ error: MESSAGES.emptyValues }).default(true),
    products: z.array(idSchema, { error: MESSAGES.emptyValues }).max(MAX_OFFER_PRODUCTS, { error: MIX_AND_MATCH_MESSAGES.tooManyProducts }).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.level === 'PRODUCT' && !(Number.isInteger(v.quantity) && v.quantity >= 1 && v.quantity <= 1000)) {
      ctx.addIssue({ code: 'custom', message: MIX_AND_MATCH_MESSAGES.wholeQuantity, path: ['quantity'] });
    }
    if (v.level === 'BASKET' && !moneySchema.safeParse(v.quantity).success) {
      ctx.addIssue({ code: 'custom', message: moneySchema.safeParse(v.quantity).error?.issues[0]?.message ?? MESSAGES.requiredFields, path: ['quantity'] });
    }
    if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', message: MIX_AND_MATCH_MESSAGES.dates, path: ['endDate'] });
  })
  .transform((v) => ({
    ...v,
    products: v.mixAndMatchType === 'MIXMATCH' ? [...new Set(v.products)] : [],
    // A start minute without an hour means nothing; an hour without a minute starts on the hour.
    startMinute: v.startHour === null ? null : (v.startMinute ?? 0),
  }));
export type MixAndMatchInput = z.output<typeof mixAndMatchInputSchema>;
export type MixAndMatchForm = z.input<typeof mixAndMatchInputSchema>;

export const mixAndMatchProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  barcode: z.string(),
  price: z.number().nullable(),
  departmentExcludePromotion: z.boolean(),
});

export const mixAndMatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: statusSchema,
  mixAndMatchType: z.enum(MIX_AND_MATCH_TYPES),
  level: z.enum(MIX_AND_MATCH_LEVELS),
  operation: z.enum(MIX_AND_MATCH_OPERATIONS),
  quantity: z.number(),
  amount: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  startHour: z.number().int().nullable(),
  startMinute: z.number().int().nullable(),
  duration: z.number().int().nullable(),
  mmPrint: z.enum(MM_PRINT_TYPES),
  webEnabled: z.boolean(),
  products: z.array(mixAndMatchProductSchema),
});
export type MixAndMatch = z.infer<typeof mixAndMatchSchema>;

/** The list's columns (spec 2 §3), plus id. */
export const MIX_AND_MATCH_TABLE_COLUMNS = ['id', 'name', 'quantity', 'operation', 'amount', 'startDate', 'endDate', 'status'] as const;
export const MIX_AND_MATCH_PAGE_SIZE = 5;
export const MIX_AND_MATCH_PRODUCT_PAGE_SIZE = 10;
