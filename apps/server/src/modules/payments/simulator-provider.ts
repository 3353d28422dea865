import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES, PAYMENT_PATHS, SIMULATOR_TEST_CARDS } from '@tillpoint/contracts/payment';
import type { Db } from '../../db/open-db';
import { paymentSimulatorRecord } from '../../db/schema';
import { type CardOutcome, type PaymentProvider, PaymentProviderError, type SavedCardToken, cardBrand, expiryMmYy, luhnValid, notExpired } from './payment-provider';

/**
 * The SIMULATOR provider (the demo and the tests): it behaves like Opayo, offline. The hosted card
 * fields (simulator.routes.ts) post the card to its card-identifiers call, which keeps only the
 * test card's outcome, last four digits, brand and expiry against a new card identifier; the server
 * then pays with the identifier. Its records live in payment_simulator_record, as an outside
 * provider's would, so any server instance (or a restarted one) can answer for them.
 * Saved cards (issue 11): a payment with saveCard, or saveCard() from the card fields alone, issues a
 * reusable token bound to the customer reference; paying with it later needs that same customer and
 * a fresh CVV typed into the CVV-only field (a single-use identifier; the CVV itself is not kept).
 */

/** A session lasts as long as a checkout reasonably takes (Opayo's merchant session keys last 400 s). */
const SESSION_MS = 30 * 60_000;
const token = () => randomBytes(16).toString('base64url');

type SessionData = { expiresAt: number };
type Outcome = 'AUTHORISED' | 'DECLINED' | 'CHALLENGE';
type CardData = { sessionKey: string; outcome: Outcome; last4: string; brand: string; expiry: string; holder?: string; used: boolean };
/** A reusable token: the test card's outcome and what a list shows, bound to one customer. */
type ReusableData = { customerReference: string; outcome: Outcome; last4: string; brand: string; expiry: string; holder: string };
/** A CVV typed for a saved card: only that it was given in this session (the digits are dropped). */
type SecurityCodeData = { sessionKey: string; used: boolean };
type TxData = {
  reference: string;
  amount: number;
  outcome: 'AUTHORISED' | 'DECLINED' | 'CHALLENGE';
  /** Ok, NotAuthed or 3DAuth, as Opayo names them. */
  status: 'Ok' | 'NotAuthed' | '3DAuth';
  notificationUrl: string;
  last4: string;
  brand: string;
  expiry: string;
  creq: string;
  cresYes: string;
  cresNo: string;
  refunded: number;
  refunds: Record<string, string>;
  /** The reusable token issued with this payment (saveCard); reported once the payment is authorised. */
  saved?: SavedCardToken | null;
};

async function read<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(paymentSimulatorRecord).where(eq(paymentSimulatorRecord.key, key));
  return row?.data as T | undefined;
}
async function write(db: Db, key: string, kind: string, data: object) {
  await db
    .insert(paymentSimulatorRecord)
    .values({ key, kind, data: data as Record<string, unknown> })
    .onConflictDoUpdate({ target: paymentSimulatorRecord.key, set: { data: data as Record<string, unknown> } });
}

/** Whether a merchant session key was issued and has not expired: the hosted fields are drawn only for one. */
export async function sessionLive(db: Db, sessionKey: string, now = Date.now()): Promise<boolean> {
  const session = await read<SessionData>(db, `session:${sessionKey}`);
  return !!session && session.expiresAt >= now;
}

export type SimulatorCard = { cardholderName: string; cardNumber: string; expiryDate: string; securityCode: string };
export type CardIdentifierResult = { ok: true; cardIdentifier: string; expiry: string; cardType: string; last4: string } | { ok: false; status: number; message: string };

/**
 * POST card-identifiers: checks the card like a provider would and answers with a single-use
 * identifier. The card number and CVV are checked here and dropped: only outcome, last four, brand
 * and expiry are written.
 */
export async function createCardIdentifier(db: Db, sessionKey: string | null, card: SimulatorCard, now = Date.now()): Promise<CardIdentifierResult> {
  const session = sessionKey ? await read<SessionData>(db, `session:${sessionKey}`) : undefined;
  if (!sessionKey || !session || session.expiresAt < now) return { ok: false, status: 401, message: PAYMENT_MESSAGES.sessionExpired };
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  const expiry = expiryMmYy(card.expiryDate);
  if (!luhnValid(digits)) return { ok: false, status: 422, message: 'The card number is not valid.' };
  if (!expiry || !notExpired(expiry, new Date(now))) return { ok: false, status: 422, message: 'The expiry date is not valid.' };
  if (!/^\d{3,4}$/.test(card.securityCode.trim())) return { ok: false, status: 422, message: 'The security code (CVV) is not valid.' };
  if (!card.cardholderName.trim()) return { ok: false, status: 422, message: 'The cardholder name is required.' };
  const outcome = SIMULATOR_TEST_CARDS.find((c) => c.number === digits)?.outcome ?? 'AUTHORISED';
  const cardIdentifier = token();
  const data: CardData = { sessionKey, outcome, last4: digits.slice(-4), brand: cardBrand(digits), expiry, holder: card.cardholderName.trim(), used: false };
  await write(db, `card:${cardIdentifier}`, 'CARD', data);
  return { ok: true, cardIdentifier, expiry: new Date(session.expiresAt).toISOString(), cardType: data.brand, last4: data.last4 };
}

