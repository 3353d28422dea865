import { type SQL, and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import { type OpeningHours, flatSchedule, openingHoursOf, storeStateAt } from '@tillpoint/contracts/schedule';
import type { Db } from '../db/open-db';
import { branchSettings, licence, merchantAccount, merchantBranch, pageSettings } from '../db/schema';
import { grants } from './licence-grants';
import { storeCache } from './store-changes';

/**
 * What a customer may see of a live store (ACTIVE branch of an ACTIVE account), read in one query for
 * the store header card (accounts' storeInfo) and the marketplace's store cards: both show the same
 * address, hours and images, so they are computed once here.
 */
export type PublicStore = {
  id: number;
  merchantAccountId: number;
  tradingName: string;
  domainName: string;
  status: string;
  addressText: string;
  postCode: string | null;
  contactPhone: string | null;
  /** Only when the store shows it on its card. */
  contactEmail: string | null;
  serviceableAreas: string | null;
  menuBorderColor: string;
  menuDisplayTemplate: 'Template1' | 'Template2';
  minimumDeliveryDeliveryDuration: number | null;
  maximumDeliveryDeliveryDuration: number | null;
  hours: OpeningHours | null;
  images: { HEADER: number | null; MOBILE: number | null; LOGO: number | null };
};

const liveStore = sql`${merchantBranch.status} = 'ACTIVE' and ${merchantAccount.status} = 'ACTIVE'`;

/** Licensed for the storefront: a web-order or web-menu licence that grants now (the marketplace lists only these). */
export const storefrontLicensed = exists(
  sql`(select 1 from ${licence} where ${licence.merchantAccountId} = ${merchantBranch.merchantAccountId}
    and ${licence.merchantBranchId} = ${merchantBranch.id}
    and ${inArray(licence.serviceName, ['WEB_ORDER', 'WEB_MENU'])} and ${grants})`,
);

/** 'High Street 1, Westminster, London, SW1A 1AA': the address parts the branch has, in order. */
export const addressText = (parts: (string | null)[]) =>
  parts
    .map((p) => p?.trim())
    .filter((p): p is string => !!p)
    .join(', ');

export async function publicStores(db: Db, where: SQL | undefined, limit = 500): Promise<PublicStore[]> {
  const rows = await db
    .select({
      id: merchantBranch.id,
      merchantAccountId: merchantBranch.merchantAccountId,
      tradingName: merchantBranch.tradingName,
      domainName: merchantBranch.domainName,
      status: merchantBranch.status,
      address1: merchantBranch.address1,
      address2: merchantBranch.address2,
      address3: merchantBranch.address3,
      address4: merchantBranch.address4,
      city: merchantBranch.city,
      postCode: merchantBranch.postCode,
      mobilePhone: merchantBranch.mobilePhone,
      emailAddress: merchantBranch.emailAddress,
      showEmail: branchSettings.showEmailAddressInTheStoreCard,
      serviceableAreas: branchSettings.serviceableAreas,
      menuBorderColor: branchSettings.menuBorderColor,
      menuDisplayTemplate: branchSettings.menuDisplayTemplate,
      minDuration: branchSettings.minimumDeliveryDeliveryDuration,
      maxDuration: branchSettings.maximumDeliveryDeliveryDuration,
      openingHours: branchSettings.openingHours,
      header: pageSettings.headerFileId,
      mobile: pageSettings.mobileFileId,
      logo: pageSettings.logoFileId,
    })
    .from(merchantBranch)
    .innerJoin(merchantAccount, eq(merchantAccount.id, merchantBranch.merchantAccountId))
    .leftJoin(
      branchSettings,
      and(eq(branchSettings.merchantAccountId, merchantBranch.merchantAccountId), eq(branchSettings.merchantBranchId, merchantBranch.id)),
    )
    .leftJoin(pageSettings, and(eq(pageSettings.merchantAccountId, merchantBranch.merchantAccountId), eq(pageSettings.merchantBranchId, merchantBranch.id)))
    .where(and(liveStore, where))
    .orderBy(asc(merchantBranch.tradingName), asc(merchantBranch.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    merchantAccountId: r.merchantAccountId,
    tradingName: r.tradingName,
    domainName: r.domainName,
    status: r.status,
    addressText: addressText([r.address1, r.address2, r.address3, r.address4, r.city, r.postCode]),
    postCode: r.postCode,
    contactPhone: r.mobilePhone,
    contactEmail: r.showEmail ? r.emailAddress : null,
    serviceableAreas: r.serviceableAreas ?? null,
    menuBorderColor: r.menuBorderColor ?? '#00bcd4',
    menuDisplayTemplate: r.menuDisplayTemplate === 'Template2' ? 'Template2' : 'Template1',
    minimumDeliveryDeliveryDuration: r.minDuration ?? null,
    maximumDeliveryDeliveryDuration: r.maxDuration ?? null,
    hours: r.openingHours ? openingHoursOf(flatSchedule(r.openingHours as OpeningHours)) : null,
    images: { HEADER: r.header ?? null, MOBILE: r.mobile ?? null, LOGO: r.logo ?? null },
  }));
}

/** One live store by id or domain name (any letter case). */
export async function publicStore(db: Db, where: { id: number } | { domainName: string }): Promise<PublicStore | undefined> {
  const [store] = await publicStores(
    db,
    'id' in where ? eq(merchantBranch.id, where.id) : sql`lower(${merchantBranch.domainName}) = lower(${where.domainName})`,
    1,
  );
  return store;
}

/** The open or closed state now (Europe/London). */
export const storeStateNow = (store: PublicStore, now = new Date()) => storeStateAt(store.status, store.hours, now);

/**
 * The live store a domain name names (as typed; null for none), kept per domain until its account
 * changes: the modules' store-page preloads (web-app.ts) ask on every load of a store's page.
 */
export function keptStoreOfDomain(db: Db) {
  const kept = storeCache<{ id: number; merchantAccountId: number } | null>(db, 'store-of-domain');
  return (domainName: string) =>
    kept.get(domainName.toLowerCase(), async () => {
      const store = await publicStore(db, { domainName });
      return { value: store ? { id: store.id, merchantAccountId: store.merchantAccountId } : null, accountId: store?.merchantAccountId };
    });
}
