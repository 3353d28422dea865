import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@tillpoint/contracts/fields';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../db/open-db';
import { type Scope, requireMerchant, scopeOf } from './auth';
import { notFound } from './errors';
import type { ResourceRepo } from './branch-repo';
import { adminRoutes, errorResponses as errors, found, idParams, merchantRoutes, statusParams } from './route-kit';
import { branchScope, userHasBranch } from './tenancy';

/**
 * How the tenant sweep (platform/tenant-sweep.test.ts) makes a record of this base for a tenant: a
 * valid create body (sent as that tenant; administrators' bases add merchantBranchId), or a function
 * that inserts one and returns its id.
 */
export type ResourceSample = Record<string, unknown> | ((db: Db, scope: Scope) => Promise<number>);

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
  /** A record for the tenant sweep; the sweep fails for a merchant base without one. */
  sample?: ResourceSample;
};

/**
 * Who calls the routes. 'merchant' (the default): a merchant user with the object's privileges, on
 * the branch of its token. 'admin': a platform administrator, who names the branch (merchantBranchId
 * in the create body, or the branch id in the path) and records by id; the tenant is read from them.
 */
export type ResourceSpec<R, I, U> = Common<R, I, U> & ({ access?: 'merchant'; objectName: string } | { access: 'admin' });

/** What the tenant sweep needs to know of a registered base. */
export type RegisteredResource = {
  base: string;
  access: 'merchant' | 'admin';
  objectName?: string;
  sample?: ResourceSample;
  /** The tenant's records of a branch, as the repo reads them (the sweep's before/after snapshot). */
  snapshot: (db: Db, scope: Scope) => Promise<unknown[]>;
};

// Keyed by the HTTP server, which the root instance and every plugin context share: one list per app.
const registries = new WeakMap<object, RegisteredResource[]>();

/** Every base registered through registerResourceRoutes on this app, in registration order. */
export function registeredResources(app: FastifyInstance): readonly RegisteredResource[] {
  return registries.get(app.server) ?? [];
}

