import { PAYMENT_MESSAGES } from '@tillpoint/contracts/payment';
import { type CardOutcome, type PaymentProvider, PaymentProviderError, callProvider, obj, str } from './payment-provider';

/**
 * Opayo (Elavon) PI REST API v1 (https://developer-eu.elavon.com/docs/opayo/api-reference). Basic
 * auth with the integration key and password. The shapes below follow Opayo's reference and the
 * open-source academe/SagePay-Integration client (branch 'opayo': CreateSessionKey, CreatePayment,
 * CreateSecure3Dv2Challenge, CreateRefund, FetchTransaction; ResponseFactory's status handling):
 * - POST merchant-session-keys {vendorName} → 201 {merchantSessionKey, expiry}
 * - card-identifiers are made by the browser (sagepay.js) with the merchant session key as Bearer
 * - POST transactions {transactionType:'Payment', paymentMethod:{card:{merchantSessionKey, cardIdentifier}},
 *   vendorTxCode, amount (pence), currency, description, customerFirstName, customerLastName,
 *   billingAddress:{address1, city, postalCode, country}, entryMethod:'Ecommerce', apply3DSecure,
 *   strongCustomerAuthentication:{notificationURL, browserIP, browserAcceptHeader, browserJavascriptEnabled,
 *   browserLanguage, browserUserAgent, challengeWindowSize, transType}}
 *   → status 'Ok' (statusCode '0000') with paymentMethod.card {cardType, lastFourDigits, expiryDate};
 *   → status '3DAuth' (statusCode '2021') with acsUrl and cReq (posted to the ACS as 'creq');
 *   → status 'NotAuthed' / 'Rejected' with statusDetail (a decline);
 *   → 4xx {errors:[{description, property, code}]} or {description, code} for a request it refuses.
 * - POST transactions/{transactionId}/3d-secure-challenge {cRes, threeDSSessionData} → as a payment
 * - GET transactions/{transactionId} → the transaction
 * - POST transactions {transactionType:'Refund', referenceTransactionId, vendorTxCode, amount, description}
 */
export type OpayoConfig = { baseUrl: string; vendorName: string; integrationKey: string; integrationPassword: string; timeoutMs: number };

function refusal(body: Record<string, unknown>): string {
  const errors = body.errors;
  if (Array.isArray(errors) && errors.length) return str(errors[0], 'clientMessage') ?? str(errors[0], 'description') ?? PAYMENT_MESSAGES.invalidCard;
  return str(body, 'description') ?? str(body, 'statusDetail') ?? PAYMENT_MESSAGES.invalidCard;
}

/** A transaction reply as our outcome; anything else is a refusal or an unreadable reply. */
function outcomeOf(status: number, body: Record<string, unknown>): CardOutcome {
  const txStatus = str(body, 'status');
  const transactionId = str(body, 'transactionId');
  if (txStatus === 'Ok' && transactionId) {
    const card = obj(obj(body, 'paymentMethod'), 'card');
    return {
      status: 'AUTHORISED',
      transactionId,
      card: card ? { last4: str(card, 'lastFourDigits'), brand: str(card, 'cardType'), expiry: str(card, 'expiryDate') } : null,
    };
  }
  if (txStatus === '3DAuth' && transactionId) {
    const acsUrl = str(body, 'acsUrl');
    const creq = str(body, 'cReq');
    if (acsUrl && creq) return { status: 'CHALLENGE', transactionId, acsUrl, creq };
  }
  if ((txStatus === 'NotAuthed' || txStatus === 'Rejected') && transactionId) {
    return { status: 'DECLINED', transactionId, message: str(body, 'statusDetail') ?? PAYMENT_MESSAGES.declined };
  }
  if (status === 401 || status === 403) throw new PaymentProviderError('UNAVAILABLE', 'Opayo refused our credentials');
  if (status >= 400) throw new PaymentProviderError('REFUSED', refusal(body));
  throw new PaymentProviderError('UNAVAILABLE', `Opayo sent an unexpected reply (${status})`);
}

