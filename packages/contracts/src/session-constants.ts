/**
 * Session and version constants, kept free of zod so the web app's first chunk and the lean
 * storefront can import them without the schema library. auth.ts re-exports them.
 */
export const APP_VERSION = '1.4.6';
/** Admin and merchant sessions refresh their access token this often. */
export const STAFF_REFRESH_MS = 240_000;
export const MEMBER_REFRESH_MS = 86_400_000;
/** Access tokens live a little longer than the refresh interval, so a refresh is never late. */
export const ACCESS_TOKEN_SECONDS = 300;
/** A member's access token outlives the 24-hour refresh by five minutes, for the same reason. */
export const MEMBER_ACCESS_TOKEN_SECONDS = 86_400 + 300;
export const REFRESH_TOKEN_DAYS = 14;

/** The key kinds a mailed link can carry; the finish page reads them from the address. */
export const KEY_PARAMS = { reset: 'passwordChangeKey', activation: 'activationKey' } as const;
