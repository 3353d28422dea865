import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/open-db';
import { preparedSql } from '../db/prepared-sql';
import type { Scope } from './auth';

/** The channel the live order screens listen on (ARCHITECTURE §4). */
export const ORDER_EVENTS_CHANNEL = 'order_events';

const P = sql.placeholder;

/** One event and its notice, prepared once (recordOrderEvent). */
const orderEventWrite = preparedSql<{ id: number }>(
  'order_event_write',
  sql`with ${orderEventsInsert({ account: P('account'), branch: P('branch'), orderId: P('orderId'), kinds: P('kinds'), statuses: P('statuses') })}`,
);

/**
 * The event the live order screens read, in the caller's transaction, announced with pg_notify
 * (delivered at commit, so a listener never reads an event that is not there yet). Shared: the
 * orders area writes it with every change (most with the change's own statement), printing when an
 * order's printer error comes or goes. One statement: the insert and its notice.
 */
export async function recordOrderEvent(tx: Db, s: Scope, orderId: number, kind: string, orderStatus: string) {
  const [row] = await orderEventWrite(tx, { account: s.merchantAccountId, branch: s.merchantBranchId, orderId, kinds: [kind], statuses: [orderStatus] });
  return Number(row.id);
}

/** A write made by a change's statement as a named part of its WITH, which later parts may read (raw SQL, in parentheses). */
export type Alongside = { name: string; query: SQL };

/** Writes as the first parts of a WITH, each followed by a comma. */
export const withParts = (parts: readonly Alongside[]) => sql.join(parts.map((w) => sql`${sql.identifier(w.name)} as ${w.query}, `));

/** The values of an events statement: given, or `sql.placeholder`s of a prepared one (kinds and statuses are arrays). */
type EventValues = { account: unknown; branch: unknown; orderId: unknown; kinds: unknown; statuses: unknown };

/**
 * The last part of an events statement and its answer: the events inserted in their order, and each
 * announced (pg_notify, delivered at commit). With `guard`, the name of an earlier part of the WITH,
 * they are written only when that part returned a row (a guarded change that matched): none means
 * the change did not happen, and nothing is announced.
 */
export function orderEventsInsert(v: EventValues, guard?: string): SQL {
  return sql`${orderEventsPart(v, guard)} select e.id, ${orderEventNotice(v)} from (select id from e order by id) e`;
}

/** The events' insert as the WITH part `e`, which answers their ids (orderEventsInsert). */
export function orderEventsPart(v: EventValues, guard?: string): SQL {
  return sql`e as (
      insert into order_event (merchant_account_id, merchant_branch_id, order_id, kind, order_status)
      select ${v.account}::int, ${v.branch}::int, ${v.orderId}::int, x.kind, x.order_status
      from unnest(${v.kinds}::text[], ${v.statuses}::text[]) with ordinality as x(kind, order_status, n)
      ${guard ? sql`where exists (select 1 from ${sql.identifier(guard)})` : sql``}
      order by x.n
      returning order_event.id)`;
}

/** The notice of the event `e.id` on ORDER_EVENTS_CHANNEL, read by the live order screens (ARCHITECTURE §4). */
export function orderEventNotice(v: Pick<EventValues, 'account' | 'branch' | 'orderId'>): SQL {
  return sql`pg_notify(${ORDER_EVENTS_CHANNEL}, json_build_object('merchantAccountId', ${v.account}::int, 'merchantBranchId', ${v.branch}::int,
      'orderId', ${v.orderId}::int, 'eventId', e.id)::text)`;
}