export function opayoProvider(c: OpayoConfig): PaymentProvider {
  const base = c.baseUrl.replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${c.integrationKey}:${c.integrationPassword}`).toString('base64')}`;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => callProvider('Opayo', `${base}/${path}`, { method, headers: { authorization: auth }, body }, c.timeoutMs);
  return {
    name: 'OPAYO',
    async startSession() {
      const res = await call('POST', 'merchant-session-keys', { vendorName: c.vendorName });
      const merchantSessionKey = str(res.body, 'merchantSessionKey');
      const expiry = str(res.body, 'expiry');
      if (res.status >= 400 || !merchantSessionKey || !expiry) throw new PaymentProviderError('UNAVAILABLE', `Opayo gave no merchant session key (${res.status})`);
      return { provider: 'OPAYO', merchantSessionKey, expiry };
    },
    async authorise(req) {
      if (!req.sessionId || !req.cardIdentifier) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.sessionExpired);
      const b = req.billing;
      const res = await call('POST', 'transactions', {
        transactionType: 'Payment',
        paymentMethod: { card: { merchantSessionKey: req.sessionId, cardIdentifier: req.cardIdentifier } },
        vendorTxCode: req.reference,
        amount: req.amount,
        currency: req.currency,
        description: req.description.slice(0, 100),
        apply3DSecure: 'UseMSPSetting',
        customerFirstName: (req.customer.firstName ?? '').slice(0, 20),
        customerLastName: (req.customer.lastName ?? '').slice(0, 20),
        customerEmail: req.customer.email ?? undefined,
        billingAddress: {
          address1: b?.addressLine1 ?? '',
          ...(b?.addressLine2 ? { address2: b.addressLine2 } : {}),
          city: b?.city ?? '',
          postalCode: b?.postCode ?? '',
          country: 'GB',
        },
        entryMethod: 'Ecommerce',
        strongCustomerAuthentication: {
          notificationURL: req.notificationUrl,
          browserIP: req.browser.ip,
          browserAcceptHeader: req.browser.accept || 'text/html',
          browserJavascriptEnabled: false,
          browserLanguage: req.browser.language || 'en-GB',
          browserUserAgent: req.browser.userAgent || 'unknown',
          challengeWindowSize: 'Medium',
          transType: 'GoodsAndServicePurchase',
          threeDSRequestorChallengeInd: '01',
        },
      });
      return outcomeOf(res.status, res.body);
    },
    async completeChallenge(req) {
      const res = await call('POST', `transactions/${encodeURIComponent(req.transactionId)}/3d-secure-challenge`, {
        cRes: req.cres,
        ...(req.threeDSSessionData ? { threeDSSessionData: req.threeDSSessionData } : {}),
      });
      return outcomeOf(res.status, res.body);
    },
    async status(req) {
      // PI finds a transaction only by its id: a payment that never got one back cannot be looked up here.
      if (!req.transactionId) return { status: 'UNKNOWN' };
      const res = await call('GET', `transactions/${encodeURIComponent(req.transactionId)}`);
      if (res.status === 404) return { status: 'NOT_FOUND' };
      return outcomeOf(res.status, res.body);
    },
    async refund(req) {
      const res = await call('POST', 'transactions', {
        transactionType: 'Refund',
        referenceTransactionId: req.transactionId,
        vendorTxCode: req.refundReference,
        amount: req.amount,
        description: req.description.slice(0, 100),
      });
      const transactionId = str(res.body, 'transactionId');
      if (str(res.body, 'status') === 'Ok' && transactionId) return { refundId: transactionId };
      if (res.status >= 400 || str(res.body, 'status')) throw new PaymentProviderError('REFUSED', refusal(res.body));
      throw new PaymentProviderError('UNAVAILABLE', `Opayo sent an unexpected reply (${res.status})`);
    },
  };
}
