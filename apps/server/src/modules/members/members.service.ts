import { randomInt, randomUUID } from 'node:crypto';
import type { ResetFinish, ResetInit, Tokens, UserDto } from '@tillpoint/contracts/auth';
import { KEY_PARAMS } from '@tillpoint/contracts/auth';
import {
  CHECK_EMAIL,
  type CheckEmailAnswer,
  type GoogleLogin,
  type GoogleLoginReply,
  MEMBER_MESSAGES,
  MEMBER_TITLES,
  type MemberLogin,
  type MemberProfile,
  type MemberProfileUpdate,
  type MemberRegister,
  REGISTER_RESEND_SECONDS,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_TTL_MINUTES,
} from '@tillpoint/contracts/member';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { Db } from '../../db/open-db';
import { memberUser } from '../../db/schema';
import type { Principal, TokenSigner } from '../../platform/auth';
import type { Captcha } from '../../platform/captcha';
import type { ForgetSavedCards } from '../../platform/module';
import { HttpError, badRequest, conflict, unauthorized } from '../../platform/errors';
import { type LoginThrottle, accountKey } from '../../platform/login-throttle';
import { RESET_TTL_MS, keyLink } from '../../platform/mail-links';
import { enqueueMail } from '../../platform/outbox';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import {
  type Subject,
  consumeKey,
  issueKey,
  issueRefreshToken,
  lastKeyIssuedAt,
  forgetLiveSessions,
  revokeAllOf,
  revokeFamilyOf,
  rotateRefreshToken,
  voidKeys,
} from '../../platform/sessions';
import type { GoogleVerifier } from './google-id-token';
import {
  type MemberRow,
  findMemberByEmail,
  findMemberByGoogleSubject,
  findMemberById,
  eraseMember,
  findOrCreatePending,
  hasOrderInProgress,
  recordMemberFailure,
  updateMember,
} from './members.repo';

export type MemberDeps = {
  db: Db;
  signer: TokenSigner;
  captcha: Captcha;
  captchaRequired: () => Promise<boolean>;
  throttle: LoginThrottle;
  google: GoogleVerifier;
  /** Removes saved cards' tokens at their providers (the payments area), when the app has it. */
  forgetSavedCards?: ForgetSavedCards;
};

const CODE_TTL_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const subjectOf = (m: { id: number }): Subject => ({ userType: 'member', userId: m.id, tenantId: null, branchId: null });
const isActive = (m: MemberRow | undefined): m is MemberRow => m?.status === 'ACTIVE';
/** Unknown address, wrong password, unverified account: one answer. */
const loginFailed = () => new HttpError(401, MEMBER_MESSAGES.badCredentials);

// ---- checkemail and registration ------------------------------------------------------------

/**
 * 0: no account (register), 1: an account (password), 2: a registration begun but its code never
 * entered (verifycode). The route limits how often one address may ask.
 */
export async function checkEmail(db: Db, email: string): Promise<CheckEmailAnswer> {
  const m = await findMemberByEmail(db, email);
  if (!isActive(m)) return CHECK_EMAIL.register;
  return m.emailVerified ? CHECK_EMAIL.password : CHECK_EMAIL.verifyCode;
}

/** Letters and digits a person reads without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newVerifyCode = () => Array.from({ length: VERIFY_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
/** The stored key names the member, so two members' equal codes never collide and a code works only for its address. */
const verifyKey = (memberId: number, code: string) => `member-verify:${memberId}:${code.toUpperCase()}`;

/**
 * Mails a verify code for a registration (the register and verifycode pages; 'Send Verify Code
 * Again' after 60 seconds). The address gets a pending, unverified account until the code comes
 * back. An address that already has an account gets no mail and the same reply.
 */
