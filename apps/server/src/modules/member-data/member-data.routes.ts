import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bssIdSchema } from '@tillpoint/contracts/basket';
import { idSchema } from '@tillpoint/contracts/fields';
import { memberAddressInputSchema, memberAddressSchema, memberCardSchema, memberFeedbackSchema, memberNotesSchema } from '@tillpoint/contracts/member';
import { FEEDBACK_PER_HOUR, MEMBER_DATA_PATHS as P, PREVIOUS_ORDERS_MAX_DAYS, previousOrderSchema, setBasketReplySchema } from '@tillpoint/contracts/member-data';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { tableLoadRequestSchema, tableLoadResponseSchema } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { requireUser } from '../../platform/auth';
import type { ForgetSavedCards } from '../../platform/module';
import { errorResponses as errors, guardedRoutes, idParams } from '../../platform/route-kit';
import {
  ADDRESS_TABLES,
  type AddressTable,
  createAddress,
  deleteAddress,
  deleteCard,
  getAddress,
  getCard,
  getNotes,
  listAddresses,
  listCards,
  saveNotes,
  sendFeedback,
  setDefaultAddress,
  setDefaultCard,
  updateAddress,
} from './member-data.repo';
import { previousOrder, previousOrders, previousOrdersTable, setBasketToLoginUser } from './member-orders.repo';

const notice = z.object({ type: z.literal('SUCCESS'), details: z.string() });
const success = { type: 'SUCCESS' as const, details: MESSAGES.success };
const api = (path: string) => `/api/${path}`;

/** 401 for a visitor and 403 for staff, before any body is read (the member's own data only). */
async function memberOnly(req: FastifyRequest) {
  requireUser(req, 'member');
}
const memberId = (req: FastifyRequest) => requireUser(req, 'member').userId;

/**
 * The signed-in member's data (spec 3 §7.3, §7.5): addresses, billing addresses, cards, notes,
 * complaint / suggestion, previous orders and the basket taken over at sign-in. The member is always
 * the token's; an id in a path is looked up among that member's rows only (another's is a 404).
 */
