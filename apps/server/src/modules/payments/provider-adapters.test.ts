import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@tillpoint/contracts/payment';
import { DOJO_API_VERSION, dojoProvider } from './dojo-provider';
import { type DojoStandIn, startDojoStandIn } from './dojo-stand-in';
import { opayoProvider } from './opayo-provider';
import { type OpayoStandIn, opayoCardIdentifier, startOpayoStandIn } from './opayo-stand-in';
import { type AuthoriseRequest, PaymentProviderError } from './payment-provider';

/** The OPAYO and DOJO adapters against local stand-ins that speak the providers' HTTP: success, decline, 3-D Secure, timeout, 5xx, refund. */

const creds = { vendorName: 'tillpointtest', key: 'int-key-123', password: 'int-pass-456', reportingUser: 'tillpoint-reports', reportingPassword: 'rep<&>pass' };
let opayo: OpayoStandIn;
let dojo: DojoStandIn;
beforeAll(async () => {
  opayo = await startOpayoStandIn(creds);
  dojo = await startDojoStandIn('sk_sandbox_test_key');
});
afterAll(async () => {
  await opayo.close();
  await dojo.close();
});

const TIMEOUT_MS = 300;
const op = () => opayoProvider({ baseUrl: opayo.url, vendorName: creds.vendorName, integrationKey: creds.key, integrationPassword: creds.password, timeoutMs: TIMEOUT_MS });
const dj = () => dojoProvider({ baseUrl: dojo.url, secretKey: 'sk_sandbox_test_key', timeoutMs: TIMEOUT_MS });
let n = 0;
const request = (over: Partial<AuthoriseRequest>): AuthoriseRequest => ({
  reference: `7.reference${String(++n).padStart(11, '0')}`,
  sessionReference: null,
  amount: 1250,
  currency: 'GBP',
  description: 'Order £12.50 (Delivery)',
  paymentType: 'CARD',
  sessionId: null,
  cardIdentifier: null,
  notificationUrl: 'https://shop.example/api/storemanagement/payment/notification/7.x',
  customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
  billing: { postCode: 'SW1A 2AA', city: 'London', addressLine1: '10 Downing Street', addressLine2: null, addressLine3: null, addressLine4: null },
  browser: { ip: '203.0.113.9', accept: 'text/html', userAgent: 'Mozilla/5.0', language: 'en-GB' },
  ...over,
});
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err instanceof PaymentProviderError ? { kind: err.kind, message: err.message } : { kind: 'other', message: String(err) };
  }
  return null;
};

