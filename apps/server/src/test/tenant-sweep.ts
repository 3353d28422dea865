import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { resourcePaths } from '@tillpoint/contracts/api-paths';
import type { Scope } from '../platform/auth';
import type { AppModule } from '../platform/module';
import { type RegisteredResource, registeredResources } from '../platform/resource-routes';
import type { TestApp } from './harness';

/** A signed-in merchant user and the branch of its token. */
export type Tenant = { token: string; scope: Scope };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Route = { method: string; url: string; params?: unknown };

/**
 * A module that only listens: put first in the module list, it sees every route the others
 * register (plugin-scoped ones too), so the sweep knows which generic calls and image types exist.
 */
export function routeRecorder(): { module: AppModule; routes: Route[] } {
  const routes: Route[] = [];
  return {
    routes,
    module: {
      name: 'route-recorder',
      routes: (app) => {
        app.addHook('onRoute', (r: RouteOptions) => {
          for (const method of [r.method].flat()) routes.push({ method, url: r.url, params: r.schema?.params });
        });
      },
    },
  };
}

/** A 1×1 PNG, sent as a multipart upload where a base has image routes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
function multipartPng() {
  const boundary = 'tenantsweepboundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sweep.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const idsOf = (body: unknown): unknown[] => {
  const rows = Array.isArray(body) ? body : (body as { data?: unknown[] } | undefined)?.data;
  return Array.isArray(rows) ? rows.map((r) => (r as { id?: unknown }).id) : [];
};

/**
 * For every base registered through registerResourceRoutes: makes a record as tenant A, then, as
 * tenant B (another account), tries A's id and A's branch on every generic call the base has.
 * Merchant bases must answer 404 (or an empty list for A's branch) and never show A's record in B's
 * lists; administrators' bases must refuse a caller without a token (401) and a merchant token (403). A's records must be exactly
 * as before. Returns what went wrong, one line each (empty when every base is isolated).
 */
