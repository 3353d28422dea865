import { BRANCH_SETTINGS_DEFAULTS } from '@tillpoint/contracts/branch-settings';
import { ORDER_PRIVILEGES as P, type OrderAction, type OrderPrivilege } from '@tillpoint/contracts/order-handling';
import { type OrderChange, type OrderFacts, decideOrderAction } from '@tillpoint/contracts/order-state-machine';
import type { Db } from '../../db/open-db';
import { branchSettings, type customerOrder } from '../../db/schema';
import { sql } from 'drizzle-orm';
import type { Scope } from '../../platform/auth';
import type { Alongside } from '../../platform/order-events';
import { ownedBy } from '../../platform/tenancy';

/** The branch's order settings (spec 1 §3 "Branch settings") that move orders on by themselves. */
export type OrderAutomation = {
  autoOrderConfirm: boolean;
  autoKitchen: boolean;
  autoInsideDelivery: boolean;
  autoOutsideDelivery: boolean;
  autoDispatch: boolean;
};

/**
 * What each setting does. Each one stands in for one role's step of spec 3 §4.2 and takes it through
 * the same state machine as a person would (decideOrderAction, granted only that step's privilege),
 * so a setting can never move an order in a way staff could not:
 * - autoOrderConfirm: the clerk's Accept. A new order (ORDER_PLACED) is accepted at once.
 * - autoKitchen: the kitchen's start. An accepted order goes into the kitchen (ORDER_PREPARING), unless
 *   its basket was CANCELLED (then it waits for the clerk's Decline, as §4.2 says). Nothing readies
 *   food by itself: the kitchen still marks it Ready.
 * - autoInsideDelivery: the waiter's Deliver. A ready order handed over inside the branch (EAT_IN,
 *   COLLECTION, TAKEAWAY) becomes ORDER_DELIVERED; the order display shows it as READY (§2.2), the
 *   clerk then takes payment and closes it.
 * - autoDispatch: the clerk's Dispatch with no driver (-1, §5.1). A ready DELIVERY order leaves the
 *   branch (ORDER_DISPATCHED); a driver may still mark it delivered and take payment.
 * - autoOutsideDelivery: the driver's Mark Delivered. A dispatched DELIVERY order, delivered outside
 *   the branch, becomes ORDER_DELIVERED, only once its basket is not INPROGRESS (the driver's own rule:
 *   an order paid at the door waits for the driver to take the payment).
 * "Inside" and "outside" are where the order is handed over: the spec's two Deliver steps of §4.2.
 * (Reading them as delivery addresses inside or outside the branch's area would leave one setting
 * with nothing to do: a delivery outside the area is refused at checkout, §4.5.)
 */
const STEPS: { setting: keyof OrderAutomation; action: OrderAction; privilege: OrderPrivilege }[] = [
  { setting: 'autoOrderConfirm', action: 'accept', privilege: P.accept },
  { setting: 'autoKitchen', action: 'preparing', privilege: P.prepare },
  { setting: 'autoInsideDelivery', action: 'deliver', privilege: P.deliver },
  { setting: 'autoDispatch', action: 'dispatch', privilege: P.dispatch },
  { setting: 'autoOutsideDelivery', action: 'deliver', privilege: P.markDelivered },
];

/** The date a new status stamps (spec 3 §3 "Order"). */
export const STATUS_DATES = {
  ORDER_ACCEPTED: 'acceptedDate',
  ORDER_PREPARING: 'preparingDate',
  ORDER_READY: 'readyDate',
  ORDER_DELIVERED: 'deliveredDate',
} as const;

/** The settings' columns, as a selection (an order action reads them with the order). */
export const AUTOMATION_COLUMNS = {
  autoOrderConfirm: branchSettings.autoOrderConfirm,
  autoKitchen: branchSettings.autoKitchen,
  autoInsideDelivery: branchSettings.autoInsideDelivery,
  autoOutsideDelivery: branchSettings.autoOutsideDelivery,
  autoDispatch: branchSettings.autoDispatch,
};

export async function orderAutomationOf(tx: Db, s: Scope): Promise<OrderAutomation> {
  const [row] = await tx.select(AUTOMATION_COLUMNS).from(branchSettings).where(ownedBy(branchSettings, s));
  return automationOfSettings(row);
}

