import { useSyncExternalStore } from 'react';
import { BASKET_PATHS, type StorefrontOrderType } from '@tillpoint/contracts/basket-paths';
import type { Basket, BasketLine, ChosenOption } from '@tillpoint/contracts/basket';
import { type ApiResult, api } from '../shared/api';
import { notify } from '../shared/notify';
import { readBasketId, writeBasketId } from './storefront-storage';

/**
 * The storefront's basket (spec 3 §4.6, §7.3): one per page, shared by the store page, the basket
 * panel and the checkout. The server prices everything; this keeps only its last reply and the id
 * (under the branch id in the browser). Every change goes through the server and shows its reply.
 */
export type BasketState = {
  branchId: number | null;
  orderType: StorefrontOrderType;
  tableNo: number | null;
  basket: Basket | null;
  /** A call is under way: buttons that change the basket wait. */
  busy: boolean;
};

let state: BasketState = { branchId: null, orderType: 'Delivery', tableNo: null, basket: null, busy: false };
// Counts the changes sent: a load that started before a change must not overwrite the change's newer reply.
let changes = 0;
const listeners = new Set<() => void>();

function set(patch: Partial<BasketState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const getBasketState = () => state;
export function useBasket(): BasketState {
  return useSyncExternalStore(subscribe, getBasketState);
}

/** Keeps the server's reply and its id (a basket ordered or cancelled comes back without one: the id is forgotten). */
function keep(result: ApiResult<Basket>, options: { quiet?: boolean; staleAfter?: number } = {}): Basket | null {
  if (options.staleAfter !== undefined && options.staleAfter !== changes) return result.ok ? result.body : null;
  if (!result.ok) {
    if (!options.quiet) notify(result, { suppressSuccess: true });
    return null;
  }
  const b = result.body;
  if (state.branchId !== null && b.merchantBranchId === state.branchId) {
    writeBasketId(b.merchantBranchId, b.bssId);
    set({ basket: b });
  }
  return b;
}

async function busyWhile<T>(work: () => Promise<T>): Promise<T> {
  changes += 1;
  set({ busy: true });
  try {
    return await work();
  } finally {
    set({ busy: false });
  }
}

/** The branch's current basket for the order type (GET status/created/…); an unknown or finished id gives an empty one. */
export async function loadBasket(branchId: number, orderType: StorefrontOrderType, tableNo: number | null = state.tableNo): Promise<Basket | null> {
  if (state.branchId !== branchId) set({ basket: null });
  set({ branchId, orderType, tableNo });
  const started = changes;
  const r = await api.get<Basket>(BASKET_PATHS.status(branchId, orderType, readBasketId(branchId)));
  // Loading is read-only: a refusal (no ordering licence) leaves the panel empty without a toast.
  return keep(r, { quiet: true, staleAfter: started });
}

export type AddItem = {
  webMenuBssId: number;
  quantity: number;
  extraNotes?: string | null;
  /** Set menus: the chosen products of the item's option groups. */
  options?: ChosenOption[];
  setMenu: boolean;
};

const requireBranch = () => {
  if (state.branchId === null) throw new Error('the basket has no branch yet (loadBasket first)');
  return state.branchId;
};

/** PUT addItemToBasket / addSetMenuItemToBasket; the first item creates the basket. Resolves whether it was added. */
export function addToBasket(item: AddItem): Promise<boolean> {
  return busyWhile(async () => {
    const branchId = requireBranch();
    const body = {
      merchantBranchId: branchId,
      basketBssId: readBasketId(branchId),
      orderType: state.orderType,
      tableNo: state.orderType === 'Table Order' ? state.tableNo : null,
      webMenuBssId: item.webMenuBssId,
      quantity: item.quantity,
      extraNotes: item.extraNotes || null,
      options: item.options ?? [],
    };
    const r = await api.put<Basket>(item.setMenu ? BASKET_PATHS.addSetMenuItem : BASKET_PATHS.addItem, body);
    return keep(r) !== null;
  });
}

const lineBody = (line: BasketLine) => ({ merchantBranchId: requireBranch(), basketBssId: line.basketBssId, bssId: line.bssId });

/** + on a line: one more (0.1 kg more of a weighed item). */
export const addOneToLine = (line: BasketLine) => busyWhile(async () => keep(await api.put<Basket>(BASKET_PATHS.addOne, lineBody(line))) !== null);

/** The line leaves the basket. */
export const removeLine = (line: BasketLine) => busyWhile(async () => keep(await api.put<Basket>(BASKET_PATHS.removeItem, lineBody(line))) !== null);

/** − on a line: one step less (0.1 kg of a weighed item) in one change; at the minimum the line leaves. */
export const removeOneFromLine = (line: BasketLine) =>
  busyWhile(async () => keep(await api.put<Basket>(BASKET_PATHS.removeItem, { ...lineBody(line), quantity: line.weighable ? 0.1 : 1 })) !== null);

/** GET addServiceCharge/…: 5, 10, 20 or 0 ('Not this time'); the server refuses when the store ENFORCES its charge. */
export function chooseServiceCharge(percent: number): Promise<boolean> {
  return busyWhile(async () => {
    const branchId = requireBranch();
    const bssId = readBasketId(branchId);
    if (!bssId) return false;
    return keep(await api.get<Basket>(BASKET_PATHS.serviceCharge(branchId, percent, bssId))) !== null;
  });
}

/** GET checkAgeRestricted/…: whether this basket's customer already said they are over 18. */
export async function ageConfirmed(): Promise<boolean> {
  const branchId = requireBranch();
  const r = await api.get<boolean>(BASKET_PATHS.checkAgeRestricted(branchId, readBasketId(branchId)));
  return r.ok && r.body === true;
}

/** PUT ageRestricted/…: records the answer 'yes, over 18' (creating the basket when there is none yet). */
export async function confirmAge(): Promise<boolean> {
  const branchId = requireBranch();
  changes += 1;
  return keep(await api.put<Basket>(BASKET_PATHS.ageRestricted(branchId, readBasketId(branchId)))) !== null;
}

/** A new order type (spec 3 §4.4): the same basket, priced for it. */
export function setOrderType(orderType: StorefrontOrderType) {
  const branchId = state.branchId;
  set({ orderType });
  if (branchId !== null) return loadBasket(branchId, orderType);
  return Promise.resolve(null);
}

/** After an order is placed or the basket cancelled: the id is forgotten and the panel is empty. */
export function forgetBasket(branchId: number) {
  writeBasketId(branchId, null);
  if (state.branchId === branchId) set({ basket: null });
}
