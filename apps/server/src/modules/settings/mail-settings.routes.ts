import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { idSchema } from '@tillpoint/contracts/fields';
import {
  MAIL_SETTINGS_PATHS,
  PLATFORM_MAIL_BRANCH_ID,
  mailSettingsCreateSchema,
  mailSettingsSchema,
  mailSettingsUpdateSchema,
} from '@tillpoint/contracts/mail-settings';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { Db } from '../../db/open-db';
import { adminOnly } from '../../platform/auth';
import { branchScope } from '../../platform/tenancy';
import { badRequest, conflict, notFound } from '../../platform/errors';
import {
  emptyMailSettings,
  findMailSettingsByBranch,
  findMailSettingsById,
  insertMailSettings,
  mailSettingsRecord,
  updateMailSettings,
} from './mail-settings.repo';
import { sendTestMail } from './mail-settings.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['Mail settings'];
const B = `/api/${MAIL_SETTINGS_PATHS.base}`;
/** A branch id, or -1 for the platform's own settings. */
const branchOrPlatform = z.coerce
  .number({ error: MESSAGES.emptyValues })
  .int()
  .refine((n) => n === PLATFORM_MAIL_BRANCH_ID || (n > 0 && n <= 2147483647), { error: MESSAGES.emptyValues });
const noticeSchema = apiErrorSchema;

/** SMTP settings of the platform (-1) and of branches (spec 1 §7 'Mail settings'); administrators only. */
export function mailSettingsRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const knownBranch = async (merchantBranchId: number) => {
    if (merchantBranchId !== PLATFORM_MAIL_BRANCH_ID && !(await branchScope(db, merchantBranchId))) throw notFound();
  };
  const byId = async (id: number) => {
    const row = await findMailSettingsById(db, id);
    if (!row) throw notFound();
    return row;
  };

  app.get(
    `${B}merchantBranchId/:merchantBranchId`,
    { onRequest: adminOnly, schema: { tags, params: z.object({ merchantBranchId: branchOrPlatform }), response: { 200: mailSettingsSchema, ...errors } } },
    async (req) => {
      const { merchantBranchId } = req.params;
      await knownBranch(merchantBranchId);
      const row = await findMailSettingsByBranch(db, merchantBranchId);
      return row ? mailSettingsRecord(row) : emptyMailSettings(merchantBranchId);
    },
  );

  app.get(`${B}:id`, { onRequest: adminOnly, schema: { tags, params: z.object({ id: idSchema }), response: { 200: mailSettingsSchema, ...errors } } }, async (req) => {
    return mailSettingsRecord(await byId(req.params.id));
  });

  app.post(`${B}create`, { onRequest: adminOnly, schema: { tags, body: mailSettingsCreateSchema, response: { 200: mailSettingsSchema, ...errors } } }, async (req) => {
    await knownBranch(req.body.merchantBranchId);
    if (await findMailSettingsByBranch(db, req.body.merchantBranchId)) throw conflict();
    return mailSettingsRecord(await insertMailSettings(db, req.body));
  });

  app.put(`${B}update`, { onRequest: adminOnly, schema: { tags, body: mailSettingsUpdateSchema, response: { 200: mailSettingsSchema, ...errors } } }, async (req) => {
    const { id, ...values } = req.body;
    const row = await byId(id);
    // Settings belong to one branch (or the platform) for good; another branch gets its own.
    if (values.merchantBranchId !== row.merchantBranchId) throw badRequest(MESSAGES.emptyValues);
    const updated = await updateMailSettings(db, id, values);
    if (!updated) throw notFound();
    return mailSettingsRecord(updated);
  });

  app.post(
    `${B}sendemail/:id`,
    { onRequest: adminOnly, schema: { tags, params: z.object({ id: idSchema }), response: { 200: noticeSchema, ...errors } } },
    async (req) => {
      return sendTestMail(await byId(req.params.id));
    },
  );
}
