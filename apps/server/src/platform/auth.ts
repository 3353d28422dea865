import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_SECONDS, MEMBER_ACCESS_TOKEN_SECONDS } from '@tillpoint/contracts/auth';
import type { UserType } from '@tillpoint/contracts/enums';
import { USER_TYPES } from '@tillpoint/contracts/enums';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { privilegeKey } from '@tillpoint/contracts/privileges';
import type { Db } from '../db/open-db';
import { HttpError, forbidden, unauthorized } from './errors';
import { type LiveCheck, isLive, tillRefusal } from './sessions';

/** Who is calling, as the access token says. Merchant data is scoped by these ids, never by the client's. */
export type Principal = {
  userType: UserType;
  userId: number;
  merchantAccountId: number | null;
  merchantBranchId: number | null;
  privileges: ReadonlySet<string>;
  /** The sign-in (refresh-token family) a staff token belongs to; revoking it ends the token too. */
  sessionId?: string;
};
export type MerchantPrincipal = Principal & { userType: 'merchant'; merchantAccountId: number; merchantBranchId: number };
export type Scope = { merchantAccountId: number; merchantBranchId: number };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

type Claims = { typ: UserType; acc?: number; br?: number; prv?: string[]; sid?: string };

export type TokenSigner = {
  sign(p: Principal): Promise<{ token: string; expiresAt: Date }>;
  verify(token: string): Promise<Principal>;
};

/** How many verified tokens a signer remembers (a staff screen calls with the same token for 15 minutes). */
const VERIFIED_KEPT = 10_000;

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // Verified tokens by their exact text, until they expire: the same bytes verify the same way, so
  // this never accepts a token the signature check would refuse, and it spares the HMAC (an async
  // WebCrypto job, a tenth of a simple read's CPU) on every call of a signed-in screen. Revocation is
  // checked per request anyway (isLive).
  const verified = new Map<string, { principal: Principal; expiresAt: number }>();
  return {
    async sign(p) {
      // Members refresh once a day (spec 3 §4.9); their token is still checked against its sign-in on every request.
      const seconds = p.userType === 'member' ? MEMBER_ACCESS_TOKEN_SECONDS : ACCESS_TOKEN_SECONDS;
      const expiresAt = new Date(Date.now() + seconds * 1000);
      const claims: Claims = { typ: p.userType };
      if (p.merchantAccountId !== null) claims.acc = p.merchantAccountId;
      if (p.merchantBranchId !== null) claims.br = p.merchantBranchId;
      if (p.privileges.size) claims.prv = [...p.privileges];
      if (p.sessionId) claims.sid = p.sessionId;
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(p.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      const kept = verified.get(token);
      if (kept && Date.now() < kept.expiresAt) return kept.principal;
      const { payload } = await jwtVerify<Claims>(token, key, { algorithms: ['HS256'] });
      if (!USER_TYPES.includes(payload.typ)) throw new Error('bad token type');
      const principal: Principal = {
        userType: payload.typ,
        userId: Number(payload.sub),
        merchantAccountId: payload.acc ?? null,
        merchantBranchId: payload.br ?? null,
        privileges: new Set(payload.prv ?? []),
        ...(payload.sid ? { sessionId: payload.sid } : {}),
      };
      if (payload.exp !== undefined) {
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, { principal, expiresAt: payload.exp * 1000 });
      }
      return principal;
    },
  };
}

/**
 * Reads the bearer token on every request; routes then say what they require. A token whose sign-in
 * was revoked (logout, reset, PASSIVE user, locked or PASSIVE till credential) counts as none.
 */
export function registerAuth(app: FastifyInstance, signer: TokenSigner, db: Db) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    let p: Principal;
    try {
      p = await signer.verify(header.slice(7));
    } catch {
      // An expired or forged token is the same as none: the route decides whether that is a 401.
      req.principal = null;
      return;
    }
    if (p.userType === 'till') {
      // A till hears why, in the words of its own sign-in (till/auth).
      const refusal = await tillRefusal(db, { userType: 'till', credentialId: p.userId, merchantAccountId: p.merchantAccountId ?? -1 });
      if (refusal) throw new HttpError(401, TILL_REFUSALS[refusal]);
      req.principal = p;
      return;
    }
    req.principal = (await isLive(db, liveCheckOf(p, p.userType))) ? p : null;
  });
}

const TILL_REFUSALS = {
  unknown: MESSAGES.tillBadCredentials,
  passive: MESSAGES.tillCredentialPassive,
  locked: MESSAGES.tillCredentialLocked,
  store: MESSAGES.tillStorePassive,
} as const;

const liveCheckOf = (p: Principal, userType: 'admin' | 'merchant' | 'member'): LiveCheck => ({
  userType,
  userId: p.userId,
  merchantAccountId: p.merchantAccountId,
  sessionId: p.sessionId,
});

export function requireUser(req: FastifyRequest, ...types: UserType[]): Principal {
  const p = req.principal;
  if (!p) throw unauthorized();
  if (types.length && !types.includes(p.userType)) throw forbidden();
  return p;
}

export function requireAdmin(req: FastifyRequest): Principal {
  return requireUser(req, 'admin');
}

/** As a route's onRequest hook: 401/403 before the body is read or validated, so no body says anything to a stranger. */
export async function adminOnly(req: FastifyRequest) {
  requireAdmin(req);
}

/** A merchant user holding the privilege (objectName + action), or 403. */
export function requireMerchant(req: FastifyRequest, objectName?: string, ...actions: string[]): MerchantPrincipal {
  const p = requireUser(req, 'merchant');
  if (p.merchantAccountId === null || p.merchantBranchId === null) throw forbidden();
  for (const action of actions) {
    if (objectName && !p.privileges.has(privilegeKey(objectName, action))) throw forbidden();
  }
  return p as MerchantPrincipal;
}

/** A till signed in with its credential (POST till/auth): the token's subject is the credential id. */
export type TillPrincipal = { credentialId: number; scope: Scope };
export function requireTill(req: FastifyRequest): TillPrincipal {
  const p = requireUser(req, 'till');
  if (p.merchantAccountId === null || p.merchantBranchId === null) throw forbidden();
  return { credentialId: p.userId, scope: { merchantAccountId: p.merchantAccountId, merchantBranchId: p.merchantBranchId } };
}

export const scopeOf = (p: MerchantPrincipal): Scope => ({
  merchantAccountId: p.merchantAccountId,
  merchantBranchId: p.merchantBranchId,
});
