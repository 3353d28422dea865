import { and, eq, sql } from 'drizzle-orm';
import { moneyString } from '@tillpoint/contracts/basket';
import type { OrderAddress, PlacedOrder } from '@tillpoint/contracts/order';
import { PAYMENT_MESSAGES, PAYMENT_PATHS, type RefundReply, type ThreeDSecureReply } from '@tillpoint/contracts/payment';
import { customerOrder, orderEvent, payment } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { HttpError, conflict, notFound } from '../../platform/errors';
import { saveMemberCard } from '../../platform/member-cards';
import { callerOrder } from '../../platform/caller-order';
import { ORDER_EVENTS_CHANNEL, type OrderRow, placedReply, ticketsQueuedAtPlace } from '../orders/orders.repo';
import { findBranchSettings } from '../settings/branch-settings.repo';
import { type CheckoutSnapshot, orderFromCheckout } from './order-from-checkout';
import type { ApplePayToken, BrowserFacts, CardOutcome, PaymentProvider } from './payment-provider';
import { PaymentProviderError } from './payment-provider';
import { type PaymentRow, lockPayment, paymentByReference, reopenBasket, setPayment } from './payments.repo';
import type { PaymentDeps } from './providers';

/**
 * A card payment, exactly once (spec 3 §4.7, §4.8; issue 10 'Placing the order'):
 * 1. (place-order.service) the basket is locked and checked, the payment recorded PENDING with the
 *    checkout it pays for, and the basket moved OPEN → PLACING, in one committed transaction;
 * 2. the provider is asked outside any transaction (no lock is held while money moves);
 * 3. its answer is settled in one transaction: AUTHORISED → order + basket ORDERED (+ stock, mail,
 *    event, basketStatus PAID); a 3-D Secure challenge → CHALLENGED until the notification; a decline
 *    → DECLINED and the basket OPEN again.
 * A payment left PENDING by a crash or a timeout is settled by the recovery job (payment-recovery.ts),
 * which asks the provider. Every settle locks the payment row first and does nothing twice.
 */

const DECLINE_STATUS = 400;
export const challengeReply = (p: PaymentRow, acsUrl: string, creq: string): ThreeDSecureReply => ({ acsUrl, creq, transactionId: p.reference });
const snapshotOf = (p: PaymentRow) => p.checkout as unknown as CheckoutSnapshot;

/** Provider of a recorded payment (the branch's settings may have changed since; its credentials are used). */
export async function providerOfPayment(deps: PaymentDeps, p: PaymentRow): Promise<PaymentProvider> {
  const scope = { merchantAccountId: p.merchantAccountId, merchantBranchId: p.merchantBranchId };
  const provider = deps.providerFor(p.provider, await findBranchSettings(deps.db, scope));
  if (!provider) throw new HttpError(502, PAYMENT_MESSAGES.unavailable);
  return provider;
}

export const notificationUrlOf = (deps: PaymentDeps, reference: string) => `${deps.publicUrl}/api/${PAYMENT_PATHS.notification(reference)}`;

export type Settled = { kind: 'placed'; order: PlacedOrder } | { kind: 'challenge'; reply: ThreeDSecureReply } | { kind: 'declined'; message: string };

/**
 * Applies the provider's answer once. The payment row is locked: a second settle of the same payment
 * (a replayed notification, the recovery job racing the customer) finds it settled and answers the
 * same way without doing anything again.
 */
export async function settle(deps: PaymentDeps, keys: { merchantAccountId: number; merchantBranchId: number }, paymentId: number, outcome: CardOutcome): Promise<Settled> {
  // Only the two keys: callers pass a payment row, whose other fields (its id) must not reach the order's values.
  const s: Scope = { merchantAccountId: keys.merchantAccountId, merchantBranchId: keys.merchantBranchId };
  let made: OrderRow | undefined;
  const settled = await deps.db.transaction(async (tx): Promise<Settled> => {
    const p = await lockPayment(tx, s, paymentId);
    if (!p) throw notFound();
    const done = await settledAlready(tx, p);
    if (done) return done;
    if (outcome.status === 'AUTHORISED') {
      const snap = snapshotOf(p);
      const order = await orderFromCheckout(tx, s, snap, 'PAID', 'PLACING');
      made = order;
      await setPayment(tx, s, p.id, { state: 'AUTHORISED', transactionId: outcome.transactionId, orderId: order.id, card: outcome.card, message: null });
      // 'Save this card for next time': the provider's reusable token joins the member's cards with the order, in one transaction.
      const saved = outcome.saved;
      if (saved && snap.saveCardFor) {
        await saveMemberCard(tx, snap.saveCardFor, s, { provider: p.provider, providerToken: saved.token, brand: saved.brand, last4: saved.last4, expiry: saved.expiry, cardHolderName: saved.holder });
      }
      return { kind: 'placed', order: placedReply(order) };
    }
    if (outcome.status === 'CHALLENGE') {
      await setPayment(tx, s, p.id, { state: 'CHALLENGED', transactionId: outcome.transactionId });
      return { kind: 'challenge', reply: challengeReply(p, outcome.acsUrl, outcome.creq) };
    }
    await setPayment(tx, s, p.id, { state: 'DECLINED', transactionId: outcome.transactionId, message: outcome.message });
    await reopenBasket(tx, s, p.basketId);
    return { kind: 'declined', message: outcome.message };
  });
  if (made && ticketsQueuedAtPlace(made)) deps.ticketsQueued?.();
  return settled;
}

