import { createHash } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@tillpoint/contracts/payment';
import { type CardOutcome, type PaymentProvider, PaymentProviderError, type SavedCardToken, callProvider, obj, str } from './payment-provider';

/**
 * Dojo payment intents (https://docs.dojo.tech/api, OpenAPI 'Dojo API', PaymentIntents_CreatePaymentIntent,
 * PaymentIntents_Get, Refunds_Create). Auth: `Authorization: Basic <secret key>` (the key as is, not
 * base64) and a `version` header on every call.
 * - POST payment-intents {amount:{value, currencyCode}, reference, description, captureMode:'Auto'}
 *   → {id, clientSessionSecret, status:'Created', amount, reference}
 * - the browser's Dojo card or wallet component pays the intent (3-D Secure happens there), then
 *   the checkout places the order; we read the intent: status 'Authorized' or 'Captured' is paid,
 *   'Created' is not (yet), 'Canceled'/'Reversed'/'Refunded' are not paid.
 * - POST payment-intents/{id}/refunds {amount, refundReason} with an `idempotencyKey` header
 *   (unique per refund: a retry with the same key refunds once) → {refundId, paymentIntentId}
 * - Saved cards (Dojo 'Save card'): one Dojo customer per member and Dojo account (kept in
 *   member_provider_customer), POST customers {emailAddress, name,
 *   reference} → {id}; POST customers/{id}/create-secret → {secret} (short-lived: one per intent); the
 *   intent is made with customer {id, secret} and paymentMethods including 'SavedCard', so Dojo's own
 *   frame offers to save the card and shows the saved ones (their CVV typed there; the secret never
 *   reaches the browser); GET customers/{id}/payment-methods → {savedPaymentMethods:[{paymentMethodId,
 *   cardDetails:{pan (masked), expiryDate, scheme}}]}; DELETE customers/{id}/payment-methods/{pmId}.
 *   Our token for a saved card is '{customerId}:{paymentMethodId}', so it names its customer too.
 */
export const DOJO_API_VERSION = '2024-02-05';
export type DojoConfig = { baseUrl: string; secretKey: string; timeoutMs: number };

/** Our token of a card saved to a Dojo customer, and back. */
export const dojoCardToken = (customerId: string, paymentMethodId: string) => `${customerId}:${paymentMethodId}`;
export function dojoCardParts(token: string): { customerId: string; paymentMethodId: string } | null {
  const i = token.indexOf(':');
  return i > 0 && i < token.length - 1 ? { customerId: token.slice(0, i), paymentMethodId: token.slice(i + 1) } : null;
}

/** Which Dojo account a configuration talks to: a hash of its address and secret key (the key itself is never kept). */
export const dojoAccount = (c: Pick<DojoConfig, 'baseUrl' | 'secretKey'>) =>
  createHash('sha256').update(`${c.baseUrl.replace(/\/$/, '')}\n${c.secretKey}`).digest('hex').slice(0, 32);

