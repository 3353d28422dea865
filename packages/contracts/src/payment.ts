import { z } from 'zod';
import { bssIdSchema } from './basket';
import { idSchema } from './fields';
import type { PaymentTokenReply, ThreeDSecureReply } from './payment-paths';

/**
 * Card payments (spec 3 §4.7, §4.8, §7.5; the interface agreed in payment-interface.md): starting a
 * payment, the SIMULATOR's hosted card fields, 3-D Secure and refunds.
 */

export { CHECKOUT_FRAME_SOURCE, PAYMENT_FRAME_SOURCE, PAYMENT_PATHS, PROVIDER_PAYMENT_TYPES, PROVIDER_SAVES_CARDS, providerSavesCards, providerServes } from './payment-paths';
export type { PaymentTokenReply, ThreeDSecureReply } from './payment-paths';

export const PAYMENT_STATES = ['PENDING', 'CHALLENGED', 'AUTHORISED', 'DECLINED', 'FAILED', 'REFUNDING', 'REFUNDED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Ours: the spec shows only that a payment failure shows the provider's message or 'An unexpected error has occurred.'. */
export const PAYMENT_MESSAGES = {
  noProvider: 'Card payments are not available for this store.',
  notServed: 'This payment type is not available for this store.',
  declined: 'Your card was declined.',
  invalidCard: 'Please check your card details.',
  challengeFailed: 'Your card issuer could not confirm the payment (3-D Secure). You have not been charged.',
  unavailable: 'The payment service is not available at the moment. You have not been charged; please try again.',
  timeout: 'The payment service did not answer in time. We are checking your payment; please wait a minute before you try again. You will not be charged twice.',
  sessionExpired: 'Your payment session has expired. Please enter your card again.',
  amountChanged: 'Your basket changed after the payment was started. Please enter your card again.',
  notPaid: 'The payment has not been completed.',
  notRefundable: 'This order cannot be refunded.',
  refundFailed: 'The refund could not be made. Please try again.',
  refunded: 'The payment has been refunded.',
  savedCardNotUsable: 'This saved card cannot be used at this store. Please choose another card or enter a new one.',
  savesAtCheckoutOnly: 'Cards for this store are saved when you pay at checkout: tick "Save this card for next time".',
} as const;

/** The SIMULATOR's test cards (README 'Payments'); any future expiry, any 3-digit CVV. */
export const SIMULATOR_TEST_CARDS = [
  { number: '4929000000006', outcome: 'AUTHORISED', label: 'Visa: authorised' },
  { number: '4000000000000002', outcome: 'DECLINED', label: 'declined' },
  { number: '4000000000003220', outcome: 'CHALLENGE', label: '3-D Secure challenge' },
] as const;

/** POST storemanagement/payment/token (spec 3 §7.5). */
export const paymentTokenInputSchema = z.object({
  merchantBranchId: idSchema,
  basketBssId: bssIdSchema,
  crossReference: z.string().max(200).nullish(),
  webHookUrl: z.string().max(2000).nullish(),
  address: z.unknown().optional(),
  /**
   * A signed-in member paying with a saved card (its id, as the place-order payload's cardNumber):
   * OPAYO answers the card's reusable identifier with the merchant session key, for the drop-in's
   * CVV-only field. Another member's card, or a visitor's call, is refused (404, 401).
   */
  cardNumber: idSchema.nullish(),
});
export type PaymentTokenInput = z.output<typeof paymentTokenInputSchema>;

/** POST storemanagement/payment/applepay/token (spec 3 §7.5): Apple Pay merchant validation for a basket of a store. */
export const applePayTokenInputSchema = z.object({
  merchantBranchId: idSchema,
  /** The store's domain name (the storefront's /{domainName}); the merchant is validated for our own web address. */
  domainName: z.string().trim().min(1).max(100),
  basketBssId: bssIdSchema,
});
export type ApplePayTokenInput = z.output<typeof applePayTokenInputSchema>;
/** Apple's merchant session, passed as it is to ApplePaySession.completeMerchantValidation. */
export const applePaySessionReplySchema = z.record(z.string(), z.unknown());

export const paymentTokenReplySchema: z.ZodType<PaymentTokenReply> = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('SIMULATOR'), id: z.string(), frameUrl: z.string() }),
  z.object({ provider: z.literal('OPAYO'), merchantSessionKey: z.string(), expiry: z.string(), reusableCardIdentifier: z.string().optional() }),
  z.object({ provider: z.literal('DOJO'), id: z.string(), clientSessionSecret: z.string() }),
]);

/** The place reply when the card issuer wants a 3-D Secure challenge: the storefront posts creq to acsUrl. */
export const threeDSecureReplySchema: z.ZodType<ThreeDSecureReply> = z.object({ acsUrl: z.string(), creq: z.string(), transactionId: z.string() });

/** The SIMULATOR's card-identifiers call, shaped like Opayo's (POST /card-identifiers, Bearer merchant session key). */
export const simulatorCardInputSchema = z.object({
  cardDetails: z.object({
    cardholderName: z.string().trim().min(1).max(45),
    cardNumber: z.string().max(30),
    expiryDate: z.string().max(10),
    securityCode: z.string().max(10),
  }),
});
export const simulatorCardReplySchema = z.object({ cardIdentifier: z.string(), expiry: z.string(), cardType: z.string(), last4: z.string() });
/** The simulator's CVV-only field for a saved card: the CVV becomes a single-use identifier, never stored. */
export const simulatorSecurityCodeInputSchema = z.object({ securityCode: z.string().max(10) });
export const simulatorSecurityCodeReplySchema = z.object({ cardIdentifier: z.string() });

/** POST memberuser/card/session: a card session for the member to save a card without paying. */
export const memberCardSessionInputSchema = z.object({ merchantBranchId: idSchema });
/** POST memberuser/card/create (spec 3 §7.5 'card plus merchantBranchId'): the provider's card token, never the card. */
export const memberCardCreateInputSchema = z.object({
  merchantBranchId: idSchema,
  paymentAccessToken: z.string().trim().max(500).nullish(),
  cardIdentifier: z.string().trim().max(200).nullish(),
});

/** The reply of a refund. */
export const refundReplySchema = z.object({ id: z.number().int(), orderNo: z.number().int(), basketType: z.string(), message: z.string() });
export type RefundReply = z.infer<typeof refundReplySchema>;