export async function sendVerifyCode(db: Db, email: string) {
  const existing = await findMemberByEmail(db, email);
  if (existing && (existing.emailVerified || existing.status !== 'ACTIVE')) return;
  const pending = existing ?? (await findOrCreatePending(db, email));
  if (pending.emailVerified) return;
  const last = await lastKeyIssuedAt(db, 'VERIFY_CODE', subjectOf(pending));
  if (last && Date.now() - last.getTime() < REGISTER_RESEND_SECONDS * 1000) throw new HttpError(429, MEMBER_MESSAGES.verifyCodeWait, 'WARNING');
  const code = newVerifyCode();
  await db.transaction(async (tx) => {
    // Only the newest code works.
    await voidKeys(tx, 'VERIFY_CODE', subjectOf(pending));
    await issueKey(tx, 'VERIFY_CODE', subjectOf(pending), VERIFY_CODE_TTL_MINUTES * 60_000, verifyKey(pending.id, code));
    await enqueueMail(tx, {
      to: pending.email,
      subject: 'Your verify code',
      text: `Hello,\n\nYour verify code is ${code}\n\nEnter it on the registration page to finish creating your account. It works once and expires in ${VERIFY_CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail.`,
    });
  });
}

/**
 * Finishes a registration with the mailed code: the account gets its names and password, its
 * e-mail counts as verified, and the member is signed in (a one-time code, as for login). Wrong
 * codes are slowed like wrong passwords, and a few of them spend the code: a new one must be asked.
 */
export async function register(deps: MemberDeps, input: MemberRegister, address: string): Promise<string> {
  const m = await findMemberByEmail(deps.db, input.email);
  if (isActive(m) && m.emailVerified) throw conflict(MEMBER_MESSAGES.emailTaken);
  const account = accountKey('member-verify', input.email);
  const passwordHash = await hashPassword(input.password);
  const spent = isActive(m) ? await consumeKey(deps.db, verifyKey(m.id, input.verifyCode), 'member', ['VERIFY_CODE']) : null;
  if (!m || !spent) {
    const wait = deps.throttle.failed(account, address);
    if (m && deps.throttle.captchaNeeded(account, address)) await voidKeys(deps.db, 'VERIFY_CODE', subjectOf(m));
    await sleep(wait);
    throw badRequest(MEMBER_MESSAGES.verifyCodeInvalid);
  }
  deps.throttle.succeeded(account);
  return deps.db.transaction(async (tx) => {
    await updateMember(tx, m.id, {
      title: input.title,
      firstName: input.firstName,
      lastName: input.lastName,
      mobilePhone: input.mobilePhone,
      birthDay: input.birthDay,
      passwordHash,
      passwordChangeDate: new Date(),
      emailVerified: true,
    });
    return issueKey(tx, 'LOGIN_CODE', subjectOf(m), CODE_TTL_MS);
  });
}

// ---- sign-in, tokens, logout, reset ---------------------------------------------------------

/**
 * Step one of sign-in: e-mail and password give a one-time code. The captcha is needed when it is
 * on, or when this address or caller has failed too often; failures wait longer each time.
 */
export async function login(deps: MemberDeps, input: MemberLogin, address: string): Promise<string> {
  const account = accountKey('member', input.email);
  const captchaNeeded = (await deps.captchaRequired()) || deps.throttle.captchaNeeded(account, address);
  if (captchaNeeded && !(await deps.captcha.verify(input.reCaptchaToken))) throw badRequest(MESSAGES.captchaRequired);
  const m = await findMemberByEmail(deps.db, input.email);
  const ok = await verifyPassword(m?.passwordHash, input.password);
  if (!isActive(m) || !ok || !m.emailVerified) {
    if (isActive(m)) await recordMemberFailure(deps.db, m.id);
    await sleep(deps.throttle.failed(account, address));
    throw loginFailed();
  }
  deps.throttle.succeeded(account);
  await updateMember(deps.db, m.id, { wrongEntryNumbers: 0 });
  return issueKey(deps.db, 'LOGIN_CODE', subjectOf(m), CODE_TTL_MS);
}

const userDtoOf = (m: MemberRow): UserDto => ({
  id: m.id,
  userType: 'member',
  userName: m.email,
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  merchantAccountId: null,
  merchantBranchId: null,
  domainName: null,
  landingPage: null,
  roles: [],
});