export async function tenantLeaks(t: TestApp, routes: readonly Route[], tenants: { a: Tenant; b: Tenant; admin: string }): Promise<string[]> {
  const { a, b, admin } = tenants;
  const problems: string[] = [];
  const has = (method: Method, url: string) => routes.some((r) => r.method === method && r.url === url);

  const call = async (method: Method, url: string, token: string, body?: unknown) => {
    if (body && typeof body === 'object' && 'contentType' in body) {
      const upload = body as { body: Buffer; contentType: string };
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'content-type': upload.contentType }, payload: upload.body });
      return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
    }
    return t.json(method, url, body, token);
  };

  /** A's record of this base: made from the sample (as A, or as the administrator naming A's branch). */
  async function makeRecord(r: RegisteredResource): Promise<number | undefined> {
    const create = resourcePaths(`/api/${r.base}`).create;
    if (typeof r.sample === 'function') return r.sample(t.db, a.scope);
    if (r.sample) {
      const res =
        r.access === 'admin'
          ? await t.json<{ id: number }>('POST', create, { ...r.sample, merchantBranchId: a.scope.merchantBranchId }, admin)
          : await t.json<{ id: number }>('POST', create, r.sample, a.token);
      if (res.status !== 200) {
        problems.push(`${r.base}: the sample could not be created (${res.status} ${JSON.stringify(res.body)})`);
        return undefined;
      }
      return res.body.id;
    }
    // Administrators' bases need no sample: any record of A's branch will do.
    const [first] = (await r.snapshot(t.db, a.scope)) as { id: number }[];
    return first?.id;
  }

  for (const r of registeredResources(t.app)) {
    const B = `/api/${r.base}`;
    const P = resourcePaths(B);
    if (r.access === 'merchant' && !r.sample) {
      problems.push(`${r.base}: a merchant base registered without a sample record for the tenant sweep`);
      continue;
    }
    const id = await makeRecord(r);
    if (id === undefined) {
      if (r.access === 'merchant') problems.push(`${r.base}: no record of tenant A to try`);
      continue;
    }
    const before = await r.snapshot(t.db, a.scope);
    const expect = async (method: Method, url: string, token: string | null, wanted: number[], body?: unknown) => {
      const res = token === null ? await t.json(method, url, body) : await call(method, url, token, body);
      const who = token === null ? 'without a token' : token === b.token ? 'as tenant B' : "with tenant A's merchant token";
      if (!wanted.includes(res.status)) problems.push(`${method} ${url} ${who}: ${res.status} ${JSON.stringify(res.body)} (expected ${wanted.join(' or ')})`);
      return res;
    };

    if (r.access === 'admin') {
      const branch = a.scope.merchantBranchId;
      for (const [method, route, url, body] of [
        ['GET', `${B}merchantBranchId/:id`, P.byBranch(branch), undefined],
        ['GET', `${B}all/:id`, P.allOfBranch(branch), undefined],
        ['GET', `${B}:id`, P.byId(id), undefined],
        ['POST', P.create, P.create, { merchantBranchId: branch }],
        ['PUT', P.update, P.update, { id }],
        ['PUT', `${B}:id/status/:status`, P.status(id, 'PASSIVE'), undefined],
        ['DELETE', `${B}:id`, P.remove(id), undefined],
      ] as const) {
        if (!has(method, route)) continue;
        await expect(method, url, null, [401], body);
        await expect(method, url, a.token, [403], body);
      }
    } else {
      // A's record is there for A: the 404s below are about B, not about a wrong id.
      const mine = await call('GET', P.byId(id), a.token);
      if (mine.status !== 200) problems.push(`${r.base}: tenant A cannot read its own record ${id} (${mine.status})`);
      const record = (mine.body ?? {}) as Record<string, unknown>;
      // A body the route accepts, so the answer is about the id: the sample, or A's record as read.
      const updateBody = { ...(typeof r.sample === 'object' ? r.sample : record), id };
      await expect('GET', P.byId(id), b.token, [404]);
      // A sample made in the database may name A's own references (a tax, a department): B's update may
      // then be refused for those first (400). Either way nothing may change, which the snapshot checks.
      await expect('PUT', P.update, b.token, typeof r.sample === 'function' ? [404, 400] : [404], updateBody);
      if (has('PUT', `${B}:id/status/:status`)) await expect('PUT', P.status(id, 'PASSIVE'), b.token, [404]);
      await expect('DELETE', P.remove(id), b.token, [404]);
      for (const url of [P.byBranch(a.scope.merchantBranchId), P.allOfBranch(a.scope.merchantBranchId)]) {
        const res = await expect('GET', url, b.token, [200]);
        if (idsOf(res.body).length) problems.push(`GET ${url} as tenant B: ${JSON.stringify(res.body)} (expected an empty list)`);
      }
      for (const [method, url, body] of [
        ['GET', P.all, undefined],
        ['PUT', P.all, { filter: [], sort: [], pageNumber: 0, limit: -1 }],
        ['GET', P.active, undefined],
        ['GET', P.activeCombo, undefined],
      ] as const) {
        if (!has(method, url)) continue;
        const res = await expect(method, url, b.token, [200], body);
        if (idsOf(res.body).includes(id)) problems.push(`${method} ${url} as tenant B lists tenant A's record ${id}`);
      }
      for (const route of routes.filter((x) => x.url === `${B}image/upload/:id/:type`)) {
        const types = ((route.params as z.ZodObject | undefined)?.shape?.type as { options?: string[] } | undefined)?.options ?? [];
        if (!types.length) problems.push(`${r.base}: image routes whose type parameter is not an enum`);
        for (const type of types) {
          await expect('PUT', P.imageUpload(id, type), b.token, [404], multipartPng());
          if (has('PUT', `${B}image/remove/:id/:type`)) await expect('PUT', P.imageRemove(id, type), b.token, [404]);
          if (has('GET', `${B}image/download/:id/:type`)) await expect('GET', P.imageDownload(id, type), b.token, [404]);
        }
      }
    }

    const after = await r.snapshot(t.db, a.scope);
    if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${r.base}: tenant A's records changed after tenant B's calls`);
  }
  return problems;
}
