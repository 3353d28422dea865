import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret of 256 random bits, safe in a URL. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
/** Tokens and keys are stored only as their SHA-256, so a database leak gives nothing usable. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
