/**
 * Placing an order: the checkout's constants, messages and field tests (spec 3 §5.3, §5.4), free of
 * zod so the lean storefront's checkout can import them; order.ts re-exports them beside the schemas.
 */

/** The unpaid options: staff take the payment later (basket INPROGRESS). */
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

/** A UK mobile number (07… or +44 7…), spaces allowed. */
export const isUkMobile = (v: string) => /^(\+447\d{9}|07\d{9})$/.test(v.replace(/[\s()-]/g, ''));
/** zod 4's z.email() pattern (zod/v4/core/regexes.js), spelled here so the storefront checks the same without zod. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const isEmail = (v: string) => EMAIL.test(v);
