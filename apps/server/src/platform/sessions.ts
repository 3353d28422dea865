import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { REFRESH_TOKEN_DAYS } from '@tillpoint/contracts/auth';
import type { UserType } from '@tillpoint/contracts/enums';
import type { Db } from '../db/open-db';
import { adminUser, authKey, credential, memberUser, merchantAccount, merchantBranch, merchantUser, refreshToken } from '../db/schema';
import { newOpaqueToken, sha256 } from './random';

export type Subject = { userType: UserType; userId: number; tenantId: number | null; branchId: number | null };

/** A rotated token presented again within this window is a race between two tabs, not a theft. */
const REUSE_GRACE_MS = 10_000;

/** Starts a refresh-token family (one per sign-in). Only the hash is stored. */
export async function issueRefreshToken(db: Db, s: Subject, familyId: string = randomUUID()): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshToken).values({
    tokenHash: sha256(token),
    familyId,
    userType: s.userType,
    userId: s.userId,
    tenantId: s.tenantId,
    branchId: s.branchId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
  });
  return token;
}

export type RotateResult = { ok: true; subject: Subject; token: string; familyId: string } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Rotates a refresh token: the old one is spent and a new one of the same family returned. A spent
 * token presented again (after the grace window) means it was copied: the whole family is revoked.
 */
export async function rotateRefreshToken(db: Db, token: string, userType: UserType): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshToken)
      .where(and(eq(refreshToken.tokenHash, sha256(token)), eq(refreshToken.userType, userType)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'reused' } as const;
    if (row.expiresAt < new Date()) return { ok: false, reason: 'expired' } as const;
    if (row.rotatedAt && Date.now() - row.rotatedAt.getTime() > REUSE_GRACE_MS) {
      await tx.update(refreshToken).set({ revokedAt: new Date() }).where(eq(refreshToken.familyId, row.familyId));
      return { ok: false, reason: 'reused' } as const;
    }
    if (!row.rotatedAt) await tx.update(refreshToken).set({ rotatedAt: new Date() }).where(eq(refreshToken.tokenHash, row.tokenHash));
    const subject: Subject = { userType, userId: row.userId, tenantId: row.tenantId, branchId: row.branchId };
    const next = await issueRefreshToken(tx, subject, row.familyId);
    return { ok: true, subject, token: next, familyId: row.familyId } as const;
  });
}

export async function revokeFamilyOf(db: Db, token: string) {
  const [row] = await db.select({ familyId: refreshToken.familyId }).from(refreshToken).where(eq(refreshToken.tokenHash, sha256(token)));
  if (row) await db.update(refreshToken).set({ revokedAt: new Date() }).where(eq(refreshToken.familyId, row.familyId));
  forgetLiveSessions();
}

/**
 * Ends every session of one user, but for the sign-in `except` (a password change keeps the session
 * that made it). A merchant user is known by account and id: ids repeat across accounts.
 */
export async function revokeAllOf(db: Db, s: Pick<Subject, 'userType' | 'userId' | 'tenantId'>, except?: string) {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshToken.userType, s.userType),
        eq(refreshToken.userId, s.userId),
        s.tenantId === null ? isNull(refreshToken.tenantId) : eq(refreshToken.tenantId, s.tenantId),
        isNull(refreshToken.revokedAt),
        except ? ne(refreshToken.familyId, except) : undefined,
      ),
    );
  forgetLiveSessions();
}

/**
 * Revocation of access tokens. A staff token names its sign-in (the refresh-token family, claim
 * `sid`); it works only while that family has an unrevoked token and its user is ACTIVE, so logout,
 * a password reset, a removal or PASSIVE end it at once rather than when it expires. A till token
 * works only while its credential is ACTIVE and unlocked and its store is ACTIVE. Every instance
 * reads the database; a staff token's positive answer is remembered for LIVE_CACHE_MS, and
 * forgotten at once when this instance revokes anything (other instances see it within that time).
 */
const LIVE_CACHE_MS = 1_000;
const liveUntil = new Map<string, number>();

export function forgetLiveSessions() {
  liveUntil.clear();
}

export type LiveCheck =
  | { userType: 'admin' | 'merchant' | 'member'; userId: number; merchantAccountId: number | null; sessionId: string | undefined }
  | { userType: 'till'; credentialId: number; merchantAccountId: number };

export async function isLive(db: Db, c: LiveCheck): Promise<boolean> {
  if (c.userType === 'till') return (await tillRefusal(db, c)) === null;
  const key = `${c.userType}:${c.sessionId}`;
  const until = liveUntil.get(key);
  if (until !== undefined && until > Date.now()) return true;
  const live = await queryLive(db, c);
  if (live) {
    if (liveUntil.size > 10_000) liveUntil.clear();
    liveUntil.set(key, Date.now() + LIVE_CACHE_MS);
  } else liveUntil.delete(key);
  return live;
}

export type TillRefusal = 'unknown' | 'passive' | 'locked' | 'store';

/**
 * Why a till token no longer works, or null while it does. Tills call seldom and their credential is
 * changed through the generic resource calls, so this is always asked fresh (no cache).
 */
