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
  orderTime: 'The time you chose is no longer available. Please choose another time.',
} as const;

/** The branch's clock (spec 2: schedules are kept in Europe/London): minutes since midnight now. */
// Made once, at the first call: a new Intl.DateTimeFormat per call costs far more than the formatting,
// and making one with a time zone when the module loads held up the storefront's first paint (~100 ms
// on a phone) for a clock only the checkout reads.
let londonClock: Intl.DateTimeFormat | undefined;
export function londonMinutes(now: Date): number {
  londonClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = londonClock.formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * 'Ready By' choices for a collection: every 15 minutes from a quarter of an hour after now until
 * today's closing time ('11:00 - 23:00'; a close past midnight runs on; 'Open' means until midnight).
 */
export function readyBySlots(todayHours: string, nowMinutes: number, step = 15): string[] {
  const m = /^(\d{2}):(\d{2}) - (\d{2}):(\d{2})$/.exec(todayHours.trim());
  let close = 24 * 60 - step;
  let open = 0;
  if (m) {
    open = Number(m[1]) * 60 + Number(m[2]);
    close = Number(m[3]) * 60 + Number(m[4]);
    if (close <= open) close += 24 * 60;
  } else if (todayHours.trim() !== 'Open') return [];
  const slots: string[] = [];
  for (let t = Math.max(open, Math.ceil((nowMinutes + step) / step) * step); t <= close; t += step) slots.push(hhmm(t));
  return slots;
}

/** A UK mobile number (07… or +44 7…), spaces allowed. */
export const isUkMobile = (v: string) => /^(\+447\d{9}|07\d{9})$/.test(v.replace(/[\s()-]/g, ''));
/** zod 4's z.email() pattern (zod/v4/core/regexes.js), spelled here so the storefront checks the same without zod. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const isEmail = (v: string) => EMAIL.test(v);
