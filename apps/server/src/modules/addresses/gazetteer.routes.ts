import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TextDecoder } from 'node:util';
import {
  GAZETTEER_IMPORT_MAX_BYTES,
  GAZETTEER_MESSAGES as M,
  GAZETTEER_PATHS,
  gazetteerImportResultSchema,
  gazetteerSummarySchema,
} from '@tillpoint/contracts/address-lookup-import';
import type { Db } from '../../db/open-db';
import { HttpError, badRequest } from '../../platform/errors';
import { adminRoutes, errorResponses } from '../../platform/route-kit';
import { gazetteerSummary, importGazetteer } from './gazetteer-import';

/**
 * The text of the one uploaded file (field `file`, or the first file), at most 50 MB, which must be
 * UTF-8 text. Read whole as bytes (not as rows): the import walks it twice, checking then writing.
 */
async function readCsvUpload(req: FastifyRequest): Promise<string> {
  if (!req.isMultipart()) throw badRequest(M.noFile);
  let content: Buffer;
  try {
    const part = await req.file({ limits: { fileSize: GAZETTEER_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    if (!part) throw badRequest(M.noFile);
    content = await part.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(M.tooLarge);
    // Anything else is a malformed body (cut short, bad boundary, too many parts): bad input.
    throw badRequest(M.noFile);
  }
  if (!content.length) throw badRequest(M.noFile);
  if (content.includes(0)) throw badRequest(M.notText);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw badRequest(M.notText);
  }
}

/** The gazetteer's CSV import and its counts: platform administrators only. */
export function gazetteerRoutes(parent: FastifyInstance, db: Db) {
  const tags = ['Address gazetteer (admin)'];
  adminRoutes(parent, (app) => {
    app.post(
      `/api/${GAZETTEER_PATHS.import}`,
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: gazetteerImportResultSchema, ...errorResponses } } },
      async (req) => importGazetteer(db, await readCsvUpload(req)),
    );
    app.get(`/api/${GAZETTEER_PATHS.summary}`, { schema: { tags, response: { 200: gazetteerSummarySchema, ...errorResponses } } }, async () => gazetteerSummary(db));
  });
}