/** What a payment already settled answers (AUTHORISED: its order; DECLINED/FAILED: its message). */
async function settledAlready(tx: PaymentDeps['db'], p: PaymentRow): Promise<Settled | null> {
  if (p.state === 'AUTHORISED' || p.state === 'REFUNDING' || p.state === 'REFUNDED') {
    const [order] = await tx
      .select()
      .from(customerOrder)
      .where(callerOrder(p, p.orderId ?? -1));
    if (order) return { kind: 'placed', order: placedReply(order) };
  }
  if (p.state === 'DECLINED' || p.state === 'FAILED') return { kind: 'declined', message: p.message ?? PAYMENT_MESSAGES.declined };
  return null;
}

/** The provider failed without an answer about the card: FAILED and the basket open again, or (timeout) left PENDING for recovery. */
async function failed(deps: PaymentDeps, p: PaymentRow, err: PaymentProviderError): Promise<never> {
  if (err.kind === 'TIMEOUT') {
    await deps.db.transaction((tx) => setPayment(tx, p, p.id, { message: err.message }));
    throw new HttpError(504, PAYMENT_MESSAGES.timeout);
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, p, p.id);
    if (locked?.state !== 'PENDING' && locked?.state !== 'CHALLENGED') return;
    await setPayment(tx, p, p.id, { state: 'FAILED', message: err.message });
    await reopenBasket(tx, p, p.basketId);
  });
  if (err.kind === 'REFUSED') throw new HttpError(DECLINE_STATUS, err.message, 'ERROR');
  throw new HttpError(502, PAYMENT_MESSAGES.unavailable);
}

/** Step 2 and 3 for a payment just recorded PENDING: ask the provider, then settle its answer. */
export async function authoriseRecorded(
  deps: PaymentDeps,
  p: PaymentRow,
  provider: PaymentProvider,
  card: {
    cardIdentifier: string | null;
    billing: OrderAddress | null;
    browser: BrowserFacts;
    sessionReference: string | null;
    /** A saved card's reusable token, and the member it is bound to (customerReference). */
    savedCardToken?: string | null;
    customerReference?: string | null;
    applePay?: ApplePayToken | null;
  },
): Promise<PlacedOrder | ThreeDSecureReply> {
  const snap = snapshotOf(p);
  let outcome: CardOutcome;
  try {
    outcome = await provider.authorise({
      reference: p.reference,
      sessionReference: card.sessionReference,
      amount: p.amount,
      currency: 'GBP',
      description: `Order ${moneyString(p.amount)} (${snap.orderType})`,
      paymentType: p.paymentType,
      sessionId: p.sessionId,
      cardIdentifier: card.cardIdentifier,
      notificationUrl: notificationUrlOf(deps, p.reference),
      customer: { firstName: snap.customer.firstName, lastName: snap.customer.lastName, email: snap.customer.email },
      billing: card.billing,
      browser: card.browser,
      saveCard: !!snap.saveCardFor,
      customerReference: card.customerReference ?? null,
      savedCardToken: card.savedCardToken ?? null,
      applePay: card.applePay ?? null,
    });
  } catch (err) {
    if (err instanceof PaymentProviderError) return failed(deps, p, err);
    throw err; // not an answer: the payment stays PENDING and the recovery job asks the provider
  }
  const settled = await settle(deps, p, p.id, outcome);
  if (settled.kind === 'placed') return settled.order;
  if (settled.kind === 'challenge') return settled.reply;
  throw new HttpError(DECLINE_STATUS, settled.message, 'ERROR');
}

/** The storefront path to come back to: only a path of our own site, never another site (no open redirect). */
export function returnPath(website: string | null, ok: boolean): string {
  let path = '/';
  if (website) {
    try {
      const url = new URL(website, 'http://x.invalid');
      if (/^\/[^/\\]/.test(url.pathname) || url.pathname === '/') path = url.pathname;
    } catch {
      path = '/';
    }
  }
  return `${path}?successfulMessage=${ok}`;
}

/**
 * POST storemanagement/payment/notification/{reference}: the browser comes back from the 3-D Secure
 * challenge with the issuer's cres. The provider completes the payment, the order is placed once,
 * and the answer is where to send the customer. A replayed notification changes nothing and sends
 * the customer to the same place.
 */
