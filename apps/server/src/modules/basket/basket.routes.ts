import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BASKET_PATHS,
  addItemInputSchema,
  basketSchema,
  bssIdSchema,
  lineActionInputSchema,
  maybeBssIdSchema,
  storefrontOrderTypeSchema,
} from '@tillpoint/contracts/basket';
import { idSchema } from '@tillpoint/contracts/fields';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { Db } from '../../db/open-db';
import type { AddressProvider } from '../addresses/addresses.repo';
import { errorResponses } from '../../platform/route-kit';
import { placeOrderInputSchema, placedOrderSchema } from '@tillpoint/contracts/order';
import { addItem, addOne, ageConfirmed, cancelBasket, chooseServiceCharge, confirmAge, currentBasket, removeItem } from './basket.service';
import { placeOrder } from './place-order.service';

/**
 * The storefront basket (spec 3 §7.3). Public: the basket id (≥ 128 random bits, made by the server)
 * is the guest's capability; every price in a reply is computed here from the store's own data.
 */
export function basketRoutes(parent: FastifyInstance, db: Db, provider: AddressProvider) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['Basket (storefront)'];
  const B = `/api/${BASKET_PATHS.base}`;
  const response = { 200: basketSchema, ...errorResponses };
  const percentSchema = z
    .string()
    .regex(/^\d{1,3}$/, { error: MESSAGES.emptyValues })
    .transform(Number);

  app.get(
    `${B}status/created/merchantBranchId/:branchId/orderType/:orderType/basketBssId/:bssId`,
    { schema: { tags, params: z.object({ branchId: idSchema, orderType: storefrontOrderTypeSchema, bssId: maybeBssIdSchema }), response } },
    async (req) => currentBasket(db, req.params.branchId, req.params.orderType, req.params.bssId),
  );
  app.put(`${B}addItemToBasket`, { schema: { tags, body: addItemInputSchema, response } }, async (req) => addItem(db, req.body, false));
  app.put(`${B}addSetMenuItemToBasket`, { schema: { tags, body: addItemInputSchema, response } }, async (req) => addItem(db, req.body, true));
  app.put(`${B}addOneQuantityToItem`, { schema: { tags, body: lineActionInputSchema, response } }, async (req) => addOne(db, req.body));
  app.put(`${B}removeItemFromBasket`, { schema: { tags, body: lineActionInputSchema, response } }, async (req) => removeItem(db, req.body));
  app.get(
    `${B}addServiceCharge/merchantBranchId/:branchId/serviceCharge/:percent/basketBssId/:bssId`,
    { schema: { tags, params: z.object({ branchId: idSchema, percent: percentSchema, bssId: bssIdSchema }), response } },
    async (req) => chooseServiceCharge(db, req.params.branchId, req.params.percent, req.params.bssId),
  );
  app.put(
    `${B}cancel/branchId/:branchId/basketBssId/:bssId`,
    { schema: { tags, params: z.object({ branchId: idSchema, bssId: bssIdSchema }), response } },
    async (req) => cancelBasket(db, req.params.branchId, req.params.bssId),
  );
  app.put(
    `${B}ageRestricted/branchId/:branchId/basketBssId/:bssId`,
    { schema: { tags, params: z.object({ branchId: idSchema, bssId: maybeBssIdSchema }), response } },
    async (req) => confirmAge(db, req.params.branchId, req.params.bssId),
  );
  app.get(
    `${B}checkAgeRestricted/branchId/:branchId/basketBssId/:bssId`,
    { schema: { tags, params: z.object({ branchId: idSchema, bssId: maybeBssIdSchema }), response: { 200: z.boolean(), ...errorResponses } } },
    async (req) => ageConfirmed(db, req.params.branchId, req.params.bssId),
  );
  app.post(`${B}place`, { schema: { tags, body: placeOrderInputSchema, response: { 200: placedOrderSchema, ...errorResponses } } }, async (req) => placeOrder(db, provider, req.body));
}
