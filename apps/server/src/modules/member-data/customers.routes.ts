import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@tillpoint/contracts/fields';
import { CUSTOMER_PATHS, customerAddressSchema, customerRowSchema, customerSchema } from '@tillpoint/contracts/member-data';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { requireMerchant, scopeOf } from '../../platform/auth';
import { errorResponses as errors, idParams, merchantRoutes } from '../../platform/route-kit';
import { customerAddress, customerAddresses, customerTable, getCustomer } from './customers.repo';

const tags = ['Customers'];
const api = (path: string) => `/api/${path}`;

/** The merchant's read-only Customers screens (spec 2 'Customers'; Customer View privilege). */
export function customersRoutes(parent: FastifyInstance, db: Db) {
  merchantRoutes(parent, (app) => {
    const scope = (req: Parameters<typeof requireMerchant>[0]) => scopeOf(requireMerchant(req, OBJECTS.customer, 'View'));
    const table = { 200: tableLoadResponseSchema(customerRowSchema), ...errors };
    app.put(api(CUSTOMER_PATHS.all), { schema: { tags, body: tableLoadRequestSchema, response: table } }, async (req) => customerTable(db, scope(req), req.body));
    app.get(api(CUSTOMER_PATHS.all), { schema: { tags, response: table } }, async (req) => customerTable(db, scope(req), { limit: -1 }));
    app.get(api('customer/:id'), { schema: { tags, params: idParams, response: { 200: customerSchema, ...errors } } }, async (req) =>
      getCustomer(db, scope(req), req.params.id),
    );
    app.get(
      api('customer/address/user/:userId'),
      { schema: { tags, params: z.object({ userId: idSchema }), response: { 200: z.array(customerAddressSchema), ...errors } } },
      async (req) => customerAddresses(db, scope(req), req.params.userId),
    );
    app.get(api('customer/address/:id'), { schema: { tags, params: idParams, response: { 200: customerAddressSchema, ...errors } } }, async (req) =>
      customerAddress(db, scope(req), req.params.id),
    );
  });
}
