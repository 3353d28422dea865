import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@tillpoint/contracts/auth';
import { privilegeKey } from '@tillpoint/contracts/privileges';
import type { Db } from '../../db/open-db';
import { adminUser, merchantAccount, merchantBranch, merchantUser, merchantUserRole, role, rolePrivilege } from '../../db/schema';

export type AccountUser = {
  id: number;
  tenantId: number | null;
  userName: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  lockedUntil: Date | null;
  landingPage: string | null;
};

export const findAdminByUserName = async (db: Db, userName: string): Promise<AccountUser | undefined> => {
  const [u] = await db.select().from(adminUser).where(eq(adminUser.userName, userName));
  return u && { ...u, tenantId: null, landingPage: null };
};

export const findAdminById = async (db: Db, id: number): Promise<AccountUser | undefined> => {
  const [u] = await db.select().from(adminUser).where(eq(adminUser.id, id));
  return u && { ...u, tenantId: null, landingPage: null };
};

export const findMerchantUser = async (db: Db, merchantAccountId: number, where: { id: number } | { userName: string }) => {
  const [u] = await db
    .select()
    .from(merchantUser)
    .where(
      and(
        eq(merchantUser.merchantAccountId, merchantAccountId),
        'id' in where ? eq(merchantUser.id, where.id) : eq(merchantUser.userName, where.userName),
      ),
    );
  return u && ({ ...u, tenantId: u.merchantAccountId } satisfies AccountUser);
};

/** The store a merchant signs in to, with the status of its account. */
export async function findBranchByDomain(db: Db, domainName: string) {
  const [b] = await db
    .select({
      merchantAccountId: merchantBranch.merchantAccountId,
      id: merchantBranch.id,
      domainName: merchantBranch.domainName,
      status: merchantBranch.status,
      accountStatus: merchantAccount.status,
    })
    .from(merchantBranch)
    .innerJoin(merchantAccount, eq(merchantAccount.id, merchantBranch.merchantAccountId))
    .where(sql`lower(${merchantBranch.domainName}) = lower(${domainName})`);
  return b;
}

/** A merchant user's roles with their privileges; the user's privileges are derived from these. */
export async function merchantUserRoles(db: Db, merchantAccountId: number, userId: number): Promise<Role[]> {
  const rows = await db
    .select({ id: role.id, name: role.name, objectName: rolePrivilege.objectName, action: rolePrivilege.action, status: rolePrivilege.status })
    .from(merchantUserRole)
    .innerJoin(role, eq(role.id, merchantUserRole.roleId))
    .leftJoin(rolePrivilege, eq(rolePrivilege.roleId, role.id))
    .where(and(eq(merchantUserRole.merchantAccountId, merchantAccountId), eq(merchantUserRole.userId, userId)))
    .orderBy(asc(role.id));
  const roles = new Map<number, Role>();
  for (const r of rows) {
    let entry = roles.get(r.id);
    if (!entry) {
      entry = { id: r.id, name: r.name, merchantRolePrivilegeList: [] };
      roles.set(r.id, entry);
    }
    if (r.objectName && r.action && r.status) entry.merchantRolePrivilegeList.push({ objectName: r.objectName, action: r.action, status: r.status });
  }
  return [...roles.values()];
}

export const activePrivileges = (roles: Role[]) =>
  new Set(roles.flatMap((r) => r.merchantRolePrivilegeList.filter((p) => p.status === 'ACTIVE').map((p) => privilegeKey(p.objectName, p.action))));

/**
 * Counts a wrong password (the user's wrongEntryNumbers, shown to administrators). It never locks
 * the account: repeated failures are slowed by the sign-in throttle instead (login-throttle.ts),
 * so a stranger cannot keep the owner out. A lock left by an older version is cleared here too.
 */
export async function recordFailedLogin(db: Db, userType: 'admin' | 'merchant', user: AccountUser) {
  const table = userType === 'admin' ? adminUser : merchantUser;
  const where = userType === 'admin' ? eq(adminUser.id, user.id) : and(eq(merchantUser.merchantAccountId, user.tenantId ?? -1), eq(merchantUser.id, user.id));
  await db
    .update(table)
    .set({ wrongEntryNumbers: sql`${table.wrongEntryNumbers} + 1`, lockedUntil: null })
    .where(where);
}

export async function clearFailedLogins(db: Db, userType: 'admin' | 'merchant', user: AccountUser) {
  const table = userType === 'admin' ? adminUser : merchantUser;
  const where = userType === 'admin' ? eq(adminUser.id, user.id) : and(eq(merchantUser.merchantAccountId, user.tenantId ?? -1), eq(merchantUser.id, user.id));
  await db.update(table).set({ wrongEntryNumbers: 0, lockedUntil: null }).where(where);
}

/** Users a reset mail goes to. A merchant e-mail may belong to users of several accounts. */
export async function findUsersByEmail(db: Db, userType: 'admin' | 'merchant', email: string): Promise<AccountUser[]> {
  if (userType === 'admin') {
    const rows = await db.select().from(adminUser).where(sql`lower(${adminUser.email}) = lower(${email})`);
    return rows.map((u) => ({ ...u, tenantId: null, landingPage: null }));
  }
  const rows = await db.select().from(merchantUser).where(sql`lower(${merchantUser.email}) = lower(${email})`);
  return rows.map((u) => ({ ...u, tenantId: u.merchantAccountId }));
}
