import { z } from 'zod';
import { idSchema, isStorableText } from './fields';
import { MESSAGES } from './messages';
import { OPTION_GROUP_KEYS } from './web-menu';
import { BASKET_MESSAGES, EXTRA_NOTES_MAX, STOREFRONT_ORDER_TYPES, type StorefrontOrderType } from './basket-paths';

// The zod-free constants live in basket-paths.ts so the lean storefront can import them without zod.
export { BASKET_MESSAGES, BASKET_PATHS, EXTRA_NOTES_MAX, SERVICE_CHARGE_CHOICES, STOREFRONT_ORDER_TYPES, type StorefrontOrderType } from './basket-paths';

/** The storefront basket (spec 3 §3 "Basket", "Basket line", §4.6, §7.3). Money in replies is pounds, with its £ string. */

/** What each storefront order type becomes on the merchant side (§4.7 of issue 10). */
export const MERCHANT_ORDER_TYPE: Record<StorefrontOrderType, 'DELIVERY' | 'COLLECTION' | 'EAT_IN'> = {
  Delivery: 'DELIVERY',
  Collection: 'COLLECTION',
  'Table Order': 'EAT_IN',
};
/** The licence a basket of each order type needs (spec 3 §6). */
export const ORDER_TYPE_LICENCE: Record<StorefrontOrderType, 'WEB_ORDER' | 'TABLE_ORDER'> = {
  Delivery: 'WEB_ORDER',
  Collection: 'WEB_ORDER',
  'Table Order': 'TABLE_ORDER',
};

/** Weighed items step by 0.1 kg; quantities travel as decimals and are kept in tenths. */
export const QUANTITY_STEP_TENTHS = 1;
export const QUANTITY_MIN = 1;
/** Ours: no basket line is bigger than this. */
export const QUANTITY_MAX = 999;


/**
 * A basket id: the server makes it from 256 random bits (base64url). The client only ever sends
 * back one it was given; a path may spell a missing one 'null' or 'undefined' (then there is none).
 */
export const BSS_ID = /^[A-Za-z0-9_-]{22,64}$/;
export const bssIdSchema = z.string({ error: MESSAGES.emptyValues }).regex(BSS_ID, { error: MESSAGES.emptyValues });
/** A basket id as a path or body may give it: unknown spellings count as 'no basket yet'. */
export const maybeBssIdSchema = z
  .string({ error: MESSAGES.emptyValues })
  .max(100, { error: MESSAGES.emptyValues })
  .nullish()
  .transform((v) => (v && BSS_ID.test(v) ? v : null));

export const storefrontOrderTypeSchema = z.enum(STOREFRONT_ORDER_TYPES, { error: MESSAGES.emptyValues });

/** A quantity in kg or items, to tenths: 1 or more, whole for items that are not weighed (the server knows which). */
export const quantitySchema = z
  .number({ error: BASKET_MESSAGES.quantity })
  .min(QUANTITY_MIN, { error: BASKET_MESSAGES.quantity })
  .max(QUANTITY_MAX, { error: BASKET_MESSAGES.quantity })
  .refine((q) => Math.abs(q * 10 - Math.round(q * 10)) < 1e-6, { error: BASKET_MESSAGES.quantity });
export const toTenths = (quantity: number) => Math.round(quantity * 10);

const extraNotesSchema = z
  .string({ error: BASKET_MESSAGES.extraNotes })
  .trim()
  .max(EXTRA_NOTES_MAX, { error: BASKET_MESSAGES.extraNotes })
  .refine(isStorableText, { error: MESSAGES.invalidCharacters })
  .nullish()
  .transform((v) => v || null);

export const chosenOptionSchema = z.object({ groupKey: z.enum(OPTION_GROUP_KEYS, { error: MESSAGES.emptyValues }), productId: idSchema });
export type ChosenOption = z.output<typeof chosenOptionSchema>;

/**
 * PUT addItemToBasket / addSetMenuItemToBasket: the line as the client sends it. Any price in the
 * body is dropped (the object strips unknown keys): the server prices from its own data.
 */
