import { type SQL, sql } from 'drizzle-orm';

/** The printing area's job that sends queued prints; an action that queued some wakes it after commit. */
export const PRINT_QUEUE_JOB = 'print-queue';

/** KITCHEN: the order's tickets to its items' kitchen printers; RECEIPT: the receipt to the branch's receipt printer. */
export type PrintKind = 'KITCHEN' | 'RECEIPT';

/** The values of the print writes: `sql.placeholder`s of a prepared statement, or SQL (`kinds` an array). */
type PrintValues = { account: unknown; branch: unknown; orderId: unknown; kinds: unknown };

/**
 * The writes that queue prints of an order, as named parts of the WITH of the statement that makes
 * the change asking for them (a place's or an order action's prepared statement), in
 * its transaction (ARCHITECTURE §5): a print exists exactly when the action that asked for it does,
 * and the printing job sends it after commit, so a silent printer never holds up the action. A newer
 * print of the same kind replaces one still waiting to retry (it prints everything again), so a
 * resend never prints twice (a CTE sees the table as before the insert). With `guard`, the name of
 * an earlier part, both are made only when that part returned a row.
 */
export function orderPrintParts(v: PrintValues, guard?: string): { name: string; query: SQL }[] {
  const when = guard ? sql` and exists (select 1 from ${sql.identifier(guard)})` : sql``;
  return [
    {
      name: 'superseded_prints',
      query: sql`(update print_job set status = 'SUPERSEDED', updated_date = now()
        where merchant_account_id = ${v.account}::int and order_id = ${v.orderId}::int and kind = any(${v.kinds}::text[])
          and status in ('PENDING', 'FAILED')${when})`,
    },
    {
      name: 'queued_prints',
      query: sql`(insert into print_job (merchant_account_id, merchant_branch_id, order_id, kind)
        select ${v.account}::int, ${v.branch}::int, ${v.orderId}::int, k from unnest(${v.kinds}::text[]) k where true${when})`,
    },
  ];
}
