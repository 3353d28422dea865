import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config';

/** What a verified Google ID token tells about its account. */
export type GoogleProfile = { subject: string; email: string; emailVerified: boolean; firstName: string; lastName: string };

export type GoogleVerifier = {
  /** The configured OAuth client id; null when Google sign-in is off. */
  clientId: string | null;
  /** The token's profile when its signature (issuer's key set), issuer, audience and expiry hold; throws otherwise. */
  verify(credential: string): Promise<GoogleProfile>;
};

/**
 * Verifies Google ID tokens against the issuer's published keys (ARCHITECTURE §5). The key set is
 * fetched on first use and again when a token names an unknown key (jose caches it, with a cooldown
 * so forged key ids cannot make us hammer the issuer).
 */
export function createGoogleVerifier(google: Config['google']): GoogleVerifier {
  const clientId = google.clientId ?? null;
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  return {
    clientId,
    async verify(credential) {
      if (!clientId) throw new Error('Google sign-in is off');
      keys ??= createRemoteJWKSet(new URL(google.jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
      const { payload } = await jwtVerify(credential, keys, {
        issuer: google.issuers,
        audience: clientId,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      });
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      return {
        subject: text(payload.sub),
        email: text(payload.email),
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        firstName: text(payload.given_name),
        lastName: text(payload.family_name),
      };
    },
  };
}