export async function tillRefusal(db: Db, c: Extract<LiveCheck, { userType: 'till' }>): Promise<TillRefusal | null> {
  const [row] = await db
    .select({ status: credential.status, locked: credential.locked, branchStatus: merchantBranch.status, accountStatus: merchantAccount.status })
    .from(credential)
    .innerJoin(merchantBranch, and(eq(merchantBranch.merchantAccountId, credential.merchantAccountId), eq(merchantBranch.id, credential.merchantBranchId)))
    .innerJoin(merchantAccount, eq(merchantAccount.id, credential.merchantAccountId))
    .where(and(eq(credential.merchantAccountId, c.merchantAccountId), eq(credential.id, c.credentialId)))
    .limit(1);
  if (!row) return 'unknown';
  if (row.status !== 'ACTIVE') return 'passive';
  if (row.locked) return 'locked';
  if (row.branchStatus !== 'ACTIVE' || row.accountStatus !== 'ACTIVE') return 'store';
  return null;
}

async function queryLive(db: Db, c: Exclude<LiveCheck, { userType: 'till' }>): Promise<boolean> {
  if (!c.sessionId || !/^[0-9a-f-]{36}$/i.test(c.sessionId)) return false;
  const family = and(eq(refreshToken.familyId, c.sessionId), eq(refreshToken.userType, c.userType), eq(refreshToken.userId, c.userId), isNull(refreshToken.revokedAt));
  if (c.userType === 'admin') {
    const [row] = await db
      .select({ id: adminUser.id })
      .from(refreshToken)
      .innerJoin(adminUser, eq(adminUser.id, refreshToken.userId))
      .where(and(family, eq(adminUser.status, 'ACTIVE')))
      .limit(1);
    return !!row;
  }
  if (c.userType === 'member') {
    const [row] = await db
      .select({ id: memberUser.id })
      .from(refreshToken)
      .innerJoin(memberUser, eq(memberUser.id, refreshToken.userId))
      .where(and(family, eq(memberUser.status, 'ACTIVE')))
      .limit(1);
    return !!row;
  }
  if (c.merchantAccountId === null) return false;
  const [row] = await db
    .select({ id: merchantUser.id })
    .from(refreshToken)
    .innerJoin(merchantUser, and(eq(merchantUser.merchantAccountId, refreshToken.tenantId), eq(merchantUser.id, refreshToken.userId)))
    .where(and(family, eq(refreshToken.tenantId, c.merchantAccountId), eq(merchantUser.status, 'ACTIVE')))
    .limit(1);
  return !!row;
}

export type KeyPurpose = 'LOGIN_CODE' | 'RESET' | 'ACTIVATION' | 'VERIFY_CODE';

/**
 * A single-use key (login code, reset or activation link). `key` is given only for a short code a
 * person types (a member's verify code): the caller makes it unique and limits the guesses.
 */
export async function issueKey(db: Db, purpose: KeyPurpose, s: Subject, ttlMs: number, key: string = newOpaqueToken()): Promise<string> {
  await db.insert(authKey).values({
    keyHash: sha256(key),
    purpose,
    userType: s.userType,
    userId: s.userId,
    tenantId: s.tenantId,
    branchId: s.branchId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return key;
}

/** Spends a key if it is valid for one of the purposes; the update makes a second use impossible. */
export async function consumeKey(db: Db, key: string, userType: UserType, purposes: KeyPurpose[]): Promise<(Subject & { purpose: KeyPurpose }) | null> {
  const [row] = await db
    .update(authKey)
    .set({ usedAt: new Date() })
    .where(and(eq(authKey.keyHash, sha256(key)), eq(authKey.userType, userType), inArray(authKey.purpose, purposes), isNull(authKey.usedAt)))
    .returning();
  if (!row || row.expiresAt < new Date()) return null;
  return { userType, userId: row.userId, tenantId: row.tenantId, branchId: row.branchId, purpose: row.purpose as KeyPurpose };
}

/** When the user's newest unspent key of this purpose was issued (a resend waits after it), or null. */
export async function lastKeyIssuedAt(db: Db, purpose: KeyPurpose, s: Pick<Subject, 'userType' | 'userId'>): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: authKey.createdAt })
    .from(authKey)
    .where(and(eq(authKey.purpose, purpose), eq(authKey.userType, s.userType), eq(authKey.userId, s.userId), isNull(authKey.usedAt), gt(authKey.expiresAt, new Date())))
    .orderBy(desc(authKey.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Spends every unspent key of this purpose of the user (too many wrong guesses, or a newer key). */
export async function voidKeys(db: Db, purpose: KeyPurpose, s: Pick<Subject, 'userType' | 'userId'>) {
  await db
    .update(authKey)
    .set({ usedAt: new Date() })
    .where(and(eq(authKey.purpose, purpose), eq(authKey.userType, s.userType), eq(authKey.userId, s.userId), isNull(authKey.usedAt)));
}

/** Clean-up job: forget long-expired keys and tokens. */
export async function purgeExpired(db: Db) {
  const cutoff = new Date(Date.now() - 86_400_000);
  await db.delete(authKey).where(lt(authKey.expiresAt, cutoff));
  await db.delete(refreshToken).where(or(lt(refreshToken.expiresAt, cutoff), lt(refreshToken.revokedAt, cutoff)));
}