export function memberDataRoutes(parent: FastifyInstance, db: Db, forgetSavedCards?: ForgetSavedCards) {
  guardedRoutes(parent, memberOnly, (app) => {
    const addressRoutes = (paths: typeof P.address, t: AddressTable, tag: string) => {
      const tags = [tag];
      const one = { 200: memberAddressSchema, ...errors };
      app.get(api(paths.all), { schema: { tags, response: { 200: z.array(memberAddressSchema), ...errors } } }, async (req) => listAddresses(db, t, memberId(req)));
      app.get(api(`${paths.base}:id`), { schema: { tags, params: idParams, response: one } }, async (req) => getAddress(db, t, memberId(req), req.params.id));
      app.post(api(paths.create), { schema: { tags, body: memberAddressInputSchema, response: one } }, async (req) => createAddress(db, t, memberId(req), req.body));
      app.put(api(paths.update), { schema: { tags, body: memberAddressInputSchema.extend({ id: idSchema }), response: one } }, async (req) =>
        updateAddress(db, t, memberId(req), req.body.id, req.body),
      );
      app.put(api(`${paths.base}updateDefaultAddress/id/:id`), { schema: { tags, params: idParams, response: one } }, async (req) =>
        setDefaultAddress(db, t, memberId(req), req.params.id),
      );
      app.delete(api(`${paths.base}:id`), { schema: { tags, params: idParams, response: { 200: notice, ...errors } } }, async (req) => {
        await deleteAddress(db, t, memberId(req), req.params.id);
        return success;
      });
    };
    addressRoutes(P.address, ADDRESS_TABLES.delivery, 'Member addresses');
    addressRoutes(P.billing, ADDRESS_TABLES.billing, 'Member billing addresses');

    const cardTags = ['Member cards'];
    const cards = { 200: z.array(memberCardSchema), ...errors };
    const card = { 200: memberCardSchema, ...errors };
    app.get(api(P.card.all), { schema: { tags: cardTags, response: cards } }, async (req) => listCards(db, memberId(req)));
    app.get(api(`${P.card.base}merchantBranchId/:id`), { schema: { tags: cardTags, params: idParams, response: cards } }, async (req) =>
      listCards(db, memberId(req), req.params.id),
    );
    app.get(api(`${P.card.base}:id`), { schema: { tags: cardTags, params: idParams, response: card } }, async (req) => getCard(db, memberId(req), req.params.id));
    app.put(api(`${P.card.base}updateDefaultCard/id/:id`), { schema: { tags: cardTags, params: idParams, response: card } }, async (req) =>
      setDefaultCard(db, memberId(req), req.params.id),
    );
    app.delete(api(`${P.card.base}:id`), { schema: { tags: cardTags, params: idParams, response: { 200: notice, ...errors } } }, async (req) => {
      const gone = await deleteCard(db, memberId(req), req.params.id);
      // The provider forgets its token too where it can (Dojo); best effort, after the card is gone here.
      if (forgetSavedCards) await forgetSavedCards([gone]);
      return success;
    });

    const notesTags = ['Member notes'];
    const notes = { 200: z.object({ orderNotes: z.string().nullable(), allergies: z.string().nullable() }), ...errors };
    app.get(api(P.notes), { schema: { tags: notesTags, response: notes } }, async (req) => getNotes(db, memberId(req)));
    app.put(api(P.notes), { schema: { tags: notesTags, body: memberNotesSchema, response: notes } }, async (req) => saveNotes(db, memberId(req), req.body));

    // Each one mails a store: a member may send only so many an hour, whatever address they send from.
    const feedbackLimit = { max: FEEDBACK_PER_HOUR, timeWindow: '1 hour', keyGenerator: (req: FastifyRequest) => `feedback:${req.principal?.userId ?? req.ip}` };
    app.post(
      api(P.feedback),
      { config: { rateLimit: feedbackLimit }, schema: { tags: ['Member complaint / suggestion'], body: memberFeedbackSchema, response: { 200: notice, ...errors } } },
      async (req) => {
        await sendFeedback(db, memberId(req), req.body);
        return success;
      },
    );

    const orderTags = ['Member orders'];
    app.put(
      api(`storemanagement/basket/setBasketToLoginUser/merchantBranchId/:branchId/basketBssId/:bssId`),
      { schema: { tags: orderTags, params: z.object({ branchId: idSchema, bssId: bssIdSchema }), response: { 200: setBasketReplySchema, ...errors } } },
      async (req) => setBasketToLoginUser(db, memberId(req), req.params.branchId, req.params.bssId),
    );
    const days = z.coerce.number({ error: MESSAGES.emptyValues }).int({ error: MESSAGES.emptyValues }).min(1, { error: MESSAGES.emptyValues }).max(PREVIOUS_ORDERS_MAX_DAYS, { error: MESSAGES.emptyValues });
    app.get(
      api('storemanagement/basket/previousOrders/nlastday/:days'),
      { schema: { tags: orderTags, params: z.object({ days }), response: { 200: z.array(previousOrderSchema), ...errors } } },
      async (req) => previousOrders(db, memberId(req), req.params.days),
    );
    app.put(
      api(P.previousOrdersTable),
      { schema: { tags: orderTags, body: tableLoadRequestSchema, response: { 200: tableLoadResponseSchema(previousOrderSchema), ...errors } } },
      async (req) => previousOrdersTable(db, memberId(req), req.body),
    );
    app.get(api(`${P.previousOrdersTable}/:id`), { schema: { tags: orderTags, params: idParams, response: { 200: previousOrderSchema, ...errors } } }, async (req) =>
      previousOrder(db, memberId(req), req.params.id),
    );
  });
}
