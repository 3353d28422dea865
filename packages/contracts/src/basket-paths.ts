/**
 * The basket's constants, messages and paths (spec 3 §7.3, §9), free of zod so the lean storefront
 * bundle can import them; basket.ts re-exports them beside the schemas.
 */
/** Storefront order types (spec 3 §9). */
export const STOREFRONT_ORDER_TYPES = ['Delivery', 'Collection', 'Table Order'] as const;
export type StorefrontOrderType = (typeof STOREFRONT_ORDER_TYPES)[number];

/** Spec 3 §9: 5, 10, 20 % and 'Not this time' (0). */
export const SERVICE_CHARGE_CHOICES = [5, 10, 20, 0] as const;
export const EXTRA_NOTES_MAX = 50;

export const BASKET_MESSAGES = {
  serviceUnavailable: 'Service Temporarily Unavailable',
  ageQuestion: 'The item you want to add has an age limit. Are you over 18?',
  orderEmpty: 'Your order is empty!',
  /** Ours (the spec shows only that a closed store takes no items). */
  storeClosed: 'The store is closed now and cannot take orders.',
  quantity: 'Quantity must be at least 1 (weighed items in steps of 0.1 kg).',
  extraNotes: 'You can enter up to 50 characters in this field.',
  optionNotOffered: 'This option is not offered with this item.',
  singleChoice: 'Please choose only one option in this group.',
  serviceChargeEnforced: 'The service charge of this store cannot be changed.',
  serviceChargeChoice: 'Please choose a service charge of 5, 10, 20 or 0 percent.',
  basketClosed: 'This basket has already been ordered or cancelled.',
} as const;

const B = 'storemanagement/basket/';
export const BASKET_PATHS = {
  base: B,
  status: (branchId: number, orderType: string, bssId: string | null) =>
    `${B}status/created/merchantBranchId/${branchId}/orderType/${encodeURIComponent(orderType)}/basketBssId/${bssId ?? 'null'}`,
  addItem: `${B}addItemToBasket`,
  addOne: `${B}addOneQuantityToItem`,
  addSetMenuItem: `${B}addSetMenuItemToBasket`,
  removeItem: `${B}removeItemFromBasket`,
  serviceCharge: (branchId: number, percent: number, bssId: string) => `${B}addServiceCharge/merchantBranchId/${branchId}/serviceCharge/${percent}/basketBssId/${bssId}`,
  place: `${B}place`,
  cancel: (branchId: number, bssId: string) => `${B}cancel/branchId/${branchId}/basketBssId/${bssId}`,
  ageRestricted: (branchId: number, bssId: string | null) => `${B}ageRestricted/branchId/${branchId}/basketBssId/${bssId ?? 'null'}`,
  checkAgeRestricted: (branchId: number, bssId: string | null) => `${B}checkAgeRestricted/branchId/${branchId}/basketBssId/${bssId ?? 'null'}`,
} as const;
