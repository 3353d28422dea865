import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiError, FieldError } from '@tillpoint/contracts/api-error';
import type { NoticeType } from '@tillpoint/contracts/enums';
import { MESSAGES } from '@tillpoint/contracts/messages';

/** A failure the client should see: status, notice type and the spec's words. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly details: string,
    readonly type: NoticeType = 'ERROR',
    readonly errors?: FieldError[],
  ) {
    super(details);
  }
  body(): ApiError {
    return { type: this.type, details: this.details, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const badRequest = (details: string, errors?: FieldError[]) => new HttpError(400, details, 'WARNING', errors);
export const unauthorized = (details: string = MESSAGES.sessionExpired) => new HttpError(401, details);
export const forbidden = () => new HttpError(403, MESSAGES.notAuthorized);
export const notFound = () => new HttpError(404, MESSAGES.notFound);
export const conflict = (details: string = MESSAGES.duplicate) => new HttpError(409, details);

type PgLikeError = { code?: string; constraint?: string; cause?: unknown };
/** PostgreSQL's error, wherever the driver put it (pg and PGlite throw it, Drizzle wraps it in `cause`). */
function pgError(err: unknown): PgLikeError | undefined {
  let e = err as PgLikeError | undefined;
  for (let i = 0; e && i < 3; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as PgLikeError | undefined;
  }
  return undefined;
}
const pgCode = (err: unknown) => pgError(err)?.code;

/** Whether a write broke this unique constraint (the database, not a read before the write, decides a race). */
export function isUniqueViolation(err: unknown, constraint: string) {
  const e = pgError(err);
  return e?.code === '23505' && e.constraint === constraint;
}

/** The one error handler: typed bodies for every failure, never a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).send(err.body());
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.issue && (v.params.issue as { path?: unknown[] }).path?.join('.') || ''),
        message: v.message ?? MESSAGES.emptyValues,
      }));
      return reply.status(400).send({ type: 'WARNING', details: errors[0]?.message ?? MESSAGES.emptyValues, errors });
    }
    if (err instanceof ZodError) {
      // A schema applied by hand (e.g. the JSON part of a multipart upload): the same 400 as a route schema's.
      const errors = err.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      return reply.status(400).send({ type: 'WARNING', details: errors[0]?.message ?? MESSAGES.emptyValues, errors });
    }
    const code = pgCode(err);
    if (code === '23505') return reply.status(409).send({ type: 'ERROR', details: MESSAGES.duplicate });
    if (code === '23503') return reply.status(409).send({ type: 'ERROR', details: 'The record is in use and cannot be changed this way.' });
    if (err.statusCode === 429) return reply.status(429).send({ type: 'WARNING', details: MESSAGES.tooManyRequests });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      return reply.status(err.statusCode).send({ type: 'WARNING', details: err.statusCode === 414 ? MESSAGES.uriTooLong : MESSAGES.emptyValues });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ type: 'ERROR', details: MESSAGES.unexpected });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ type: 'ERROR', details: MESSAGES.notFound }));
}

/**
 * Fastify's router errors (a malformed URL, a path parameter longer than maxParamLength) would
 * otherwise answer with Fastify's own body; they get the typed body too.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  reply.status(status).send({ type: 'WARNING', details: status === 414 ? MESSAGES.uriTooLong : MESSAGES.badRequest });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (bad request line, headers over the
 * limit, a request that took too long to arrive): answered with the typed body, then the socket is
 * closed, as Node itself would.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, details] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, MESSAGES.requestTimeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, MESSAGES.headersTooLarge]
        : err.code === 'HPE_URI_TOO_LONG'
          ? [414, MESSAGES.uriTooLong]
          : [400, MESSAGES.badRequest];
  const body = JSON.stringify({ type: 'WARNING', details });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
