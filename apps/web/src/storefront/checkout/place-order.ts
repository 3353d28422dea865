import { BASKET_PATHS } from '@tillpoint/contracts/basket-paths';
import type { Basket } from '@tillpoint/contracts/basket';
import { isApiError } from '@tillpoint/contracts/notice';
import { CHECKOUT_MESSAGES } from '@tillpoint/contracts/order-rules';
import { PAYMENT_PATHS, type ThreeDSecureReply } from '@tillpoint/contracts/payment-paths';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';

/** What a place attempt came to (spec 3 §4.7). */
export type PlaceReply =
  | { kind: 'placed' }
  /** The browser is leaving for the card issuer's 3-D Secure page or the provider's redirect. */
  | { kind: 'challenge' }
  | { kind: 'redirect' }
  /** Shown already; 'Your order is empty!' asks for the basket to be reloaded. */
  | { kind: 'error'; orderEmpty: boolean };

type PlaceAnswer = Partial<ThreeDSecureReply> & { redirectUrl?: string; orderNo?: number };

/** A hidden form posted to the issuer's page with the challenge request and the session data (3-D Secure 2). */
function postChallenge(reply: ThreeDSecureReply) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = reply.acsUrl;
  form.style.display = 'none';
  for (const [name, value] of [
    ['creq', reply.creq],
    ['threeDSSessionData', reply.transactionId],
  ]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** POST storemanagement/basket/place and what its reply means for the page. */
export async function placeOrder(body: Record<string, unknown>): Promise<PlaceReply> {
  const r = await api.post<PlaceAnswer>(BASKET_PATHS.place, body);
  if (!r.ok) {
    notify(r, { suppressSuccess: true });
    return { kind: 'error', orderEmpty: isApiError(r.body) && r.body.details === CHECKOUT_MESSAGES.orderEmpty };
  }
  const a = r.body ?? {};
  if (a.acsUrl && a.creq && a.transactionId) {
    postChallenge({ acsUrl: a.acsUrl, creq: a.creq, transactionId: a.transactionId });
    return { kind: 'challenge' };
  }
  if (a.redirectUrl) {
    window.location.assign(a.redirectUrl);
    return { kind: 'redirect' };
  }
  return { kind: 'placed' };
}

// ---- Apple Pay (spec 3 §4.8, §9), only where the browser has it.

type ApplePayPaymentToken = { paymentData: unknown; paymentMethod: unknown; transactionIdentifier: string };
type ApplePaySessionLike = {
  onvalidatemerchant: ((e: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((e: { payment: { token: ApplePayPaymentToken } }) => void) | null;
  oncancel: (() => void) | null;
  completeMerchantValidation: (merchantSession: unknown) => void;
  completePayment: (status: number) => void;
  abort: () => void;
  begin: () => void;
};
type ApplePaySessionClass = {
  new (version: number, request: Record<string, unknown>): ApplePaySessionLike;
  canMakePayments: () => boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
};
const applePaySession = () => (window as Window & { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;

export function supportsApplePay(): boolean {
  try {
    return applePaySession()?.canMakePayments() === true;
  } catch {
    // Safari throws outside a secure context.
    return false;
  }
}

/**
 * Opens the Apple Pay sheet (it must start inside the click). The merchant is validated through our
 * server; the authorised payment's token is placed with the order.
 */
export function startApplePay(body: Record<string, unknown>, basket: Basket, domainName: string, done: (reply: PlaceReply) => void) {
  const Session = applePaySession();
  if (!Session) {
    done({ kind: 'error', orderEmpty: false });
    return;
  }
  const session = new Session(6, {
    countryCode: 'GB',
    currencyCode: 'GBP',
    supportedNetworks: ['amex', 'masterCard', 'visa'],
    merchantCapabilities: ['supports3DS'],
    total: { label: 'Total Cost', amount: basket.totalPrice.toFixed(2) },
  });
  let finished = false;
  const finish = (reply: PlaceReply) => {
    if (finished) return;
    finished = true;
    done(reply);
  };
  // The merchant session's identifier: Opayo checks the payment against it (sessionValidationToken).
  let merchantSession: string | null = null;
  session.onvalidatemerchant = () => {
    void api.post<{ merchantSessionIdentifier?: string }>(PAYMENT_PATHS.applePayToken, { merchantBranchId: basket.merchantBranchId, domainName, basketBssId: basket.bssId }).then((r) => {
      if (r.ok) {
        merchantSession = r.body?.merchantSessionIdentifier ?? null;
        session.completeMerchantValidation(r.body);
      } else {
        // Spec 3 §8: merchant validation failures are only logged.
        console.warn('Apple Pay merchant validation failed', r.status);
        session.abort();
        finish({ kind: 'error', orderEmpty: false });
      }
    });
  };
  session.onpaymentauthorized = (e) => {
    // Only the token goes to our server, which passes it to Opayo; the sheet closes as success once the order is placed (spec 3 §4.7).
    void placeOrder({ ...body, paymentType: 'APPLE PAY', paymentAccessToken: merchantSession, applePayPayment: e.payment.token }).then((reply) => {
      session.completePayment(reply.kind === 'error' ? Session.STATUS_FAILURE : Session.STATUS_SUCCESS);
      finish(reply);
    });
  };
  session.oncancel = () => finish({ kind: 'error', orderEmpty: false });
  session.begin();
}