async function tokensFor(deps: MemberDeps, m: MemberRow, refreshToken: string, sessionId: string): Promise<Tokens> {
  const principal: Principal = { userType: 'member', userId: m.id, merchantAccountId: null, merchantBranchId: null, privileges: new Set(), sessionId };
  const { token, expiresAt } = await deps.signer.sign(principal);
  return { accessToken: token, refreshToken, expireDate: expiresAt.toISOString(), userDTO: userDtoOf(m) };
}

/** A signed-in member: ACTIVE with a verified e-mail (read fresh, so an erased account is out at once). */
async function liveMember(db: Db, id: number) {
  const m = await findMemberById(db, id);
  return isActive(m) && m.emailVerified ? m : undefined;
}

export async function exchangeCode(deps: MemberDeps, code: string): Promise<Tokens> {
  const subject = await consumeKey(deps.db, code, 'member', ['LOGIN_CODE']);
  const m = subject && (await liveMember(deps.db, subject.userId));
  if (!subject || !m) throw unauthorized();
  const sessionId = randomUUID();
  return tokensFor(deps, m, await issueRefreshToken(deps.db, subject, sessionId), sessionId);
}

export async function refreshTokens(deps: MemberDeps, refreshToken: string | undefined): Promise<Tokens> {
  if (!refreshToken) throw unauthorized();
  const rotated = await rotateRefreshToken(deps.db, refreshToken, 'member');
  if (!rotated.ok) throw unauthorized();
  const m = await liveMember(deps.db, rotated.subject.userId);
  if (!m) {
    await revokeFamilyOf(deps.db, rotated.token);
    throw unauthorized();
  }
  return tokensFor(deps, m, rotated.token, rotated.familyId);
}

export async function logout(db: Db, refreshToken: string | undefined) {
  if (refreshToken) await revokeFamilyOf(db, refreshToken);
}

/**
 * Mails a reset link (the storefront opens its Change Password dialog from the key in the address).
 * The reply is the same whether or not the address has an account.
 */
export async function resetInit(db: Db, input: ResetInit, origin: string) {
  const m = await findMemberByEmail(db, input.email);
  if (!isActive(m) || !m.emailVerified) return;
  await db.transaction(async (tx) => {
    const key = await issueKey(tx, 'RESET', subjectOf(m), RESET_TTL_MS);
    const link = keyLink(origin, input.url, '/', KEY_PARAMS.reset, key);
    await enqueueMail(tx, {
      to: m.email,
      subject: 'Reset Password',
      text: `Hello ${m.firstName || m.email},\n\nSomeone asked to reset the password of your account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not ask for this, ignore this mail.`,
    });
  });
}

/** Sets the new password from a reset key; every session of the member ends. */
export async function resetFinish(db: Db, input: ResetFinish) {
  const passwordHash = await hashPassword(input.newPassword);
  const subject = await consumeKey(db, input.key, 'member', ['RESET']);
  const m = subject && (await liveMember(db, subject.userId));
  if (!subject || !m) throw badRequest(MESSAGES.resetKeyInvalid);
  await updateMember(db, m.id, { passwordHash, passwordChangeDate: new Date(), wrongEntryNumbers: 0 });
  await revokeAllOf(db, subject);
}

// ---- Google ---------------------------------------------------------------------------------

/**
 * Google sign-in. The ID token must be signed by the issuer's key and name our client id, the issuer
 * and a future expiry, with a verified e-mail. A known Google account, or an account of the same
 * e-mail (linked now: Google vouches for the address), goes straight in once it has a mobile phone;
 * otherwise the reply sends the page to registerGoogle, whose form posts again with mobile phone and
 * title ('Please enter  Mobile Phone!' without one). Nothing is stored before that.
 */
