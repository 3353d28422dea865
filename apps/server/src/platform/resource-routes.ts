import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { statusSchema } from '@tillpoint/contracts/enums';
import { idSchema } from '@tillpoint/contracts/fields';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../db/open-db';
import { type Scope, adminOnly, requireAdmin, requireMerchant, scopeOf } from './auth';
import { notFound } from './errors';
import type { ResourceRepo } from './branch-repo';
import { branchScope, userHasBranch } from './tenancy';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

type Common<R, I, U> = {
  base: string;
  tag: string;
  record: z.ZodType<R>;
  /** The create body (for administrators the routes add merchantBranchId to it). */
  input: z.ZodType<I>;
  /** The update body without its id, when it differs from the create body. */
  updateInput?: z.ZodType<U>;
  /** The create reply, when it shows more than the record does (e.g. a secret shown once). */
  createdRecord?: z.ZodType;
  repo: ResourceRepo<R, I, U>;
  /** Runs before a delete, e.g. to refuse deleting a record still in use. */
  beforeDelete?: (db: Db, scope: Scope, id: number) => Promise<void>;
};

/**
 * Who calls the routes. 'merchant' (the default): a merchant user with the object's privileges, on
 * the branch of its token. 'admin': a platform administrator, who names the branch (merchantBranchId
 * in the create body, or the branch id in the path) and records by id; the tenant is read from them.
 */
export type ResourceSpec<R, I, U> = Common<R, I, U> & ({ access?: 'merchant'; objectName: string } | { access: 'admin' });

/**
 * The generic resource calls of ARCHITECTURE §2 for a base path, with the spec's privileges:
 * View reads, Add + Create make a new record, Create saves and switches status, Delete deletes.
 * Reference combos need only a signed-in merchant user (other screens fill their selects from them).
 * Administrators get the same calls except the caller's-own-branch lists (all, status/active, combo),
 * which have no meaning for them; their platform-wide tables are each area's own.
 */
