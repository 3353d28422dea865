import { type SQL, and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Status } from '@tillpoint/contracts/enums';
import type { MerchantRole, MerchantUser } from '@tillpoint/contracts/merchant-user';
import type { Db } from '../../db/open-db';
import { merchantBranch, merchantUser, merchantUserBranch, merchantUserRole, merchantUserTillUser, role, rolePrivilege, tillUser } from '../../db/schema';
import { isoOrNull, recordDates } from '../../platform/record-dates';

type UserRow = typeof merchantUser.$inferSelect;
/** The columns a save writes; roles and branches are written beside them. */
export type UserValues = Pick<typeof merchantUser.$inferInsert, 'userName' | 'mobilePhone' | 'firstName' | 'lastName' | 'email' | 'title' | 'landingPage'> & {
  status?: Status;
};

/** Every role with its privileges (reference data, the same for every account). */
export async function allRoles(db: Db): Promise<MerchantRole[]> {
  const rows = await db
    .select({ r: role, objectName: rolePrivilege.objectName, action: rolePrivilege.action, status: rolePrivilege.status })
    .from(role)
    .leftJoin(rolePrivilege, eq(rolePrivilege.roleId, role.id))
    .orderBy(asc(role.id), asc(rolePrivilege.objectName), asc(rolePrivilege.action));
  const roles = new Map<number, MerchantRole>();
  for (const { r, objectName, action, status } of rows) {
    let entry = roles.get(r.id);
    if (!entry) {
      entry = { id: r.id, name: r.name, roleGroup: r.roleGroup as MerchantRole['roleGroup'], description: r.description, merchantRolePrivilegeList: [] };
      roles.set(r.id, entry);
    }
    if (objectName && action && status) entry.merchantRolePrivilegeList.push({ objectName, action, status });
  }
  return [...roles.values()];
}

