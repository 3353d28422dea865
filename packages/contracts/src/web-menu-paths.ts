/**
 * The storefront's web menu constants and public calls (spec 3 §5.2, §7.5), free of zod so the lean
 * storefront bundle can import them; web-menu.ts re-exports them beside the schemas.
 */
/** The top level of the menu tree. */
export const TOP_LEVEL = -1;

/** Public storefront calls (no token). */
export const WEB_MENU_MEMBER_PATHS = {
  shortcuts: (branchId: number) => `storemanagement/webmenumember/status/active/member/shortcuts/${branchId}`,
  items: (branchId: number, parentId: number) => `storemanagement/webmenumember/status/active/member/${branchId}/${parentId}`,
  subShortcuts: (branchId: number, parentId: number) => `storemanagement/webmenumember/status/active/member/shortcuts/${branchId}/parentid/${parentId}`,
  search: (branchId: number, text: string) => `storemanagement/webmenumember/status/active/member/${branchId}/name/${encodeURIComponent(text)}`,
  /** GET: an item's image, WEB or TILL (cached with an ETag). */
  image: (branchId: number, id: number, type: string) => `storemanagement/webmenumember/image/${branchId}/${id}/${type}`,
  setMenuItemDetails: (id: number) => `storemanagement/basket/setmenuitemdetails/id/${id}`,
} as const;

/** Storefront search runs only for a text longer than this (spec 3 §5.2). */
export const MENU_SEARCH_MIN = 4;

export const OPTION_GROUP_KEYS = ['grpContent', 'grpContentX', 'grpMain', 'grpOption1', 'grpOption2', 'grpOption3', 'grpOption4'] as const;
export type OptionGroupKey = (typeof OPTION_GROUP_KEYS)[number];
/** The storefront's labels of the fixed groups (spec 3 §2 item-detail dialog). */
export const OPTION_GROUP_LABELS = { grpContent: 'Served With', grpContentX: 'Extra(s)', grpMain: 'Main Product' } as const;