function remember(app: FastifyInstance, entry: RegisteredResource) {
  const list = registries.get(app.server) ?? [];
  if (!registries.has(app.server)) registries.set(app.server, list);
  list.push(entry);
}

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
  const one: z.ZodType = spec.record;
  const input: z.ZodType = spec.input;
  const updateInput: z.ZodType = spec.updateInput ?? spec.input;
  const created: z.ZodType = spec.createdRecord ?? spec.record;
  const B = `/api/${base}`;
  const tags = [spec.tag];
  const list = z.array(one);
  const updateBody = z.object({ id: idSchema }).and(updateInput);
  const splitId = (body: unknown) => {
    const { id, ...rest } = body as U & { id: number };
    return { id, input: rest as unknown as U };
  };
  const remove = async (scope: Scope, id: number) => {
    const existing = found(await repo.get(db, scope, id));
    await spec.beforeDelete?.(db, scope, id);
    if (!(await repo.remove(db, scope, id))) throw notFound();
    return existing;
  };
  remember(parent, {
    base,
    access: spec.access ?? 'merchant',
    objectName: spec.access === 'admin' ? undefined : spec.objectName,
    sample: spec.sample,
    snapshot: (db, scope) => repo.all(db, scope),
  });

  if (spec.access === 'admin') {
    adminRoutes(app, (app) => {
      const ofBranch = async (branchId: number) => found(await branchScope(db, branchId));
      const ofRecord = async (id: number) => found(await repo.locate(db, id));
      for (const path of [`${B}merchantBranchId/:id`, `${B}all/:id`]) {
        app.get(path, { schema: { tags, params: idParams, response: { 200: list, ...errors } } }, async (req) => repo.all(db, await ofBranch(req.params.id)));
      }
      if (repo.setStatus) {
        const setStatus = repo.setStatus;
        app.put(`${B}:id/status/:status`, { schema: { tags, params: statusParams, response: { 200: one, ...errors } } }, async (req) =>
          found(await setStatus(db, await ofRecord(req.params.id), req.params.id, req.params.status)),
        );
      }
      app.get(`${B}:id`, { schema: { tags, params: idParams, response: { 200: one, ...errors } } }, async (req) =>
        found(await repo.get(db, await ofRecord(req.params.id), req.params.id)),
      );
      const createBody = z.object({ merchantBranchId: idSchema }).and(input);
      app.post(`${B}create`, { schema: { tags, body: createBody, response: { 200: created, ...errors } } }, async (req) => {
        const { merchantBranchId, ...rest } = req.body as I & { merchantBranchId: number };
        return repo.create(db, await ofBranch(merchantBranchId), rest as unknown as I);
      });
      app.put(`${B}update`, { schema: { tags, body: updateBody, response: { 200: one, ...errors } } }, async (req) => {
        const { id, input } = splitId(req.body);
        return found(await repo.update(db, await ofRecord(id), id, input));
      });
      app.delete(`${B}:id`, { schema: { tags, params: idParams, response: { 200: one, ...errors } } }, async (req) =>
        remove(await ofRecord(req.params.id), req.params.id),
      );
    });
    return;
  }

  const { objectName } = spec;
  // Privileges are checked on request, before the body is validated: a caller without them learns nothing from a 400.
  const guard = (...actions: string[]) => async (req: FastifyRequest) => {
    requireMerchant(req, objectName, ...actions);
  };
  const view = guard('View');
  // The hooks have checked the caller; its account and branch come from its token, never from the request.
  const own = (req: FastifyRequest) => scopeOf(requireMerchant(req));

  // Every call needs a signed-in merchant user; the reference combos need nothing more (other screens fill their selects from them).
  merchantRoutes(app, (app) => {
    app.get(`${B}all`, { onRequest: view, schema: { tags, response: { 200: list, ...errors } } }, async (req) => repo.all(db, own(req)));

    app.put(
      `${B}all`,
      { onRequest: view, schema: { tags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(one), ...errors } } },
      async (req) => repo.list(db, own(req), req.body),
    );

    // Another branch of the caller's own account, and only one the user works at; the account still comes from the token.
    const ofBranch = async (req: FastifyRequest, branchId: number) => {
      const p = requireMerchant(req);
      if (branchId !== p.merchantBranchId && !(await userHasBranch(db, p.merchantAccountId, p.userId, branchId))) return [];
      return repo.all(db, { merchantAccountId: p.merchantAccountId, merchantBranchId: branchId });
    };
    for (const path of [`${B}merchantBranchId/:id`, `${B}all/:id`]) {
      app.get(path, { onRequest: view, schema: { tags, params: idParams, response: { 200: list, ...errors } } }, (req) => ofBranch(req, req.params.id));
    }

    const combo = { schema: { tags, response: { 200: list, ...errors } } };
    if (repo.setStatus) {
      const setStatus = repo.setStatus;
      app.get(`${B}status/active`, { onRequest: view, ...combo }, async (req) => repo.all(db, own(req), true));
      app.get(`${B}status/active/combo`, combo, async (req) => repo.all(db, own(req), true));
      app.put(`${B}:id/status/:status`, { onRequest: guard('Create'), schema: { tags, params: statusParams, response: { 200: one, ...errors } } }, async (req) =>
        found(await setStatus(db, own(req), req.params.id, req.params.status)),
      );
    } else {
      app.get(`${B}status/active/combo`, combo, async (req) => repo.all(db, own(req)));
    }

    app.get(`${B}:id`, { onRequest: view, schema: { tags, params: idParams, response: { 200: one, ...errors } } }, async (req) =>
      found(await repo.get(db, own(req), req.params.id)),
    );

    app.post(`${B}create`, { onRequest: guard('Add', 'Create'), schema: { tags, body: input, response: { 200: created, ...errors } } }, async (req) =>
      repo.create(db, own(req), req.body as I),
    );

    app.put(`${B}update`, { onRequest: guard('Create'), schema: { tags, body: updateBody, response: { 200: one, ...errors } } }, async (req) => {
      const { id, input } = splitId(req.body);
      return found(await repo.update(db, own(req), id, input));
    });

    app.delete(`${B}:id`, { onRequest: guard('Delete'), schema: { tags, params: idParams, response: { 200: one, ...errors } } }, async (req) =>
      remove(own(req), req.params.id),
    );
  });
}