/** The names of the given roles, by id (unknown ids are missing from the map). */
export async function roleNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Which of the given branch ids belong to the account. */
export async function branchesOfAccount(db: Db, merchantAccountId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: merchantBranch.id })
    .from(merchantBranch)
    .where(and(eq(merchantBranch.merchantAccountId, merchantAccountId), inArray(merchantBranch.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Users of an account with their roles, branches and till-user links: four queries whatever the count. */
async function withRelations(db: Db, merchantAccountId: number, users: UserRow[]): Promise<MerchantUser[]> {
  if (!users.length) return [];
  const ids = users.map((u) => u.id);
  const mine = <T extends { merchantAccountId: typeof merchantUserRole.merchantAccountId; userId: typeof merchantUserRole.userId }>(t: T) =>
    and(eq(t.merchantAccountId, merchantAccountId), inArray(t.userId, ids));
  const [roles, branches, links] = await Promise.all([
    db
      .select({ userId: merchantUserRole.userId, id: role.id, name: role.name })
      .from(merchantUserRole)
      .innerJoin(role, eq(role.id, merchantUserRole.roleId))
      .where(mine(merchantUserRole))
      .orderBy(asc(role.id)),
    db
      .select({ userId: merchantUserBranch.userId, branchId: merchantBranch.id, tradingName: merchantBranch.tradingName })
      .from(merchantUserBranch)
      .innerJoin(
        merchantBranch,
        and(eq(merchantBranch.merchantAccountId, merchantUserBranch.merchantAccountId), eq(merchantBranch.id, merchantUserBranch.merchantBranchId)),
      )
      .where(and(eq(merchantUserBranch.merchantAccountId, merchantAccountId), inArray(merchantUserBranch.userId, ids)))
      .orderBy(asc(merchantUserBranch.sortOrder), asc(merchantBranch.id)),
    db
      .select({ userId: merchantUserTillUser.userId, merchantBranchId: merchantUserTillUser.merchantBranchId, tillUserId: tillUser.id, name: tillUser.name })
      .from(merchantUserTillUser)
      .innerJoin(tillUser, and(eq(tillUser.merchantAccountId, merchantUserTillUser.merchantAccountId), eq(tillUser.id, merchantUserTillUser.tillUserId)))
      .where(and(eq(merchantUserTillUser.merchantAccountId, merchantAccountId), inArray(merchantUserTillUser.userId, ids)))
      .orderBy(asc(merchantUserTillUser.merchantBranchId)),
  ]);
  const of = <T extends { userId: number }>(rows: T[], userId: number) =>
    rows.filter((r) => r.userId === userId).map(({ userId: _, ...rest }) => rest);
  return users.map((u) => ({
    id: u.id,
    merchantAccountId: u.merchantAccountId,
    userName: u.userName,
    status: u.status as Status,
    mobilePhone: u.mobilePhone,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    title: u.title as MerchantUser['title'],
    landingPage: u.landingPage,
    locked: u.lockedUntil && u.lockedUntil > new Date() ? 'Y' : 'N',
    wrongEntryNumbers: u.wrongEntryNumbers,
    superUser: u.superUser,
    hasPassword: u.passwordHash !== null,
    activationDate: isoOrNull(u.activationDate),
    passwordChangeDate: isoOrNull(u.passwordChangeDate),
    roles: of(roles, u.id),
    branches: of(branches, u.id),
    tillUsers: of(links, u.id),
    ...recordDates(u),
  }));
}

/** The users table of an account (spec: 5 rows a page, paged on the screen). */
export async function usersOfAccount(db: Db, merchantAccountId: number): Promise<MerchantUser[]> {
  const users = await db.select().from(merchantUser).where(eq(merchantUser.merchantAccountId, merchantAccountId)).orderBy(asc(merchantUser.id));
  return withRelations(db, merchantAccountId, users);
}

export async function getUser(db: Db, merchantAccountId: number, id: number): Promise<MerchantUser | undefined> {
  const users = await db
    .select()
    .from(merchantUser)
    .where(and(eq(merchantUser.merchantAccountId, merchantAccountId), eq(merchantUser.id, id)));
  return (await withRelations(db, merchantAccountId, users))[0];
}

/**
 * The account of a user given by id alone (administrators address users by id). Ids come from one
 * sequence, so they are unique on the platform; a row inserted with a chosen id that repeats one is
 * ambiguous and found nowhere rather than in the wrong account.
 */
export async function accountOfUser(db: Db, id: number): Promise<number | undefined> {
  const rows = await db.select({ a: merchantUser.merchantAccountId }).from(merchantUser).where(eq(merchantUser.id, id)).limit(2);
  return rows.length === 1 ? rows[0].a : undefined;
}

/** The user row, locked for the rest of the caller's transaction. */
export async function lockUser(tx: Db, merchantAccountId: number, id: number) {
  const [row] = await tx
    .select()
    .from(merchantUser)
    .where(and(eq(merchantUser.merchantAccountId, merchantAccountId), eq(merchantUser.id, id)))
    .for('update');
  return row;
}

export async function insertUser(tx: Db, merchantAccountId: number, values: UserValues) {
  const [row] = await tx
    .insert(merchantUser)
    .values({ ...values, merchantAccountId, passwordHash: null })
    .returning();
  return row;
}

export async function updateUserRow(tx: Db, merchantAccountId: number, id: number, values: Partial<typeof merchantUser.$inferInsert>) {
  const [row] = await tx
    .update(merchantUser)
    .set({ ...values, updatedDate: new Date() })
    .where(and(eq(merchantUser.merchantAccountId, merchantAccountId), eq(merchantUser.id, id)))
    .returning();
  return row;
}

/** A user's till-user links at the branches `branches` picks. */
const tillLinksOf = (merchantAccountId: number, userId: number, branches: SQL) =>
  and(eq(merchantUserTillUser.merchantAccountId, merchantAccountId), eq(merchantUserTillUser.userId, userId), branches);

/**
 * Replaces a user's roles and branches (the branch order is kept: the first is the current one),
 * and drops its till-user links at branches it no longer works at.
 */
export async function replaceRolesAndBranches(tx: Db, merchantAccountId: number, userId: number, roleIds: number[], branchIds: number[]) {
  const user = and(eq(merchantUserRole.merchantAccountId, merchantAccountId), eq(merchantUserRole.userId, userId));
  await tx.delete(merchantUserRole).where(user);
  await tx.insert(merchantUserRole).values(roleIds.map((roleId) => ({ merchantAccountId, userId, roleId })));
  await tx
    .delete(merchantUserBranch)
    .where(and(eq(merchantUserBranch.merchantAccountId, merchantAccountId), eq(merchantUserBranch.userId, userId)));
  await tx
    .insert(merchantUserBranch)
    .values(branchIds.map((merchantBranchId, sortOrder) => ({ merchantAccountId, userId, merchantBranchId, sortOrder })));
  await tx.delete(merchantUserTillUser).where(tillLinksOf(merchantAccountId, userId, notInArray(merchantUserTillUser.merchantBranchId, branchIds)));
}

/** Links a user to a till user at a branch (one per branch), or clears the link (tillUserId null). */
export async function setTillUserLink(tx: Db, merchantAccountId: number, userId: number, branchId: number, tillUserId: number | null) {
  await tx.delete(merchantUserTillUser).where(tillLinksOf(merchantAccountId, userId, eq(merchantUserTillUser.merchantBranchId, branchId)));
  if (tillUserId !== null) await tx.insert(merchantUserTillUser).values({ merchantAccountId, userId, merchantBranchId: branchId, tillUserId });
}