export async function completeNotification(deps: PaymentDeps, reference: string, form: { cres?: string; threeDSSessionData?: string }): Promise<string> {
  const p = await paymentByReference(deps.db, reference);
  if (!p) throw notFound();
  const website = snapshotOf(p).website;
  const before = await deps.db.transaction((tx) => settledAlready(tx, p));
  if (before) return returnPath(website, before.kind === 'placed');
  if (p.state !== 'CHALLENGED' || !p.transactionId) throw conflict(PAYMENT_MESSAGES.notPaid);
  const provider = await providerOfPayment(deps, p);
  let outcome: CardOutcome;
  try {
    outcome = await provider.completeChallenge({ transactionId: p.transactionId, cres: form.cres ?? '', threeDSSessionData: form.threeDSSessionData ?? null });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    if (err.kind === 'TIMEOUT') return returnPath(website, false); // the recovery job asks the provider later
    // Another notification may have settled it meanwhile: its result stands.
    const now = await paymentByReference(deps.db, reference);
    const settledNow = now ? await deps.db.transaction((tx) => settledAlready(tx, now)) : null;
    if (settledNow) return returnPath(website, settledNow.kind === 'placed');
    if (err.kind === 'REFUSED') await settle(deps, p, p.id, { status: 'DECLINED', transactionId: p.transactionId, message: err.message });
    return returnPath(website, false);
  }
  // A second challenge is not offered: treat it as not confirmed.
  const final: CardOutcome = outcome.status === 'CHALLENGE' ? { status: 'DECLINED', transactionId: outcome.transactionId, message: PAYMENT_MESSAGES.challengeFailed } : outcome;
  const settled = await settle(deps, p, p.id, final);
  return returnPath(website, settled.kind === 'placed');
}

/** Spec 3 §4.2: a clerk refunds a PAID order while it is accepted, preparing, ready or dispatched (or closed, from history). */
export const REFUNDABLE_ORDER_STATUSES = ['ORDER_ACCEPTED', 'ORDER_PREPARING', 'ORDER_READY', 'ORDER_DISPATCHED', 'ORDER_CLOSED'];

/**
 * Refunds an order's card payment once: the payment is locked and moved AUTHORISED → REFUNDING (a
 * second refund meanwhile gets 409), the provider refunds with our refund reference as its
 * idempotency key, then the payment is REFUNDED and the order a refund basket, with a live-order
 * event. A provider failure puts the payment back to AUTHORISED; nothing is refunded twice.
 */
export async function refundPayment(deps: PaymentDeps, scope: Scope, orderId: number): Promise<RefundReply> {
  const db = deps.db;
  const { p, order } = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(customerOrder)
      .where(callerOrder(scope, orderId))
      .for('update');
    if (!order) throw notFound();
    const [row] = await tx
      .select({ id: payment.id })
      .from(payment)
      .where(and(eq(payment.merchantAccountId, scope.merchantAccountId), eq(payment.orderId, orderId), eq(payment.state, 'AUTHORISED')));
    const p = row ? await lockPayment(tx, scope, row.id) : undefined;
    if (!p || order.basketStatus !== 'PAID' || order.basketType !== 'sale' || !REFUNDABLE_ORDER_STATUSES.includes(order.orderStatus)) throw conflict(PAYMENT_MESSAGES.notRefundable);
    await setPayment(tx, scope, p.id, { state: 'REFUNDING', refundReference: `${p.reference}-R` });
    return { p, order };
  });
  try {
    const provider = await providerOfPayment(deps, p);
    await provider.refund({ transactionId: p.transactionId ?? '', sessionId: p.sessionId, amount: p.amount, refundReference: `${p.reference}-R`, description: `Refund of order ${order.orderNo}` });
  } catch (err) {
    await db.transaction((tx) => setPayment(tx, scope, p.id, { state: 'AUTHORISED', message: err instanceof Error ? err.message : null }));
    if (err instanceof PaymentProviderError && err.kind === 'REFUSED') throw new HttpError(409, err.message);
    if (err instanceof PaymentProviderError || err instanceof HttpError) throw new HttpError(502, PAYMENT_MESSAGES.refundFailed);
    throw err;
  }
  return db.transaction(async (tx) => {
    await setPayment(tx, scope, p.id, { state: 'REFUNDED', refundedDate: new Date() });
    const [changed] = await tx
      .update(customerOrder)
      .set({ basketType: 'refund', updatedDate: new Date() })
      .where(callerOrder(scope, order.id))
      .returning();
    await tx.insert(orderEvent).values({ ...scope, orderId: order.id, kind: 'ORDER_REFUNDED', orderStatus: changed.orderStatus });
    await tx.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${JSON.stringify({ ...scope, orderId: order.id })})`);
    return { id: changed.id, orderNo: changed.orderNo, basketType: changed.basketType, message: PAYMENT_MESSAGES.refunded };
  });
}
