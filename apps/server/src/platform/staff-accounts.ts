import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/open-db';
import { adminUser, merchantAccount, merchantBranch, merchantUser } from '../db/schema';

/** Staff accounts as both the sign-in (auth) and user management (users) change them. */

/** A branch with the status of its account (a PASSIVE account closes all its branches). */
export async function findBranch(db: Db, merchantAccountId: number, branchId: number) {
  const [b] = await db
    .select({ id: merchantBranch.id, domainName: merchantBranch.domainName, status: merchantBranch.status, accountStatus: merchantAccount.status })
    .from(merchantBranch)
    .innerJoin(merchantAccount, eq(merchantAccount.id, merchantBranch.merchantAccountId))
    .where(and(eq(merchantBranch.merchantAccountId, merchantAccountId), eq(merchantBranch.id, branchId)));
  return b;
}

export async function setPassword(db: Db, userType: 'admin' | 'merchant', userId: number, tenantId: number | null, passwordHash: string, activate: boolean) {
  const now = new Date();
  const values = { passwordHash, passwordChangeDate: now, wrongEntryNumbers: 0, lockedUntil: null, ...(activate ? { activationDate: now } : {}) };
  if (userType === 'admin') await db.update(adminUser).set(values).where(eq(adminUser.id, userId));
  else await db.update(merchantUser).set(values).where(and(eq(merchantUser.merchantAccountId, tenantId ?? -1), eq(merchantUser.id, userId)));
}
