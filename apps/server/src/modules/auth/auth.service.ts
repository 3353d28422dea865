import { randomUUID } from 'node:crypto';
import type { AdminLogin, MerchantLogin, ResetFinish, ResetInit, Tokens, UserDto } from '@tillpoint/contracts/auth';
import { KEY_PARAMS } from '@tillpoint/contracts/auth';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { Db } from '../../db/open-db';
import type { Principal, TokenSigner } from '../../platform/auth';
import type { Captcha } from '../../platform/captcha';
import { HttpError, badRequest, unauthorized } from '../../platform/errors';
import { userHasBranch } from '../../platform/tenancy';
import { grantedServices } from '../../platform/licence-grants';
import { RESET_TTL_MS, keyLink } from '../../platform/mail-links';
import { enqueueMail } from '../../platform/outbox';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { type Subject, consumeKey, issueKey, issueRefreshToken, revokeAllOf, revokeFamilyOf, rotateRefreshToken } from '../../platform/sessions';
import {
  type AccountUser,
  activePrivileges,
  clearFailedLogins,
  findAdminById,
  findAdminByUserName,
  findBranchByDomain,
  findMerchantUser,
  findUsersByEmail,
  merchantUserRoles,
  recordFailedLogin,
} from './auth.repo';
import { type LoginThrottle, accountKey } from '../../platform/login-throttle';
import { findBranch, setPassword } from '../../platform/staff-accounts';

export type StaffType = 'admin' | 'merchant';
export type AuthDeps = { db: Db; signer: TokenSigner; captcha: Captcha; captchaRequired: () => Promise<boolean>; throttle: LoginThrottle };

const CODE_TTL_MS = 60_000;

/** Unknown user, wrong password, too many tries: one answer, so nobody learns which names exist. */
const loginFailed = () => new HttpError(401, MESSAGES.badCredentials);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Password check shared by both staff types. The captcha is needed when it is on, or when this name
 * or this address has failed too often (login-throttle.ts); a failure is answered after a growing
 * delay. Nothing locks the account: its owner with the right password and a solved captcha gets in.
 */
async function checkPassword(
  deps: AuthDeps,
  attempt: { userType: StaffType; account: string; address: string; captchaToken: string | null | undefined },
  findUser: () => Promise<AccountUser | undefined>,
  password: string,
): Promise<AccountUser> {
  const { throttle } = deps;
  const captchaNeeded = (await deps.captchaRequired()) || throttle.captchaNeeded(attempt.account, attempt.address);
  if (captchaNeeded && !(await deps.captcha.verify(attempt.captchaToken))) throw badRequest(MESSAGES.captchaRequired);
  const user = await findUser();
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    if (user) await recordFailedLogin(deps.db, attempt.userType, user);
    await sleep(throttle.failed(attempt.account, attempt.address));
    throw loginFailed();
  }
  if (user.status !== 'ACTIVE') throw new HttpError(401, MESSAGES.userPassive);
  throttle.succeeded(attempt.account);
  await clearFailedLogins(deps.db, attempt.userType, user);
  return user;
}

/** Step one of sign-in: credentials give a one-time code that is then exchanged for tokens. */
export async function loginAdmin(deps: AuthDeps, input: AdminLogin, address: string): Promise<string> {
  const attempt = { userType: 'admin' as const, account: accountKey('admin', input.userName), address, captchaToken: input.reCaptchaToken };
  const user = await checkPassword(deps, attempt, () => findAdminByUserName(deps.db, input.userName), input.password);
  return issueKey(deps.db, 'LOGIN_CODE', { userType: 'admin', userId: user.id, tenantId: null, branchId: null }, CODE_TTL_MS);
}

/**
 * A merchant signs in at a store of its own account where it works, and only when that store holds
 * an active licence (ACTIVE, or DEMO within its days): without one no tokens are given, with the
 * words the licence check (GET merchant/license/check/{branchId}) uses.
 */
export async function loginMerchant(deps: AuthDeps, input: MerchantLogin, address: string): Promise<string> {
  const attempt = { userType: 'merchant' as const, account: accountKey('merchant', input.userName, input.domainName), address, captchaToken: input.reCaptchaToken };
  const branch = await findBranchByDomain(deps.db, input.domainName);
  const checked = await checkPassword(
    deps,
    attempt,
    async () => (branch ? findMerchantUser(deps.db, branch.merchantAccountId, { userName: input.userName }) : undefined),
    input.password,
  );
  if (!branch) throw loginFailed();
  if (branch.status !== 'ACTIVE' || branch.accountStatus !== 'ACTIVE') throw new HttpError(401, MESSAGES.userPassive);
  if (!(await userHasBranch(deps.db, branch.merchantAccountId, checked.id, branch.id))) throw loginFailed();
  if ((await grantedServices(deps.db, branch.merchantAccountId, branch.id)).size === 0) throw badRequest(MESSAGES.licenceMissing);
  return issueKey(deps.db, 'LOGIN_CODE', { userType: 'merchant', userId: checked.id, tenantId: branch.merchantAccountId, branchId: branch.id }, CODE_TTL_MS);
}

