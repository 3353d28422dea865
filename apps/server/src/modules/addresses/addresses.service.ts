import { and, eq } from 'drizzle-orm';
import {
  ADDRESS_MESSAGES,
  type AddressLookupResult,
  POSTCODE_LOOKUP_MIN,
  type Serviceability,
  inServiceableAreas,
  milesBetween,
  normalisePostcode,
} from '@tillpoint/contracts/address-lookup';
import type { ApiError } from '@tillpoint/contracts/api-error';
import type { Db } from '../../db/open-db';
import { branchSettings, merchantBranch } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { branchScope } from '../../platform/tenancy';
import { type AddressProvider, AddressServiceUnavailable, refundCredit, spendCredit } from './addresses.repo';

async function scopeOf(db: Db, branchId: number): Promise<Scope> {
  const s = await branchScope(db, branchId);
  if (!s) throw notFound();
  return s;
}

function postcodeOf(raw: string, minLength = 0): string {
  if (raw.trim().length < minLength) throw badRequest(ADDRESS_MESSAGES.tooShort);
  const postcode = normalisePostcode(raw);
  if (!postcode) throw badRequest(ADDRESS_MESSAGES.invalid);
  return postcode;
}

const info = (details: string): ApiError => ({ type: 'INFO', details });

/** Where a look-up the outside service could not answer is reported (the route's logger). */
export type AddressLog = { warn: (obj: object, msg: string) => void };

/**
 * GET v1/api/address/branchId/{id}/postcode/{postcode}: the addresses of a postcode (at least 6
 * characters), for one ADDRESS credit of the branch. No credit left, nothing found, or the outside
 * service unable to answer: an INFO notice (never a 5xx), and the customer types the address instead.
 * A look-up made spends its credit, also when it finds nothing ('No Available Address'); one the
 * service could not answer was not made, and its credit is given back.
 */
export async function lookupAddresses(
  db: Db,
  provider: AddressProvider,
  branchId: number,
  raw: string,
  log?: AddressLog,
): Promise<AddressLookupResult[] | ApiError> {
  const s = await scopeOf(db, branchId);
  const postcode = postcodeOf(raw, POSTCODE_LOOKUP_MIN);
  const creditId = await spendCredit(db, s, 'ADDRESS');
  if (creditId === null) return info(ADDRESS_MESSAGES.noCredit);
  let found: AddressLookupResult[];
  try {
    found = await provider.lookup(db, postcode);
  } catch (err) {
    if (!(err instanceof AddressServiceUnavailable)) throw err;
    await refundCredit(db, s, creditId);
    log?.warn({ reason: err.message }, 'address look-up unavailable');
    return info(ADDRESS_MESSAGES.noCredit);
  }
  return found.length ? found : info(ADDRESS_MESSAGES.noAddress);
}

/**
 * GET v1/api/address/servicable/…: whether the branch delivers to a postcode. Its serviceable areas
 * answer first (no credit spent); otherwise, when it has a delivery distance, the distance in miles
 * from the branch's own postcode decides, for one DISTANCE credit. With no credit left, or a postcode
 * the provider cannot place, the distance cannot be measured and the answer is no; when the outside
 * service cannot answer, the credit is given back and the answer says so. A branch with neither
 * setting delivers anywhere.
 */
export async function checkServiceable(db: Db, provider: AddressProvider, branchId: number, raw: string, log?: AddressLog): Promise<Serviceability> {
  const s = await scopeOf(db, branchId);
  const postcode = postcodeOf(raw);
  const [row] = await db
    .select({ areas: branchSettings.serviceableAreas, distance: branchSettings.distanceHundredthsMiles, branchPostCode: merchantBranch.postCode })
    .from(merchantBranch)
    .leftJoin(branchSettings, and(eq(branchSettings.merchantAccountId, merchantBranch.merchantAccountId), eq(branchSettings.merchantBranchId, merchantBranch.id)))
    .where(and(eq(merchantBranch.merchantAccountId, s.merchantAccountId), eq(merchantBranch.id, s.merchantBranchId)));
  const yes = (distance: number | null): Serviceability => ({ postCode: postcode, serviceable: true, distance, message: null });
  const no = (distance: number | null, message: string = ADDRESS_MESSAGES.notServiceable): Serviceability => ({ postCode: postcode, serviceable: false, distance, message });
  const areas = row?.areas?.trim() || null;
  const limit = row?.distance ?? null;
  if (areas && inServiceableAreas(postcode, areas)) return yes(null);
  if (limit === null) return areas ? no(null) : yes(null);
  const home = row?.branchPostCode ? normalisePostcode(row.branchPostCode) : null;
  if (!home) return no(null);
  const creditId = await spendCredit(db, s, 'DISTANCE');
  if (creditId === null) return no(null);
  let from: { lat: number; lon: number } | null;
  let to: { lat: number; lon: number } | null;
  try {
    [from, to] = await Promise.all([provider.coordinates(db, home), provider.coordinates(db, postcode)]);
  } catch (err) {
    if (!(err instanceof AddressServiceUnavailable)) throw err;
    await refundCredit(db, s, creditId);
    log?.warn({ reason: err.message }, 'delivery distance unavailable');
    return no(null, ADDRESS_MESSAGES.distanceUnavailable);
  }
  if (!from || !to) return no(null);
  const miles = Math.round(milesBetween(from, to) * 100) / 100;
  return miles * 100 <= limit ? yes(miles) : no(miles);
}