export function dojoProvider(c: DojoConfig): PaymentProvider {
  const base = c.baseUrl.replace(/\/$/, '');
  const headers = { authorization: `Basic ${c.secretKey}`, version: DOJO_API_VERSION };
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, extra: Record<string, string> = {}) =>
    callProvider('Dojo', `${base}/${path}`, { method, headers: { ...headers, ...extra }, body }, c.timeoutMs);
  const refused = (status: number, body: Record<string, unknown>) => {
    if (status === 401 || status === 403) return new PaymentProviderError('UNAVAILABLE', 'Dojo refused our credentials');
    return new PaymentProviderError('REFUSED', str(body, 'detail') ?? str(body, 'title') ?? PAYMENT_MESSAGES.notPaid);
  };
  const intent = async (id: string) => {
    const res = await call('GET', `payment-intents/${encodeURIComponent(id)}`);
    if (res.status === 404) return null;
    if (res.status >= 400) throw refused(res.status, res.body);
    return res.body;
  };
  const outcomeOf = (id: string, body: Record<string, unknown>): CardOutcome => {
    const status = str(body, 'status');
    const details = obj(body, 'paymentDetails');
    if (status === 'Authorized' || status === 'Captured') {
      const card = obj(details, 'card');
      return {
        status: 'AUTHORISED',
        transactionId: id,
        card: card ? { last4: str(card, 'cardNumber')?.slice(-4) ?? null, brand: str(card, 'cardType') ?? str(card, 'cardName'), expiry: str(card, 'expiryDate') } : null,
      };
    }
    return { status: 'DECLINED', transactionId: id, message: str(details, 'message') ?? PAYMENT_MESSAGES.notPaid };
  };
  /** The card the intent was paid with, among the customer's saved payment methods (matched by last four and expiry). */
  const savedCardOf = async (customerId: string, card: CardOutcome & { status: 'AUTHORISED' }): Promise<SavedCardToken | null> => {
    const res = await call('GET', `customers/${encodeURIComponent(customerId)}/payment-methods`);
    if (res.status >= 400) throw refused(res.status, res.body);
    const methods = Array.isArray(res.body.savedPaymentMethods) ? (res.body.savedPaymentMethods as unknown[]) : [];
    for (const m of methods.slice().reverse()) {
      const details = obj(m, 'cardDetails');
      const pmId = str(m, 'paymentMethodId');
      const last4 = str(details, 'pan')?.slice(-4) ?? null;
      const expiry = str(details, 'expiryDate');
      if (pmId && last4 && expiry && last4 === card.card?.last4 && (!card.card.expiry || card.card.expiry === expiry)) {
        return { token: dojoCardToken(customerId, pmId), last4, brand: str(details, 'scheme') ?? card.card.brand ?? 'Card', expiry, holder: '' };
      }
    }
    return null;
  };
  return {
    name: 'DOJO',
    customerAccount: dojoAccount(c),
    /** A new Dojo customer named by our customer reference (the caller keeps its id: one per member and account). */
    async createCustomer(n) {
      const res = await call('POST', 'customers', { reference: n.customerReference, ...(n.email ? { emailAddress: n.email } : {}), ...(n.name ? { name: n.name.slice(0, 100) } : {}) });
      const id = str(res.body, 'id');
      if (res.status >= 400) throw refused(res.status, res.body);
      if (!id) throw new PaymentProviderError('UNAVAILABLE', `Dojo gave no customer (${res.status})`);
      return id;
    },
    async startSession(req) {
      const customerId = req.customer?.customerId ?? null;
      let customer: { id: string; secret: string } | null = null;
      if (customerId) {
        const secret = await call('POST', `customers/${encodeURIComponent(customerId)}/create-secret`, {});
        const value = str(secret.body, 'secret');
        if (secret.status >= 400) throw refused(secret.status, secret.body);
        if (!value) throw new PaymentProviderError('UNAVAILABLE', `Dojo gave no customer secret (${secret.status})`);
        customer = { id: customerId, secret: value };
      }
      const res = await call('POST', 'payment-intents', {
        amount: { value: req.amount, currencyCode: req.currency },
        reference: req.reference,
        description: req.description.slice(0, 100),
        captureMode: 'Auto',
        ...(customer ? { customer, paymentMethods: ['Card', 'SavedCard', 'Wallet'] } : {}),
      });
      const id = str(res.body, 'id');
      const clientSessionSecret = str(res.body, 'clientSessionSecret');
      if (res.status >= 400) throw refused(res.status, res.body);
      if (!id || !clientSessionSecret) throw new PaymentProviderError('UNAVAILABLE', `Dojo gave no payment intent (${res.status})`);
      return { provider: 'DOJO', id, clientSessionSecret };
    },
    async authorise(req) {
      if (!req.sessionId) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.sessionExpired);
      const body = await intent(req.sessionId);
      if (!body) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.sessionExpired);
      // The intent must be the one started for this basket, for this amount: a paid intent pays one basket only.
      const amount = obj(body, 'amount');
      if (str(body, 'reference') !== req.sessionReference) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.sessionExpired);
      if (Number(str(amount, 'value')) !== req.amount || str(amount, 'currencyCode') !== req.currency) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.amountChanged);
      const customerId = str(obj(body, 'customer'), 'id');
      // A saved card is paid in Dojo's frame for the intent's customer: it must be that member's customer.
      if (req.savedCardToken && dojoCardParts(req.savedCardToken)?.customerId !== customerId) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.savedCardNotUsable);
      const outcome = outcomeOf(req.sessionId, body);
      if (outcome.status !== 'AUTHORISED' || !req.saveCard || req.savedCardToken || !customerId) return outcome;
      return { ...outcome, saved: await savedCardOf(customerId, outcome) };
    },
    async removeSavedCard(req) {
      const parts = dojoCardParts(req.token);
      if (!parts) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.savedCardNotUsable);
      const res = await call('DELETE', `customers/${encodeURIComponent(parts.customerId)}/payment-methods/${encodeURIComponent(parts.paymentMethodId)}`);
      // Gone already (404) is what we wanted.
      if (res.status >= 400 && res.status !== 404) throw refused(res.status, res.body);
    },
    async completeChallenge() {
      // Dojo's components run 3-D Secure in the browser; nothing comes back to our notification address.
      throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.notPaid);
    },
    async status(req) {
      if (!req.sessionId) return { status: 'NOT_FOUND' };
      const body = await intent(req.sessionId);
      if (!body) return { status: 'NOT_FOUND' };
      const o = outcomeOf(req.sessionId, body);
      // An intent not paid yet may still be paid by the customer's open checkout: not a decline.
      return o.status === 'DECLINED' && str(body, 'status') === 'Created' ? { status: 'NOT_FOUND' } : o;
    },
    async refund(req) {
      const id = req.sessionId ?? req.transactionId;
      const res = await call('POST', `payment-intents/${encodeURIComponent(id)}/refunds`, { amount: req.amount, refundReason: req.description.slice(0, 100) }, { idempotencyKey: req.refundReference });
      const refundId = str(res.body, 'refundId');
      if (res.status >= 400) throw refused(res.status, res.body);
      if (!refundId) throw new PaymentProviderError('UNAVAILABLE', `Dojo sent an unexpected reply (${res.status})`);
      return { refundId };
    },
  };
}
