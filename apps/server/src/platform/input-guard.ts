import type { FastifyInstance } from 'fastify';
import { isStorableText } from '@tillpoint/contracts/fields';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { badRequest } from './errors';

/** The path (`body.name`, `params.code`) of the first string PostgreSQL or an encoder cannot take, if any. */
export function firstUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (!isStorableText(k)) return path;
    const found = firstUnstorable(v, `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every route, before its schema: a NUL character or a lone surrogate in the path, the query or a
 * JSON body is a 400 with a clear message. The shared text fields refuse them too; this also covers
 * raw parameters (the domain lookup, sign-in codes) and fields that are not shared texts.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const bad = firstUnstorable(req.params, 'params') ?? firstUnstorable(req.query, 'query') ?? firstUnstorable(req.body, 'body');
    if (bad) {
      const field = bad.split('.').slice(1).join('.');
      throw badRequest(MESSAGES.invalidCharacters, [{ field, message: MESSAGES.invalidCharacters }]);
    }
  });
}
