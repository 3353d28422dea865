import { PATHS } from '@tillpoint/contracts/api-paths';
import { BRANCH_SETTINGS_PATHS } from '@tillpoint/contracts/branch-settings-paths';
import { MARKETPLACE_PATHS } from '@tillpoint/contracts/marketplace-paths';
import type { MemberBranchSettings } from '@tillpoint/contracts/branch-settings';
import type { StoreInfo } from '@tillpoint/contracts/merchant-branch';
import type { StorefrontOrderType } from '@tillpoint/contracts/basket-paths';
import type { MemberMenuItem } from '@tillpoint/contracts/web-menu';
import { TOP_LEVEL, WEB_MENU_MEMBER_PATHS } from '@tillpoint/contracts/web-menu-paths';
import { type ApiResult, api } from '../shared/api';
import { STORE_KEYS, writeKey } from './storefront-storage';

/** A store as the storefront loads it: header card, member settings and licences (spec 3 §3, §6, §7.5). */
export type Licences = { hasWebOrderLicense: boolean; hasWebMenuLicense: boolean; hasTableOrderLicense: boolean };
export type StoreData = { branchId: number; info: StoreInfo; settings: MemberBranchSettings; licences: Licences };

export type StoreLoad = { status: 'loading' } | { status: 'notFound' } | { status: 'unavailable' } | { status: 'ready'; store: StoreData };

/**
 * The calls a store's first screen makes, started as soon as the page knows its store (the address
 * names it before React has drawn anything) instead of one after another as each part mounts: the
 * branch, then its header, settings and licences, then the menu's top level. Each early reply is taken
 * once, and only while fresh; any later call asks the server again.
 */
const EARLY_MS = 10_000;
const early = new Map<string, { at: number; reply: Promise<ApiResult<unknown>> }>();

function startEarly(path: string) {
  const kept = early.get(path);
  if (kept && Date.now() - kept.at < EARLY_MS) return kept.reply;
  const reply = api.get<unknown>(path);
  early.set(path, { at: Date.now(), reply });
  return reply;
}

/** A GET of the store's first screen: the early reply when one was started, else a call now. */
export function getOnce<T>(path: string): Promise<ApiResult<T>> {
  const kept = early.get(path);
  early.delete(path);
  return kept && Date.now() - kept.at < EARLY_MS ? (kept.reply as Promise<ApiResult<T>>) : api.get<T>(path);
}

/** Starts the calls of a known store's first screen. */
export function prefetchStore(branchId: number) {
  for (const path of [
    PATHS.merchantBranch.storeInfo(branchId),
    BRANCH_SETTINGS_PATHS.member(branchId),
    PATHS.licenceFlags(branchId),
    WEB_MENU_MEMBER_PATHS.shortcuts(branchId),
    WEB_MENU_MEMBER_PATHS.items(branchId, TOP_LEVEL),
  ])
    void startEarly(path);
}

/** Starts finding the store a domain name names, and then its first screen's calls. */
export function prefetchDomain(domainName: string) {
  void startEarly(PATHS.merchantBranch.byDomainName(domainName)).then((r) => {
    if (r.ok) prefetchStore((r.body as { merchantBranchId: number }).merchantBranchId);
  });
}

/** The branch id of a domain name; null when no live store has it (the page then goes to /). */
export async function branchIdOf(domainName: string): Promise<number | null> {
  const r = await getOnce<{ merchantBranchId: number }>(PATHS.merchantBranch.byDomainName(domainName));
  return r.ok ? r.body.merchantBranchId : null;
}

/** The branch a table QR code's client id names (/tableNo/{n}?clientId=…); null when it names no live store. */
export async function branchIdOfClient(clientId: string): Promise<number | null> {
  const r = await api.get<{ merchantBranchId: number }>(PATHS.merchantBranch.byClientId(clientId));
  return r.ok ? r.body.merchantBranchId : null;
}