describe('OPAYO adapter (PI REST API v1)', () => {
  const cardPayment = async (cardNumber: string) => {
    const session = await op().startSession({ reference: 'x', amount: 1250, currency: 'GBP', description: 'x' });
    if (session.provider !== 'OPAYO') throw new Error('not opayo');
    const cardIdentifier = await opayoCardIdentifier(opayo, session.merchantSessionKey, cardNumber);
    return request({ sessionId: session.merchantSessionKey, cardIdentifier });
  };

  it('authorised: a merchant session key with Basic auth, then a Payment with SCA; the card facts come back', async () => {
    const req = await cardPayment('4929000000006');
    const outcome = await op().authorise(req);
    expect(outcome).toMatchObject({ status: 'AUTHORISED', card: { last4: '0006', brand: 'Visa', expiry: '1230' } });
    const sent = opayo.received.find((r) => r.path === '/transactions' && r.body.vendorTxCode === req.reference);
    expect(sent?.authorization).toBe(`Basic ${Buffer.from(`${creds.key}:${creds.password}`).toString('base64')}`);
    expect(sent?.body).toMatchObject({
      transactionType: 'Payment',
      amount: 1250,
      currency: 'GBP',
      entryMethod: 'Ecommerce',
      billingAddress: { address1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' },
      strongCustomerAuthentication: { notificationURL: req.notificationUrl, browserIP: '203.0.113.9', transType: 'GoodsAndServicePurchase' },
    });
  });

  it('declined: the bank words', async () => {
    expect(await op().authorise(await cardPayment('4000000000000002'))).toMatchObject({ status: 'DECLINED', message: 'The Authorisation was Declined by the bank.' });
  });

  it('3-D Secure: acsUrl and cReq, then the challenge completes with cRes (and a second completion is refused)', async () => {
    const outcome = await op().authorise(await cardPayment('4000000000003220'));
    expect(outcome).toMatchObject({ status: 'CHALLENGE', acsUrl: `${opayo.url}/acs`, creq: expect.any(String) });
    const transactionId = outcome.transactionId as string;
    expect(await op().status({ reference: 'x', transactionId, sessionId: null })).toMatchObject({ status: 'CHALLENGE' });
    expect(await op().completeChallenge({ transactionId, cres: 'Y', threeDSSessionData: '7.x' })).toMatchObject({ status: 'AUTHORISED', card: { last4: '3220' } });
    expect(await failure(op().completeChallenge({ transactionId, cres: 'Y', threeDSSessionData: '7.x' }))).toMatchObject({ kind: 'REFUSED' });
    const failed = await op().authorise(await cardPayment('4000000000003220'));
    expect(await op().completeChallenge({ transactionId: failed.transactionId as string, cres: 'N', threeDSSessionData: null })).toMatchObject({ status: 'DECLINED' });
  });

  it('a reused or unknown card identifier is refused with Opayo words; nothing is taken', async () => {
    const req = await cardPayment('4929000000006');
    await op().authorise(req);
    expect(await failure(op().authorise({ ...req, reference: `${req.reference}b` }))).toEqual({ kind: 'REFUSED', message: 'The card identifier is invalid or has expired.' });
  });

  it('timeout: a clear TIMEOUT error within the deadline', async () => {
    const req = await cardPayment('4929000000006');
    opayo.mode = 'slow';
    const started = Date.now();
    try {
      expect(await failure(op().authorise(req))).toEqual({ kind: 'TIMEOUT', message: `Opayo did not answer within ${TIMEOUT_MS} ms` });
    } finally {
      opayo.mode = 'normal';
    }
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
  });

  describe('a payment whose reply was lost (timeout before a transactionId): found again by our vendorTxCode', () => {
    const reporting = { user: creds.reportingUser, password: creds.reportingPassword };
    const withReporting = (r: typeof reporting | null = reporting) =>
      opayoProvider({ baseUrl: opayo.url, vendorName: creds.vendorName, integrationKey: creds.key, integrationPassword: creds.password, reporting: r, timeoutMs: TIMEOUT_MS });
    /** The card is charged, the answer never comes: the adapter times out with no transactionId. */
    async function lostReply(cardNumber: string) {
      const req = await cardPayment(cardNumber);
      opayo.loseReplies = 1;
      expect(await failure(op().authorise(req))).toMatchObject({ kind: 'TIMEOUT' });
      expect(opayo.loseReplies).toBe(0);
      return req;
    }

    it('charged: the Reporting API finds it and PI says Ok, with the card facts', async () => {
      const req = await lostReply('4929000000006');
      const status = await withReporting().status({ reference: req.reference, transactionId: null, sessionId: req.sessionId });
      expect(status).toMatchObject({ status: 'AUTHORISED', transactionId: expect.any(String), card: { last4: '0006', brand: 'Visa' } });
      const asked = opayo.received.filter((r) => r.path === '/access/access.htm').at(-1);
      expect(asked?.body).toEqual({ command: 'getTransactionDetail', vendortxcode: req.reference });
    });

    it('declined: DECLINED', async () => {
      const req = await lostReply('4000000000000002');
      expect(await withReporting().status({ reference: req.reference, transactionId: null, sessionId: null })).toMatchObject({ status: 'DECLINED' });
    });

    it('never made (errorcode 0043): NOT_FOUND', async () => {
      expect(await withReporting().status({ reference: '7.neverSentToOpayo000000', transactionId: null, sessionId: null })).toEqual({ status: 'NOT_FOUND' });
    });

    it('no Reporting API user configured: UNKNOWN; a wrong password (bad signature) or a slow reply: an error, never a guess', async () => {
      const req = await lostReply('4929000000006');
      expect(await withReporting(null).status({ reference: req.reference, transactionId: null, sessionId: null })).toEqual({ status: 'UNKNOWN' });
      expect(await failure(withReporting({ ...reporting, password: 'wrong' }).status({ reference: req.reference, transactionId: null, sessionId: null }))).toMatchObject({
        kind: 'UNAVAILABLE',
        message: expect.stringContaining('0010'),
      });
      opayo.mode = 'slow';
      try {
        expect(await failure(withReporting().status({ reference: req.reference, transactionId: null, sessionId: null }))).toMatchObject({ kind: 'TIMEOUT' });
      } finally {
        opayo.mode = 'normal';
      }
    });
  });

  it('5xx: UNAVAILABLE', async () => {
    opayo.mode = 'down';
    try {
      expect(await failure(op().startSession({ reference: 'x', amount: 1, currency: 'GBP', description: 'x' }))).toMatchObject({ kind: 'UNAVAILABLE' });
    } finally {
      opayo.mode = 'normal';
    }
  });

  it('wrong credentials: UNAVAILABLE (a configuration fault, not the customer card)', async () => {
    const bad = opayoProvider({ baseUrl: opayo.url, vendorName: creds.vendorName, integrationKey: 'nope', integrationPassword: 'nope', timeoutMs: TIMEOUT_MS });
    expect(await failure(bad.startSession({ reference: 'x', amount: 1, currency: 'GBP', description: 'x' }))).toMatchObject({ kind: 'UNAVAILABLE' });
  });

  it('refund: a Refund transaction against the payment; a second with the same vendorTxCode is refused, never refunded twice', async () => {
    const outcome = await op().authorise(await cardPayment('4929000000006'));
    const refund = { transactionId: outcome.transactionId as string, sessionId: null, amount: 1250, refundReference: `${n}-R`, description: 'Refund' };
    expect(await op().refund(refund)).toMatchObject({ refundId: expect.any(String) });
    expect(opayo.received.at(-1)?.body).toMatchObject({ transactionType: 'Refund', referenceTransactionId: outcome.transactionId, amount: 1250 });
    expect(await failure(op().refund(refund))).toMatchObject({ kind: 'REFUSED' });
  });
});

describe('DOJO adapter (payment intents)', () => {
  const intent = async (amount = 1250, reference = '7.basket.1') => {
    const s = await dj().startSession({ reference, amount, currency: 'GBP', description: 'Online order' });
    if (s.provider !== 'DOJO') throw new Error('not dojo');
    return s;
  };

  it('startSession creates an intent (Basic key, version header) and answers its id and client session secret', async () => {
    const s = await intent();
    expect(s).toMatchObject({ provider: 'DOJO', id: expect.stringMatching(/^pi_/), clientSessionSecret: expect.any(String) });
    expect(dojo.intents.get(s.id)).toMatchObject({ amount: { value: 1250, currencyCode: 'GBP' }, reference: '7.basket.1', status: 'Created' });
    expect(DOJO_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('paid in the browser: AUTHORISED with the card facts; not paid: DECLINED with the message', async () => {
    const paid = await intent();
    dojo.pay(paid.id, true);
    expect(await dj().authorise(request({ sessionId: paid.id, sessionReference: '7.basket.1' }))).toMatchObject({ status: 'AUTHORISED', transactionId: paid.id, card: { last4: '0006', brand: 'Visa' } });
    const failed = await intent();
    dojo.pay(failed.id, false);
    expect(await dj().authorise(request({ sessionId: failed.id, sessionReference: '7.basket.1' }))).toEqual({ status: 'DECLINED', transactionId: failed.id, message: 'Card declined' });
  });

  it('3-D Secure runs in the browser: an intent whose challenge is unfinished is not paid, and the status query says so (not a decline)', async () => {
    const waiting = await intent();
    expect(await dj().status({ reference: 'x', transactionId: null, sessionId: waiting.id })).toEqual({ status: 'NOT_FOUND' });
    dojo.pay(waiting.id, true);
    expect(await dj().status({ reference: 'x', transactionId: null, sessionId: waiting.id })).toMatchObject({ status: 'AUTHORISED' });
  });

  it('an intent of another basket or for another amount pays nothing here', async () => {
    const paid = await intent(1250, '7.basket.2');
    dojo.pay(paid.id, true);
    expect(await failure(dj().authorise(request({ sessionId: paid.id, sessionReference: '7.basket.3' })))).toMatchObject({ kind: 'REFUSED' });
    expect(await failure(dj().authorise(request({ sessionId: paid.id, sessionReference: '7.basket.2', amount: 999 })))).toEqual({ kind: 'REFUSED', message: PAYMENT_MESSAGES.amountChanged });
  });

  it('timeout and 5xx: TIMEOUT and UNAVAILABLE', async () => {
    dojo.mode = 'slow';
    try {
      expect(await failure(intent())).toMatchObject({ kind: 'TIMEOUT' });
    } finally {
      dojo.mode = 'normal';
    }
    dojo.mode = 'down';
    try {
      expect(await failure(intent())).toMatchObject({ kind: 'UNAVAILABLE' });
    } finally {
      dojo.mode = 'normal';
    }
  });

  it('refund with an idempotency key: a retry refunds once', async () => {
    const paid = await intent();
    dojo.pay(paid.id, true);
    const refund = { transactionId: paid.id, sessionId: paid.id, amount: 1250, refundReference: '7.abc-R', description: 'Refund of order 1' };
    const first = await dj().refund(refund);
    const again = await dj().refund(refund);
    expect(again.refundId).toBe(first.refundId);
    expect([...dojo.refunds.values()].filter((r) => r.paymentIntentId === paid.id)).toHaveLength(1);
    expect(dojo.intents.get(paid.id)).toMatchObject({ status: 'Refunded', refundedAmount: 1250 });
  });
});
