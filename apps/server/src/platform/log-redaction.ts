import type { FastifyServerOptions } from 'fastify';

/**
 * What never reaches a log line: secrets by field name (at any of the first four levels of a logged
 * object), the credentials in request and response headers, and the parameters of a failed query
 * (which carry whatever the user typed: passwords, payment JWTs, argon2 hashes).
 */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'passwordHash',
  'pass',
  'jwt',
  'secret',
  'clientSecret',
  'clientSecretHash',
  'token',
  'accessToken',
  'refreshToken',
  'reCaptchaToken',
  'key',
  'apiKey',
  'authorization',
  'cookie',
  'set-cookie',
  'params',
  'parameters',
  // Card data (PCI DSS 3.3.1): only the SIMULATOR's card-identifiers call ever receives it, and requests are logged without bodies; this is the second line.
  'cardDetails',
  'cardNumber',
  'securityCode',
  'cvv',
];

export const REDACTED = '[redacted]';

export const redactPaths = SECRET_KEYS.flatMap((k) => {
  const prop = /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `["${k}"]`;
  const top = prop.startsWith('.') ? k : prop;
  return [top, `*${prop}`, `*.*${prop}`, `*.*.*${prop}`];
});

type LoggedError = { type: string; message: string; stack: string; code?: string; cause?: LoggedError };

/** A query's text after "params:" (Drizzle puts the bound values there), and PostgreSQL's quoted value at the end of a message. */
function scrub(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`)
    .replace(/: "[^"]*"$/gm, `: "${REDACTED}"`)
    .replace(/=\(.*\) (already exists|is not present)/g, `=(${REDACTED}) $1`);
}

/**
 * The error serializer for every log line: type, code, scrubbed message and stack, and the cause (a
 * driver error) the same way. Own fields such as Drizzle's `query`/`params` or PostgreSQL's
 * `detail` (which names the duplicate value) are left out on purpose.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: REDACTED, stack: '' };
  const e = err as Error & { code?: unknown; cause?: unknown };
  const out: LoggedError = { type: e.constructor?.name ?? e.name, message: scrub(e.message), stack: scrub(e.stack ?? '') };
  if (typeof e.code === 'string') out.code = e.code;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

type Req = { method: string; url: string; ip?: string; hostname?: string };
/** A request as logged: no query string (reset and activation keys travel there), no sign-in code in the path. */
export function serializeRequest(req: Req) {
  const path = req.url.split('?')[0].replace(/\/tokens\/code\/[^/]+/, `/tokens/code/${REDACTED}`);
  return { method: req.method, url: path, remoteAddress: req.ip };
}

/** Fastify's logger options with the redaction above; `stream` lets a test read what would be written. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level: level === 'silent' ? 'info' : level,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
