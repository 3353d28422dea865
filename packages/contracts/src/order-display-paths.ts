/**
 * The order display (spec 3 §2.2 'Order display screen', §4.10, §9): its calls, constants and words,
 * free of zod so the lean display page can import them; order-display.ts has the reply schemas.
 */

/** The display loop refreshes every 10 seconds (spec 3 §9); the events push changes in between. */
export const DISPLAY_REFRESH_MS = 10_000;
/** Spec 3 §9: order display zoom 2 by default (page settings' displayMemberZoom). */
export const DISPLAY_DEFAULT_ZOOM = 2;
/** Ours: the spec leaves the display's page size unshown; twelve tiles fill a wall screen at zoom 2. */
export const DISPLAY_PAGE_SIZE = 12;
/** Ours: open display streams of one branch at once (a wall screen or two, a few tablets); more get 429. */
export const DISPLAY_STREAMS_PER_BRANCH = 50;

export const DISPLAY_MESSAGES = {
  empty: 'Not any order',
  /** The spec's licence words (spec 3 §6); the page adds which licence. */
  unlicensed: 'Service Temporarily Unavailable',
  unlicensedHint: 'This store has no active Order Display licence.',
} as const;

const B = 'storemanagement/order/displayOrders/';
/** Public calls (no token): the branch is named by its domain name, and only orderNo, time and status leave. */
export const DISPLAY_PATHS = {
  page: (pageNumber: number, domainName: string) => `${B}${pageNumber}?domainName=${encodeURIComponent(domainName)}`,
  events: (domainName: string) => `${B}events?domainName=${encodeURIComponent(domainName)}`,
} as const;

/** The till-mode entry (spec 3 §2.2 'Entry parameters'): a scope containing CUSTOMER opens the order display. */
export const TILL_ENTRY_PARAMS = { tokenUrl: 'token_url', scope: 'scope' } as const;
export const isDisplayScope = (scope: string | null) => !!scope && scope.toUpperCase().includes('CUSTOMER');

/** The status a customer reads: DELIVERED is shown as READY (spec 3 §2.2), the rest without 'ORDER_'. */
export function displayStatus(orderStatus: string): string {
  if (orderStatus === 'ORDER_DELIVERED') return 'READY';
  return orderStatus.replace(/^ORDER_/, '');
}

/** Statuses an order is on the display in: from placed until it is closed, declined or cancelled. */
export const DISPLAYED_STATUSES = ['ORDER_PLACED', 'ORDER_ACCEPTED', 'ORDER_PREPARING', 'ORDER_READY', 'ORDER_DISPATCHED', 'ORDER_DELIVERED'] as const;
