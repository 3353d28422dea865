import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BRANCH_SETTINGS_PATHS,
  branchSettingsSchema,
  eodSettingsInputSchema,
  memberBranchSettingsSchema,
  merchantBranchSettingsSchema,
  orderSettingsInputSchema,
  paymentSettingsInputSchema,
  publicPaymentSettingsSchema,
  storeClosedSchema,
} from '@tillpoint/contracts/branch-settings';
import { providerEndpoints } from '@tillpoint/contracts/payment-providers';
import type { Db } from '../../db/open-db';
import { z } from 'zod';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { type Scope, requireMerchant, requireUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { adminRoutes, branchParams, errorResponses as errors, found, staffOnly } from '../../platform/route-kit';
import { branchScope, userHasBranch } from '../../platform/tenancy';
import { type BranchSettingsValues, branchSettingsRecord, branchStatus, findBranchSettings, saveBranchSettings } from './branch-settings.repo';
import { memberView, merchantBranchSettingsRoutes, readMerchantSettings } from './branch-settings.merchant';
import { eodSettingsValues, orderSettingsValues, paymentSettingsValues } from './branch-settings.service';

const tags = ['Branch settings'];
const B = `/api/${BRANCH_SETTINGS_PATHS.base}`;
/** -1 names the caller's current branch (merchant users). */
const CURRENT_BRANCH = -1;
const branchOrCurrent = z
  .string()
  .regex(/^(-1|[1-9]\d{0,9})$/, { error: MESSAGES.emptyValues })
  .transform(Number)
  .pipe(z.number().max(2147483647, { error: MESSAGES.emptyValues }));

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

  /**
   * GET merchantBranchId/{id}: an administrator reads any branch's settings (the admin shape); a
   * merchant user reads its current branch (-1, spec 2 §7) or another branch it works at, in the
   * merchant's shape (no payment or order settings). Anything else is a 404.
   */
  app.get(
    `${B}merchantBranchId/:branchId`,
    { onRequest: staffOnly, schema: { tags, params: z.object({ branchId: branchOrCurrent }), response: { 200: z.union([branchSettingsSchema, merchantBranchSettingsSchema]), ...errors } } },
    async (req) => {
      const p = requireUser(req, 'admin', 'merchant');
      if (p.userType === 'admin') {
        if (req.params.branchId === CURRENT_BRANCH) throw notFound();
        const scope = await scopeOf(req.params.branchId);
        return shown(scope, await findBranchSettings(db, scope));
      }
      const m = requireMerchant(req, OBJECTS.branchSettings, 'View');
      const branchId = req.params.branchId === CURRENT_BRANCH ? m.merchantBranchId : req.params.branchId;
      if (branchId !== m.merchantBranchId && !(await userHasBranch(db, m.merchantAccountId, m.userId, branchId))) throw notFound();
      return readMerchantSettings(db, { merchantAccountId: m.merchantAccountId, merchantBranchId: branchId });
    },
  );
  merchantBranchSettingsRoutes(parent, db);

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
      return memberView(scope, status, await findBranchSettings(db, scope), new Date());
    },
  );

  // Closed when the branch is PASSIVE or outside today's opening hours in Europe/London (schedule.ts); no schedule saved: open while ACTIVE.
  app.get(`${B}isstoreclosed/branchId/:branchId`, { schema: { tags, params: branchParams, response: { 200: storeClosedSchema, ...errors } } }, async (req) => {
    const scope = await scopeOf(req.params.branchId);
    const status = (await branchStatus(db, scope)) ?? 'PASSIVE';
    return { storeClosed: memberView(scope, status, await findBranchSettings(db, scope), new Date()).storeClosed };
  });
}
