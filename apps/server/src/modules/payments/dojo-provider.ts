import { PAYMENT_MESSAGES } from '@tillpoint/contracts/payment';
import { type CardOutcome, type PaymentProvider, PaymentProviderError, callProvider, obj, str } from './payment-provider';

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
 */
export const DOJO_API_VERSION = '2024-02-05';
export type DojoConfig = { baseUrl: string; secretKey: string; timeoutMs: number };

export function dojoProvider(c: DojoConfig): PaymentProvider {
  const base = c.baseUrl.replace(/\/$/, '');
  const headers = { authorization: `Basic ${c.secretKey}`, version: DOJO_API_VERSION };
  const call = (method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}) =>
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
  return {
    name: 'DOJO',
    async startSession(req) {
      const res = await call('POST', 'payment-intents', {
        amount: { value: req.amount, currencyCode: req.currency },
        reference: req.reference,
        description: req.description.slice(0, 100),
        captureMode: 'Auto',
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
      return outcomeOf(req.sessionId, body);
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
