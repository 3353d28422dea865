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
import { useStoreChanges } from '../../platform/store-changes';
import { placeOrderInputSchema, placedOrderSchema } from '@tillpoint/contracts/order';
import {
  PAYMENT_PATHS,
  applePaySessionReplySchema,
  applePayTokenInputSchema,
  paymentTokenInputSchema,
  paymentTokenReplySchema,
  threeDSecureReplySchema,
} from '@tillpoint/contracts/payment';
import type { PaymentDeps } from '../payments/providers';
import { addItem, addOne, ageConfirmed, cancelBasket, chooseServiceCharge, confirmAge, currentBasket, removeItem } from './basket.service';
import { placeOrder, startApplePaySession, startPaymentSession } from './place-order.service';

/**
 * The storefront basket (spec 3 §7.3). Public: the basket id (≥ 128 random bits, made by the server)
 * is the guest's capability; every price in a reply is computed here from the store's own data.
 */
export function basketRoutes(parent: FastifyInstance, db: Db, provider: AddressProvider, payments: PaymentDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // The store's row and offers are kept between calls while the app listens for store changes (basket.service storeContext).
  useStoreChanges(parent, db);
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
  // The reply is the placed order, or the 3-D Secure challenge to post to the issuer (spec 3 §4.7).
  app.post(
    `${B}place`,
    { schema: { tags, body: placeOrderInputSchema, response: { 200: z.union([placedOrderSchema, threeDSecureReplySchema]), ...errorResponses } } },
    async (req) =>
      placeOrder(db, provider, req.body, {
        payments,
        // Optional: a signed-in member may save the card or pay with a saved one; a guest places as before.
        memberId: req.principal?.userType === 'member' ? req.principal.userId : null,
        // What 3-D Secure asks of the customer's browser (Opayo's strongCustomerAuthentication).
        browser: { ip: req.ip, accept: req.headers.accept ?? '', userAgent: req.headers['user-agent'] ?? '', language: (req.headers['accept-language'] ?? 'en-GB').split(',')[0] },
      }),
  );
  // Starting a card payment for the basket (spec 3 §7.5; public, the basket id is the guest's capability).
  app.post(
    `/api/${PAYMENT_PATHS.token}`,
    { schema: { tags: ['Payments'], body: paymentTokenInputSchema, response: { 200: paymentTokenReplySchema, ...errorResponses } } },
    async (req) => startPaymentSession(db, payments, req.body, req.principal?.userType === 'member' ? req.principal.userId : null),
  );
  // Apple Pay merchant validation (spec 3 §7.5): public like the token; the basket id is the capability.
  app.post(
    `/api/${PAYMENT_PATHS.applePayToken}`,
    { schema: { tags: ['Payments'], body: applePayTokenInputSchema, response: { 200: applePaySessionReplySchema, ...errorResponses } } },
    async (req) => startApplePaySession(db, payments, req.body),
  );
}
