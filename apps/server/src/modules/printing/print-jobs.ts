import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { PRINTING_MESSAGES } from '@tillpoint/contracts/printing';
import type { Db } from '../../db/open-db';
import { customerOrder, printJob } from '../../db/schema';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import type { Scope } from '../../platform/auth';
import { recordOrderEvent } from '../../platform/order-events';
import { encodeTicket, kitchenTicket, receiptOf, receiptTicket } from './print-layout';
import { type PrintTarget, branchPrinters, itemPrinters, printableBranch, printableOrder } from './printing.repo';
import { PrinterError, type PrinterSend } from './printer-socket';
import { turns } from '../../platform/turns';
import { callerOrder } from '../../platform/caller-order';

type PrintJobRow = typeof printJob.$inferSelect;

/** A job is tried this many times (about 25 minutes of backoff), then left FAILED with its error on the order. */
export const MAX_PRINT_ATTEMPTS = 10;
/** A claimed job is someone's for this long: an instance that dies mid-print only delays it. */
const LEASE_MS = 60_000;
/** 10 s, 20 s, 40 s … capped at 5 minutes: a printer that is off for a while is not hammered. */
export const printBackoffMs = (attempts: number) => Math.min(300_000, 10_000 * 2 ** Math.max(0, attempts - 1));

/** Finished prints are kept this long (what printed where, for questions from the kitchen), then deleted. */
export const PRINT_JOB_KEEP_DAYS = 30;

/** Deletes finished prints older than PRINT_JOB_KEEP_DAYS; waiting ones stay whatever their age. */
export async function purgeFinishedPrints(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - PRINT_JOB_KEEP_DAYS * 86_400_000);
  const gone = await db
    .delete(printJob)
    .where(and(inArray(printJob.status, ['PRINTED', 'SUPERSEDED', 'FAILED']), lt(printJob.updatedDate, before)))
    .returning({ id: printJob.id });
  return { deleted: gone.length };
}

/** What the order's Error Details say about a printer that did not take its ticket. */
export const printerFailure = (kind: 'KITCHEN' | 'RECEIPT', p: PrintTarget, reason: string) =>
  `${kind === 'KITCHEN' ? 'Kitchen' : 'Receipt'} printer "${p.name}" (${p.networkAddress}:${p.port}) ${reason}`;

const P = sql.placeholder;

/**
 * One prepared statement: the due jobs locked (skipping another instance's), leased and counted as
 * tried. Due by the database's clock, which stamped a new job: the server's Date has only
 * milliseconds, so a job queued within the same millisecond (an Accept just before its wake) looked
 * not yet due.
 */
const claimDuePrints = perDatabase((db) => {
  const due = db
    .select({ merchantAccountId: printJob.merchantAccountId, id: printJob.id })
    .from(printJob)
    .where(and(inArray(printJob.status, ['PENDING', 'PRINTING']), lte(printJob.nextAttemptAt, sql`now()`)))
    .orderBy(asc(printJob.nextAttemptAt))
    .limit(P('batch'))
    .for('update', { skipLocked: true });
  return db
    .update(printJob)
    .set({ status: 'PRINTING', attempts: sql`${printJob.attempts} + 1`, nextAttemptAt: sql`${P('leaseUntil')}::timestamptz`, updatedDate: sql`${P('now')}::timestamptz` })
    .where(sql`(${printJob.merchantAccountId}, ${printJob.id}) in (${due})`)
    .returning()
    .prepare('print_jobs_claim');
});

/** A job's outcome, only while the lease is ours: a job superseded meanwhile by a newer print stays superseded. */
const finishPrint = preparedSql(
  'print_job_finish',
  sql`update print_job set status = ${P('status')}::text, printed_device_ids = ${P('printed')}::jsonb, last_error = ${P('lastError')}::text,
      next_attempt_at = ${P('nextAttemptAt')}::timestamptz, updated_date = ${P('now')}::timestamptz
    where merchant_account_id = ${P('account')}::int and id = ${P('id')}::int and status = 'PRINTING'`,
);

/**
 * Sends the due prints. Jobs are claimed with FOR UPDATE SKIP LOCKED and leased before sending, so
 * several server instances never print the same ticket twice, and the claimed jobs print side by
 * side (one silent printer does not hold up another's tickets).
 */
export async function deliverDuePrints(db: Db, send: PrinterSend, batch = 10): Promise<{ printed: number; failed: number }> {
  const now = Date.now();
  const claimed: PrintJobRow[] = await claimDuePrints(db).execute({ batch, leaseUntil: new Date(now + LEASE_MS).toISOString(), now: new Date(now).toISOString() });
  const dbTurn = turns(PRINT_DB_TURNS);
  const results = await Promise.all(claimed.map((job) => printOne(db, send, job, dbTurn)));
  return { printed: results.filter(Boolean).length, failed: results.filter((r) => !r).length };
}

/**
 * How many prints of a batch read or write the database at once. The tickets are sent side by side
 * whatever this is; their database work takes turns, so a batch never holds most of the pool's
 * connections at once while customers' and staff's calls wait for one (seen as the basket's and
 * accept's slowest calls in the bench, once a second when the queue ran).
 */
