import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import {
  BRANCH_SETTINGS_PATHS,
  branchSettingsSchema,
  eodSettingsInputSchema,
  memberBranchSettingsSchema,
  orderSettingsInputSchema,
  paymentSettingsInputSchema,
  publicPaymentSettingsSchema,
  storeClosedSchema,
} from '@tillpoint/contracts/branch-settings';
import { idSchema } from '@tillpoint/contracts/fields';
import { providerEndpoints } from '@tillpoint/contracts/payment-providers';
import type { Db } from '../../db/open-db';
import { type Principal, adminOnly, requireAdmin } from '../../platform/auth';
import { branchScope } from '../../platform/tenancy';
import { notFound } from '../../platform/errors';
import { type BranchSettingsValues, branchSettingsRecord, branchStatus, findBranchSettings, saveBranchSettings } from './branch-settings.repo';
import { eodSettingsValues, offersDelivery, orderSettingsValues, paymentSettingsValues } from './branch-settings.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['Branch settings'];
const B = `/api/${BRANCH_SETTINGS_PATHS.base}`;
const branchParams = z.object({ branchId: idSchema });

/**
 * Branch settings (spec 1 §7): administrators read and write them per tab; the storefront reads the
 * payment provider, the member view and whether the store is closed without signing in.
 */
export function branchSettingsRoutes(parent: FastifyInstance, db: Db, opts: { testEnvironment: boolean }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const scopeOf = async (branchId: number) => {
    const scope = await branchScope(db, branchId);
    if (!scope) throw notFound();
    return scope;
  };
  // Before the first save the DOJO default shows the addresses it would be saved with.
  const shown = (scope: Awaited<ReturnType<typeof scopeOf>>, row: Parameters<typeof branchSettingsRecord>[1]) =>
    branchSettingsRecord(scope, row, providerEndpoints('DOJO', opts.testEnvironment) ?? {});

  app.get(`${B}merchantBranchId/:branchId`, { onRequest: adminOnly, schema: { tags, params: branchParams, response: { 200: branchSettingsSchema, ...errors } } }, async (req) => {
    const scope = await scopeOf(req.params.branchId);
    return shown(scope, await findBranchSettings(db, scope));
  });

  /** One save per tab; each writes its own columns only. The spec's update carries userType admin: the server records the caller's. */
  const save = async (p: Principal, branchId: number, values: BranchSettingsValues) => {
    const scope = await scopeOf(branchId);
    return shown(scope, await saveBranchSettings(db, scope, { ...values, userType: p.userType }));
  };
  const reply = { 200: branchSettingsSchema, ...errors };
  app.put(`${B}:branchId/order`, { onRequest: adminOnly, schema: { tags, params: branchParams, body: orderSettingsInputSchema, response: reply } }, async (req) =>
    save(requireAdmin(req), req.params.branchId, orderSettingsValues(req.body)),
  );
  app.put(`${B}:branchId/eod`, { onRequest: adminOnly, schema: { tags, params: branchParams, body: eodSettingsInputSchema, response: reply } }, async (req) =>
    save(requireAdmin(req), req.params.branchId, eodSettingsValues(req.body)),
  );
  app.put(`${B}:branchId/payment`, { onRequest: adminOnly, schema: { tags, params: branchParams, body: paymentSettingsInputSchema, response: reply } }, async (req) =>
    save(requireAdmin(req), req.params.branchId, paymentSettingsValues(req.body, opts.testEnvironment)),
  );

  // ---- public: the storefront reads these before anyone signs in; never a secret.

  app.get(
    `${B}paymentsettings/:branchId`,
    { schema: { tags, params: branchParams, response: { 200: publicPaymentSettingsSchema, ...errors } } },
    async (req) => {
      const scope = await scopeOf(req.params.branchId);
      const s = shown(scope, await findBranchSettings(db, scope));
      return { provider: s.provider, paymentSenseUrl: s.jsUrl };
    },
  );

  app.get(
    `${B}member/merchantBranchId/:branchId`,
    { schema: { tags, params: branchParams, response: { 200: memberBranchSettingsSchema, ...errors } } },
    async (req) => {
      const scope = await scopeOf(req.params.branchId);
      const status = (await branchStatus(db, scope)) ?? 'PASSIVE';
      const s = shown(scope, await findBranchSettings(db, scope));
      return {
        merchantBranchId: scope.merchantBranchId,
        status,
        tableOrderPaymentOptions: s.tableOrderPaymentOptions,
        webOrderPaymentOptions: s.webOrderPaymentOptions,
        hasDeliveryOrderType: offersDelivery(s.webOrderPaymentOptions),
        storeClosed: status !== 'ACTIVE',
      };
    },
  );

  // Opening hours are not kept yet (spec 2's schedules): an ACTIVE store is open, a PASSIVE one closed.
  app.get(`${B}isstoreclosed/branchId/:branchId`, { schema: { tags, params: branchParams, response: { 200: storeClosedSchema, ...errors } } }, async (req) => {
    const scope = await scopeOf(req.params.branchId);
    return { storeClosed: (await branchStatus(db, scope)) !== 'ACTIVE' };
  });
}
