import { type SQLWrapper, and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open-db';
import { insertWhen } from '../db/insert-when';
import { printJob } from '../db/schema';
import type { Scope } from './auth';

/** The printing area's job that sends queued prints; an action that queued some wakes it after commit. */
export const PRINT_QUEUE_JOB = 'print-queue';

/** KITCHEN: the order's tickets to its items' kitchen printers; RECEIPT: the receipt to the branch's receipt printer. */
export type PrintKind = 'KITCHEN' | 'RECEIPT';

/**
 * The writes that queue prints of an order, to be made by the statement of the action's event
 * (order-events.ts `alongside`), in its transaction (ARCHITECTURE §5): a print exists exactly when
 * the action that asked for it does, and the printing job sends it after commit, so a silent printer
 * never holds up the action. A newer print of the same kind replaces one still waiting to retry (it
 * prints everything again), so a resend never prints twice (a CTE sees the table as before the insert).
 * With `guard` (insert-when.ts), both are made only when the statement's part of that name returned a row.
 */
export function orderPrintWrites(tx: Db, s: Scope, orderId: number, kinds: readonly PrintKind[], guard?: string): SQLWrapper[] {
  if (!kinds.length) return [];
  const rows = kinds.map((kind) => ({ ...s, orderId, kind }));
  return [supersededPrints(tx, s, orderId, kinds, guard), guard ? insertWhen(printJob, rows, guard) : tx.insert(printJob).values(rows)];
}

const supersededPrints = (tx: Db, s: Scope, orderId: number, kinds: readonly PrintKind[], guard?: string) =>
  tx
    .update(printJob)
    .set({ status: 'SUPERSEDED', updatedDate: new Date() })
    .where(
      and(
        eq(printJob.merchantAccountId, s.merchantAccountId),
        eq(printJob.orderId, orderId),
        inArray(printJob.kind, [...kinds]),
        inArray(printJob.status, ['PENDING', 'FAILED']),
        guard ? sql`exists (select 1 from ${sql.identifier(guard)})` : undefined,
      ),
    )
    .returning({ id: printJob.id });
