import type { OrderAddress } from '@tillpoint/contracts/order';
import type { PaymentTokenReply } from '@tillpoint/contracts/payment';

/**
 * One interface for every card payment provider (ARCHITECTURE §5): SIMULATOR (built in), OPAYO and
 * DOJO. The server never sees a card number: the browser tokenises the card with the provider (a
 * card identifier or a paid Dojo intent) and the server pays with that token.
 */
export type ProviderName = 'SIMULATOR' | 'OPAYO' | 'DOJO';

/** What a provider tells us about the card: all we ever keep of it (PCI DSS 3.3.1). */
export type CardFacts = { last4: string | null; brand: string | null; expiry: string | null };

/** A card the provider keeps for a customer: its reusable token and what a list shows (never the number). */
export type SavedCardToken = { token: string; last4: string; brand: string; expiry: string; holder: string };

export type CardOutcome =
  | { status: 'AUTHORISED'; transactionId: string; card: CardFacts | null; saved?: SavedCardToken | null }
  | { status: 'CHALLENGE'; transactionId: string; acsUrl: string; creq: string }
  | { status: 'DECLINED'; transactionId: string | null; message: string };

/** A status query may also find nothing (the charge never reached the provider). */
export type StatusOutcome = CardOutcome | { status: 'NOT_FOUND' } | { status: 'UNKNOWN' };

export type SessionRequest = {
  /** Ours, unique per basket and attempt; Dojo keeps it as the intent's reference. */
  reference: string;
  amount: number;
  currency: 'GBP';
  description: string;
  /**
   * A signed-in member paying (Dojo): the intent is made for the member's Dojo customer (the one kept
   * for them, member-cards.service paymentCustomerOf), so the card can be saved to it and its saved cards offered.
   */
  customer?: { customerId: string } | null;
};

/** Who a provider customer is made for: our reference ('member:{id}') and what the provider shows. */
export type NewCustomer = { customerReference: string; email: string | null; name: string | null };

export type BrowserFacts = { ip: string; accept: string; userAgent: string; language: string };

export type AuthoriseRequest = {
  /** Our payment reference: Opayo's vendorTxCode, the simulator's idempotency key. */
  reference: string;
  /** The reference the session was started with (Dojo checks the intent belongs to this basket). */
  sessionReference: string | null;
  amount: number;
  currency: 'GBP';
  description: string;
  paymentType: string;
  /** Simulator session key, Opayo merchant session key or Dojo payment intent id. */
  sessionId: string | null;
  cardIdentifier: string | null;
  notificationUrl: string;
  customer: { firstName: string | null; lastName: string | null; email: string | null };
  billing: OrderAddress | null;
  browser: BrowserFacts;
  /** Keep the card for this customer (a member who ticked 'Save this card'); the answer carries the reusable token. */
  saveCard?: boolean;
  /** Ours for the customer ('member:{id}'): a reusable token is bound to it and works only for it. */
  customerReference?: string | null;
  /** Pay with a card kept earlier: its reusable token; cardIdentifier then names the CVV just typed. */
  savedCardToken?: string | null;
  /** APPLE PAY: the payment token the browser's ApplePaySession authorised (sessionId is the merchant session's identifier). */
  applePay?: ApplePayToken | null;
};

/** What an Apple Pay payment sends on (the encrypted paymentData as Apple gave it; never stored). */
export type ApplePayToken = { paymentData: unknown; displayName: string | null; applicationData?: string | null };

export type SaveCardRequest = { sessionId: string; cardIdentifier: string; customerReference: string };

