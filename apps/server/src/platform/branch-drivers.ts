import { and, asc, eq, sql } from 'drizzle-orm';
import { DRIVER_ROLE, type Driver } from '@tillpoint/contracts/merchant-user';
import type { Db } from '../db/open-db';
import { merchantUser, merchantUserBranch, merchantUserRole, role } from '../db/schema';
import type { Scope } from './auth';
import { ownedBy } from './tenancy';

/**
 * ACTIVE users of a branch holding the DRIVER role, or the one named: shared by the users area (the
 * dispatch list of the orders screen, the till's driver group) and the orders area (dispatch checks
 * its driver is one).
 */
export function branchDrivers(db: Db, s: Scope, userId?: number): Promise<Driver[]> {
  return db
    .select({ id: merchantUser.id, fullName: sql<string>`concat_ws(' ', ${merchantUser.firstName}, ${merchantUser.lastName})` })
    .from(merchantUser)
    .innerJoin(merchantUserRole, and(eq(merchantUserRole.merchantAccountId, merchantUser.merchantAccountId), eq(merchantUserRole.userId, merchantUser.id)))
    .innerJoin(role, eq(role.id, merchantUserRole.roleId))
    .innerJoin(merchantUserBranch, and(eq(merchantUserBranch.merchantAccountId, merchantUser.merchantAccountId), eq(merchantUserBranch.userId, merchantUser.id)))
    .where(
      ownedBy(
        merchantUserBranch,
        s,
        and(userId === undefined ? undefined : eq(merchantUser.id, userId), eq(role.name, DRIVER_ROLE), eq(merchantUser.status, 'ACTIVE')),
      ),
    )
    .orderBy(asc(merchantUser.firstName), asc(merchantUser.lastName), asc(merchantUser.id));
}
