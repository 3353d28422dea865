import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { providerEndpoints } from '@tillpoint/contracts/payment-providers';
import type { Db } from '../../db/open-db';
import type { Scope } from '../../platform/auth';
import { adminRoutes, branchParams, errorResponses as errors, found } from '../../platform/route-kit';
import { branchScope } from '../../platform/tenancy';
import { type BranchSettingsValues, branchSettingsRecord, branchStatus, findBranchSettings, saveBranchSettings } from './branch-settings.repo';
import { eodSettingsValues, offersDelivery, orderSettingsValues, paymentSettingsValues } from './branch-settings.service';

const tags = ['Branch settings'];
const B = `/api/${BRANCH_SETTINGS_PATHS.base}`;

/**
 * Branch settings (spec 1 §7): administrators read and write them per tab; the storefront reads the
 * payment provider, the member view and whether the store is closed without signing in.
 */
export function branchSettingsRoutes(parent: FastifyInstance, db: Db, opts: { testEnvironment: boolean }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const scopeOf = async (branchId: number) => found(await branchScope(db, branchId));
  // Before the first save the DOJO default shows the addresses it would be saved with.
  const shown = (scope: Scope, row: Parameters<typeof branchSettingsRecord>[1]) =>
    branchSettingsRecord(scope, row, providerEndpoints('DOJO', opts.testEnvironment) ?? {});

  /**
   * One save per tab; each writes its own columns only. The spec's update carries userType admin:
   * the server records it itself (these routes answer administrators only).
   */
  const save = async (branchId: number, values: BranchSettingsValues) => {
    const scope = await scopeOf(branchId);
    return shown(scope, await saveBranchSettings(db, scope, { ...values, userType: 'admin' }));
  };
  const reply = { 200: branchSettingsSchema, ...errors };
  adminRoutes(parent, (app) => {
    app.get(`${B}merchantBranchId/:branchId`, { schema: { tags, params: branchParams, response: reply } }, async (req) => {
      const scope = await scopeOf(req.params.branchId);
      return shown(scope, await findBranchSettings(db, scope));
    });
    app.put(`${B}:branchId/order`, { schema: { tags, params: branchParams, body: orderSettingsInputSchema, response: reply } }, async (req) =>
      save(req.params.branchId, orderSettingsValues(req.body)),
    );
    app.put(`${B}:branchId/eod`, { schema: { tags, params: branchParams, body: eodSettingsInputSchema, response: reply } }, async (req) =>
      save(req.params.branchId, eodSettingsValues(req.body)),
    );
    app.put(`${B}:branchId/payment`, { schema: { tags, params: branchParams, body: paymentSettingsInputSchema, response: reply } }, async (req) =>
      save(req.params.branchId, paymentSettingsValues(req.body, opts.testEnvironment)),
    );
  });

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