export type ChallengeRequest = { transactionId: string; cres: string; threeDSSessionData: string | null };
export type StatusRequest = { reference: string; transactionId: string | null; sessionId: string | null };
export type RefundRequest = { transactionId: string; sessionId: string | null; amount: number; refundReference: string; description: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Starts a payment session the browser's card fields use (spec 3 §7.5 POST payment/token). */
  startSession(req: SessionRequest): Promise<PaymentTokenReply>;
  /** Pays with the card token; may ask for a 3-D Secure challenge. */
  authorise(req: AuthoriseRequest): Promise<CardOutcome>;
  /** Completes a 3-D Secure challenge with the issuer's answer (cres). */
  completeChallenge(req: ChallengeRequest): Promise<CardOutcome>;
  /** What the provider knows of a payment (recovery after a crash or a timeout). */
  status(req: StatusRequest): Promise<StatusOutcome>;
  /** Refunds a taken payment; refundReference makes a retry safe. */
  refund(req: RefundRequest): Promise<{ refundId: string }>;
  /** Keeps a tokenised card for a customer without taking a payment (only providers that can: 'Add card'). */
  saveCard?(req: SaveCardRequest): Promise<SavedCardToken>;
  /** Removes a reusable token (a member removed the card or deleted the account); only providers that can. */
  removeSavedCard?(req: { token: string; customerReference: string }): Promise<void>;
  /**
   * Providers that keep saved cards per customer (Dojo): which account this adapter talks to (a
   * fingerprint, never a secret; a customer exists in one account), and making a customer there.
   */
  readonly customerAccount?: string;
  createCustomer?(c: NewCustomer): Promise<string>;
  /** Apple Pay merchant validation for our web address (only providers that take Apple Pay: Opayo). */
  applePaySession?(req: { domainName: string }): Promise<Record<string, unknown>>;
}

/**
 * A provider failure that is not an answer about the card. TIMEOUT: we do not know whether the
 * charge happened (the payment stays PENDING for the recovery job); UNAVAILABLE: the provider failed
 * (5xx, no connection, a reply we cannot read) and took nothing; REFUSED: the provider refused the
 * request itself (an expired session, a bad card token), nothing was taken.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'TIMEOUT' | 'UNAVAILABLE' | 'REFUSED',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export const DEFAULT_PROVIDER_TIMEOUT_MS = 20_000;

/**
 * One JSON call to a provider with a deadline covering the reply's body too. A 5xx, a lost
 * connection or a body that is not JSON is UNAVAILABLE; running out of time is TIMEOUT.
 */
export async function callProvider(
  provider: string,
  url: string,
  init: { method: 'GET' | 'POST' | 'DELETE'; headers: Record<string, string>; body?: unknown },
  timeoutMs: number,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = (err: unknown) => signal.aborted || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'));
  try {
    const res = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
    });
    const text = await res.text();
    if (res.status >= 500) throw new PaymentProviderError('UNAVAILABLE', `${provider} answered ${res.status}`);
    let body: unknown = {};
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new PaymentProviderError('UNAVAILABLE', `${provider} sent a reply that is not JSON (${res.status})`);
      }
    }
    return { status: res.status, body: body && typeof body === 'object' ? (body as Record<string, unknown>) : {} };
  } catch (err) {
    if (err instanceof PaymentProviderError) throw err;
    if (timedOut(err)) throw new PaymentProviderError('TIMEOUT', `${provider} did not answer within ${timeoutMs} ms`);
    throw new PaymentProviderError('UNAVAILABLE', `${provider} could not be reached`);
  }
}

/** A string field of a provider's reply, or null. */
export const str = (o: unknown, key: string): string | null => {
  const v = o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
};
export const obj = (o: unknown, key: string): Record<string, unknown> | null => {
  const v = o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
};

/** Card expiry as MMYY from 'MM/YY', 'MMYY' or 'MM/YYYY'; null when it is not a real month. */
export function expiryMmYy(text: string): string | null {
  const m = /^\s*(\d{2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return `${m[1]}${m[2].slice(-2)}`;
}

/** Whether an MMYY expiry is this month or later. */
export function notExpired(mmyy: string, now = new Date()): boolean {
  const month = Number(mmyy.slice(0, 2));
  const year = 2000 + Number(mmyy.slice(2));
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}