export const addItemInputSchema = z.object({
  merchantBranchId: idSchema,
  basketBssId: maybeBssIdSchema,
  orderType: storefrontOrderTypeSchema.default('Delivery'),
  webMenuBssId: idSchema,
  quantity: quantitySchema.default(1),
  extraNotes: extraNotesSchema,
  /** Set menus: the chosen products of the item's option groups ('Served With' products are kept unless left out here). */
  options: z.array(chosenOptionSchema, { error: MESSAGES.emptyValues }).max(100, { error: MESSAGES.emptyValues }).default([]),
  tableNo: z.number({ error: MESSAGES.emptyValues }).int({ error: MESSAGES.emptyValues }).positive({ error: MESSAGES.emptyValues }).max(100000).nullish(),
});
export type AddItemInput = z.output<typeof addItemInputSchema>;

/**
 * PUT addOneQuantityToItem / removeItemFromBasket: a line of the basket by its bssId. Remove takes away
 * `quantity` (the spec's line carries one; the − button sends one step: 1, or 0.1 kg of a weighed item)
 * in one change, keeping the line's place; without it, or when less than the minimum would be left,
 * the line leaves whole.
 */
export const lineActionInputSchema = z.object({
  merchantBranchId: idSchema,
  basketBssId: bssIdSchema,
  bssId: bssIdSchema,
  quantity: z
    .number({ error: BASKET_MESSAGES.quantity })
    .positive({ error: BASKET_MESSAGES.quantity })
    .max(QUANTITY_MAX, { error: BASKET_MESSAGES.quantity })
    .refine((q) => Math.abs(q * 10 - Math.round(q * 10)) < 1e-6, { error: BASKET_MESSAGES.quantity })
    .nullish(),
});
export type LineActionInput = z.output<typeof lineActionInputSchema>;

export const basketOptionSchema = z.object({ groupKey: z.enum(OPTION_GROUP_KEYS), productId: z.number().int(), name: z.string(), price: z.number(), priceString: z.string() });

/** A basket line (spec 3 §3 "Basket line"), priced by the server. */
export const basketLineSchema = z.object({
  bssId: z.string(),
  webMenuBssId: z.number().int(),
  productId: z.number().int().nullable(),
  parentBssId: z.string().nullable(),
  basketBssId: z.string(),
  merchantBranchId: z.number().int(),
  name: z.string(),
  quantity: z.number(),
  weighable: z.boolean(),
  unit: z.string().nullable(),
  ageRestricted: z.boolean(),
  extraNotes: z.string().nullable(),
  options: z.array(basketOptionSchema),
  /** One unit with its options, pounds. */
  price: z.number(),
  priceString: z.string(),
  totalPrice: z.number(),
  totalPriceString: z.string(),
});
export type BasketLine = z.infer<typeof basketLineSchema>;

/** A promotion or discount shown in the summary (negative amounts). */
export const checkOutItemSchema = z.object({ name: z.string(), price: z.number(), priceString: z.string() });

/** The basket (spec 3 §3 "Basket"). A basket not created yet has id and bssId null and no lines. */
export const basketSchema = z.object({
  id: z.number().int().nullable(),
  bssId: z.string().nullable(),
  merchantBranchId: z.number().int(),
  orderType: z.enum(STOREFRONT_ORDER_TYPES),
  tableNo: z.number().int().nullable(),
  basketDetailList: z.array(basketLineSchema),
  checkOutItemList: z.array(checkOutItemSchema),
  itemCount: z.number(),
  subTotalPrice: z.number(),
  subTotalPriceString: z.string(),
  /** Mix and match promotions. */
  discountPrice: z.number(),
  discountPriceString: z.string(),
  /** The collection discount. */
  manualDiscount: z.number(),
  manualDiscountString: z.string(),
  deliveryPrice: z.number(),
  deliveryFeeString: z.string(),
  /** The percentage as text ('10'); '0' when none. */
  serviceCharge: z.string(),
  serviceChargeOption: z.string().nullable(),
  calculatedServiceCharge: z.number(),
  calculatedServiceChargeString: z.string(),
  /** VAT included in the total. */
  totalTaxPrice: z.number(),
  totalPrice: z.number(),
  totalPriceString: z.string(),
  minimumDeliveryBasketPrice: z.number().nullable(),
  isClosed: z.boolean(),
  ageRestrictedConfirmed: z.boolean(),
});
export type Basket = z.infer<typeof basketSchema>;

/** £ and two decimals, from pence. */
export function moneyString(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}£${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
export const pounds = (pence: number) => pence / 100;