export async function googleLogin(deps: MemberDeps, input: GoogleLogin): Promise<GoogleLoginReply> {
  if (!deps.google.clientId) throw badRequest(MEMBER_MESSAGES.googleOff);
  const profile = await deps.google.verify(input.credential).catch(() => {
    throw new HttpError(401, MEMBER_MESSAGES.googleInvalid);
  });
  if (!profile.subject || !profile.email || !profile.emailVerified) throw new HttpError(401, MEMBER_MESSAGES.googleEmailUnverified);
  const registering = input.title != null || input.mobilePhone != null;
  if (registering && !input.mobilePhone) throw badRequest(MEMBER_MESSAGES.mobilePhoneRequired, [{ field: 'mobilePhone', message: MEMBER_MESSAGES.mobilePhoneRequired }]);

  const known = (await findMemberByGoogleSubject(deps.db, profile.subject)) ?? (await findMemberByEmail(deps.db, profile.email));
  if (known && known.status !== 'ACTIVE') throw new HttpError(401, MESSAGES.userPassive);
  if (known?.googleSubject && known.googleSubject !== profile.subject) throw conflict(MEMBER_MESSAGES.emailTaken);
  const mobilePhone = input.mobilePhone ?? known?.mobilePhone ?? null;
  if (!mobilePhone) return { status: 'REGISTER', email: profile.email, firstName: known?.firstName || profile.firstName, lastName: known?.lastName || profile.lastName };

  const title = input.title ?? (known?.title as (typeof MEMBER_TITLES)[number] | undefined) ?? 'MR';
  return deps.db.transaction(async (tx) => {
    let id: number;
    if (known) {
      await updateMember(tx, known.id, {
        googleSubject: profile.subject,
        emailVerified: true,
        mobilePhone,
        title,
        firstName: known.firstName || profile.firstName,
        lastName: known.lastName || profile.lastName,
      });
      id = known.id;
    } else {
      const [created] = await tx
        .insert(memberUser)
        .values({ email: profile.email, firstName: profile.firstName, lastName: profile.lastName, title, mobilePhone, emailVerified: true, googleSubject: profile.subject })
        .returning({ id: memberUser.id });
      id = created.id;
    }
    return { status: 'LOGIN' as const, code: await issueKey(tx, 'LOGIN_CODE', subjectOf({ id }), CODE_TTL_MS) };
  });
}

// ---- profile and password -------------------------------------------------------------------

const profileOf = (m: MemberRow): MemberProfile => ({
  id: m.id,
  email: m.email,
  title: (MEMBER_TITLES as readonly string[]).includes(m.title) ? (m.title as MemberProfile['title']) : 'MR',
  firstName: m.firstName,
  lastName: m.lastName,
  mobilePhone: m.mobilePhone,
  birthDay: m.birthDay,
  status: m.status,
  hasPassword: m.passwordHash !== null,
  google: m.googleSubject !== null,
});

export async function currentMember(db: Db, id: number): Promise<MemberProfile> {
  const m = await liveMember(db, id);
  if (!m) throw unauthorized();
  return profileOf(m);
}

export async function updateProfile(db: Db, id: number, input: MemberProfileUpdate): Promise<MemberProfile> {
  const m = await liveMember(db, id);
  if (!m) throw unauthorized();
  const saved = await updateMember(db, id, input);
  if (!saved) throw unauthorized();
  return profileOf(saved);
}

/** A new password from the profile page; the member's other sessions end, this one stays. */
export async function changePassword(db: Db, principal: Principal, password: string) {
  const m = await liveMember(db, principal.userId);
  if (!m) throw unauthorized();
  await updateMember(db, m.id, { passwordHash: await hashPassword(password), passwordChangeDate: new Date() });
  await revokeAllOf(db, subjectOf(m), principal.sessionId);
}

/**
 * Deletes the member's account (issue 11): refused while one of their orders is still being
 * handled (the store needs the address and phone until then). Every session and key ends with it.
 */
export async function deleteAccount(deps: Pick<MemberDeps, 'db' | 'forgetSavedCards'>, memberId: number) {
  const m = await liveMember(deps.db, memberId);
  if (!m) throw unauthorized();
  if (await hasOrderInProgress(deps.db, m.id)) throw conflict(MEMBER_MESSAGES.orderInProgress);
  const cards = await deps.db.transaction((tx) => eraseMember(tx, m.id));
  forgetLiveSessions();
  // The tokens are removed at the providers once the erasure has committed (a provider call inside the transaction could hold it for seconds).
  if (cards.length && deps.forgetSavedCards) await deps.forgetSavedCards(cards);
}
