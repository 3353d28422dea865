import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import {
  MAIL_SETTINGS_PATHS,
  PLATFORM_MAIL_BRANCH_ID,
  mailSettingsCreateSchema,
  mailSettingsSchema,
  mailSettingsUpdateSchema,
} from '@tillpoint/contracts/mail-settings';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { Db } from '../../db/open-db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { adminRoutes, errorResponses as errors, found, idParams } from '../../platform/route-kit';
import { branchScope } from '../../platform/tenancy';
import {
  emptyMailSettings,
  findMailSettingsByBranch,
  findMailSettingsById,
  insertMailSettings,
  mailSettingsRecord,
  updateMailSettings,
} from './mail-settings.repo';
import { sendTestMail } from './mail-settings.service';

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
  const knownBranch = async (merchantBranchId: number) => {
    if (merchantBranchId !== PLATFORM_MAIL_BRANCH_ID && !(await branchScope(db, merchantBranchId))) throw notFound();
  };
  const byId = async (id: number) => found(await findMailSettingsById(db, id));

  adminRoutes(parent, (app) => {
    app.get(
      `${B}merchantBranchId/:merchantBranchId`,
      { schema: { tags, params: z.object({ merchantBranchId: branchOrPlatform }), response: { 200: mailSettingsSchema, ...errors } } },
      async (req) => {
        const { merchantBranchId } = req.params;
        await knownBranch(merchantBranchId);
        const row = await findMailSettingsByBranch(db, merchantBranchId);
        return row ? mailSettingsRecord(row) : emptyMailSettings(merchantBranchId);
      },
    );

    app.get(`${B}:id`, { schema: { tags, params: idParams, response: { 200: mailSettingsSchema, ...errors } } }, async (req) =>
      mailSettingsRecord(await byId(req.params.id)),
    );

    app.post(`${B}create`, { schema: { tags, body: mailSettingsCreateSchema, response: { 200: mailSettingsSchema, ...errors } } }, async (req) => {
      await knownBranch(req.body.merchantBranchId);
      if (await findMailSettingsByBranch(db, req.body.merchantBranchId)) throw conflict();
      return mailSettingsRecord(await insertMailSettings(db, req.body));
    });

    app.put(`${B}update`, { schema: { tags, body: mailSettingsUpdateSchema, response: { 200: mailSettingsSchema, ...errors } } }, async (req) => {
      const { id, ...values } = req.body;
      const row = await byId(id);
      // Settings belong to one branch (or the platform) for good; another branch gets its own.
      if (values.merchantBranchId !== row.merchantBranchId) throw badRequest(MESSAGES.emptyValues);
      return mailSettingsRecord(found(await updateMailSettings(db, id, values)));
    });

    app.post(`${B}sendemail/:id`, { schema: { tags, params: idParams, response: { 200: noticeSchema, ...errors } } }, async (req) =>
      sendTestMail(await byId(req.params.id)),
    );
  });
}