/**
 * POST security-codes: the CVV of a saved card, typed into the CVV-only field. Checked and dropped:
 * the answer is a single-use identifier the payment names instead.
 */
export async function createSecurityCode(db: Db, sessionKey: string | null, securityCode: string, now = Date.now()): Promise<{ ok: true; cardIdentifier: string } | { ok: false; status: number; message: string }> {
  const session = sessionKey ? await read<SessionData>(db, `session:${sessionKey}`) : undefined;
  if (!sessionKey || !session || session.expiresAt < now) return { ok: false, status: 401, message: PAYMENT_MESSAGES.sessionExpired };
  if (!/^\d{3,4}$/.test(securityCode.trim())) return { ok: false, status: 422, message: 'The security code (CVV) is not valid.' };
  const cardIdentifier = token();
  await write(db, `cvv:${cardIdentifier}`, 'SECURITY_CODE', { sessionKey, used: false } satisfies SecurityCodeData);
  return { ok: true, cardIdentifier };
}

/** Issues a reusable token for a tokenised card and a customer. */
async function issueReusable(db: Db, card: CardData, customerReference: string): Promise<SavedCardToken> {
  const reusable = token();
  const data: ReusableData = { customerReference, outcome: card.outcome, last4: card.last4, brand: card.brand, expiry: card.expiry, holder: card.holder ?? '' };
  await write(db, `reusable:${reusable}`, 'REUSABLE', data);
  return { token: reusable, last4: card.last4, brand: card.brand, expiry: card.expiry, holder: data.holder };
}

/** The card a payment is made with: a fresh single-use card identifier, or a reusable token with a fresh CVV. */
async function cardForPayment(db: Db, req: { sessionId: string | null; cardIdentifier: string | null; savedCardToken?: string | null; customerReference?: string | null }): Promise<CardData> {
  const refused = () => new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.sessionExpired);
  const session = req.sessionId ? await read<SessionData>(db, `session:${req.sessionId}`) : undefined;
  if (!session || session.expiresAt < Date.now() || !req.cardIdentifier) throw refused();
  if (req.savedCardToken) {
    const saved = await read<ReusableData>(db, `reusable:${req.savedCardToken}`);
    // A reusable token works only for the customer it was issued to.
    if (!saved || !req.customerReference || saved.customerReference !== req.customerReference) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.savedCardNotUsable);
    const cvv = await read<SecurityCodeData>(db, `cvv:${req.cardIdentifier}`);
    if (!cvv || cvv.sessionKey !== req.sessionId || cvv.used) throw refused();
    await write(db, `cvv:${req.cardIdentifier}`, 'SECURITY_CODE', { ...cvv, used: true });
    return { sessionKey: cvv.sessionKey, outcome: saved.outcome, last4: saved.last4, brand: saved.brand, expiry: saved.expiry, holder: saved.holder, used: true };
  }
  const card = await read<CardData>(db, `card:${req.cardIdentifier}`);
  if (!card || card.sessionKey !== req.sessionId || card.used) throw refused();
  await write(db, `card:${req.cardIdentifier}`, 'CARD', { ...card, used: true });
  return card;
}

/** The challenge the ACS page shows for a creq, or undefined. */
export async function challengeOf(db: Db, creq: string): Promise<(TxData & { transactionId: string }) | undefined> {
  const transactionId = await read<{ transactionId: string }>(db, `creq:${creq}`);
  if (!transactionId) return undefined;
  const tx = await read<TxData>(db, `tx:${transactionId.transactionId}`);
  return tx && tx.status === '3DAuth' ? { ...tx, transactionId: transactionId.transactionId } : undefined;
}

const outcomeOf = (transactionId: string, tx: TxData): CardOutcome =>
  tx.status === 'Ok'
    ? { status: 'AUTHORISED', transactionId, card: { last4: tx.last4, brand: tx.brand, expiry: tx.expiry }, saved: tx.saved ?? null }
    : tx.status === '3DAuth'
      ? { status: 'CHALLENGE', transactionId, acsUrl: '', creq: tx.creq }
      : { status: 'DECLINED', transactionId, message: tx.outcome === 'CHALLENGE' ? PAYMENT_MESSAGES.challengeFailed : PAYMENT_MESSAGES.declined };