/** The automation a branch's settings row (or none: the defaults) holds. */
export function automationOfSettings(row: OrderAutomation | null | undefined): OrderAutomation {
  const d = row ?? BRANCH_SETTINGS_DEFAULTS;
  return { autoOrderConfirm: d.autoOrderConfirm, autoKitchen: d.autoKitchen, autoInsideDelivery: d.autoInsideDelivery, autoOutsideDelivery: d.autoOutsideDelivery, autoDispatch: d.autoDispatch };
}

/** One automatic move: the action it stands for and the statuses before and after. */
export type AutomaticStep = { action: OrderAction; fromStatus: string; toStatus: string };

/** What the settings do to an order in this state: the steps in order, and the changes to write (status, basket, dates, driver). */
export type AutomationPlan = { steps: AutomaticStep[]; set: Partial<typeof customerOrder.$inferInsert> };

/**
 * The steps the settings take from the order's state, one after another until none applies: five
 * settings, each at most once. Pure, so each setting is tested without a database.
 */
export function planOrderAutomation(order: OrderFacts, settings: OrderAutomation, now = new Date()): AutomationPlan {
  const steps: AutomaticStep[] = [];
  const set: AutomationPlan['set'] = {};
  let facts: OrderFacts = { ...order };
  const used = new Set<(typeof STEPS)[number]>();
  for (;;) {
    let found: { step: (typeof STEPS)[number]; change: OrderChange } | undefined;
    for (const step of STEPS) {
      if (used.has(step) || !settings[step.setting]) continue;
      const d = decideOrderAction(facts, step.action, (p) => p === step.privilege);
      if (d.ok) {
        found = { step, change: d.change };
        break;
      }
    }
    if (!found) break;
    used.add(found.step);
    const { step, change } = found;
    const next = { ...facts, ...change };
    steps.push({ action: step.action, fromStatus: facts.orderStatus, toStatus: next.orderStatus });
    Object.assign(set, change);
    const date = change.orderStatus && STATUS_DATES[change.orderStatus as keyof typeof STATUS_DATES];
    if (date) set[date] = now;
    // Dispatched with no driver (-1, spec 3 §5.1).
    if (step.action === 'dispatch') set.driverId = null;
    facts = next;
  }
  if (steps.length) set.updatedDate = now;
  return { steps, set };
}

/** A row of an order's history: who (null: the system), what, from and to. */
export type HistoryRow = { userId: number | null; action: string; fromStatus: string; toStatus: string };

/** The history rows of automatic steps: no user (the system moved the order). */
export const automationHistory = (steps: readonly AutomaticStep[]): HistoryRow[] =>
  steps.map((st) => ({ userId: null, action: `AUTO_${st.action.toUpperCase()}`, fromStatus: st.fromStatus, toStatus: st.toStatus }));

/** History rows as the `rows` value of orderHistoryPart (jsonb). */
export const historyJson = (rows: readonly HistoryRow[]) =>
  JSON.stringify(rows.map((h) => ({ user_id: h.userId, action: h.action, from_status: h.fromStatus, to_status: h.toStatus })));

/**
 * The history rows' insert, in their order, as the WITH part `history` of the statement that makes
 * the change (a place's, an order action's); `rows` is historyJson's text, or a placeholder for it.
 * With `guard`, the name of an earlier part, they are written only when that part returned a row.
 */
export function orderHistoryPart(v: { account: unknown; branch: unknown; orderId: unknown; rows: unknown }, guard?: string): Alongside {
  return {
    name: 'history',
    query: sql`(insert into order_history (merchant_account_id, merchant_branch_id, order_id, user_id, action, from_status, to_status)
      select ${v.account}::int, ${v.branch}::int, ${v.orderId}::int, h.user_id, h.action, h.from_status, h.to_status
      from rows from (jsonb_to_recordset(${v.rows}::jsonb) as (user_id int, action text, from_status text, to_status text))
        with ordinality as h(user_id, action, from_status, to_status, n)
      ${guard ? sql`where exists (select 1 from ${sql.identifier(guard)})` : sql``}
      order by h.n)`,
  };
}
