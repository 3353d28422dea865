import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PATHS } from '@tillpoint/contracts/api-paths';
import {
  checkHealthSchema,
  contactSchema,
  merchantAccountCreateSchema,
  merchantAccountSchema,
  merchantAccountUpdateSchema,
} from '@tillpoint/contracts/merchant-account';
import {
  branchAddressSchema,
  branchComboItemSchema,
  branchIdReplySchema,
  branchTradingNameSchema,
  domainNameParamsSchema,
  merchantBranchCreateSchema,
  merchantBranchSchema,
  merchantBranchUpdateSchema,
  storeInfoSchema,
} from '@tillpoint/contracts/merchant-branch';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { requireUser } from '../../platform/auth';
import { publicStore, storeStateNow } from '../../platform/public-store';
import { adminRoutes, errorResponses as errors, found, idParams, staffOnly, statusParams } from '../../platform/route-kit';
import {
  allAccounts,
  createAccount,
  getAccount,
  listAccounts,
  setAccountContact,
  setAccountStatus,
  updateAccountDetails,
} from './accounts.repo';
import { deleteAccount } from './accounts.service';
import {
  branchCombo,
  createBranch,
  findPublicStore,
  getBranch,
  listBranches,
  setBranchAddress,
  setBranchContact,
  setBranchStatus,
  updateBranchDetails,
} from './branches.repo';

/**
 * Merchant accounts and their branches (spec 1 §7): administrators only, except the branch list of
 * the signed-in user and three public store look-ups.
 */
