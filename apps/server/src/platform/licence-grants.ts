import { sql } from 'drizzle-orm';
import type { ServiceName } from '@tillpoint/contracts/enums';
import type { Db } from '../db/open-db';
import { licence } from '../db/schema';
import { ownedBy } from './tenancy';

/** Licences as both the licences area and the merchant sign-in (auth) read them. */

/** The end of a DEMO licence, in SQL; the same rule as isLapsed in licences.rules.ts. */
export const demoEnd = sql`${licence.createdDate} + make_interval(days => coalesce(${licence.validDays}, 0))`;

export const grants = sql`(${licence.licenseStatus} = 'ACTIVE' or (${licence.licenseStatus} = 'DEMO' and ${demoEnd} > now()))`;

/**
 * A licence grants its service while ACTIVE, or while DEMO and inside its valid days.
 * The expiry job marks lapsed DEMO licences; this check does not wait for it.
 */
export async function grantedServices(db: Db, merchantAccountId: number, merchantBranchId: number): Promise<Set<ServiceName>> {
  const rows = await db
    .select({ serviceName: licence.serviceName })
    .from(licence)
    .where(ownedBy(licence, { merchantAccountId, merchantBranchId }, grants));
  return new Set(rows.map((r) => r.serviceName as ServiceName));
}
