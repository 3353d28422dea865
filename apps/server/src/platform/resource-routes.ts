import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { statusSchema } from '@tillpoint/contracts/enums';
import { idSchema } from '@tillpoint/contracts/fields';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../db/open-db';
import { type MerchantPrincipal, requireMerchant, scopeOf } from './auth';
import { notFound } from './errors';
import { type ResourceRepo, userHasBranch } from './branch-repo';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * The generic resource calls of ARCHITECTURE §2 for a base path, with the spec's privileges:
 * View reads, Add + Create make a new record, Create saves and switches status, Delete deletes.
 * Reference combos need only a signed-in merchant user (other screens fill their selects from them).
 */
export function registerResourceRoutes<R, I extends object>(
  parent: FastifyInstance,
  db: Db,
  spec: {
    base: string;
    objectName: string;
    tag: string;
    record: z.ZodType<R>;
    input: z.ZodType<I>;
    repo: ResourceRepo<R, I>;
    /** Runs before a delete, e.g. to refuse deleting a record still in use. */
    beforeDelete?: (db: Db, p: MerchantPrincipal, id: number) => Promise<void>;
  },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { base, objectName, repo } = spec;
  // Erased to a plain schema: Fastify's reply typing cannot follow a generic record type.
  const record: z.ZodType = spec.record;
  const input: z.ZodType = spec.input;
  const B = `/api/${base}`;
  const tags = [spec.tag];
  const branchParams = z.object({ id: idSchema });
  const list = z.array(record);
  const view = (req: Parameters<typeof requireMerchant>[0]) => requireMerchant(req, objectName, 'View');
  const found = <T>(row: T | undefined): T => {
    if (row === undefined) throw notFound();
    return row;
  };

  app.get(`${B}all`, { schema: { tags, response: { 200: list, ...errors } } }, async (req) => repo.all(db, scopeOf(view(req))));

  app.put(
    `${B}all`,
    { schema: { tags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(record), ...errors } } },
    async (req) => repo.list(db, scopeOf(view(req)), req.body),
  );

  // Another branch of the caller's own account, and only one the user works at; the account still comes from the token.
  const ofBranch = async (req: Parameters<typeof view>[0], branchId: number) => {
    const p = view(req);
    if (branchId !== p.merchantBranchId && !(await userHasBranch(db, p.merchantAccountId, p.userId, branchId))) return [];
    return repo.all(db, { merchantAccountId: p.merchantAccountId, merchantBranchId: branchId });
  };
  app.get(`${B}merchantBranchId/:id`, { schema: { tags, params: branchParams, response: { 200: list, ...errors } } }, (req) =>
    ofBranch(req, req.params.id),
  );
  app.get(`${B}all/:id`, { schema: { tags, params: branchParams, response: { 200: list, ...errors } } }, (req) => ofBranch(req, req.params.id));

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
      { schema: { tags, params: z.object({ id: idSchema, status: statusSchema }), response: { 200: record, ...errors } } },
      async (req) => found(await setStatus(db, scopeOf(requireMerchant(req, objectName, 'Create')), req.params.id, req.params.status)),
    );
  } else {
    app.get(`${B}status/active/combo`, { schema: { tags, response: { 200: list, ...errors } } }, async (req) =>
      repo.all(db, scopeOf(requireMerchant(req))),
    );
  }

  app.get(`${B}:id`, { schema: { tags, params: branchParams, response: { 200: record, ...errors } } }, async (req) =>
    found(await repo.get(db, scopeOf(view(req)), req.params.id)),
  );

  app.post(`${B}create`, { schema: { tags, body: input, response: { 200: record, ...errors } } }, async (req) =>
    repo.create(db, scopeOf(requireMerchant(req, objectName, 'Add', 'Create')), req.body as I),
  );

  const updateBody = z.object({ id: idSchema }).and(input);
  app.put(`${B}update`, { schema: { tags, body: updateBody, response: { 200: record, ...errors } } }, async (req) => {
    const { id, ...input } = req.body as I & { id: number };
    return found(await repo.update(db, scopeOf(requireMerchant(req, objectName, 'Create')), id, input as unknown as I));
  });

  app.delete(`${B}:id`, { schema: { tags, params: branchParams, response: { 200: record, ...errors } } }, async (req) => {
    const p = requireMerchant(req, objectName, 'Delete');
    const existing = found(await repo.get(db, scopeOf(p), req.params.id));
    await spec.beforeDelete?.(db, p, req.params.id);
    if (!(await repo.remove(db, scopeOf(p), req.params.id))) throw notFound();
    return existing;
  });
}
