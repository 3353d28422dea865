import type { FastifyInstance, FastifyServerOptions } from 'fastify';

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

/**
 * Standard output in batches: the lines of the next 20 ms (or 16 KB) in one write, instead of a write
 * per line (two per request). Measured on basket adds: the per-line writes were a tenth of the
 * server's CPU. Whatever is pending is written when the process exits (pipes and files are written
 * synchronously on Linux, so it reaches them); only a SIGKILL can lose the last 20 ms.
 */
export function batchedStdout(out: { write(text: string): unknown } = process.stdout) {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const text = pending;
    pending = '';
    out.write(text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= 16_384) flush();
      else timer ??= setTimeout(flush, 20).unref();
      return true;
    },
    flush,
  };
}

// One per process, however many apps it builds.
let stdoutLines: ReturnType<typeof batchedStdout> | undefined;

/** Fastify's logger options with the redaction above; `stream` lets a test read what would be written. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  if (!stream) stdoutLines ??= batchedStdout();
  return {
    level: level === 'silent' ? 'info' : level,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    stream: stream ?? stdoutLines,
  };
}

/**
 * One line per request, when it is answered (method, path, status, time), in place of Fastify's two
 * (arrival and answer): each line is serialised and redacted, which costs as much as a simple read.
 * Fastify's own are turned off with `disableRequestLogging`.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}
