import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import {
  driverQuerySchema,
  driverSchema,
  merchantRoleSchema,
  merchantUserCreateSchema,
  merchantUserCreatedSchema,
  merchantUserSchema,
  merchantUserUpdateSchema,
  passwordChangeSchema,
} from '@tillpoint/contracts/merchant-user';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { tillUserLinkParamsSchema, tillUserSchema } from '@tillpoint/contracts/till-user';
import type { Db } from '../../db/open-db';
import { type Scope, requireMerchant, requireUser, scopeOf } from '../../platform/auth';
import { branchScope } from '../../platform/tenancy';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { errorResponses as errors, found, idParams, staffOnly, statusParams } from '../../platform/route-kit';
import { accountOfUser, allRoles, getUser, usersOfAccount } from './merchant-users.repo';
import { branchDrivers } from '../../platform/branch-drivers';
import {
  type Actor,
  changeMerchantUserPassword,
  createMerchantUser,
  linkTillUser,
  setMerchantUserStatus,
  updateMerchantUser,
} from './merchant-users.service';
import { tillUserRepo } from './till-users.repo';


/**
 * Who may manage merchant users (spec 1 §6): an administrator, on any account; a merchant user, on
 * its own account only, holding the MerchantUser privileges the call needs (View lists, Add + Create
 * make a user, Create saves, changes passwords and till users). `account` is null for administrators.
 */
type Access = Actor & { account: number | null };
function access(req: FastifyRequest, ...actions: string[]): Access {
  const p = requireUser(req, 'admin', 'merchant');
  if (p.userType === 'admin') return { userType: 'admin', userId: p.userId, account: null };
  const m = requireMerchant(req, OBJECTS.merchantUser, ...actions);
  return { userType: 'merchant', userId: m.userId, account: m.merchantAccountId };
}

/** As a route's onRequest hook: 401/403 before the body is validated, so a caller without the privilege learns nothing from a 400. */
const guard =
  (...actions: string[]) =>
  async (req: FastifyRequest) => {
    access(req, ...actions);
  };

/** The account an id-addressed user belongs to, as far as the caller may see it (else 404). */
async function accountFor(db: Db, a: Access, userId: number): Promise<number> {
  if (a.account !== null) return a.account;
  return found(await accountOfUser(db, userId));
}

/** A named account: any for an administrator, only its own for a merchant user (another is a 404). */
function ownAccount(a: Access, accountId: number): number {
  if (a.account !== null && a.account !== accountId) throw notFound();
  return accountId;
}

/** A named branch, within the caller's reach. */
async function branchFor(db: Db, a: Access, branchId: number): Promise<Scope> {
  const scope = found(await branchScope(db, branchId));
  ownAccount(a, scope.merchantAccountId);
  return scope;
}

/** Merchant users, roles and till-user links (spec 1 §7 "Merchant users", base merchantuser/). */
/** `opts.publicUrl` is the resolved origin of mailed links (platform/mail-links.ts linkOrigin), never a request's. */
export function merchantUserRoutes(parent: FastifyInstance, db: Db, opts: { publicUrl: string }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const B = `/api/${PATHS.merchantUser.base}`;
  const tags = ['Merchant users'];
  const user = { 200: merchantUserSchema, ...errors };

  // Reference data: any signed-in staff user may read the roles.
  app.get(`${B}roles/all`, { onRequest: staffOnly, schema: { tags, response: { 200: z.array(merchantRoleSchema), ...errors } } }, async (req) => {
    requireUser(req, 'admin', 'merchant');
    return allRoles(db);
  });

  // The dispatch list: every merchant user of the branch may read it (a clerk dispatches orders).
  app.get(
    `${B}role/driver`,
    { onRequest: staffOnly, schema: { tags, querystring: driverQuerySchema, response: { 200: z.array(driverSchema), ...errors } } },
    async (req) => {
      const p = requireUser(req, 'admin', 'merchant');
      if (p.userType === 'merchant') return branchDrivers(db, scopeOf(requireMerchant(req)));
      if (!req.query.merchantBranchId) throw badRequest(MESSAGES.requiredFields);
      return branchDrivers(db, found(await branchScope(db, req.query.merchantBranchId)));
    },
  );

  app.get(
    `${B}findByMerchantAccountId/:id`,
    { onRequest: guard('View'), schema: { tags, params: idParams, response: { 200: z.array(merchantUserSchema), ...errors } } },
    async (req) => usersOfAccount(db, ownAccount(access(req, 'View'), req.params.id)),
  );

  app.post(
    `${B}create`,
    { onRequest: guard('Add', 'Create'), schema: { tags, body: merchantUserCreateSchema, response: { 200: merchantUserCreatedSchema, ...errors } } },
    async (req) => {
      const a = access(req, 'Add', 'Create');
      // A merchant creates users in its own account only: naming another one is refused, not replaced.
      if (a.account !== null && req.body.merchantAccountId != null && req.body.merchantAccountId !== a.account) throw forbidden();
      const accountId = a.account ?? req.body.merchantAccountId;
      if (!accountId) throw badRequest(MESSAGES.requiredFields, [{ field: 'merchantAccountId', message: MESSAGES.requiredFields }]);
      return createMerchantUser(db, ownAccount(a, accountId), req.body, opts.publicUrl);
    },
  );

  app.put(`${B}update`, { onRequest: guard('Create'), schema: { tags, body: merchantUserUpdateSchema, response: user } }, async (req) => {
    const a = access(req, 'Create');
    return updateMerchantUser(db, await accountFor(db, a, req.body.id), req.body);
  });

  app.put(`${B}password/change`, { onRequest: guard('Create'), schema: { tags, body: passwordChangeSchema, response: user } }, async (req) => {
    const a = access(req, 'Create');
    return changeMerchantUserPassword(db, a, await accountFor(db, a, req.body.id), req.body);
  });

  app.put(
    `${B}:id/status/:status`,
    { onRequest: guard('Create'), schema: { tags, params: statusParams, response: user } },
    async (req) => {
      const a = access(req, 'Create');
      return setMerchantUserStatus(db, a, await accountFor(db, a, req.params.id), req.params.id, req.params.status);
    },
  );

  // ---- till users of a branch, and the link of a merchant user to one ----
  app.get(
    `${B}tilluser/branchId/:id`,
    { onRequest: guard('View'), schema: { tags, params: idParams, response: { 200: z.array(tillUserSchema), ...errors } } },
    async (req) => tillUserRepo.all(db, await branchFor(db, access(req, 'View'), req.params.id)),
  );

  app.put(
    `${B}tilluser/userId/:userId/merchantBranchId/:branchId/tillUserId/:tillUserId`,
    { onRequest: guard('Create'), schema: { tags, params: tillUserLinkParamsSchema, response: user } },
    async (req) => {
      const a = access(req, 'Create');
      return linkTillUser(db, await accountFor(db, a, req.params.userId), req.params);
    },
  );

  app.get(`${B}:id`, { onRequest: guard('View'), schema: { tags, params: idParams, response: user } }, async (req) => {
    const a = access(req, 'View');
    return found(await getUser(db, await accountFor(db, a, req.params.id), req.params.id));
  });
}
