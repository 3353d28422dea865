import type { StorefrontOrderType } from '@tillpoint/contracts/basket';

/**
 * What the storefront keeps in the browser (spec 3 §3 'Browser storage keys'), written in one place so
 * the store page, the checkout and the login pages read the same keys. localStorage: it must survive
 * the trip to a 3-D Secure page and back.
 */
export const STORE_KEYS = {
  merchantBranchId: 'merchantBranchId',
  tableNo: 'tableNo',
  orderType: 'orderType',
  postCode: 'postCode',
  description: 'description',
  addressLine1: 'addressLine1',
  addressLine2: 'addressLine2',
  addressLine3: 'addressLine3',
  addressLine4: 'addressLine4',
  city: 'city',
  webOrderLicence: 'WEB_ORDER_LICENSE',
  tableOrderLicence: 'TABLE_ORDER_LICENSE',
  webMenuLicence: 'WEB_MENU_LICENSE',
} as const;

/** The address keys the order flow clears after a placed order (spec 3 §4.7). */
export const ADDRESS_KEYS = ['postCode', 'description', 'addressLine1', 'addressLine2', 'addressLine3', 'addressLine4', 'city'] as const;

const store = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    // Storage can be refused (private modes, blocked cookies): the page still works for this visit.
    return null;
  }
};

export const readKey = (key: string): string | null => store()?.getItem(key) ?? null;
export const writeKey = (key: string, value: string | number | null | undefined) => {
  const s = store();
  if (!s) return;
  if (value === null || value === undefined || value === '') s.removeItem(key);
  else s.setItem(key, String(value));
};
export const removeKeys = (...keys: readonly string[]) => {
  for (const key of keys) store()?.removeItem(key);
};

/** The basket id is kept under the branch id (spec 3 §3). */
const basketKey = (branchId: number) => `basket:${branchId}`;
export const readBasketId = (branchId: number): string | null => readKey(basketKey(branchId));
export const writeBasketId = (branchId: number, bssId: string | null) => writeKey(basketKey(branchId), bssId);

export const readBranchId = (): number | null => {
  const v = Number(readKey(STORE_KEYS.merchantBranchId));
  return Number.isInteger(v) && v > 0 ? v : null;
};

export const readTableNo = (): number | null => {
  const v = Number(readKey(STORE_KEYS.tableNo));
  return Number.isInteger(v) && v > 0 ? v : null;
};

export const readOrderType = (): StorefrontOrderType | null => {
  const v = readKey(STORE_KEYS.orderType);
  return v === 'Delivery' || v === 'Collection' || v === 'Table Order' ? v : null;
};
