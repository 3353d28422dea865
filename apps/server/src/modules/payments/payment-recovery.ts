import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@tillpoint/contracts/payment';
import { payment } from '../../db/schema';
import { providerOfPayment, settle } from './card-payment.service';
import { type PaymentRow, claimStalePayments, lockPayment, reopenBasket, setPayment } from './payments.repo';
import type { PaymentDeps } from './providers';

/** How long a payment may stay PENDING before the recovery job asks the provider (well past the provider deadline). */
export const pendingStaleMs = (deps: PaymentDeps) => deps.timeoutMs * 3;
/** A 3-D Secure challenge the customer never finished is given up after this long. */
export const CHALLENGE_ABANDONED_MS = 30 * 60_000;
/**
 * How many times the job asks about one payment without an answer (the provider cannot say, or
 * cannot be reached) before it releases the basket. With the job every 30 s and a claim left alone
 * for `pendingStaleMs` (60 s by default), that is about ten minutes.
 */
export const MAX_RECOVERY_ATTEMPTS = 10;
/** Kept on the payment for the staff (never shown to a customer): what to check by hand. */
export const RELEASED_MESSAGE = 'Released: the provider could not confirm this payment after repeated checks. Check it in the provider’s portal before taking payment again.';

type Log = { warn: (o: object, m: string) => void };

/** Moves a payment still in `from` to FAILED with `message` and opens its basket again, once (the row is locked). */
async function release(deps: PaymentDeps, p: PaymentRow, from: 'PENDING' | 'CHALLENGED', message: string) {
  await deps.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, p, p.id);
    if (locked?.state !== from) return;
    await setPayment(tx, p, p.id, { state: 'FAILED', message });
    await reopenBasket(tx, p, p.basketId);
  });
}

/** Counts one check without an answer; at the limit the payment is released. Returns whether it was. */
async function noAnswer(deps: PaymentDeps, p: PaymentRow, from: 'PENDING' | 'CHALLENGED'): Promise<boolean> {
  const [row] = await deps.db
    .update(payment)
    .set({ recoveryAttempts: sql`${payment.recoveryAttempts} + 1` })
    .where(and(eq(payment.merchantAccountId, p.merchantAccountId), eq(payment.id, p.id), eq(payment.state, from)))
    .returning({ attempts: payment.recoveryAttempts });
  if (!row || row.attempts < MAX_RECOVERY_ATTEMPTS) return false;
  await release(deps, p, from, RELEASED_MESSAGE);
  return true;
}

/**
 * The recovery job: payments left PENDING (a crash, or a timeout before the provider gave us a
 * transaction id) are settled from what the provider says, found by our reference (Opayo's
 * vendorTxCode): paid → the order, declined or never made → FAILED and the basket open again. A
 * challenge never finished is given up once the provider confirms it was not paid. When the provider
 * cannot say, the job asks again on a later run, up to MAX_RECOVERY_ATTEMPTS times, then releases the
 * basket. Returns how many payments were settled or released.
 */
export async function recoverPayments(deps: PaymentDeps, log?: Log): Promise<number> {
  let settled = 0;
  for (const state of ['PENDING', 'CHALLENGED'] as const) {
    const rows = await claimStalePayments(deps.db, state, state === 'PENDING' ? pendingStaleMs(deps) : CHALLENGE_ABANDONED_MS);
    for (const p of rows) {
      try {
        const provider = await providerOfPayment(deps, p);
        const status = await provider.status({ reference: p.reference, transactionId: p.transactionId, sessionId: p.sessionId });
        if (status.status === 'UNKNOWN') {
          if (await noAnswer(deps, p, state)) settled++;
          continue;
        }
        if (status.status === 'NOT_FOUND') await release(deps, p, state, PAYMENT_MESSAGES.notPaid);
        else if (status.status === 'CHALLENGE') {
          if (state === 'PENDING') await settle(deps, p, p.id, status);
          else await settle(deps, p, p.id, { status: 'DECLINED', transactionId: status.transactionId, message: PAYMENT_MESSAGES.challengeFailed });
        } else await settle(deps, p, p.id, status);
        settled++;
      } catch (err) {
        log?.warn({ err, payment: p.id }, 'payment recovery: the provider could not say');
        try {
          if (await noAnswer(deps, p, state)) settled++;
        } catch (countErr) {
          log?.warn({ err: countErr, payment: p.id }, 'payment recovery: could not count the attempt');
        }
      }
    }
  }
  return settled;
}
