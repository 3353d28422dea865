import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/open-db';
import type { Scope } from './auth';
import { queryRows } from '../db/rows';

/** The channel the live order screens listen on (ARCHITECTURE §4). */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/**
 * The event the live order screens read, in the caller's transaction, announced with pg_notify
 * (delivered at commit, so a listener never reads an event that is not there yet). Shared: the
 * orders area writes it for every change, printing when an order's printer error comes or goes.
 * One statement (the insert and its notice): each order action writes one or two of these.
 */
export async function recordOrderEvent(tx: Db, s: Scope, orderId: number, kind: string, orderStatus: string) {
  const [id] = await recordOrderEvents(tx, s, orderId, [{ kind, orderStatus }]);
  return id;
}

/**
 * A write made by the statement of an order's events, as part of its WITH: a query (a Drizzle
 * builder), or a named one that later named parts read (raw SQL, in parentheses).
 */
export type Alongside = SQLWrapper | { name: string; query: SQL };

/**
 * Several events of one order, in their order, in one statement (an action and the automatic steps it
 * set off). `alongside` are other writes of the same change (the history row, the prints, the stock),
 * made by the same statement as parts of its WITH: each statement is a round trip.
 */
export async function recordOrderEvents(tx: Db, s: Scope, orderId: number, events: readonly { kind: string; orderStatus: string }[], alongside: readonly Alongside[] = []) {
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`with ${withParts(alongside)}${orderEventsInsert({
      account: s.merchantAccountId,
      branch: s.merchantBranchId,
      orderId,
      kinds: sql.param(events.map((e) => e.kind)),
      statuses: sql.param(events.map((e) => e.orderStatus)),
    })}`,
  );
  return inserted.map((r) => Number(r.id));
}

/** Writes as the first parts of a WITH, each followed by a comma (an unnamed one is named by its place). */
export const withParts = (parts: readonly Alongside[]) =>
  sql.join(parts.map((w, i) => ('name' in w ? sql`${sql.identifier(w.name)} as ${w.query}, ` : sql`${sql.raw(`w${i}`)} as ${w}, `)));

/** The values of an events statement: given, or `sql.placeholder`s of a prepared one (kinds and statuses are arrays). */
type EventValues = { account: unknown; branch: unknown; orderId: unknown; kinds: unknown; statuses: unknown };

/**
 * The last part of an events statement and its answer: the events inserted in their order, and each
 * announced (pg_notify, delivered at commit). With `guard`, the name of an earlier part of the WITH,
 * they are written only when that part returned a row (a guarded change that matched): none means
 * the change did not happen, and nothing is announced.
 */
export function orderEventsInsert(v: EventValues, guard?: string): SQL {
  return sql`e as (
      insert into order_event (merchant_account_id, merchant_branch_id, order_id, kind, order_status)
      select ${v.account}::int, ${v.branch}::int, ${v.orderId}::int, x.kind, x.order_status
      from unnest(${v.kinds}::text[], ${v.statuses}::text[]) with ordinality as x(kind, order_status, n)
      ${guard ? sql`where exists (select 1 from ${sql.identifier(guard)})` : sql``}
      order by x.n
      returning order_event.id)
    select e.id, pg_notify(${ORDER_EVENTS_CHANNEL}, json_build_object('merchantAccountId', ${v.account}::int, 'merchantBranchId', ${v.branch}::int,
      'orderId', ${v.orderId}::int, 'eventId', e.id)::text) from (select id from e order by id) e`;
}
