import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Encryption at rest for the few secrets the server must read back (an SMTP password, a payment
 * provider's JWT and password): AES-256-GCM, stored in the same text column as
 * `enc:v1:<iv>:<tag>:<ciphertext>` (base64url). The key never sits in the database: it comes from
 * DATA_KEY, else from a key file made once beside the data (mode 0600).
 */
const PREFIX = 'enc:v1:';

let dataKey: Buffer | null = null;
/** In-memory databases (tests) get a key that lives as long as the process, like their data. */
let processKey: Buffer | null = null;

export function parseDataKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, t.includes('+') || t.includes('/') ? 'base64' : 'base64url');
  if (key.length !== 32) throw new Error('The data key must be 32 bytes (64 hex digits or 44 base64 characters).');
  return key;
}

/** The key: from the environment, else read from (or made once in) the key file, else one per process. */
export function loadDataKey(opts: { dataKey?: string; dataKeyFile?: string }): Buffer {
  if (opts.dataKey) return parseDataKey(opts.dataKey);
  if (!opts.dataKeyFile) {
    processKey ??= randomBytes(32);
    return processKey;
  }
  try {
    return parseDataKey(readFileSync(opts.dataKeyFile, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(opts.dataKeyFile), { recursive: true });
  try {
    // 'wx': if another process made the file a moment ago, keep (and read) its key.
    writeFileSync(opts.dataKeyFile, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(opts.dataKeyFile, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseDataKey(readFileSync(opts.dataKeyFile, 'utf8'));
}

export function useDataKey(key: Buffer) {
  dataKey = key;
}

function currentKey(): Buffer {
  if (!dataKey) throw new Error('No data key: buildApp sets it before any secret is read or written.');
  return dataKey;
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** Encrypts a secret for storage; an empty value stays empty (it means "none"). */
export function seal(plain: string): string {
  if (plain === '' || isSealed(plain)) return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`;
}

/** The secret as stored before encryption existed is returned as it is (and sealed by the start-up step). */
export function unseal(stored: string): string {
  if (!isSealed(stored)) return stored;
  const [iv, tag, data] = stored.slice(PREFIX.length).split(':');
  const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export const unsealNullable = (stored: string | null) => (stored === null ? null : unseal(stored));