/** The user as the token and the web app see it, read fresh so role and status changes apply at once. */
async function loadSession(db: Db, s: Subject): Promise<{ dto: UserDto; principal: Principal } | null> {
  if (s.userType === 'admin') {
    const u = await findAdminById(db, s.userId);
    if (u?.status !== 'ACTIVE') return null;
    const dto: UserDto = {
      id: u.id,
      userType: 'admin',
      userName: u.userName,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      merchantAccountId: null,
      merchantBranchId: null,
      domainName: null,
      landingPage: null,
      roles: [],
    };
    return { dto, principal: { userType: 'admin', userId: u.id, merchantAccountId: null, merchantBranchId: null, privileges: new Set() } };
  }
  if (s.userType !== 'merchant' || s.tenantId === null || s.branchId === null) return null;
  const u = await findMerchantUser(db, s.tenantId, { id: s.userId });
  const branch = await findBranch(db, s.tenantId, s.branchId);
  if (u?.status !== 'ACTIVE' || !branch || branch.status !== 'ACTIVE' || branch.accountStatus !== 'ACTIVE') return null;
  if (!(await userHasBranch(db, s.tenantId, u.id, branch.id))) return null;
  const roles = await merchantUserRoles(db, s.tenantId, u.id);
  const dto: UserDto = {
    id: u.id,
    userType: 'merchant',
    userName: u.userName,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    merchantAccountId: s.tenantId,
    merchantBranchId: branch.id,
    domainName: branch.domainName,
    landingPage: u.landingPage,
    roles,
  };
  return {
    dto,
    principal: { userType: 'merchant', userId: u.id, merchantAccountId: s.tenantId, merchantBranchId: branch.id, privileges: activePrivileges(roles) },
  };
}

async function tokensFor(deps: AuthDeps, session: { dto: UserDto; principal: Principal }, refreshToken: string, sessionId: string): Promise<Tokens> {
  const { token, expiresAt } = await deps.signer.sign({ ...session.principal, sessionId });
  return { accessToken: token, refreshToken, expireDate: expiresAt.toISOString(), userDTO: session.dto };
}

export async function exchangeCode(deps: AuthDeps, userType: StaffType, code: string): Promise<Tokens> {
  const subject = await consumeKey(deps.db, code, userType, ['LOGIN_CODE']);
  const session = subject && (await loadSession(deps.db, subject));
  if (!subject || !session) throw unauthorized();
  const sessionId = randomUUID();
  return tokensFor(deps, session, await issueRefreshToken(deps.db, subject, sessionId), sessionId);
}

/** A new access token and a rotated refresh token; a PASSIVE or removed user is signed out here. */
export async function refreshTokens(deps: AuthDeps, userType: StaffType, refreshToken: string | undefined): Promise<Tokens> {
  if (!refreshToken) throw unauthorized();
  const rotated = await rotateRefreshToken(deps.db, refreshToken, userType);
  if (!rotated.ok) throw unauthorized();
  const session = await loadSession(deps.db, rotated.subject);
  if (!session) {
    await revokeFamilyOf(deps.db, rotated.token);
    throw unauthorized();
  }
  return tokensFor(deps, session, rotated.token, rotated.familyId);
}

export async function logout(deps: AuthDeps, refreshToken: string | undefined) {
  if (refreshToken) await revokeFamilyOf(deps.db, refreshToken);
}

/**
 * Mails a reset link to every active user with that address. The reply is the same whether or not
 * the address is known, so nobody can probe for accounts.
 */
export async function resetInit(deps: AuthDeps, userType: StaffType, input: ResetInit, origin: string) {
  const users = (await findUsersByEmail(deps.db, userType, input.email)).filter((u) => u.status === 'ACTIVE');
  await deps.db.transaction(async (tx) => {
    for (const u of users) {
      const key = await issueKey(tx, 'RESET', { userType, userId: u.id, tenantId: u.tenantId, branchId: null }, RESET_TTL_MS);
      const link = keyLink(origin, input.url, userType === 'admin' ? '/admin/' : '/merchant/', KEY_PARAMS.reset, key);
      await enqueueMail(tx, {
        to: u.email,
        subject: 'Reset Password',
        text: `Hello ${u.firstName},\n\nSomeone asked to reset the password of the user ${u.userName}. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not ask for this, ignore this mail.`,
      });
    }
  });
}

/** Sets the new password from a reset or activation key; every open session of the user ends. */
export async function resetFinish(deps: AuthDeps, userType: StaffType, input: ResetFinish) {
  const passwordHash = await hashPassword(input.newPassword);
  const subject = await consumeKey(deps.db, input.key, userType, ['RESET', 'ACTIVATION']);
  if (!subject) throw badRequest(MESSAGES.resetKeyInvalid);
  await setPassword(deps.db, userType, subject.userId, subject.tenantId, passwordHash, subject.purpose === 'ACTIVATION');
  await revokeAllOf(deps.db, subject);
}
