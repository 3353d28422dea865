import { KEY_PARAMS } from '@tillpoint/contracts/session-constants';
import { ADMIN_USER_MESSAGES } from '@tillpoint/contracts/admin-user';
import type { Status } from '@tillpoint/contracts/enums';
import {
  type MerchantUser,
  type MerchantUserCreate,
  type MerchantUserCreated,
  type MerchantUserUpdate,
  type PasswordChange,
  USER_MESSAGES,
  accountRoleProblem,
} from '@tillpoint/contracts/merchant-user';
import { NO_ID, type TillUserLinkParams } from '@tillpoint/contracts/till-user';
import type { Db } from '../../db/open-db';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors';
import { userHasBranch } from '../../platform/tenancy';
import { enqueueMail } from '../../platform/outbox';
import { hashPassword } from '../../platform/passwords';
import { found } from '../../platform/route-kit';
import { issueKey, revokeAllOf } from '../../platform/sessions';
import { ACTIVATION_TTL_MS, keyLink } from '../../platform/mail-links';
import { findBranch, setPassword } from '../../platform/staff-accounts';
import {
  type UserValues,
  branchesOfAccount,
  getUser,
  insertUser,
  lockUser,
  replaceRolesAndBranches,
  roleNames,
  setTillUserLink,
  updateUserRow,
} from './merchant-users.repo';
import { tillUserRepo } from './till-users.repo';

/** Who is acting: an administrator, or a merchant user (always of its own account; routes check that). */
export type Actor = { userType: 'admin' | 'merchant'; userId: number };

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * The rules of spec 1 §5 that need the database: the roles exist and exactly one of them (by the
 * names the platform holds, not the ones the client sent) is an ACCOUNT role; every branch belongs
 * to the user's account (another tenant's branch is a 404, as any other foreign id).
 */
async function checkRolesAndBranches(db: Db, merchantAccountId: number, input: Pick<MerchantUserCreate, 'roles' | 'branches'>) {
  const roleIds = unique(input.roles.map((r) => r.id));
  const branchIds = unique(input.branches.map((b) => b.branchId));
  const names = await roleNames(db, roleIds);
  if (roleIds.some((id) => !names.has(id))) throw badRequest(USER_MESSAGES.roleUnknown, [{ field: 'roles', message: USER_MESSAGES.roleUnknown }]);
  const problem = accountRoleProblem([...names.values()]);
  if (problem) throw badRequest(problem, [{ field: 'roles', message: problem }]);
  const own = await branchesOfAccount(db, merchantAccountId, branchIds);
  if (branchIds.some((id) => !own.has(id))) throw new HttpError(404, USER_MESSAGES.branchNotOfAccount);
  return { roleIds, branchIds };
}

const valuesOf = (input: MerchantUserCreate | MerchantUserUpdate): UserValues => ({
  userName: input.userName,
  mobilePhone: input.mobilePhone,
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email,
  title: input.title,
  landingPage: input.landingPage ?? null,
});

/**
 * The activation link opens the merchant back office's finish page (the key is a merchant key, so
 * only that page's finish call accepts it); the screen's own address gives the origin, and its path
 * only when it is a merchant page (an administrator's screen lives under /admin/).
 */
function activationLink(origin: string, url: string | undefined, key: string) {
  let requested: string | undefined;
  try {
    requested = url && new URL(url, origin).pathname.startsWith('/merchant/') ? url : undefined;
  } catch {
    requested = undefined;
  }
  return keyLink(origin, requested, '/merchant/', KEY_PARAMS.activation, key);
}

/**
 * A new merchant user with its roles and branches, in one transaction. With sendNotification the
 * user has no password yet: an activation key and its mail are written in the same transaction,
 * and the user chooses its password on the finish page. Without it an administrator sets one.
 */
