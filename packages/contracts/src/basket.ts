import { z } from 'zod';
import { idSchema, isStorableText } from './fields';
import { MESSAGES } from './messages';
import { OPTION_GROUP_KEYS } from './web-menu';

/** The storefront basket (spec 3 §3 "Basket", "Basket line", §4.6, §7.3). Money in replies is pounds, with its £ string. */

/** Storefront order types (spec 3 §9) and what each becomes on the merchant side (§4.7 of issue 10). */
export const STOREFRONT_ORDER_TYPES = ['Delivery', 'Collection', 'Table Order'] as const;
export type StorefrontOrderType = (typeof STOREFRONT_ORDER_TYPES)[number];
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

/** Spec 3 §9: 5, 10, 20 % and 'Not this time' (0). */
export const SERVICE_CHARGE_CHOICES = [5, 10, 20, 0] as const;
export const EXTRA_NOTES_MAX = 50;
/** Weighed items step by 0.1 kg; quantities travel as decimals and are kept in tenths. */
export const QUANTITY_STEP_TENTHS = 1;
export const QUANTITY_MIN = 1;
/** Ours: no basket line is bigger than this. */
export const QUANTITY_MAX = 999;

export const BASKET_MESSAGES = {
  serviceUnavailable: 'Service Temporarily Unavailable',
  ageQuestion: 'The item you want to add has an age limit. Are you over 18?',
  orderEmpty: 'Your order is empty!',
  /** Ours (the spec shows only that a closed store takes no items). */
  storeClosed: 'The store is closed now and cannot take orders.',
  quantity: 'Quantity must be at least 1 (weighed items in steps of 0.1 kg).',
  extraNotes: 'You can enter up to 50 characters in this field.',
  optionNotOffered: 'This option is not offered with this item.',
  singleChoice: 'Please choose only one option in this group.',
  serviceChargeEnforced: 'The service charge of this store cannot be changed.',
  serviceChargeChoice: 'Please choose a service charge of 5, 10, 20 or 0 percent.',
  basketClosed: 'This basket has already been ordered or cancelled.',
} as const;

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

/** PUT addOneQuantityToItem / removeItemFromBasket: a line of the basket by its bssId (remove takes it out whole). */
export const lineActionInputSchema = z.object({
  merchantBranchId: idSchema,
  basketBssId: bssIdSchema,
  bssId: bssIdSchema,
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

const B = 'storemanagement/basket/';
export const BASKET_PATHS = {
  base: B,
  status: (branchId: number, orderType: string, bssId: string | null) =>
    `${B}status/created/merchantBranchId/${branchId}/orderType/${encodeURIComponent(orderType)}/basketBssId/${bssId ?? 'null'}`,
  addItem: `${B}addItemToBasket`,
  addOne: `${B}addOneQuantityToItem`,
  addSetMenuItem: `${B}addSetMenuItemToBasket`,
  removeItem: `${B}removeItemFromBasket`,
  serviceCharge: (branchId: number, percent: number, bssId: string) => `${B}addServiceCharge/merchantBranchId/${branchId}/serviceCharge/${percent}/basketBssId/${bssId}`,
  place: `${B}place`,
  cancel: (branchId: number, bssId: string) => `${B}cancel/branchId/${branchId}/basketBssId/${bssId}`,
  ageRestricted: (branchId: number, bssId: string | null) => `${B}ageRestricted/branchId/${branchId}/basketBssId/${bssId ?? 'null'}`,
  checkAgeRestricted: (branchId: number, bssId: string | null) => `${B}checkAgeRestricted/branchId/${branchId}/basketBssId/${bssId ?? 'null'}`,
} as const;
