import type { ApiError } from './api-error';

/**
 * Whether a response body is a notice (it carries a `type`). Free of zod so the web app's first
 * chunk can use it; api-error.ts re-exports it.
 */
export function isApiError(body: unknown): body is ApiError {
  return typeof body === 'object' && body !== null && 'type' in body && typeof (body as { type: unknown }).type === 'string';
}
