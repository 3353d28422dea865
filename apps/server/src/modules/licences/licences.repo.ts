import { and, eq, sql } from 'drizzle-orm';
import type { LicenceFlags } from '@tillpoint/contracts/auth';
import type { ServiceName } from '@tillpoint/contracts/enums';
import type { Db } from '../../db/open-db';
import { licence } from '../../db/schema';

/**
 * A licence grants its service while ACTIVE, or while DEMO and inside its valid days.
 * The expiry job of the licences area marks lapsed DEMO licences; this check does not wait for it.
 */
export async function grantedServices(db: Db, merchantAccountId: number, merchantBranchId: number): Promise<Set<ServiceName>> {
  const rows = await db
    .select({ serviceName: licence.serviceName })
    .from(licence)
    .where(
      and(
        eq(licence.merchantAccountId, merchantAccountId),
        eq(licence.merchantBranchId, merchantBranchId),
        sql`(${licence.licenseStatus} = 'ACTIVE' or (${licence.licenseStatus} = 'DEMO' and ${licence.createdDate} + make_interval(days => coalesce(${licence.validDays}, 0)) > now()))`,
      ),
    );
  return new Set(rows.map((r) => r.serviceName as ServiceName));
}

export function licenceFlags(services: Set<ServiceName>): LicenceFlags {
  return {
    hasWebOrderLicense: services.has('WEB_ORDER'),
    hasWebMenuLicense: services.has('WEB_MENU'),
    hasTableOrderLicense: services.has('TABLE_ORDER'),
  };
}
