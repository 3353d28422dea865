/**
 * The marketplace's calls (spec 3 §7.5 'Marketplace'), free of zod so the lean storefront can import
 * them; marketplace.ts holds the reply schemas.
 */
const M = 'marketplace/';
export const MARKETPLACE_PATHS = {
  /** GET, public: every store with a web-order or web-menu licence. */
  list: `${M}list`,
  /** GET, public: stores whose trading name (or domain name) contains the text; the text must be longer than 3 characters. */
  byName: (text: string) => `${M}name/${encodeURIComponent(text)}`,
  /** PUT, members only. */
  favorite: (branchId: number, favorite: boolean) => `${M}branchid/${branchId}/favorite/${favorite}`,
  /** GET, public: a store's page image (HEADER, MOBILE or LOGO) by its branch id, with an ETag; 404 without one. */
  image: (branchId: number, type: 'HEADER' | 'MOBILE' | 'LOGO') => `${M}image/branchId/${branchId}/${type}`,
} as const;

/** The marketplace itself is branch -1 (spec 3 §3). */
export const MARKETPLACE_BRANCH_ID = -1;
/** Store search runs for a text longer than 3 characters (spec 3 §5.2). */
export const STORE_SEARCH_MIN = 4;
export const MARKETPLACE_MESSAGES = {
  addFavorite: 'Do you want to add to your favorites?',
  removeFavorite: 'Do you want to remove from your favorites?',
  // Ours: the spec gives the rule, not the words.
  searchTooShort: 'Please enter more than 3 characters to search.',
} as const;
