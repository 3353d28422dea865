import { and, eq, sql } from 'drizzle-orm';
import type { MarketplaceBranch } from '@tillpoint/contracts/marketplace';
import { MARKETPLACE_PATHS } from '@tillpoint/contracts/marketplace-paths';
import type { Db } from '../../db/open-db';
import { memberFavourite, merchantBranch } from '../../db/schema';
import { type PublicStore, publicStores, storeStateNow, storefrontLicensed } from '../../platform/public-store';
import { ownedBy } from '../../platform/tenancy';

/** Marketplace reads (spec 3 §2.2 'Marketplace store list', §3 'Marketplace branch'): live, licensed stores only. */

export function toMarketplaceBranch(s: PublicStore, now = new Date(), favourites: ReadonlySet<number> = NO_FAVOURITES): MarketplaceBranch {
  const state = storeStateNow(s, now);
  const logo = s.images.LOGO !== null;
  return {
    id: s.id,
    tradingName: s.tradingName,
    domainName: s.domainName,
    favorite: favourites.has(s.id),
    displayAddressString: s.addressText,
    serviceableAreas: s.serviceableAreas,
    openAndCloseHours: state.todayHours === 'Closed' ? 'Closed today' : state.todayHours === 'Open' ? 'Open' : state.todayHours,
    open: state.open,
    postCodeAround: s.postCode,
    logoUrl: logo ? `/api/${MARKETPLACE_PATHS.image(s.id, 'LOGO')}` : null,
    fileType: null,
    fileName: null,
    content: null,
  };
}

const NO_FAVOURITES: ReadonlySet<number> = new Set();

/** The signed-in member's favourite stores (branch ids); none for a visitor. */
export async function favouritesOf(db: Db, memberId: number | null): Promise<ReadonlySet<number>> {
  if (memberId === null) return NO_FAVOURITES;
  const rows = await db.select({ id: memberFavourite.merchantBranchId }).from(memberFavourite).where(eq(memberFavourite.memberUserId, memberId));
  return new Set(rows.map((r) => r.id));
}

export async function listMarketplace(db: Db, now = new Date(), favourites: ReadonlySet<number> = NO_FAVOURITES): Promise<MarketplaceBranch[]> {
  return (await publicStores(db, storefrontLicensed)).map((s) => toMarketplaceBranch(s, now, favourites));
}

/**
 * PUT branchid/{id}/favorite/{true|false}: marks or unmarks a listed store as the member's favourite
 * (idempotent both ways). A store the marketplace does not list is not found.
 */
export async function setFavourite(db: Db, memberId: number, branchId: number, favourite: boolean): Promise<boolean> {
  const [store] = await publicStores(db, and(storefrontLicensed, eq(merchantBranch.id, branchId)), 1);
  if (!store) return false;
  const key = ownedBy(memberFavourite, { merchantAccountId: store.merchantAccountId, merchantBranchId: branchId }, eq(memberFavourite.memberUserId, memberId));
  if (favourite) {
    await db.insert(memberFavourite).values({ memberUserId: memberId, merchantAccountId: store.merchantAccountId, merchantBranchId: branchId }).onConflictDoNothing();
  } else {
    await db.delete(memberFavourite).where(key);
  }
  return true;
}

/** LIKE's wildcards in the customer's text are letters to look for, not patterns. */
const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchMarketplace(db: Db, text: string, now = new Date(), favourites: ReadonlySet<number> = NO_FAVOURITES): Promise<MarketplaceBranch[]> {
  const pattern = likeText(text);
  const matches = sql`(lower(${merchantBranch.tradingName}) like ${pattern} or lower(${merchantBranch.domainName}) like ${pattern})`;
  return (await publicStores(db, and(storefrontLicensed, matches))).map((s) => toMarketplaceBranch(s, now, favourites));
}

/** A listed store's page image file id (HEADER, MOBILE or LOGO); undefined when it has none or is not live. */
export async function storeImage(db: Db, branchId: number, type: 'HEADER' | 'MOBILE' | 'LOGO') {
  const [store] = await publicStores(db, eq(merchantBranch.id, branchId), 1);
  const fileId = store?.images[type] ?? null;
  return store && fileId !== null ? { merchantAccountId: store.merchantAccountId, fileId } : undefined;
}