export function accountsRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const A = `/api/${PATHS.merchantAccount.base}`;
  const B = `/api/${PATHS.merchantBranch.base}`;
  const accountTags = ['Merchant accounts'];
  const branchTags = ['Merchant branches'];
  const account = { 200: merchantAccountSchema, ...errors };
  const branch = { 200: merchantBranchSchema, ...errors };

  // Merchant branch findAll: an administrator sees every branch, a merchant user the branches of its account it works at.
  app.get(`${B}all`, { onRequest: staffOnly, schema: { tags: branchTags, response: { 200: z.array(branchComboItemSchema), ...errors } } }, async (req) => {
    const p = requireUser(req, 'admin', 'merchant');
    if (p.userType === 'admin') return branchCombo(db);
    return p.merchantAccountId === null ? [] : branchCombo(db, { merchantAccountId: p.merchantAccountId, userId: p.userId });
  });

  adminRoutes(app, (app) => {
    const health = async () => {
      await db.execute(sql`select 1`);
      return { status: 'UP' as const };
    };
    for (const [base, tags] of [
      [A, accountTags],
      [B, branchTags],
    ] as const) {
      app.get(`${base}checkHealth`, { schema: { tags, response: { 200: checkHealthSchema, ...errors } } }, health);
    }

    // ---- accounts -----------------------------------------------------------------------------
    app.put(
      `${A}all`,
      { schema: { tags: accountTags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(merchantAccountSchema), ...errors } } },
      async (req) => listAccounts(db, req.body),
    );
    app.get(`${A}all`, { schema: { tags: accountTags, response: { 200: z.array(merchantAccountSchema), ...errors } } }, async () => allAccounts(db));
    app.get(`${A}:id`, { schema: { tags: accountTags, params: idParams, response: account } }, async (req) => found(await getAccount(db, req.params.id)));
    app.post(`${A}create`, { schema: { tags: accountTags, body: merchantAccountCreateSchema, response: account } }, async (req) => createAccount(db, req.body));
    app.put(`${A}update`, { schema: { tags: accountTags, body: merchantAccountUpdateSchema, response: account } }, async (req) => {
      const { id, ...details } = req.body;
      return found(await updateAccountDetails(db, id, details));
    });
    app.delete(`${A}:id`, { schema: { tags: accountTags, params: idParams, response: account } }, async (req) => deleteAccount(db, req.params.id));
    app.put(`${A}:id/status/:status`, { schema: { tags: accountTags, params: statusParams, response: account } }, async (req) =>
      found(await setAccountStatus(db, req.params.id, req.params.status)),
    );
    app.put(`${A}:id/contact`, { schema: { tags: accountTags, params: idParams, body: contactSchema, response: account } }, async (req) =>
      found(await setAccountContact(db, req.params.id, req.body)),
    );

    // ---- branches (the first path segment is the account id where the spec says {accountId}) --
    const ofAccount = async (accountId: number) => found(await getAccount(db, accountId)).id;
    app.put(
      `${B}:id/branches`,
      { schema: { tags: branchTags, params: idParams, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(merchantBranchSchema), ...errors } } },
      async (req) => listBranches(db, await ofAccount(req.params.id), req.body),
    );
    app.get(`${B}:id/combo`, { schema: { tags: branchTags, params: idParams, response: { 200: z.array(branchComboItemSchema), ...errors } } }, async (req) =>
      branchCombo(db, { merchantAccountId: await ofAccount(req.params.id) }),
    );
    app.post(`${B}:id/branch`, { schema: { tags: branchTags, params: idParams, body: merchantBranchCreateSchema, response: branch } }, async (req) =>
      createBranch(db, await ofAccount(req.params.id), req.body),
    );
    app.get(`${B}:id`, { schema: { tags: branchTags, params: idParams, response: branch } }, async (req) => found(await getBranch(db, req.params.id)));
    app.put(`${B}update`, { schema: { tags: branchTags, body: merchantBranchUpdateSchema, response: branch } }, async (req) => {
      const { id, ...details } = req.body;
      return found(await updateBranchDetails(db, id, details));
    });
    app.put(`${B}:id/contact`, { schema: { tags: branchTags, params: idParams, body: contactSchema, response: branch } }, async (req) =>
      found(await setBranchContact(db, req.params.id, req.body)),
    );
    app.put(`${B}:id/address`, { schema: { tags: branchTags, params: idParams, body: branchAddressSchema, response: branch } }, async (req) =>
      found(await setBranchAddress(db, req.params.id, req.body)),
    );
    app.put(`${B}:id/status/:status`, { schema: { tags: branchTags, params: statusParams, response: branch } }, async (req) =>
      found(await setBranchStatus(db, req.params.id, req.params.status)),
    );
  });

  // ---- public store look-ups (no token): live stores only; an unknown or closed one is a 404 ----
  const publicTags = ['Store (public)'];
  app.get(`${B}domainName/:name`, { schema: { tags: publicTags, params: domainNameParamsSchema, response: { 200: branchIdReplySchema, ...errors } } }, async (req) => ({
    merchantBranchId: found(await findPublicStore(db, { domainName: req.params.name })).id,
  }));
  // The branch a table QR code's client id names (/tableNo/{n}?clientId=…): ids only, the storefront loads the rest.
  app.get(
    `${B}clientId/:clientId`,
    { schema: { tags: publicTags, params: z.object({ clientId: z.string().trim().min(1).max(100) }), response: { 200: branchIdReplySchema, ...errors } } },
    async (req) => ({ merchantBranchId: found(await findPublicStore(db, { clientId: req.params.clientId })).id }),
  );
  app.get(
    `${B}tradingname/merchantBranchId/:id`,
    { schema: { tags: publicTags, params: idParams, response: { 200: branchTradingNameSchema, ...errors } } },
    async (req) => ({ tradingName: found(await findPublicStore(db, { id: req.params.id })).tradingName }),
  );
  app.get(
    `${B}storeInfo/merchantBranchId/:id`,
    { schema: { tags: publicTags, params: idParams, response: { 200: storeInfoSchema, ...errors } } },
    async (req) => {
      const store = found(await publicStore(db, { id: req.params.id }));
      const state = storeStateNow(store);
      return {
        merchantBranchId: store.id,
        tradingName: store.tradingName,
        domainName: store.domainName,
        addressText: store.addressText,
        contactPhone: store.contactPhone,
        contactEmail: store.contactEmail,
        storeOpenOrCloseMessageText: state.message,
        open: state.open,
        menuBorderColor: store.menuBorderColor,
        menuDisplayTemplate: store.menuDisplayTemplate,
        minimumDeliveryDeliveryDuration: store.minimumDeliveryDeliveryDuration,
        maximumDeliveryDeliveryDuration: store.maximumDeliveryDeliveryDuration,
        hasHeaderImage: store.images.HEADER !== null,
        hasMobileImage: store.images.MOBILE !== null,
        hasLogo: store.images.LOGO !== null,
      };
    },
  );
}
