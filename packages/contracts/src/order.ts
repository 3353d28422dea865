import { z } from 'zod';
import { maybeBssIdSchema } from './basket';
import { idSchema, isStorableText } from './fields';
import { MESSAGES } from './messages';
import { ADDRESS_LINE1_MAX, CHECKOUT_MESSAGES, CHECKOUT_NAME_MAX, ORDER_NOTES_MAX } from './order-rules';

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

export { ADDRESS_LINE1_MAX, CARD_PAYMENT_TYPES, CHECKOUT_MESSAGES, CHECKOUT_NAME_MAX, ORDER_NOTES_MAX, UNPAID_PAYMENT_TYPES, isEmail, isUkMobile } from './order-rules';

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
  // A member's saved billing address chosen at checkout (spec 3 §4.8): the server takes it from the
  // member's own list (another member's id: 404), never the fields sent beside it.
  memberBillingAddressId: idSchema.nullish(),
  paymentType: z.string().max(50).nullish(),
  firstName: text(CHECKOUT_NAME_MAX, MESSAGES.maxText),
  lastName: text(CHECKOUT_NAME_MAX, MESSAGES.maxText),
  email: text(255, CHECKOUT_MESSAGES.email),
  mobilePhone: text(30, MESSAGES.notValidPhone),
  // Card payments (spec 3 §3, §4.8): the provider's session (simulator session key, Opayo merchant
  // session key, Dojo payment intent id) and the card's token. Never a card number: cardNumber is a
  // saved card's id. notificationURL from the client is ignored (the server builds its own).
  paymentAccessToken: z.string().max(500).nullish(),
  cardIdentifier: z.string().max(200).nullish(),
  cardNumber: z.union([z.string().max(40), z.number()]).nullish(),
  website: z.string().max(2000).nullish(),
  notificationURL: z.string().max(2000).nullish(),
  saveCard: z.boolean().nullish(),
  // A member's checkout: keep the new delivery address, the new billing address, the notes and allergies once the order is placed (issue 11).
  saveAddress: z.boolean().nullish(),
  saveBillingAddress: z.boolean().nullish(),
  saveNotes: z.boolean().nullish(),
  // APPLE PAY (spec 3 §4.8): the ApplePaySession's payment token as Apple gives it; paymentAccessToken
  // is then the merchant session's identifier (placePaymentComplete in payment-paths.ts says what each type needs).
  applePayPayment: z
    .object({
      paymentData: z.record(z.string(), z.unknown()),
      paymentMethod: z.object({ displayName: z.string().max(100).nullish(), network: z.string().max(50).nullish(), type: z.string().max(50).nullish() }).nullish(),
      transactionIdentifier: z.string().max(200).nullish(),
    })
    .nullish(),
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
