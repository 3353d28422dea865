import { ORDER_PRIVILEGES as P, type OrderAction, type OrderPrivilege } from './order-handling';
import type { OrderStatus } from './order';

/**
 * The live-order state machine of spec 3 §4.2, by role. It lives in the contracts because both sides
 * read it: the server decides with it (orders.service.ts), and the back office shows only the action
 * buttons it would allow, so the buttons mirror the server without a copy of its rules.
 */

/** What the rules of spec 3 §4.2 look at. */
export type OrderFacts = {
  orderStatus: string;
  basketStatus: string;
  basketType: string;
  orderType: string;
  syncStatus: string;
  remote: boolean;
};

/** What an allowed action changes (dates and the driver are stamped by the caller). */
export type OrderChange = { orderStatus?: OrderStatus; basketStatus?: string; basketType?: string; syncStatus?: string };

export type Decision =
  | { ok: true; privilege: OrderPrivilege; change: OrderChange }
  | { ok: false; status: 403 | 409 };

/** One role's way through an action: the privilege it needs, the state it applies in, what it changes. */
type Rule = { privilege: OrderPrivilege; when: (o: OrderFacts) => boolean; change: OrderChange | ((o: OrderFacts) => OrderChange) };

const HANDED_OVER_TYPES = ['EAT_IN', 'COLLECTION', 'TAKEAWAY'];
const REFUNDABLE_OPEN = ['ORDER_ACCEPTED', 'ORDER_PREPARING', 'ORDER_READY', 'ORDER_DISPATCHED'];

/**
 * Spec 3 §4.2, rule by rule. Where the spec is silent we chose, and say so:
 * - close: a clerk closes an order that was handed over (ORDER_DELIVERED) and is no longer unpaid, or one that was declined.
 * - printreceipt / resendkitchen: a clerk may ask for them in any state; they change no status.
 */
const RULES: Record<OrderAction, Rule[]> = {
  accept: [{ privilege: P.accept, when: (o) => o.orderStatus === 'ORDER_PLACED', change: { orderStatus: 'ORDER_ACCEPTED' } }],
  decline: [
    { privilege: P.decline, when: (o) => o.orderStatus === 'ORDER_PLACED', change: { orderStatus: 'ORDER_DECLINED' } },
    { privilege: P.decline, when: (o) => o.orderStatus === 'ORDER_ACCEPTED' && o.basketStatus === 'CANCELLED', change: { orderStatus: 'ORDER_DECLINED' } },
    { privilege: P.decline, when: (o) => o.remote && o.orderStatus === 'ORDER_DELIVERED' && o.basketStatus === 'PAUSED', change: { orderStatus: 'ORDER_DECLINED' } },
  ],
  preparing: [{ privilege: P.prepare, when: (o) => o.orderStatus === 'ORDER_ACCEPTED' && o.basketStatus !== 'CANCELLED', change: { orderStatus: 'ORDER_PREPARING' } }],
  ready: [{ privilege: P.ready, when: (o) => o.orderStatus === 'ORDER_PREPARING', change: { orderStatus: 'ORDER_READY' } }],
  deliver: [
    { privilege: P.deliver, when: (o) => o.orderStatus === 'ORDER_READY' && HANDED_OVER_TYPES.includes(o.orderType), change: { orderStatus: 'ORDER_DELIVERED' } },
    {
      privilege: P.markDelivered,
      when: (o) => o.orderStatus === 'ORDER_DISPATCHED' && o.orderType === 'DELIVERY' && o.basketStatus !== 'INPROGRESS',
      change: { orderStatus: 'ORDER_DELIVERED' },
    },
  ],
  dispatch: [{ privilege: P.dispatch, when: (o) => o.orderStatus === 'ORDER_READY' && o.orderType === 'DELIVERY', change: { orderStatus: 'ORDER_DISPATCHED' } }],
  payment: [
    { privilege: P.pay, when: (o) => !o.remote && o.basketStatus === 'INPROGRESS' && o.orderStatus === 'ORDER_DELIVERED', change: { basketStatus: 'PAID' } },
    { privilege: P.takePayment, when: (o) => !o.remote && o.basketStatus === 'INPROGRESS' && o.orderStatus === 'ORDER_DISPATCHED', change: { basketStatus: 'PAID' } },
  ],
  close: [
    { privilege: P.close, when: (o) => o.orderStatus === 'ORDER_DELIVERED' && o.basketStatus !== 'INPROGRESS', change: { orderStatus: 'ORDER_CLOSED' } },
    { privilege: P.close, when: (o) => o.orderStatus === 'ORDER_DECLINED', change: { orderStatus: 'ORDER_CLOSED' } },
  ],
  syncstatus: [
    {
      privilege: P.finalise,
      when: (o) => !o.remote && o.orderStatus === 'ORDER_CLOSED' && (o.syncStatus === 'PROGRESS' || o.syncStatus === 'FAILED'),
      change: { syncStatus: 'SUCCESS' },
    },
  ],
  refund: [
    {
      privilege: P.refund,
      when: (o) => !o.remote && o.basketType === 'sale' && o.basketStatus === 'PAID' && (REFUNDABLE_OPEN.includes(o.orderStatus) || o.orderStatus === 'ORDER_CLOSED'),
      change: { basketType: 'refund' },
    },
  ],
  printreceipt: [{ privilege: P.print, when: () => true, change: {} }],
  resendkitchen: [{ privilege: P.print, when: () => true, change: {} }],
};

/**
 * Whether the caller may take the action on the order now: the change it makes, or why not.
 * 403 when no rule of the action is the caller's to use in this state (another role's step, or none
 * of the action's privileges at all); 409 when the caller's rules exist but the order's state allows
 * none of them (accepting an accepted order).
 */
export function decideOrderAction(order: OrderFacts, action: OrderAction, has: (privilege: OrderPrivilege) => boolean): Decision {
  const rules = RULES[action];
  const mine = rules.filter((r) => has(r.privilege));
  const fits = (r: Rule) => r.when(order);
  const rule = mine.find(fits);
  if (rule) return { ok: true, privilege: rule.privilege, change: typeof rule.change === 'function' ? rule.change(order) : rule.change };
  if (!mine.length || rules.some(fits)) return { ok: false, status: 403 };
  return { ok: false, status: 409 };
}
