import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressLookupResultSchema, serviceabilitySchema } from '@tillpoint/contracts/address-lookup';
import { apiErrorSchema } from '@tillpoint/contracts/api-error';
import { idSchema } from '@tillpoint/contracts/fields';
import type { Db } from '../../db/open-db';
import { errorResponses } from '../../platform/route-kit';
import type { AddressProvider } from './addresses.repo';
import { checkServiceable, lookupAddresses } from './addresses.service';

/** Postcode addresses and serviceability for the storefront (spec 3 §7.5 address); public, each answer spends a branch credit. */
export function addressRoutes(parent: FastifyInstance, db: Db, provider: AddressProvider) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['Address (storefront)'];
  const postcode = z.string().max(20);
  app.get(
    '/api/v1/api/address/branchId/:branchId/postcode/:postcode',
    { schema: { tags, params: z.object({ branchId: idSchema, postcode }), response: { 200: z.union([z.array(addressLookupResultSchema), apiErrorSchema]), ...errorResponses } } },
    async (req) => lookupAddresses(db, provider, req.params.branchId, req.params.postcode, req.log),
  );
  app.get(
    '/api/v1/api/address/servicable/merchantBranchId/:branchId/postCode/:postcode',
    { schema: { tags, params: z.object({ branchId: idSchema, postcode }), response: { 200: serviceabilitySchema, ...errorResponses } } },
    async (req) => checkServiceable(db, provider, req.params.branchId, req.params.postcode, req.log),
  );
}
