import { type SQLWrapper, and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open-db';
import { printJob } from '../db/schema';
import type { Scope } from './auth';

/** The printing area's job that sends queued prints; an action that queued some wakes it after commit. */
export const PRINT_QUEUE_JOB = 'print-queue';

/** KITCHEN: the order's tickets to its items' kitchen printers; RECEIPT: the receipt to the branch's receipt printer. */
export type PrintKind = 'KITCHEN' | 'RECEIPT';

/**
 * Queues a print of an order in the caller's transaction (ARCHITECTURE §5): it exists exactly when
 * the action that asked for it does, and the printing job sends it after commit, so a silent
 * printer never holds up the action. A newer print of the same kind replaces one still waiting to
 * retry (it prints everything again), so a resend never prints twice.
 */
export async function queueOrderPrint(tx: Db, s: Scope, orderId: number, kind: PrintKind) {
  // One statement: the waiting print replaced (a CTE sees the table as before the insert) and the new one added.
  await tx.with(tx.$with('superseded').as(supersededPrints(tx, s, orderId, [kind]))).insert(printJob).values({ ...s, orderId, kind });
}

/** The same writes for several kinds, to be made by another statement (order-events.ts `alongside`). */
export function orderPrintWrites(tx: Db, s: Scope, orderId: number, kinds: readonly PrintKind[]): SQLWrapper[] {
  if (!kinds.length) return [];
  return [supersededPrints(tx, s, orderId, kinds), tx.insert(printJob).values(kinds.map((kind) => ({ ...s, orderId, kind })))];
}

const supersededPrints = (tx: Db, s: Scope, orderId: number, kinds: readonly PrintKind[]) =>
  tx
    .update(printJob)
    .set({ status: 'SUPERSEDED', updatedDate: new Date() })
    .where(and(eq(printJob.merchantAccountId, s.merchantAccountId), eq(printJob.orderId, orderId), inArray(printJob.kind, [...kinds]), inArray(printJob.status, ['PENDING', 'FAILED'])))
    .returning({ id: printJob.id });
