import { PATHS } from '@tillpoint/contracts/api-paths';
import { BRANCH_SETTINGS_PATHS } from '@tillpoint/contracts/branch-settings-paths';
import { MARKETPLACE_PATHS } from '@tillpoint/contracts/marketplace-paths';
import type { MemberBranchSettings } from '@tillpoint/contracts/branch-settings';
import type { StoreInfo } from '@tillpoint/contracts/merchant-branch';
import type { StorefrontOrderType } from '@tillpoint/contracts/basket-paths';
import { api } from '../shared/api';
import { STORE_KEYS, writeKey } from './storefront-storage';

/** A store as the storefront loads it: header card, member settings and licences (spec 3 §3, §6, §7.5). */
export type Licences = { hasWebOrderLicense: boolean; hasWebMenuLicense: boolean; hasTableOrderLicense: boolean };
export type StoreData = { branchId: number; info: StoreInfo; settings: MemberBranchSettings; licences: Licences };

export type StoreLoad = { status: 'loading' } | { status: 'notFound' } | { status: 'unavailable' } | { status: 'ready'; store: StoreData };

/** The branch id of a domain name; null when no live store has it (the page then goes to /). */
export async function branchIdOf(domainName: string): Promise<number | null> {
  const r = await api.get<{ merchantBranchId: number }>(PATHS.merchantBranch.byDomainName(domainName));
  return r.ok ? r.body.merchantBranchId : null;
}

/** The branch a table QR code's client id names (/tableNo/{n}?clientId=…); null when it names no live store. */
export async function branchIdOfClient(clientId: string): Promise<number | null> {
  const r = await api.get<{ merchantBranchId: number }>(PATHS.merchantBranch.byClientId(clientId));
  return r.ok ? r.body.merchantBranchId : null;
}

export async function loadStore(branchId: number): Promise<StoreData | null> {
  const [info, settings, licences] = await Promise.all([
    api.get<StoreInfo>(PATHS.merchantBranch.storeInfo(branchId)),
    api.get<MemberBranchSettings>(BRANCH_SETTINGS_PATHS.member(branchId)),
    api.get<Licences>(PATHS.licenceFlags(branchId)),
  ]);
  if (!info.ok || !settings.ok || !licences.ok) return null;
  // The licences are kept for the checkout and login pages (spec 3 §3 browser keys).
  writeKey(STORE_KEYS.webOrderLicence, String(licences.body.hasWebOrderLicense));
  writeKey(STORE_KEYS.tableOrderLicence, String(licences.body.hasTableOrderLicense));
  writeKey(STORE_KEYS.webMenuLicence, String(licences.body.hasWebMenuLicense));
  return { branchId, info: info.body, settings: settings.body, licences: licences.body };
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
