import { z } from 'zod';
import { maybeBssIdSchema } from './basket';
import { idSchema, isStorableText } from './fields';
import { MESSAGES } from './messages';

/** Placing an order from a basket (spec 3 §3 "Place-order payload", §4.7, §5.3, §5.4) and the order it makes. */

export const BASKET_STATUSES = ['INPROGRESS', 'CANCELLED', 'PAID', 'PAUSED', 'PARTIAL_PAID'] as const;
export const ORDER_STATUSES = [
  'ORDER_CREATED',
  'ORDER_CANCELLED',
  'ORDER_PLACED',
  'ORDER_ACCEPTED',
  'ORDER_DECLINED',
  'ORDER_PREPARING',
  'ORDER_READY',
  'ORDER_DISPATCHED',
  'ORDER_DELIVERED',
  'ORDER_CLOSED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const MERCHANT_ORDER_TYPES = ['EAT_IN', 'DELIVERY', 'COLLECTION', 'TAKEAWAY'] as const;

/** The unpaid options of this slice: staff take the payment later (basket INPROGRESS). */
export const UNPAID_PAYMENT_TYPES = ['PAY AT COUNTER', 'PAY AT DOOR BY CARD', 'PAY AT DOOR BY CASH'] as const;
/** Options that take a card or wallet payment (check 7 of spec 3 §5.3 asks for the billing address). */
export const CARD_PAYMENT_TYPES = ['CARD', 'WALLET', 'APPLE PAY', 'PAY PAL'] as const;
export const ORDER_NOTES_MAX = 100;
export const ADDRESS_LINE1_MAX = 50;
/** Spec 3 §5.4: the checkout's first and last name allow 20, though the message says 255. */
export const CHECKOUT_NAME_MAX = 20;

/** Spec 3 §5.3, in its order, word for word. */
export const CHECKOUT_MESSAGES = {
  orderEmpty: 'Your order is empty!',
  deliveryType: 'Please select a delivery type!',
  userDetails: 'Please fill the user details',
  email: 'Not valid email!',
  selectAddress: 'Please select an address',
  addressDetails: 'Please fill the address details',
  minimumBasket: 'Your basket total is under minimum basket total',
  tableNo: 'Please select Table number',
  paymentType: 'Please select payment type',
  billingAddress: 'Please fill the billing address details',
  // Field limits (spec 3 §5.4).
  max100: 'You can enter up to 100 characters in this field.',
  addressLine1Max: 'You can enter up to 50 characters in this field.',
  // Ours.
  placing: 'Your order is being placed. Please wait.',
  cardNotYet: 'Card payments are not available for this store yet. Please choose another payment type.',
  placed: 'Your order has been placed',
} as const;

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .refine(isStorableText, { error: MESSAGES.invalidCharacters })
    .nullish()
    .transform((v) => v || null);

/** A delivery or billing address as the checkout sends it; emptiness is judged by the checks, in their order. */
export const orderAddressSchema = z.object({
  postCode: text(20, MESSAGES.emptyValues),
  city: text(255, CHECKOUT_MESSAGES.max100),
  addressLine1: text(ADDRESS_LINE1_MAX, CHECKOUT_MESSAGES.addressLine1Max),
  addressLine2: text(255, CHECKOUT_MESSAGES.max100),
  addressLine3: text(255, CHECKOUT_MESSAGES.max100),
  addressLine4: text(255, CHECKOUT_MESSAGES.max100),
});
export type OrderAddress = z.output<typeof orderAddressSchema>;

/**
 * POST storemanagement/basket/place. `id` is the basket's id (bssId). Every field the checks of
 * §5.3 judge may be missing here: the server answers with the first failing check's words.
 * Prices, totals and lines in the body are ignored (unknown keys are dropped).
 */
export const placeOrderInputSchema = z.object({
  id: maybeBssIdSchema,
  merchantBranchId: idSchema,
  orderType: z.string().max(50).nullish(),
  tableNo: z.number({ error: MESSAGES.emptyValues }).int({ error: MESSAGES.emptyValues }).positive().max(100000).nullish(),
  orderNotes: text(ORDER_NOTES_MAX, CHECKOUT_MESSAGES.max100),
  allergies: text(ORDER_NOTES_MAX, CHECKOUT_MESSAGES.max100),
  orderTimeForDelivery: text(50, MESSAGES.emptyValues),
  memberUserAddress: orderAddressSchema.nullish(),
  memberBillingAddress: orderAddressSchema.nullish(),
  paymentType: z.string().max(50).nullish(),
  firstName: text(CHECKOUT_NAME_MAX, MESSAGES.maxText),
  lastName: text(CHECKOUT_NAME_MAX, MESSAGES.maxText),
  email: text(255, CHECKOUT_MESSAGES.email),
  mobilePhone: text(30, MESSAGES.notValidPhone),
});
export type PlaceOrderInput = z.output<typeof placeOrderInputSchema>;

/** The reply of a placed order (no `type` field: a reply with one is an error to the storefront). */
export const placedOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.number().int(),
  orderType: z.enum(MERCHANT_ORDER_TYPES),
  orderStatus: z.enum(ORDER_STATUSES),
  basketStatus: z.enum(BASKET_STATUSES),
  paymentType: z.string(),
  totalPrice: z.number(),
  totalPriceString: z.string(),
  message: z.string(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** A UK mobile number (07… or +44 7…), spaces allowed. */
export const isUkMobile = (v: string) => /^(\+447\d{9}|07\d{9})$/.test(v.replace(/[\s()-]/g, ''));
export const isEmail = (v: string) => z.email().safeParse(v).success;
