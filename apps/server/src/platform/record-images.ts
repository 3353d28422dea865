import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@tillpoint/contracts/fields';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_MESSAGES } from '@tillpoint/contracts/product';
import type { Db } from '../db/open-db';
import { type Scope, requireMerchant, scopeOf } from './auth';
import { HttpError, badRequest, notFound } from './errors';
import { type FileStore, checkImage, sendStoredFile } from './files';
import { errorResponses } from './route-kit';

/**
 * Where a record keeps its images: one stored-file id per image type. `read` is undefined when the
 * caller has no such record, null when it has no image of that type.
 */
export type ImageSlots<T extends string> = {
  read(db: Db, s: Scope, id: number, type: T): Promise<number | null | undefined>;
  write(db: Db, s: Scope, id: number, type: T, fileId: number | null): Promise<void>;
};

/**
 * Reads the one file of an upload (multipart field `file`, or the first file), refusing more than
 * 50,000 bytes with the spec's 'Maximum upload size is 50K.' before the rest is read, and anything
 * that is not an image (judged by its content) with a clear message.
 */
export async function readCatalogueImage(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest(MESSAGES.emptyValues);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let content: Buffer;
  try {
    part = await req.file({ limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    if (!part) throw badRequest(PRODUCT_MESSAGES.imagesOnly);
    content = await part.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(PRODUCT_MESSAGES.maxUpload);
    // Anything else here is a malformed body (cut short, bad boundary, too many parts): bad input, not a server fault.
    throw badRequest(MESSAGES.emptyValues);
  }
  if (!part) throw badRequest(PRODUCT_MESSAGES.imagesOnly);
  if (content.length > PRODUCT_IMAGE_MAX_BYTES) throw badRequest(PRODUCT_MESSAGES.maxUpload);
  try {
    return await checkImage({ field: part.fieldname, fileName: part.filename, content });
  } catch {
    throw badRequest(PRODUCT_MESSAGES.imagesOnly);
  }
}

/**
 * The generic image calls of ARCHITECTURE §2 for a catalogue base: PUT image/upload/{id}/{type}
 * (multipart), PUT image/remove/{id}/{type}, GET image/download/{id}/{type}. An upload replaces the
 * old file in the same transaction that points the record at the new one, so a record never points
 * at a missing file and no old file is left behind. Upload and remove reply with the saved record.
 */
export function registerImageRoutes<T extends string, R>(
  parent: FastifyInstance,
  db: Db,
  files: FileStore,
  spec: {
    base: string;
    objectName: string;
    tag: string;
    types: readonly [T, ...T[]];
    slots: ImageSlots<T>;
    record: z.ZodType<R>;
    get: (db: Db, s: Scope, id: number) => Promise<R | undefined>;
  },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const B = `/api/${spec.base}`;
  const tags = [spec.tag];
  const params = z.object({ id: idSchema, type: z.enum(spec.types as unknown as [string, ...string[]], { error: MESSAGES.emptyValues }) });
  const guard = (action: string) => async (req: FastifyRequest) => {
    requireMerchant(req, spec.objectName, action);
  };
  const own = (req: FastifyRequest) => scopeOf(requireMerchant(req));
  const record: z.ZodType = spec.record;

  const replace = (s: Scope, id: number, type: T, file: Awaited<ReturnType<typeof checkImage>> | null) =>
    db.transaction(async (tx) => {
      const old = await spec.slots.read(tx, s, id, type);
      if (old === undefined) throw notFound();
      const saved = file ? await files.save(tx, s.merchantAccountId, file) : null;
      await spec.slots.write(tx, s, id, type, saved?.id ?? null);
      if (old !== null) await files.remove(tx, s.merchantAccountId, old);
      return (await spec.get(tx, s, id)) as R;
    });

  app.put(
    `${B}image/upload/:id/:type`,
    { onRequest: guard('Create'), schema: { tags, params, consumes: ['multipart/form-data'], response: { 200: record, ...errorResponses } } },
    async (req) => {
      const s = own(req);
      // A stranger's id is a 404 before the upload is read.
      if ((await spec.slots.read(db, s, req.params.id, req.params.type as T)) === undefined) throw notFound();
      return replace(s, req.params.id, req.params.type as T, await readCatalogueImage(req));
    },
  );
  app.put(`${B}image/remove/:id/:type`, { onRequest: guard('Create'), schema: { tags, params, response: { 200: record, ...errorResponses } } }, async (req) =>
    replace(own(req), req.params.id, req.params.type as T, null),
  );
  app.get(`${B}image/download/:id/:type`, { onRequest: guard('View'), schema: { tags, params } }, async (req, reply) => {
    const s = own(req);
    const fileId = await spec.slots.read(db, s, req.params.id, req.params.type as T);
    if (fileId === undefined || fileId === null) throw notFound();
    const file = await files.read(db, s.merchantAccountId, fileId);
    if (!file) throw notFound();
    return sendStoredFile(req, reply, file);
  });
}
