import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketplaceBranchSchema } from '@tillpoint/contracts/marketplace';
import { MARKETPLACE_MESSAGES, STORE_SEARCH_MIN } from '@tillpoint/contracts/marketplace-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { PAGE_IMAGE_TYPES } from '@tillpoint/contracts/page-settings';
import type { Db } from '../../db/open-db';
import { requireUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { type FileStore, sendStoredFile } from '../../platform/files';
import { errorResponses as errors, found, idParams } from '../../platform/route-kit';
import { favouritesOf, listMarketplace, searchMarketplace, setFavourite, storeImage } from './marketplace.repo';

const notice = z.object({ type: z.literal('SUCCESS'), details: z.string() });

const tags = ['Marketplace (storefront)'];
const M = '/api/marketplace/';

/**
 * The marketplace (spec 3 §7.5): public lists of the stores a customer can open, their images by
 * branch id, and the members' favourite toggle.
 */
export function marketplaceRoutes(parent: FastifyInstance, db: Db, files: FileStore) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const list = { 200: z.array(marketplaceBranchSchema), ...errors };

  // Public; a signed-in member's favourites are marked ('Your Favorites' on the page).
  const member = (req: FastifyRequest) => (req.principal?.userType === 'member' ? req.principal.userId : null);
  app.get(`${M}list`, { schema: { tags, response: list } }, async (req) => listMarketplace(db, new Date(), await favouritesOf(db, member(req))));

  app.get(
    `${M}name/:text`,
    { schema: { tags, params: z.object({ text: z.string().max(100, { error: MESSAGES.emptyValues }) }), response: list } },
    async (req) => {
      const text = req.params.text.trim();
      // Spec 3 §5.2: a search runs only for a text longer than 3 characters.
      if (text.length < STORE_SEARCH_MIN) throw badRequest(MARKETPLACE_MESSAGES.searchTooShort);
      return searchMarketplace(db, text, new Date(), await favouritesOf(db, member(req)));
    },
  );

  app.put(
    `${M}branchid/:id/favorite/:favorite`,
    {
      // Favourites belong to members: a visitor is a 401, staff a 403, before the path is judged.
      onRequest: async (req) => {
        requireUser(req, 'member');
      },
      schema: { tags, params: idParams.extend({ favorite: z.enum(['true', 'false'], { error: MESSAGES.emptyValues }) }), response: { 200: notice, ...errors } },
    },
    async (req) => {
      const memberId = requireUser(req, 'member').userId;
      if (!(await setFavourite(db, memberId, req.params.id, req.params.favorite === 'true'))) throw notFound();
      return { type: 'SUCCESS' as const, details: MESSAGES.success };
    },
  );

  app.get(
    `${M}image/branchId/:id/:type`,
    { schema: { tags, params: idParams.extend({ type: z.enum(PAGE_IMAGE_TYPES, { error: MESSAGES.emptyValues }) }) } },
    async (req, reply) => {
      const image = found(await storeImage(db, req.params.id, req.params.type));
      return sendStoredFile(req, reply, found(await files.read(db, image.merchantAccountId, image.fileId)), { public: true });
    },
  );
}
