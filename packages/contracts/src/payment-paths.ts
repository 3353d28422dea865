/**
 * Card payments' constants, messages and paths (spec 3 §4.7, §4.8, §7.5; payment-interface.md), free
 * of zod so the lean storefront's checkout can import them; payment.ts holds the schemas.
 */

/** What each provider can take; an option the branch's provider cannot serve is neither offered nor accepted. */
export const PROVIDER_PAYMENT_TYPES: Record<string, readonly string[]> = {
  SIMULATOR: ['CARD'],
  OPAYO: ['CARD', 'APPLE PAY'],
  DOJO: ['CARD', 'WALLET'],
  NONE: [],
};
export const providerServes = (provider: string | null | undefined, paymentType: string) => (PROVIDER_PAYMENT_TYPES[provider ?? 'NONE'] ?? []).includes(paymentType);

/**
 * Which providers keep a card for a member (issue 11 'Payment methods'): atCheckout, a reusable token
 * from a card payment made with saveCard; withoutPaying, from the card fields alone ('Add card').
 * OPAYO: a payment with save true makes its card identifier reusable (credential on file); PI has no
 * call that makes one without a payment. DOJO: a payment intent made with the member's Dojo customer
 * saves the card among the customer's payment methods; saving without paying needs Dojo's setup
 * intents, which this adapter does not use.
 */
export const PROVIDER_SAVES_CARDS: Record<string, { atCheckout: boolean; withoutPaying: boolean }> = {
  SIMULATOR: { atCheckout: true, withoutPaying: true },
  OPAYO: { atCheckout: true, withoutPaying: false },
  DOJO: { atCheckout: true, withoutPaying: false },
};
export const providerSavesCards = (provider: string | null | undefined, when: 'atCheckout' | 'withoutPaying') => PROVIDER_SAVES_CARDS[provider ?? 'NONE']?.[when] === true;

/**
 * What POST storemanagement/basket/place needs for a paid option, by provider and payment type (spec 3 §4.8):
 * - DOJO (CARD, WALLET): paymentAccessToken, the payment intent the browser's Dojo component paid;
 * - APPLE PAY (OPAYO): paymentAccessToken, the merchant session's identifier from the Apple Pay
 *   merchant validation, and applePayPayment, the token of the ApplePaySession's onpaymentauthorized;
 * - CARD with a saved card (cardNumber) of OPAYO: paymentAccessToken, a merchant session key (the CVV
 *   is linked to the reusable identifier in the browser);
 * - any other CARD: paymentAccessToken (the session) and cardIdentifier (the card, or the saved card's CVV).
 */
export function placePaymentComplete(
  provider: string | null | undefined,
  paymentType: string,
  i: { paymentAccessToken?: string | null; cardIdentifier?: string | null; savedCard: boolean; applePayPayment: boolean },
): boolean {
  if (!i.paymentAccessToken) return false;
  if (paymentType === 'APPLE PAY') return i.applePayPayment;
  if (provider === 'DOJO') return true;
  if (provider === 'OPAYO' && i.savedCard) return true;
  return !!i.cardIdentifier;
}

const P = 'storemanagement/payment/';
const S = 'payment-simulator/';
export const PAYMENT_PATHS = {
  /** POST: start a card payment for a basket (spec 3 §7.5). Public: the basket id is the guest's capability. */
  token: `${P}token`,
  /** POST (spec 3 §7.5): Apple Pay merchant validation for { merchantBranchId, domainName, basketBssId }. */
  applePayToken: `${P}applepay/token`,
  /** POST (form): where the 3-D Secure challenge comes back; answers 303 to the storefront. */
  notification: (reference: string) => `${P}notification/${encodeURIComponent(reference)}`,
  /** PUT: a clerk refunds a paid order (spec 3 §7.1). */
  refund: (orderId: number) => `storemanagement/order/refund/id/${orderId}`,
  simulatorFields: (sessionKey: string) => `${S}fields/${encodeURIComponent(sessionKey)}`,
  simulatorFieldsScript: `${S}fields.js`,
  simulatorCardIdentifiers: `${S}card-identifiers`,
  simulatorChallenge: `${S}challenge`,
  /** GET: the simulator's CVV-only field, for paying with a saved card (spec 3 §4.8). */
  simulatorCvvFields: (sessionKey: string) => `${S}cvv/${encodeURIComponent(sessionKey)}`,
  /** POST { securityCode } with the session key as Bearer: a single-use identifier of the CVV just typed. */
  simulatorSecurityCodes: `${S}security-codes`,
  /** POST { merchantBranchId }, members: a card session to save a card without paying ('Add card'). */
  memberCardSession: 'memberuser/card/session',
  /** POST { merchantBranchId, paymentAccessToken, cardIdentifier }, members: keeps the card as the provider's reusable token. */
  memberCardCreate: 'memberuser/card/create',
} as const;

/** The reply of POST storemanagement/payment/token, by provider (payment.ts validates it with paymentTokenReplySchema). */
export type PaymentTokenReply =
  | { provider: 'SIMULATOR'; id: string; frameUrl: string }
  /** reusableCardIdentifier: the saved card asked for (cardNumber), which sagepay.js's drop-in takes for its CVV-only field. */
  | { provider: 'OPAYO'; merchantSessionKey: string; expiry: string; reusableCardIdentifier?: string }
  | { provider: 'DOJO'; id: string; clientSessionSecret: string };

/** The place reply when the card issuer wants a 3-D Secure challenge: the storefront posts creq to acsUrl. */
export type ThreeDSecureReply = { acsUrl: string; creq: string; transactionId: string };

/** What the hosted card fields tell the checkout page (window.postMessage), and what the page tells them. */
export const PAYMENT_FRAME_SOURCE = 'tillpoint-payment';
export const CHECKOUT_FRAME_SOURCE = 'tillpoint-checkout';
