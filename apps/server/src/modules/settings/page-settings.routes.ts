import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { MESSAGES } from '@tillpoint/contracts/messages';
import {
  PAGE_IMAGE_TYPES,
  PAGE_SETTINGS_PATHS,
  healthSchema,
  pageSettingsDataSchema,
  pageSettingsSchema,
  pageSettingsUpdateDataSchema,
} from '@tillpoint/contracts/page-settings';
import type { Db } from '../../db/open-db';
import { HttpError, badRequest } from '../../platform/errors';
import { type FileStore, readMultipart, sendStoredFile } from '../../platform/files';
import { adminRoutes, branchParams, errorResponses as errors, found, idParams } from '../../platform/route-kit';
import { branchScope } from '../../platform/tenancy';
import { FILE_COLUMN, type PageSettingsRow, findPageSettingsByBranch, findPageSettingsById, pageSettingsRecord } from './page-settings.repo';
import { createPageSettings, imagesByField, imagesByTypes, updatePageImages } from './page-settings.service';

const tags = ['Page settings'];
const B = `/api/${PAGE_SETTINGS_PATHS.base}`;
const imageParams = idParams.extend({ type: z.enum(PAGE_IMAGE_TYPES) });

/** The `data` part of a multipart call, as JSON. */
function dataOf<T>(schema: z.ZodType<T>, text: string | undefined, fallback: unknown): T {
  if (text === undefined || text === '') return schema.parse(fallback);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(MESSAGES.emptyValues);
  }
  return schema.parse(value);
}

/** Branch page branding (spec 1 §7 'Page settings'): administrators write; the images are public to read. */
export function pageSettingsRoutes(parent: FastifyInstance, db: Db, files: FileStore) {
  const record = (row: PageSettingsRow) =>
    pageSettingsRecord(db, files, { merchantAccountId: row.merchantAccountId, merchantBranchId: row.merchantBranchId }, row);
  const ownRow = async (id: number) => found(await findPageSettingsById(db, id));
  const reply = { 200: pageSettingsSchema, ...errors };

  /** Only files a page settings row points at are served here, never an arbitrary stored file. */
  const serve = async (id: number, type: (typeof PAGE_IMAGE_TYPES)[number]) => {
    const row = await ownRow(id);
    const fileId = row[FILE_COLUMN[type]];
    return found(fileId === null ? undefined : await files.read(db, row.merchantAccountId, fileId));
  };

  adminRoutes(parent, (app) => {
    app.get(`${B}checkHealth`, { schema: { tags, response: { 200: healthSchema, ...errors, 503: apiErrorSchema } } }, async () => {
      if (!(await files.healthy(db))) throw new HttpError(503, MESSAGES.serviceUnavailable);
      return { status: 'UP' as const };
    });

    app.get(`${B}merchantBranchId/:branchId`, { schema: { tags, params: branchParams, response: reply } }, async (req) => {
      const scope = found(await branchScope(db, req.params.branchId));
      return pageSettingsRecord(db, files, scope, await findPageSettingsByBranch(db, scope));
    });

    app.post(B, { schema: { tags, consumes: ['multipart/form-data'], response: reply } }, async (req) => {
      const { fields, files: uploads } = await readMultipart(req);
      const data = dataOf(pageSettingsDataSchema, fields.data, {});
      const scope = found(await branchScope(db, data.merchantBranchId));
      return record(await createPageSettings(db, files, scope, data, imagesByField(uploads)));
    });

    app.put(`${B}:id`, { schema: { tags, consumes: ['multipart/form-data'], params: idParams, response: reply } }, async (req) => {
      const row = await ownRow(req.params.id);
      const { fields, files: uploads } = await readMultipart(req);
      const data = dataOf(pageSettingsUpdateDataSchema, fields.data, {});
      if (data.merchantBranchId !== undefined && data.merchantBranchId !== row.merchantBranchId) throw badRequest(MESSAGES.emptyValues);
      return record(await updatePageImages(db, files, row, imagesByField(uploads), data));
    });

    app.put(`${B}document/upload/:id`, { schema: { tags, consumes: ['multipart/form-data'], params: idParams, response: reply } }, async (req) => {
      const row = await ownRow(req.params.id);
      const { fields, files: uploads } = await readMultipart(req);
      if (!uploads.length) throw badRequest(MESSAGES.requiredFields);
      return record(await updatePageImages(db, files, row, imagesByTypes(uploads, fields.types)));
    });

    app.get(`${B}document/download/:id/:type`, { schema: { tags, params: imageParams } }, async (req, reply) =>
      sendStoredFile(req, reply, await serve(req.params.id, req.params.type), { attachment: true }),
    );
  });

  // Public: the storefront shows a branch's header and logo to anyone.
  parent.withTypeProvider<ZodTypeProvider>().get(`${B}image/:id/:type`, { schema: { tags, params: imageParams } }, async (req, reply) =>
    sendStoredFile(req, reply, await serve(req.params.id, req.params.type), { public: true }),
  );
}
