import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import type { Challenge, Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/open-db';
import { captchaUsed } from '../db/schema';

/** Self-hosted ALTCHA proof of work (v2). No third party is called. */
const ALGORITHM = 'PBKDF2/SHA-256';
const TTL_MS = 10 * 60_000;

export type Captcha = {
  challenge(): Promise<Challenge>;
  /** True once per solved challenge: a used signature is refused until it expires. */
  verify(payload: string | null | undefined): Promise<boolean>;
};

export function createCaptcha(db: Db, secret: string, cost: number, maxCounter: number): Captcha {
  return {
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost,
        counter: randomInt(Math.max(2, maxCounter), Math.max(1, Math.floor(maxCounter / 2))),
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: new Date(Date.now() + TTL_MS),
      }),
    async verify(raw) {
      if (!raw) return false;
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Payload;
      } catch {
        return false;
      }
      if (!payload?.challenge?.signature || !payload.solution) return false;
      const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret }).catch(
        () => null,
      );
      if (!result?.verified) return false;
      await db.delete(captchaUsed).where(lt(captchaUsed.expiresAt, new Date()));
      const inserted = await db
        .insert(captchaUsed)
        .values({ signature: payload.challenge.signature, expiresAt: new Date(Date.now() + TTL_MS) })
        .onConflictDoNothing()
        .returning();
      return inserted.length === 1;
    },
  };
}