/** The simulator as a PaymentProvider. acsOrigin is where the browser reaches our challenge page. */
export function simulatorProvider(db: Db, opts: { acsOrigin: string }): PaymentProvider {
  const acsUrl = `${opts.acsOrigin}/api/${PAYMENT_PATHS.simulatorChallenge}`;
  const withAcs = (o: CardOutcome): CardOutcome => (o.status === 'CHALLENGE' ? { ...o, acsUrl } : o);
  return {
    name: 'SIMULATOR',
    async startSession() {
      const key = token();
      await write(db, `session:${key}`, 'SESSION', { expiresAt: Date.now() + SESSION_MS } satisfies SessionData);
      return { provider: 'SIMULATOR', id: key, frameUrl: `/api/${PAYMENT_PATHS.simulatorFields(key)}` };
    },
    async authorise(req) {
      // Like a provider's idempotency on vendorTxCode: the same reference answers the same transaction.
      const known = await read<{ transactionId: string }>(db, `ref:${req.reference}`);
      if (known) {
        const tx = await read<TxData>(db, `tx:${known.transactionId}`);
        if (tx) return withAcs(outcomeOf(known.transactionId, tx));
      }
      const card = await cardForPayment(db, req);
      const transactionId = token();
      const tx: TxData = {
        reference: req.reference,
        amount: req.amount,
        outcome: card.outcome,
        status: card.outcome === 'AUTHORISED' ? 'Ok' : card.outcome === 'DECLINED' ? 'NotAuthed' : '3DAuth',
        notificationUrl: req.notificationUrl,
        last4: card.last4,
        brand: card.brand,
        expiry: card.expiry,
        creq: token(),
        cresYes: token(),
        cresNo: token(),
        refunded: 0,
        refunds: {},
        // A declined card is not kept; a challenged one is, once the challenge is passed (outcomeOf reports it only then).
        saved: req.saveCard && !req.savedCardToken && req.customerReference && card.outcome !== 'DECLINED' ? await issueReusable(db, card, req.customerReference) : null,
      };
      await write(db, `tx:${transactionId}`, 'TRANSACTION', tx);
      await write(db, `ref:${req.reference}`, 'REFERENCE', { transactionId });
      if (tx.status === '3DAuth') await write(db, `creq:${tx.creq}`, 'CHALLENGE', { transactionId });
      return withAcs(outcomeOf(transactionId, tx));
    },
    async completeChallenge(req) {
      const tx = await read<TxData>(db, `tx:${req.transactionId}`);
      if (!tx) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.notPaid);
      if (tx.status !== '3DAuth') return outcomeOf(req.transactionId, tx); // answered already: the same result again
      if (req.cres !== tx.cresYes && req.cres !== tx.cresNo) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.challengeFailed);
      // One answer only, even when two notifications race: the row is updated where it is still 3DAuth.
      const status = req.cres === tx.cresYes ? 'Ok' : 'NotAuthed';
      await db.execute(
        sql`update ${paymentSimulatorRecord} set data = jsonb_set(data, '{status}', to_jsonb(${status}::text)) where key = ${`tx:${req.transactionId}`} and data->>'status' = '3DAuth'`,
      );
      const after = (await read<TxData>(db, `tx:${req.transactionId}`)) as TxData;
      return outcomeOf(req.transactionId, after);
    },
    async status(req) {
      const known = await read<{ transactionId: string }>(db, `ref:${req.reference}`);
      const tx = known ? await read<TxData>(db, `tx:${known.transactionId}`) : undefined;
      if (!tx || !known) return { status: 'NOT_FOUND' };
      return withAcs(outcomeOf(known.transactionId, tx));
    },
    async saveCard(req) {
      const card = await cardForPayment(db, { sessionId: req.sessionId, cardIdentifier: req.cardIdentifier });
      // Like a provider's zero-amount verification: a card that would be declined is not kept.
      if (card.outcome === 'DECLINED') throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.declined);
      return issueReusable(db, card, req.customerReference);
    },
    async removeSavedCard(req) {
      // Only the customer the token was issued to can have it removed; an unknown token is already gone.
      await db.execute(
        sql`delete from ${paymentSimulatorRecord} where key = ${`reusable:${req.token}`} and data->>'customerReference' = ${req.customerReference}`,
      );
    },
    async refund(req) {
      const tx = await read<TxData>(db, `tx:${req.transactionId}`);
      if (tx?.status !== 'Ok') throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.notRefundable);
      const done = tx.refunds[req.refundReference];
      if (done) return { refundId: done };
      if (tx.refunded + req.amount > tx.amount) throw new PaymentProviderError('REFUSED', PAYMENT_MESSAGES.notRefundable);
      const refundId = token();
      await write(db, `tx:${req.transactionId}`, 'TRANSACTION', { ...tx, refunded: tx.refunded + req.amount, refunds: { ...tx.refunds, [req.refundReference]: refundId } });
      return { refundId };
    },
  };
}

/** The answers the challenge page offers: posted by the customer's browser to our notification address. */
export const challengeAnswers = (tx: TxData) => ({ yes: tx.cresYes, no: tx.cresNo });