export async function loadStore(branchId: number): Promise<StoreData | null> {
  const [info, settings, licences] = await Promise.all([
    getOnce<StoreInfo>(PATHS.merchantBranch.storeInfo(branchId)),
    getOnce<MemberBranchSettings>(BRANCH_SETTINGS_PATHS.member(branchId)),
    getOnce<Licences>(PATHS.licenceFlags(branchId)),
  ]);
  if (!info.ok || !settings.ok || !licences.ok) return null;
  // The licences are kept for the checkout and login pages (spec 3 §3 browser keys).
  writeKey(STORE_KEYS.webOrderLicence, String(licences.body.hasWebOrderLicense));
  writeKey(STORE_KEYS.tableOrderLicence, String(licences.body.hasTableOrderLicense));
  writeKey(STORE_KEYS.webMenuLicence, String(licences.body.hasWebMenuLicense));
  return { branchId, info: info.body, settings: settings.body, licences: licences.body };
}

/** The menu's top level and its shortcut cards: what the store page shows first. */
export type TopMenu = { items: MemberMenuItem[]; shortcuts: MemberMenuItem[] };

/**
 * The top-level menu, loaded beside the store (its calls are preloaded with the page) so that the
 * store page's first render shows it, instead of a render of placeholders and one per reply. Null
 * when either call failed: the page then asks itself, and reports the error.
 */
export async function loadTopMenu(branchId: number): Promise<TopMenu | null> {
  const [items, shortcuts] = await Promise.all([
    getOnce<MemberMenuItem[]>(WEB_MENU_MEMBER_PATHS.items(branchId, TOP_LEVEL)),
    getOnce<MemberMenuItem[]>(WEB_MENU_MEMBER_PATHS.shortcuts(branchId)),
  ]);
  return items.ok && shortcuts.ok ? { items: items.body, shortcuts: shortcuts.body } : null;
}

/**
 * Licence gating (spec 3 §6): without a table number the storefront needs the web-order or web-menu
 * licence; with one, the table-order or web-menu licence.
 */
export function storefrontAllowed(l: Licences, tableNo: number | null): boolean {
  return tableNo === null ? l.hasWebOrderLicense || l.hasWebMenuLicense : l.hasTableOrderLicense || l.hasWebMenuLicense;
}

/** Basket loading needs an ordering licence (spec 3 §6); with only the web menu licence the menu is view-only. */
export const canOrder = (l: Licences) => l.hasWebOrderLicense || l.hasTableOrderLicense;

/**
 * The order types offered (spec 3 §4.4): Delivery when web ordering is licensed and a web payment option
 * mentions DELIVERY, Collection when one mentions COLLECTION, Table Order when table ordering is licensed
 * and table payment options exist.
 */
export function offeredOrderTypes(l: Licences, s: MemberBranchSettings): StorefrontOrderType[] {
  const web = s.webOrderPaymentOptions.toUpperCase();
  const types: StorefrontOrderType[] = [];
  if (l.hasWebOrderLicense && web.includes('DELIVERY')) types.push('Delivery');
  if (l.hasWebOrderLicense && web.includes('COLLECTION')) types.push('Collection');
  if (l.hasTableOrderLicense && s.tableOrderPaymentOptions.trim() !== '') types.push('Table Order');
  return types;
}

/**
 * The default type (spec 3 §4.4): Table Order when a table number is stored and it is offered; otherwise
 * the stored choice when still offered, else Delivery, else Collection (a table-less visit falls back to them).
 */
export function defaultOrderType(offered: StorefrontOrderType[], tableNo: number | null, stored: StorefrontOrderType | null): StorefrontOrderType | null {
  if (tableNo !== null && offered.includes('Table Order')) return 'Table Order';
  const web = offered.filter((t) => t !== 'Table Order');
  if (stored && stored !== 'Table Order' && web.includes(stored)) return stored;
  return web[0] ?? (offered.includes('Table Order') && tableNo !== null ? 'Table Order' : null);
}

/** A page image of a branch (HEADER, MOBILE, LOGO). */
export const imageUrl = (branchId: number, type: 'HEADER' | 'MOBILE' | 'LOGO') => `/api/${MARKETPLACE_PATHS.image(branchId, type)}`;
