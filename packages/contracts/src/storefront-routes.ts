/**
 * The storefront's own first path segments (spec 3 §2.2), the one list its router matches and the
 * server refuses as a branch's domain name (a store named 'login' or 'myOrders' would be unreachable).
 */

/** The member's account pages, each at its own name. */
export const ACCOUNT_PAGES = ['accountDetails', 'paymentMethods', 'address', 'myOrders', 'complaintSuggestion'] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

/** Every page name of the storefront router: never a store's domain name. */
export const STOREFRONT_PAGE_NAMES = ['marketplace', 'confirmOrder', 'approveOrder', 'login', 'tableNo', 'display', ...ACCOUNT_PAGES] as const;

/** First path segments the server serves itself: the API, the two back offices, the built assets. */
export const SERVER_PATH_NAMES = ['api', 'admin', 'merchant', 'assets'] as const;

/** Names no branch may take, lower-cased as domain names are (the storefront router's and the server's, plus a few kept for later pages). */
export const RESERVED_DOMAIN_NAMES: readonly string[] = [...new Set([...STOREFRONT_PAGE_NAMES, ...SERVER_PATH_NAMES, 'member', 'checkout', 'basket'].map((n) => n.toLowerCase()))];

/** Whether a first path segment is one of the storefront's pages or the server's own (the router's check; case as typed). */
export const isReservedPathName = (segment: string) => (STOREFRONT_PAGE_NAMES as readonly string[]).includes(segment) || (SERVER_PATH_NAMES as readonly string[]).includes(segment);
