import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PaymentState } from '@tillpoint/contracts/payment';
import type { Db } from '../../db/open-db';
import { basket, payment } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import type { CheckoutSnapshot } from './order-from-checkout';
import type { CardFacts } from './payment-provider';

export type PaymentRow = typeof payment.$inferSelect;

/**
 * Our reference of a payment: `{merchantAccountId}.{128 random bits}` (at most 40 characters, Opayo's
 * vendorTxCode limit). The account id in front lets a public call (the 3-D Secure notification) find
 * the payment with the tenant in the key, like every other query.
 */
export const newPaymentReference = (merchantAccountId: number) => `${merchantAccountId}.${randomBytes(16).toString('base64url')}`;
export function accountOfReference(reference: string): number | null {
  const m = /^(\d{1,9})\.[A-Za-z0-9_-]{22}(-R)?$/.exec(reference);
  return m ? Number(m[1]) : null;
}

const own = (s: { merchantAccountId: number }, id: number) => and(eq(payment.merchantAccountId, s.merchantAccountId), eq(payment.id, id));

export async function insertPendingPayment(
  tx: Db,
  s: Scope,
  p: { basketId: number; provider: string; paymentType: string; amount: number; sessionId: string | null; checkout: CheckoutSnapshot },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payment)
    .values({ ...s, ...p, reference: newPaymentReference(s.merchantAccountId), checkout: p.checkout as unknown as Record<string, unknown> })
    .returning();
  return row;
}

export async function paymentByReference(db: Db, reference: string, lock = false): Promise<PaymentRow | undefined> {
  const account = accountOfReference(reference);
  if (account === null) return undefined;
  const q = db.select().from(payment).where(and(eq(payment.merchantAccountId, account), eq(payment.reference, reference)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function lockPayment(tx: Db, s: { merchantAccountId: number }, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payment).where(own(s, id)).for('update');
  return row;
}

/** The payment in flight (PENDING or CHALLENGED) for a basket, if any. */
export async function livePaymentOfBasket(db: Db, s: Scope, basketId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.merchantAccountId, s.merchantAccountId), eq(payment.basketId, basketId), inArray(payment.state, ['PENDING', 'CHALLENGED'])));
  return row;
}

export async function setPayment(
  tx: Db,
  s: { merchantAccountId: number },
  id: number,
  values: Partial<{ state: PaymentState; transactionId: string | null; message: string | null; orderId: number; refundReference: string; refundedDate: Date }> & { card?: CardFacts | null },
) {
  const { card, ...rest } = values;
  await tx
    .update(payment)
    .set({ ...rest, ...(card ? { cardLast4: card.last4, cardBrand: card.brand, cardExpiry: card.expiry } : {}), updatedDate: new Date() })
    .where(own(s, id));
}

/** The basket of a payment that did not go through is open again (its items are the customer's to pay another way). */
export async function reopenBasket(tx: Db, s: { merchantAccountId: number }, basketId: number) {
  await tx
    .update(basket)
    .set({ state: 'OPEN', placingSince: null, updatedDate: new Date() })
    .where(and(eq(basket.merchantAccountId, s.merchantAccountId), eq(basket.id, basketId), eq(basket.state, 'PLACING')));
}

/**
 * Claims payments left in a state too long (a crash or timeout while the provider was asked, or a
 * 3-D Secure challenge never finished), SKIP LOCKED so several servers never take the same one. The
 * claim moves updated_date on: another run leaves it alone for another `olderThanMs`.
 */
export async function claimStalePayments(db: Db, state: 'PENDING' | 'CHALLENGED', olderThanMs: number, limit = 20): Promise<PaymentRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.state, state), lt(payment.updatedDate, new Date(Date.now() - olderThanMs))))
      .orderBy(payment.updatedDate)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const r of rows) await tx.update(payment).set({ updatedDate: sql`now()` }).where(own(r, r.id));
    return rows;
  });
}
