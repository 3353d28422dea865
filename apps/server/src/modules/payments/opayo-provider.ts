import { createHash } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@tillpoint/contracts/payment';
import { type AuthoriseRequest, type CardOutcome, type PaymentProvider, PaymentProviderError, type SavedCardToken, type StatusOutcome, callProvider, obj, str } from './payment-provider';

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
 * - POST applepay/sessions {vendorName, domainName} → Apple's merchant session (merchantSessionIdentifier,
 *   nonce, signature…), Opayo validating the merchant with its own Apple Pay certificate
 * - Saved cards (credential on file): a first payment with paymentMethod.card.save true and
 *   credentialType {cofUsage:'First', initiatedType:'CIT', mitType:'Unscheduled'} turns the card
 *   identifier reusable; the reply's paymentMethod.card carries {cardIdentifier, reusable:true} with the
 *   card facts. A later payment sends that identifier with reusable true (and cofUsage 'Subsequent');
 *   with a merchant session key the CVV the browser linked to it (POST card-identifiers/{id}/security-code,
 *   the session key as Bearer) is checked. PI has no call that deletes a reusable identifier.
 * - Apple Pay: POST transactions with paymentMethod.applePay {clientIpAddress, sessionValidationToken
 *   (the merchant session's identifier), paymentData (base64 of the Apple Pay token's paymentData JSON),
 *   applicationData, displayName}; Apple has authenticated the payer already, so no SCA block.
 *
 * PI finds a transaction only by its transactionId, which a timed-out POST transactions never gave
 * us. Opayo's Reporting & Admin API finds it by our vendorTxCode (the same lookup the Ebizmarts
 * SagePaySuite cron makes for payments stuck in 'pending payment'): POST {host}/access/access.htm,
 * form field XML=<vspaccess><command>getTransactionDetail</command><vendor/><user/><vendortxcode/>
 * <signature/></vspaccess>, the signature the MD5 (hex) of the same elements without vspaccess and
 * signature, followed by <password>. The reply is XML: <errorcode>0000</errorcode> with <vpstxid>
 * (PI's transactionId), or errorcode 0043 when no such transaction exists. The transaction itself is
 * then read through PI (GET transactions/{vpstxid}), so one reading of its status serves both ways.
 */
export type OpayoReporting = { user: string; password: string };
export type OpayoConfig = { baseUrl: string; vendorName: string; integrationKey: string; integrationPassword: string; reporting?: OpayoReporting | null; timeoutMs: number };

/** The Reporting & Admin API's address on the same host as PI (https://{env}.opayo.eu.elavon.com/access/access.htm). */
export const opayoReportingUrl = (piBaseUrl: string) => `${piBaseUrl.replace(/\/api\/v1\/?$/, '').replace(/\/$/, '')}/access/access.htm`;
const OPAYO_REPORTING_NOT_FOUND = '0043';

const xmlEscape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A flat reply's element text (the reporting replies are one level deep). */
export const xmlText = (xml: string, tag: string): string | null => {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`, 'i').exec(xml);
  return m ? m[1].trim() : null;
};

/** The signed request body of a Reporting API command. */
export function opayoReportingXml(vendor: string, r: OpayoReporting, command: string, params: Record<string, string>): string {
  const inner = `<command>${command}</command><vendor>${xmlEscape(vendor)}</vendor><user>${xmlEscape(r.user)}</user>${Object.entries(params)
    .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
    .join('')}`;
  // The password is signed as it is (it never travels, so it is not XML text).
  const signature = createHash('md5').update(`${inner}<password>${r.password}</password>`).digest('hex');
  return `<vspaccess>${inner}<signature>${signature}</signature></vspaccess>`;
}

function refusal(body: Record<string, unknown>): string {
  const errors = body.errors;
  if (Array.isArray(errors) && errors.length) return str(errors[0], 'clientMessage') ?? str(errors[0], 'description') ?? PAYMENT_MESSAGES.invalidCard;
  return str(body, 'description') ?? str(body, 'statusDetail') ?? PAYMENT_MESSAGES.invalidCard;
}

/** The reusable card identifier a payment with save true answered, with what a list shows (never the number). */
function savedOf(card: Record<string, unknown>): SavedCardToken | null {
  const token = str(card, 'cardIdentifier');
  const last4 = str(card, 'lastFourDigits');
  const expiry = str(card, 'expiryDate');
  if (card.reusable !== true || !token || !last4 || !expiry) return null;
  return { token, last4, brand: str(card, 'cardType') ?? 'Card', expiry, holder: '' };
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
      saved: card ? savedOf(card) : null,
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
  /** Apple Pay: the token the browser's ApplePaySession authorised, paid through Opayo. */
  async function applePayPayment(req: AuthoriseRequest): Promise<CardOutcome> {
    const token = req.applePay;
    if (!token || !req.sessionId) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.sessionExpired);
    const res = await call('POST', 'transactions', {
      transactionType: 'Payment',
      paymentMethod: {
        applePay: {
          clientIpAddress: req.browser.ip,
          sessionValidationToken: req.sessionId,
          paymentData: Buffer.from(JSON.stringify(token.paymentData)).toString('base64'),
          ...(token.applicationData ? { applicationData: token.applicationData } : {}),
          displayName: (token.displayName ?? 'Apple Pay').slice(0, 50),
        },
      },
      vendorTxCode: req.reference,
      amount: req.amount,
      currency: req.currency,
      description: req.description.slice(0, 100),
      customerFirstName: (req.customer.firstName ?? '').slice(0, 20),
      customerLastName: (req.customer.lastName ?? '').slice(0, 20),
      ...(req.customer.email ? { customerEmail: req.customer.email } : {}),
      entryMethod: 'Ecommerce',
    });
    const outcome = outcomeOf(res.status, res.body);
    const wallet = obj(obj(res.body, 'paymentMethod'), 'applePay');
    // Apple Pay answers its card facts under paymentMethod.applePay; nothing of it is ever saved.
    if (outcome.status === 'AUTHORISED' && wallet) return { ...outcome, card: { last4: str(wallet, 'lastFourDigits'), brand: str(wallet, 'cardType'), expiry: str(wallet, 'expiryDate') }, saved: null };
    return outcome.status === 'AUTHORISED' ? { ...outcome, saved: null } : outcome;
  }
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
      if (req.paymentType === 'APPLE PAY') return applePayPayment(req);
      const saved = req.savedCardToken ?? null;
      if (!req.sessionId || (!req.cardIdentifier && !saved)) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.sessionExpired);
      const b = req.billing;
      // Credential on file: a saved card pays as 'Subsequent' with its reusable identifier (the CVV the
      // browser linked to it in this session is checked); 'Save this card' makes this the 'First' use.
      const card = saved
        ? { merchantSessionKey: req.sessionId, cardIdentifier: saved, reusable: true }
        : { merchantSessionKey: req.sessionId, cardIdentifier: req.cardIdentifier, ...(req.saveCard ? { save: true } : {}) };
      const credentialType = saved
        ? { cofUsage: 'Subsequent', initiatedType: 'CIT' }
        : req.saveCard
          ? { cofUsage: 'First', initiatedType: 'CIT', mitType: 'Unscheduled' }
          : null;
      const res = await call('POST', 'transactions', {
        transactionType: 'Payment',
        paymentMethod: { card },
        ...(credentialType ? { credentialType } : {}),
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
      const outcome = outcomeOf(res.status, res.body);
      // Only a payment that asked to save keeps the card (a reusable identifier paid with is already kept).
      return outcome.status === 'AUTHORISED' && (!req.saveCard || saved) ? { ...outcome, saved: null } : outcome;
    },
    async completeChallenge(req) {
      const res = await call('POST', `transactions/${encodeURIComponent(req.transactionId)}/3d-secure-challenge`, {
        cRes: req.cres,
        ...(req.threeDSSessionData ? { threeDSSessionData: req.threeDSSessionData } : {}),
      });
      return outcomeOf(res.status, res.body);
    },
    async status(req) {
      const byId = async (transactionId: string): Promise<StatusOutcome> => {
        const res = await call('GET', `transactions/${encodeURIComponent(transactionId)}`);
        if (res.status === 404) return { status: 'NOT_FOUND' };
        return outcomeOf(res.status, res.body);
      };
      if (req.transactionId) return byId(req.transactionId);
      // No transactionId came back (a timeout): only the Reporting API can find it by our vendorTxCode.
      if (!c.reporting) return { status: 'UNKNOWN' };
      const found = await findByVendorTxCode(c, req.reference);
      return found === null ? { status: 'NOT_FOUND' } : byId(found);
    },
    async applePaySession(req) {
      const res = await call('POST', 'applepay/sessions', { vendorName: c.vendorName, domainName: req.domainName });
      if (res.status < 300 && str(res.body, 'merchantSessionIdentifier')) return res.body;
      if (res.status === 401 || res.status === 403) throw new PaymentProviderError('UNAVAILABLE', 'Opayo refused our credentials');
      if (res.status >= 400) throw new PaymentProviderError('REFUSED', refusal(res.body));
      throw new PaymentProviderError('UNAVAILABLE', `Opayo gave no Apple Pay session (${res.status})`);
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

/**
 * PI's transactionId of the transaction made with our vendorTxCode, or null when Opayo has none.
 * A reply we cannot read, or an error other than 'not found', is UNAVAILABLE (the job asks again).
 */
async function findByVendorTxCode(c: OpayoConfig, vendorTxCode: string): Promise<string | null> {
  const reporting = c.reporting as OpayoReporting;
  const body = `XML=${encodeURIComponent(opayoReportingXml(c.vendorName, reporting, 'getTransactionDetail', { vendortxcode: vendorTxCode }))}`;
  let text: string;
  try {
    const res = await fetch(opayoReportingUrl(c.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/xml' },
      body,
      signal: AbortSignal.timeout(c.timeoutMs),
    });
    text = await res.text();
    if (res.status >= 500) throw new PaymentProviderError('UNAVAILABLE', `Opayo reporting answered ${res.status}`);
  } catch (err) {
    if (err instanceof PaymentProviderError) throw err;
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) throw new PaymentProviderError('TIMEOUT', `Opayo reporting did not answer within ${c.timeoutMs} ms`);
    throw new PaymentProviderError('UNAVAILABLE', 'Opayo reporting could not be reached');
  }
  const code = xmlText(text, 'errorcode');
  if (code === OPAYO_REPORTING_NOT_FOUND) return null;
  const vpsTxId = xmlText(text, 'vpstxid');
  if (code === '0000' && vpsTxId) return vpsTxId.replace(/[{}]/g, '');
  throw new PaymentProviderError('UNAVAILABLE', `Opayo reporting could not say (${code ?? 'no error code'}: ${xmlText(text, 'error') ?? 'unreadable reply'})`);
}