export function registerResourceRoutes<R, I extends object, U extends object = I>(parent: FastifyInstance, db: Db, spec: ResourceSpec<R, I, U>) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { base, repo } = spec;
  // Erased to a plain schema: Fastify's reply typing cannot follow a generic record type.
  const record: z.ZodType = spec.record;
  const input: z.ZodType = spec.input;
  const updateInput: z.ZodType = spec.updateInput ?? spec.input;
  const created: z.ZodType = spec.createdRecord ?? spec.record;
  const B = `/api/${base}`;
  const tags = [spec.tag];
  const idParams = z.object({ id: idSchema });
  const list = z.array(record);
  const found = <T>(row: T | undefined): T => {
    if (row === undefined) throw notFound();
    return row;
  };
  const updateBody = z.object({ id: idSchema }).and(updateInput);
  const splitId = (body: unknown) => {
    const { id, ...rest } = body as U & { id: number };
    return { id, input: rest as unknown as U };
  };

  if (spec.access === 'admin') {
    const ofBranch = async (req: FastifyRequest, branchId: number) => {
      requireAdmin(req);
      return found(await branchScope(db, branchId));
    };
    const ofRecord = async (req: FastifyRequest, id: number) => {
      requireAdmin(req);
      return found(await repo.locate(db, id));
    };
    for (const path of [`${B}merchantBranchId/:id`, `${B}all/:id`]) {
      app.get(path, { onRequest: adminOnly, schema: { tags, params: idParams, response: { 200: list, ...errors } } }, async (req) =>
        repo.all(db, await ofBranch(req, req.params.id)),
      );
    }
    if (repo.setStatus) {
      const setStatus = repo.setStatus;
      app.put(
        `${B}:id/status/:status`,
        { onRequest: adminOnly, schema: { tags, params: z.object({ id: idSchema, status: statusSchema }), response: { 200: record, ...errors } } },
        async (req) => found(await setStatus(db, await ofRecord(req, req.params.id), req.params.id, req.params.status)),
      );
    }
    app.get(`${B}:id`, { onRequest: adminOnly, schema: { tags, params: idParams, response: { 200: record, ...errors } } }, async (req) =>
      found(await repo.get(db, await ofRecord(req, req.params.id), req.params.id)),
    );
    const createBody = z.object({ merchantBranchId: idSchema }).and(input);
    app.post(`${B}create`, { onRequest: adminOnly, schema: { tags, body: createBody, response: { 200: created, ...errors } } }, async (req) => {
      const { merchantBranchId, ...rest } = req.body as I & { merchantBranchId: number };
      return repo.create(db, await ofBranch(req, merchantBranchId), rest as unknown as I);
    });
    app.put(`${B}update`, { onRequest: adminOnly, schema: { tags, body: updateBody, response: { 200: record, ...errors } } }, async (req) => {
      const { id, input } = splitId(req.body);
      return found(await repo.update(db, await ofRecord(req, id), id, input));
    });
    app.delete(`${B}:id`, { onRequest: adminOnly, schema: { tags, params: idParams, response: { 200: record, ...errors } } }, async (req) => {
      const scope = await ofRecord(req, req.params.id);
      const existing = found(await repo.get(db, scope, req.params.id));
      await spec.beforeDelete?.(db, scope, req.params.id);
      if (!(await repo.remove(db, scope, req.params.id))) throw notFound();
      return existing;
    });
    return;
  }

  const { objectName } = spec;
  const view = (req: FastifyRequest) => requireMerchant(req, objectName, 'View');
  // Privileges are checked before the body is validated: a caller without them learns nothing from a 400.
  const guard = (...actions: string[]) => async (req: FastifyRequest) => {
    requireMerchant(req, objectName, ...actions);
  };

  app.get(`${B}all`, { schema: { tags, response: { 200: list, ...errors } } }, async (req) => repo.all(db, scopeOf(view(req))));

  app.put(
    `${B}all`,
    { onRequest: guard('View'), schema: { tags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(record), ...errors } } },
    async (req) => repo.list(db, scopeOf(view(req)), req.body),
  );

  // Another branch of the caller's own account, and only one the user works at; the account still comes from the token.
  const ofBranch = async (req: FastifyRequest, branchId: number) => {
    const p = view(req);
    if (branchId !== p.merchantBranchId && !(await userHasBranch(db, p.merchantAccountId, p.userId, branchId))) return [];
    return repo.all(db, { merchantAccountId: p.merchantAccountId, merchantBranchId: branchId });
  };
  app.get(`${B}merchantBranchId/:id`, { schema: { tags, params: idParams, response: { 200: list, ...errors } } }, (req) =>
    ofBranch(req, req.params.id),
  );
  app.get(`${B}all/:id`, { schema: { tags, params: idParams, response: { 200: list, ...errors } } }, (req) => ofBranch(req, req.params.id));

  if (repo.setStatus) {
    const setStatus = repo.setStatus;
    app.get(`${B}status/active`, { schema: { tags, response: { 200: list, ...errors } } }, async (req) =>
      repo.all(db, scopeOf(view(req)), true),
    );
    app.get(`${B}status/active/combo`, { schema: { tags, response: { 200: list, ...errors } } }, async (req) =>
      repo.all(db, scopeOf(requireMerchant(req)), true),
    );
    app.put(
      `${B}:id/status/:status`,
      { onRequest: guard('Create'), schema: { tags, params: z.object({ id: idSchema, status: statusSchema }), response: { 200: record, ...errors } } },
      async (req) => found(await setStatus(db, scopeOf(requireMerchant(req, objectName, 'Create')), req.params.id, req.params.status)),
    );
  } else {
    app.get(`${B}status/active/combo`, { schema: { tags, response: { 200: list, ...errors } } }, async (req) =>
      repo.all(db, scopeOf(requireMerchant(req))),
    );
  }

  app.get(`${B}:id`, { schema: { tags, params: idParams, response: { 200: record, ...errors } } }, async (req) =>
    found(await repo.get(db, scopeOf(view(req)), req.params.id)),
  );

  app.post(`${B}create`, { onRequest: guard('Add', 'Create'), schema: { tags, body: input, response: { 200: created, ...errors } } }, async (req) =>
    repo.create(db, scopeOf(requireMerchant(req, objectName, 'Add', 'Create')), req.body as I),
  );

  app.put(`${B}update`, { onRequest: guard('Create'), schema: { tags, body: updateBody, response: { 200: record, ...errors } } }, async (req) => {
    const { id, input } = splitId(req.body);
    return found(await repo.update(db, scopeOf(requireMerchant(req, objectName, 'Create')), id, input));
  });

  app.delete(`${B}:id`, { onRequest: guard('Delete'), schema: { tags, params: idParams, response: { 200: record, ...errors } } }, async (req) => {
    const p = requireMerchant(req, objectName, 'Delete');
    const existing = found(await repo.get(db, scopeOf(p), req.params.id));
    await spec.beforeDelete?.(db, scopeOf(p), req.params.id);
    if (!(await repo.remove(db, scopeOf(p), req.params.id))) throw notFound();
    return existing;
  });
}
