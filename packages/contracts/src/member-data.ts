import { z } from 'zod';
import { memberAddressSchema } from './member';
import { ORDER_STATUSES, type OrderStatus } from './order';

/**
 * A member's own data on the server (spec 3 §7.3, §7.5: addresses, cards, notes, feedback, previous
 * orders, the basket taken over at sign-in) and the merchant's read-only Customers screens (spec 2,
 * Customers). Paths where the spec says 'paths not shown' follow the generic resource calls.
 */

export { MEMBER_DATA_PATHS } from './member-data-paths';

/** The merchant's Customers screens (spec 2 'Customers' calls). */
export const CUSTOMER_PATHS = {
  /** PUT: table load of the members who ordered from the merchant; GET all: the same, unpaged. */
  all: 'customer/all',
  byId: (id: number) => `customer/${id}`,
  addressesOf: (userId: number) => `customer/address/user/${userId}`,
  address: (addressId: number) => `customer/address/${addressId}`,
} as const;

/** Ours: complaints / suggestions one member may send in an hour (each is a mail to a store). */
export const FEEDBACK_PER_HOUR = 10;

/** Longest look-back of previousOrders/nlastday (ours: a member's orders of about three years). */
export const PREVIOUS_ORDERS_MAX_DAYS = 1100;

/**
 * The member-facing order status (orderStatusMember; spec 3 §4.1 leaves the values to us). Every
 * orderStatus maps to exactly one, so a member never sees the kitchen's words.
 */
export const MEMBER_ORDER_STATUSES = ['Placed', 'Accepted', 'Preparing', 'Ready', 'On its way', 'Delivered', 'Completed', 'Declined', 'Cancelled'] as const;
export type MemberOrderStatus = (typeof MEMBER_ORDER_STATUSES)[number];
export const MEMBER_ORDER_STATUS: Record<OrderStatus, MemberOrderStatus> = {
  ORDER_CREATED: 'Placed',
  ORDER_PLACED: 'Placed',
  ORDER_ACCEPTED: 'Accepted',
  ORDER_PREPARING: 'Preparing',
  ORDER_READY: 'Ready',
  ORDER_DISPATCHED: 'On its way',
  ORDER_DELIVERED: 'Delivered',
  ORDER_CLOSED: 'Completed',
  ORDER_DECLINED: 'Declined',
  ORDER_CANCELLED: 'Cancelled',
};
/** Unknown statuses (never written by this server) read as placed rather than failing the page. */
export const memberOrderStatus = (orderStatus: string): MemberOrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(orderStatus) ? MEMBER_ORDER_STATUS[orderStatus as OrderStatus] : 'Placed';

export const previousOrderLineSchema = z.object({ description: z.string(), quantity: z.number(), totalPrice: z.number(), totalPriceString: z.string() });

/** Previous order (member), spec 3 §3; money in pounds with its £ text. */
export const previousOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.number().int(),
  /** ISO date-time. */
  orderDate: z.string(),
  merchantBranchId: z.number().int(),
  /** The store's trading name (the 'Store' column). */
  businessName: z.string(),
  basketStatus: z.string(),
  syncStatus: z.string(),
  orderStatus: z.string(),
  orderStatusMember: z.enum(MEMBER_ORDER_STATUSES),
  acceptedDate: z.string().nullable(),
  /** The order's money as it was priced when placed (read from the order, never recomputed), as the basket names it. */
  subTotalPrice: z.number(),
  subTotalPriceString: z.string(),
  discountPrice: z.number(),
  discountPriceString: z.string(),
  deliveryPrice: z.number(),
  deliveryFeeString: z.string(),
  calculatedServiceCharge: z.number(),
  calculatedServiceChargeString: z.string(),
  /** VAT included in the total. */
  totalTaxPrice: z.number(),
  totalTaxPriceString: z.string(),
  totalPrice: z.number(),
  totalPriceString: z.string(),
  orderType: z.string(),
  deliveryAddress: z.string().nullable(),
  basketDetailList: z.array(previousOrderLineSchema),
});
export type PreviousOrder = z.infer<typeof previousOrderSchema>;

export const setBasketReplySchema = z.object({ id: z.string() });

/** A row of the merchant's Customers table (spec 2: full name, email, mobilePhone). */
export const customerRowSchema = z.object({ id: z.number().int(), fullName: z.string(), email: z.string(), mobilePhone: z.string().nullable() });
export type CustomerRow = z.infer<typeof customerRowSchema>;

/** The Customer detail's read-only Profile section. */
export const customerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobilePhone: z.string().nullable(),
  birthDay: z.string().nullable(),
  status: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerAddressSchema = memberAddressSchema;
