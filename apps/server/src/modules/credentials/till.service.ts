import { timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { TillAuthRequest, TillToken } from '@tillpoint/contracts/till';
import type { Db } from '../../db/open-db';
import type { TokenSigner } from '../../platform/auth';
import { HttpError } from '../../platform/errors';
import { sha256 } from '../../platform/random';
import { findTillCredential, recordTillConnection } from './credentials.repo';

const refused = (details: string) => new HttpError(401, details);

const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * A till trades its client id and secret for an access token (typ 'till', carrying its account
 * and branch). Whether the credential is locked or PASSIVE is told only to a caller that knew the
 * secret; anyone else hears the same 'incorrect' as for an unknown client id. Success records the
 * connection.
 */
export async function tillAuth(db: Db, signer: TokenSigner, input: TillAuthRequest, remoteAddress: string | null): Promise<TillToken> {
  const found = await findTillCredential(db, input.clientId);
  const presented = sha256(input.clientSecret);
  if (!found || !sameHash(presented, found.c.clientSecretHash)) throw refused(MESSAGES.tillBadCredentials);
  const c = found.c;
  if (c.status !== 'ACTIVE') throw refused(MESSAGES.tillCredentialPassive);
  if (c.locked) throw refused(MESSAGES.tillCredentialLocked);
  if (found.branchStatus !== 'ACTIVE' || found.accountStatus !== 'ACTIVE') throw refused(MESSAGES.tillStorePassive);
  const { token, expiresAt } = await signer.sign({
    userType: 'till',
    userId: c.id,
    merchantAccountId: c.merchantAccountId,
    merchantBranchId: c.merchantBranchId,
    privileges: new Set(),
  });
  await recordTillConnection(db, c, remoteAddress);
  return {
    accessToken: token,
    tokenType: 'Bearer',
    expireDate: expiresAt.toISOString(),
    merchantAccountId: c.merchantAccountId,
    merchantBranchId: c.merchantBranchId,
    masterDevice: c.masterDevice,
    orderDevice: c.orderDevice,
  };
}
