import { z } from 'zod';
import { idSchema } from './fields';

/**
 * Live order handling (spec 3 §4.2, §6, §7.1): the actions of `PUT storemanagement/order/<action>/id/{id}`
 * and the privileges on the 'Order' object that allow them. One privilege per role's part of an
 * action, because the same call is allowed to different roles in different states (a clerk takes
 * payment for a delivered order, a driver for a dispatched one).
 */
export const ORDER_ACTIONS = [
  'accept',
  'decline',
  'preparing',
  'ready',
  'deliver',
  'dispatch',
  'close',
  'syncstatus',
  'payment',
  'refund',
  'printreceipt',
  'resendkitchen',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Actions on the 'Order' privilege object (ours: the spec names the roles, not their privileges). */
export const ORDER_PRIVILEGES = {
  accept: 'Accept',
  decline: 'Decline',
  prepare: 'Prepare',
  ready: 'Ready',
  /** A waiter hands over an EAT_IN, COLLECTION or TAKEAWAY order. */
  deliver: 'Deliver',
  dispatch: 'Dispatch',
  /** A driver marks a dispatched DELIVERY order delivered. */
  markDelivered: 'MarkDelivered',
  /** A clerk takes payment for a delivered order. */
  pay: 'Pay',
  /** A driver takes payment for a dispatched order. */
  takePayment: 'TakePayment',
  close: 'Close',
  finalise: 'Finalise',
  refund: 'Refund',
  print: 'Print',
} as const;
export type OrderPrivilege = (typeof ORDER_PRIVILEGES)[keyof typeof ORDER_PRIVILEGES];

const OP = ORDER_PRIVILEGES;
/** The live-order roles of spec 3 §6 and their part of the order handling (the reference roles grant exactly these). */
export const ORDER_ROLE_PRIVILEGES: Record<'CLERK' | 'KITCHEN' | 'WAITER' | 'DRIVER', readonly OrderPrivilege[]> = {
  CLERK: [OP.accept, OP.decline, OP.dispatch, OP.pay, OP.close, OP.finalise, OP.refund, OP.print],
  KITCHEN: [OP.prepare, OP.ready],
  WAITER: [OP.deliver],
  DRIVER: [OP.markDelivered, OP.takePayment],
};

/**
 * Spec 3 §6: "the role check uses the till scope text when present, otherwise the user's role list".
 * A till's scope (e.g. 'KITCHEN', or 'CLERK DRIVER') names the roles its screen works as: it offers
 * only their part of an order's handling. No scope: the user's own privileges decide alone. (The
 * server checks the user's privileges in any case.)
 */
export function tillScopeAllows(scope: string | null, privilege: OrderPrivilege): boolean {
  if (!scope) return true;
  const words = scope.toUpperCase().split(/[^A-Z_]+/);
  return Object.entries(ORDER_ROLE_PRIVILEGES).some(([role, privileges]) => words.includes(role) && privileges.includes(privilege));
}

export const ORDER_PAYMENT_TYPES = ['CARD', 'CASH'] as const;
export const SYNC_STATUSES = ['INIT', 'READY', 'PROGRESS', 'SUCCESS', 'FAILED'] as const;

export const orderActionParams = z.object({ id: idSchema });
/** -1 is sent when no driver is chosen (spec 3 §5.1). */
export const dispatchParams = z.object({ id: idSchema, driverId: z.coerce.number().int().min(-1).max(2_147_483_647) });
export const paymentParams = z.object({ id: idSchema, paymentType: z.enum(ORDER_PAYMENT_TYPES) });

/** The reply of an order action: the order as it is now (no `type` field: a reply with one is an error). */
export const orderActionReplySchema = z.object({
  id: z.number().int(),
  orderNo: z.number().int(),
  orderStatus: z.string(),
  basketStatus: z.string(),
  basketType: z.string(),
  syncStatus: z.string(),
  driverId: z.number().int().nullable(),
});
export type OrderActionReply = z.infer<typeof orderActionReplySchema>;

/** A row of the open and completed order tables (spec 3 §2.1 columns, §3 "Order"). */
export const liveOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.number().int(),
  orderType: z.string(),
  basketType: z.string(),
  basketStatus: z.string(),
  orderStatus: z.string(),
  syncStatus: z.string(),
  remote: z.number().int(),
  read: z.number().int(),
  orderDate: z.string(),
  orderTime: z.string(),
  deliveryDateString: z.string().nullable(),
  acceptedDate: z.string().nullable(),
  preparingDate: z.string().nullable(),
  readyDate: z.string().nullable(),
  deliveredDate: z.string().nullable(),
  totalPrice: z.number(),
  totalPriceString: z.string(),
  subTotalPriceString: z.string(),
  calculatedServiceChargeString: z.string(),
  calculatedDeliveryFeeString: z.string(),
  customerFullName: z.string(),
  driverId: z.number().int().nullable(),
  driverFullName: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  /** The billing address the card payment was made with, one line as deliveryAddress (null: not paid by card). Not in spec 3 §2.1's detail dialog: API only. */
  billingAddress: z.string().nullable(),
  orderNotes: z.string().nullable(),
  allergies: z.string().nullable(),
  errorType: z.string(),
  errorMessage: z.string().nullable(),
  receiptNumber: z.string(),
  basketDetailList: z.array(z.object({ description: z.string(), quantity: z.number(), totalPrice: z.number() })),
});
export type LiveOrder = z.infer<typeof liveOrderSchema>;

/** What the event stream sends for each order change (its SSE id is the order_event id). */
export const orderEventSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  kind: z.string(),
  orderStatus: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** Seconds an event-stream ticket lasts: EventSource cannot send headers, so it trades the bearer token for one. */
export const ORDER_EVENTS_TICKET_SECONDS = 30;

const O = 'storemanagement/order/';
/** The order service's paths (spec 3 §7.1) as the back office calls them. */
export const ORDER_PATHS = {
  base: O,
  /** PUT: the calls of §7.1 that take only the order id. */
  action: (action: Exclude<OrderAction, 'dispatch' | 'payment'>, id: number) => `${O}${action}/id/${id}`,
  /** -1 when no driver is chosen (§5.1). */
  dispatch: (id: number, driverId: number) => `${O}dispatch/id/${id}/driverId/${driverId}`,
  payment: (id: number, paymentType: (typeof ORDER_PAYMENT_TYPES)[number]) => `${O}payment/id/${id}/paymentType/${paymentType}`,
  /** Table loads of the open and the completed orders: PUT with the body, or GET with the query string (tableLoadQuerySchema). */
  newOrders: `${O}newOrders`,
  completedOrders: `${O}completedOrders`,
  /** GET: how many open orders nobody has opened yet. */
  unreadCount: `${O}newOrders/count`,
  /** GET: one order; opening it marks it read. */
  byId: (id: number) => `${O}id/${id}`,
  /** POST: a 30-second ticket for the event stream (EventSource sends no headers). */
  eventsTicket: `${O}events/ticket`,
  /** GET (EventSource): `events?ticket=…`. */
  events: `${O}events`,
} as const;

/** The live-order screens' words (spec 3 §2.1, §8, §9). */
export const ORDER_SCREEN = {
  refundQuestion: 'Are you sure to refund?',
  noOrders: 'Not any order',
  /** Seconds of the open orders' countdown, and of the history's refresh. */
  openRefreshSeconds: 10,
  historyRefreshSeconds: 60,
  pageSize: 10,
} as const;