export async function createMerchantUser(db: Db, merchantAccountId: number, input: MerchantUserCreate, origin: string): Promise<MerchantUserCreated> {
  const id = await db.transaction(async (tx) => {
    const { roleIds, branchIds } = await checkRolesAndBranches(tx, merchantAccountId, input);
    const row = await insertUser(tx, merchantAccountId, { ...valuesOf(input), status: input.status });
    await replaceRolesAndBranches(tx, merchantAccountId, row.id, roleIds, branchIds);
    if (input.sendNotification) {
      const branch = found(await findBranch(tx, merchantAccountId, branchIds[0]));
      const key = await issueKey(tx, 'ACTIVATION', { userType: 'merchant', userId: row.id, tenantId: merchantAccountId, branchId: branch.id }, ACTIVATION_TTL_MS);
      const link = activationLink(origin, input.url, key);
      await enqueueMail(tx, {
        to: row.email,
        subject: 'User Activation',
        text: [
          `Hello ${row.firstName},`,
          '',
          'A user has been created for you in the Tillpoint back office.',
          `Store Name: ${branch.domainName}`,
          `User Name: ${row.userName}`,
          '',
          `To choose your password and activate the user, open:`,
          '',
          link,
          '',
          'The link works once and expires in 7 days.',
        ].join('\n'),
      });
    }
    return row.id;
  });
  return { ...found(await getUser(db, merchantAccountId, id)), activationMailSent: input.sendNotification };
}

/** Saves the details, roles and branches together; status has its own call. */
export async function updateMerchantUser(db: Db, merchantAccountId: number, input: MerchantUserUpdate): Promise<MerchantUser> {
  await db.transaction(async (tx) => {
    found(await lockUser(tx, merchantAccountId, input.id));
    const { roleIds, branchIds } = await checkRolesAndBranches(tx, merchantAccountId, input);
    await updateUserRow(tx, merchantAccountId, input.id, valuesOf(input));
    await replaceRolesAndBranches(tx, merchantAccountId, input.id, roleIds, branchIds);
  });
  return found(await getUser(db, merchantAccountId, input.id));
}

/**
 * ACTIVE or PASSIVE. A PASSIVE user's next token refresh fails (the session is read fresh each
 * time). A merchant user cannot deactivate itself: it would sign itself out of its own screen.
 */
export async function setMerchantUserStatus(db: Db, actor: Actor, merchantAccountId: number, id: number, status: Status): Promise<MerchantUser> {
  if (actor.userType === 'merchant' && actor.userId === id && status !== 'ACTIVE') throw conflict(ADMIN_USER_MESSAGES.notYourself);
  found(await updateUserRow(db, merchantAccountId, id, { status }));
  return found(await getUser(db, merchantAccountId, id));
}

/**
 * Sets a user's password (Change Password). A user that had none is activated by it, its lock-out
 * is cleared, and every other session of it ends: whoever knew the old password is signed out.
 */
export async function changeMerchantUserPassword(db: Db, actor: Actor, merchantAccountId: number, input: PasswordChange): Promise<MerchantUser> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const user = found(await lockUser(tx, merchantAccountId, input.id));
    await setPassword(tx, 'merchant', user.id, merchantAccountId, passwordHash, user.activationDate === null);
    if (!(actor.userType === 'merchant' && actor.userId === user.id)) {
      await revokeAllOf(tx, { userType: 'merchant', userId: user.id, tenantId: merchantAccountId });
    }
  });
  return found(await getUser(db, merchantAccountId, input.id));
}

/**
 * Edit Till User: which till user the merchant user is at one of its branches (-1 clears it). The
 * branch must be one the user works at, and the till user one of that branch.
 */
export async function linkTillUser(db: Db, merchantAccountId: number, p: TillUserLinkParams): Promise<MerchantUser> {
  await db.transaction(async (tx) => {
    found(await lockUser(tx, merchantAccountId, p.userId));
    if (!(await branchesOfAccount(tx, merchantAccountId, [p.branchId])).has(p.branchId)) throw notFound();
    if (!(await userHasBranch(tx, merchantAccountId, p.userId, p.branchId))) throw badRequest(USER_MESSAGES.userNotAtBranch);
    const scope = { merchantAccountId, merchantBranchId: p.branchId };
    if (p.tillUserId !== NO_ID && !(await tillUserRepo.get(tx, scope, p.tillUserId))) throw badRequest(USER_MESSAGES.tillUserNotAtBranch);
    await setTillUserLink(tx, merchantAccountId, p.userId, p.branchId, p.tillUserId === NO_ID ? null : p.tillUserId);
  });
  return found(await getUser(db, merchantAccountId, p.userId));
}
