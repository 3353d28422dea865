import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { REFRESH_TOKEN_DAYS } from '@tillpoint/contracts/auth';
import type { UserType } from '@tillpoint/contracts/enums';
import type { Db } from '../db/open-db';
import { authKey, refreshToken } from '../db/schema';
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

export type RotateResult = { ok: true; subject: Subject; token: string } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

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
    return { ok: true, subject, token: next } as const;
  });
}

export async function revokeFamilyOf(db: Db, token: string) {
  const [row] = await db.select({ familyId: refreshToken.familyId }).from(refreshToken).where(eq(refreshToken.tokenHash, sha256(token)));
  if (row) await db.update(refreshToken).set({ revokedAt: new Date() }).where(eq(refreshToken.familyId, row.familyId));
}

/** Ends every session of one user. A merchant user is known by account and id: ids repeat across accounts. */
export async function revokeAllOf(db: Db, s: Pick<Subject, 'userType' | 'userId' | 'tenantId'>) {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshToken.userType, s.userType),
        eq(refreshToken.userId, s.userId),
        s.tenantId === null ? isNull(refreshToken.tenantId) : eq(refreshToken.tenantId, s.tenantId),
        isNull(refreshToken.revokedAt),
      ),
    );
}

export type KeyPurpose = 'LOGIN_CODE' | 'RESET' | 'ACTIVATION';

/** A single-use key (login code, reset or activation link). */
export async function issueKey(db: Db, purpose: KeyPurpose, s: Subject, ttlMs: number): Promise<string> {
  const key = newOpaqueToken();
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

/** Clean-up job: forget long-expired keys and tokens. */
export async function purgeExpired(db: Db) {
  const cutoff = new Date(Date.now() - 86_400_000);
  await db.delete(authKey).where(lt(authKey.expiresAt, cutoff));
  await db.delete(refreshToken).where(or(lt(refreshToken.expiresAt, cutoff), lt(refreshToken.revokedAt, cutoff)));
}
