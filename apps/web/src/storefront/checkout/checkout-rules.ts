import type { StorefrontOrderType } from '@tillpoint/contracts/basket-paths';
import type { MemberBranchSettings } from '@tillpoint/contracts/branch-settings';
import { splitOptions as split } from '@tillpoint/contracts/branch-settings-paths';
import { CARD_PAYMENT_TYPES, CHECKOUT_MESSAGES, UNPAID_PAYMENT_TYPES, isEmail, isUkMobile } from '@tillpoint/contracts/order-rules';
import { providerServes } from '@tillpoint/contracts/payment-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';

/**
 * The checkout's rules without React (spec 3 §4.4, §4.8, §5.3), so they are unit-tested: which order
 * types and payment options the page offers, and the checks before Confirm Order, in their order.
 * The server checks everything again; these only spare the customer a round trip.
 */

/**
 * The type the checkout opens with (spec 3 §4.4): a stored table number means Table Order when it is
 * offered; else the stored choice when offered; else the checkout's fallback order Delivery, Collection,
 * Table Order (the store page stops before Table Order without a table: store-data.ts defaultOrderType).
 */
export function initialOrderType(offered: StorefrontOrderType[], stored: StorefrontOrderType | null, tableNo: number | null): StorefrontOrderType | null {
  if (tableNo !== null && offered.includes('Table Order')) return 'Table Order';
  if (stored && stored !== 'Table Order' && offered.includes(stored)) return stored;
  // Without a table number, Table Order is only the last resort (§4.4).
  return offered.find((t) => t !== 'Table Order') ?? offered[0] ?? null;
}

const PAID_LATER: readonly string[] = UNPAID_PAYMENT_TYPES;

/** Providers whose CVV-only field for a saved card the page draws: the simulator's frame, Opayo's drop-in with a reusable card identifier. */
const CVV_FIELD_PROVIDERS: readonly string[] = ['SIMULATOR', 'OPAYO'];

/**
 * The member's saved cards the checkout lists as choices: those saved through the branch's provider,
 * where the page draws that provider's CVV-only field. A Dojo member's saved cards show inside Dojo's
 * own card frame instead (the intent is made for their Dojo customer), so they are not listed here.
 */
export function savedCardsOffered<T extends { provider: string }>(cards: T[], provider: string): T[] {
  return CVV_FIELD_PROVIDERS.includes(provider) ? cards.filter((c) => c.provider === provider) : [];
}

/**
 * The payment options of an order type: table options as they are, web options of the type with their
 * '(DELIVERY)' / '(COLLECTION)' suffix taken off; then only what the branch's provider (and, for Apple
 * Pay, the browser) can serve. PAY PAL has no provider here, so it is never offered.
 */
export function paymentOptionsFor(settings: Pick<MemberBranchSettings, 'webOrderPaymentOptions' | 'tableOrderPaymentOptions'>, orderType: StorefrontOrderType, provider: string, applePay: boolean): string[] {
  const listed =
    orderType === 'Table Order'
      ? split(settings.tableOrderPaymentOptions)
      : split(settings.webOrderPaymentOptions)
          .filter((o) => o.endsWith(orderType === 'Delivery' ? ' (DELIVERY)' : ' (COLLECTION)'))
          .map((o) => o.slice(0, o.lastIndexOf(' (')));
  return [...new Set(listed)].filter((o) => PAID_LATER.includes(o) || (providerServes(provider, o) && (o !== 'APPLE PAY' || applePay)));
}

/** Options paid through the provider's frame (check 7 asks for a billing address with these). */
export const isCardPayment = (option: string | null) => option !== null && (CARD_PAYMENT_TYPES as readonly string[]).includes(option);

export type CheckoutAddress = { postCode: string; city: string; addressLine1: string; addressLine2: string; addressLine3: string; addressLine4: string };
export const emptyAddress = (): CheckoutAddress => ({ postCode: '', city: '', addressLine1: '', addressLine2: '', addressLine3: '', addressLine4: '' });

export type Guest = { firstName: string; lastName: string; email: string; mobilePhone: string };

export type CheckoutState = {
  lineCount: number;
  /** Pounds, as the basket reply gives them. */
  subTotal: number;
  discount: number;
  minimumDeliveryBasketPrice: number | null;
  orderType: StorefrontOrderType | null;
  guest: Guest;
  /** The delivery address form is open (a saved address or 'Other' chosen); guests always have it. */
  addressChosen: boolean;
  address: CheckoutAddress;
  tableNo: number | null;
  paymentType: string | null;
  sameAsDelivery: boolean;
  billing: CheckoutAddress;
  provider: string;
};

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '' || v.trim() === 'null';
const incomplete = (a: CheckoutAddress) => blank(a.postCode) || blank(a.addressLine1) || blank(a.city);
const pence = (pounds: number) => Math.round(pounds * 100);

/** Spec 3 §5.3: the first failing check's words (each shown as a warning toast), or null when all pass. */
export function checkoutProblem(s: CheckoutState): string | null {
  if (s.lineCount === 0) return CHECKOUT_MESSAGES.orderEmpty;
  if (!s.orderType) return CHECKOUT_MESSAGES.deliveryType;
  const g = s.guest;
  if (blank(g.firstName) || blank(g.lastName) || blank(g.email) || blank(g.mobilePhone)) return CHECKOUT_MESSAGES.userDetails;
  if (!isEmail(g.email.trim())) return CHECKOUT_MESSAGES.email;
  // The server refuses a number that is not a UK mobile with the spec's field message (§5.4).
  if (!isUkMobile(g.mobilePhone)) return MESSAGES.notValidPhone;
  if (s.orderType === 'Delivery') {
    if (!s.addressChosen) return CHECKOUT_MESSAGES.selectAddress;
    if (incomplete(s.address)) return CHECKOUT_MESSAGES.addressDetails;
    const minimum = s.minimumDeliveryBasketPrice;
    if (minimum !== null && pence(s.subTotal) - pence(s.discount) < pence(minimum)) return CHECKOUT_MESSAGES.minimumBasket;
  }
  if (s.orderType === 'Table Order' && s.tableNo === null) return CHECKOUT_MESSAGES.tableNo;
  if (!s.paymentType) return CHECKOUT_MESSAGES.paymentType;
  const billingDiffers = !(s.orderType === 'Delivery' && s.sameAsDelivery);
  if (isCardPayment(s.paymentType) && billingDiffers && (s.provider === 'DOJO' || s.provider === 'OPAYO') && incomplete(s.billing)) return CHECKOUT_MESSAGES.billingAddress;
  return null;
}

/** The billing address the order carries: the delivery address when 'Same as my delivery address' is ticked. */
export const billingOf = (s: Pick<CheckoutState, 'orderType' | 'sameAsDelivery' | 'address' | 'billing' | 'paymentType'>): CheckoutAddress | null => {
  if (!isCardPayment(s.paymentType)) return null;
  return s.orderType === 'Delivery' && s.sameAsDelivery ? s.address : s.billing;
};

/** Field limits of spec 3 §5.4 the form enforces as the customer types (maxLength). */
export const FIELD_MAX = { name: 20, email: 255, mobilePhone: 30, addressLine1: 50, addressLine: 100, postCode: 10, notes: 100 } as const;

// 'Ready By' slots live in contracts: the server refuses a time it does not offer (place-order.service).
export { londonMinutes, readyBySlots } from '@tillpoint/contracts/order-rules';