const PRINT_DB_TURNS = 2;

/** One job: render, send to each printer still owed its ticket, record the outcome on the job and the order. */
async function printOne(db: Db, send: PrinterSend, job: PrintJobRow, dbTurn: ReturnType<typeof turns>): Promise<boolean> {
  const s: Scope = { merchantAccountId: job.merchantAccountId, merchantBranchId: job.merchantBranchId };
  const errors: string[] = [];
  const printed = [...job.printedDeviceIds];
  const { order, tickets, giveUp } = await dbTurn(async () => {
    const order = await printableOrder(db, s, job.orderId);
    if (!order) return { order, tickets: [], giveUp: false };
    if (job.kind === 'KITCHEN') {
      const tickets = (await itemPrinters(db, s, order.lines)).map(({ printer, items }) => ({ printer, bytes: encodeTicket(kitchenTicket(order, printer.name, items)) }));
      return { order, tickets, giveUp: false };
    }
    const [printer] = await branchPrinters(db, s, 'RECEIPT');
    if (printer) return { order, tickets: [{ printer, bytes: encodeTicket(receiptTicket(receiptOf(order, await printableBranch(db, s)))) }], giveUp: false };
    // Nothing to retry until someone adds a printer: fail now, and say what to do.
    errors.push(PRINTING_MESSAGES.noReceiptPrinter);
    return { order, tickets: [], giveUp: true };
  });
  if (order) {
    const owed = tickets.filter((t) => !printed.includes(t.printer.id));
    const sent = await Promise.allSettled(owed.map((t) => send({ host: t.printer.networkAddress, port: t.printer.port }, t.bytes)));
    sent.forEach((r, i) => {
      const { printer } = owed[i];
      if (r.status === 'fulfilled') printed.push(printer.id);
      else errors.push(printerFailure(job.kind as 'KITCHEN' | 'RECEIPT', printer, r.reason instanceof PrinterError ? r.reason.reason : 'did not answer'));
    });
  }
  const status = !errors.length ? 'PRINTED' : giveUp || job.attempts >= MAX_PRINT_ATTEMPTS ? 'FAILED' : 'PENDING';
  const finish = (tx: Db) =>
    finishPrint(tx, {
      status,
      printed: JSON.stringify(printed),
      lastError: errors.join('; ') || null,
      nextAttemptAt: new Date(Date.now() + printBackoffMs(job.attempts)).toISOString(),
      now: new Date().toISOString(),
      account: s.merchantAccountId,
      id: job.id,
    });
  // The usual case, a first print that went out for an order without a printer error, changes nothing
  // on the order (a print failing meanwhile sets its own error, and keeps it): one statement.
  if (order && !errors.length && !job.lastError && order.errorType === 'INIT') {
    await dbTurn(() => finish(db));
    return true;
  }
  await dbTurn(() =>
    db.transaction(async (tx) => {
      // The order row first, as the order actions lock it (then queue prints): the same order of locks
      // on both sides, so a Print Order pressed while this job finishes waits instead of deadlocking.
      const [locked] = await tx
        .select({ errorType: customerOrder.errorType })
        .from(customerOrder)
        .where(callerOrder(s, job.orderId))
        .for('update');
      await finish(tx);
      // A print that went out leaves an order without a printer error as it is (any failing print
      // would have set one).
      if (order && locked && (errors.length || locked.errorType !== 'INIT')) await refreshOrderPrinterError(tx, s, job.orderId);
    }),
  );
  return !errors.length;
}

/**
 * The order's errorType and errorMessage follow its prints: PRINTER with every unresolved failure
 * while any print is failing (retrying or given up), back to INIT once none is. Another kind of
 * error (TABLE_NOT_FOUND) is never overwritten. A change is an order event, so Error Details
 * appear and go on the live screens.
 */
export async function refreshOrderPrinterError(tx: Db, s: Scope, orderId: number) {
  const [order] = await tx
    .select({ errorType: customerOrder.errorType, errorMessage: customerOrder.errorMessage, orderStatus: customerOrder.orderStatus })
    .from(customerOrder)
    .where(callerOrder(s, orderId))
    .for('update');
  if (!order || (order.errorType !== 'INIT' && order.errorType !== 'PRINTER')) return;
  const failing = await tx
    .select({ lastError: printJob.lastError })
    .from(printJob)
    .where(and(eq(printJob.merchantAccountId, s.merchantAccountId), eq(printJob.orderId, orderId), inArray(printJob.status, ['PENDING', 'PRINTING', 'FAILED'])))
    .orderBy(printJob.id);
  const message = failing.flatMap((j) => (j.lastError ? [j.lastError] : [])).join('; ') || null;
  const next = message ? { errorType: 'PRINTER', errorMessage: message } : { errorType: 'INIT', errorMessage: null };
  if (next.errorType === order.errorType && next.errorMessage === order.errorMessage) return;
  await tx
    .update(customerOrder)
    .set(next)
    .where(callerOrder(s, orderId));
  await recordOrderEvent(tx, s, orderId, message ? 'ORDER_PRINT_FAILED' : 'ORDER_PRINTED', order.orderStatus);
}
