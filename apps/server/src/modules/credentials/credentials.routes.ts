import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { credentialCreatedSchema, credentialFieldsSchema, credentialSchema } from '@tillpoint/contracts/credential';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import { tillAuthRequestSchema, tillConnectionSchema, tillTokenSchema } from '@tillpoint/contracts/till';
import type { Db } from '../../db/open-db';
import type { TokenSigner } from '../../platform/auth';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { adminRoutes, errorResponses as errors } from '../../platform/route-kit';
import { allTillConnections, credentialRepo, listTillConnections } from './credentials.repo';
import { tillAuth } from './till.service';

/** Till credentials (administrators), the tills' own sign-in, and the till connections page. */
export function credentialsRoutes(parent: FastifyInstance, deps: { db: Db; signer: TokenSigner }, opts: { loginRateLimit: number }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, signer } = deps;

  registerResourceRoutes(app, db, {
    access: 'admin',
    base: PATHS.credential.base,
    tag: 'Credentials',
    record: credentialSchema,
    input: credentialFieldsSchema,
    createdRecord: credentialCreatedSchema,
    repo: credentialRepo,
  });

  // Limited like the staff logins: a secret cannot be guessed by asking many times.
  app.post(
    `/api/${PATHS.tillAuth}`,
    {
      config: { rateLimit: { max: opts.loginRateLimit, timeWindow: '1 minute' } },
      schema: { tags: ['Till'], body: tillAuthRequestSchema, response: { 200: tillTokenSchema, ...errors, 429: apiErrorSchema } },
    },
    async (req) => tillAuth(db, signer, req.body, req.ip ?? null),
  );

  const C = `/api/${PATHS.tillConnections}`;
  const tags = ['Till connections'];
  adminRoutes(app, (app) => {
    app.get(C, { schema: { tags, response: { 200: z.array(tillConnectionSchema), ...errors } } }, async () => allTillConnections(db));
    app.put(
      C,
      { schema: { tags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(tillConnectionSchema), ...errors } } },
      async (req) => listTillConnections(db, req.body),
    );
  });
}
