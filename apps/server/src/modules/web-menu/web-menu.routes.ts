import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import {
  WEB_MENU_IMAGE_TYPES,
  WEB_MENU_PATHS,
  webMenuDisplayInputSchema,
  webMenuInputSchema,
  webMenuSchema,
  webMenuTransferInputSchema,
} from '@tillpoint/contracts/web-menu';
import type { Db } from '../../db/open-db';
import { webMenu } from '../../db/schema';
import { requireMerchant, scopeOf } from '../../platform/auth';
import type { ResourceRepo } from '../../platform/branch-repo';
import type { FileStore } from '../../platform/files';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { errorResponses } from '../../platform/route-kit';
import { registerImageRoutes } from '../../platform/record-images';
import { listMenus, ownMenu } from './web-menu.repo';
import { webMenuService } from './web-menu.service';

const tags = ['WebMenu'];
/** A parent in a path: -1 (the top level) or an id. */
const parentParam = z.string().regex(/^(-1|[1-9]\d{0,9})$/, { error: MESSAGES.emptyValues }).transform(Number).pipe(z.number().max(2147483647, { error: MESSAGES.emptyValues }));
/** A main group in a path: -1 or 0 when none, else an id. */
const groupParam = z.string().regex(/^(-1|0|[1-9]\d{0,9})$/, { error: MESSAGES.emptyValues }).transform(Number).pipe(z.number().max(2147483647, { error: MESSAGES.emptyValues }));
const idParam = z.string().regex(/^[1-9]\d{0,9}$/, { error: MESSAGES.emptyValues }).transform(Number).pipe(z.number().max(2147483647, { error: MESSAGES.emptyValues }));

type ImageType = (typeof WEB_MENU_IMAGE_TYPES)[number];

/** Web menu (spec 2 §7): the generic calls, the tree calls, item add, card sorting, transfer and images. */
export function webMenuRoutes(parent: FastifyInstance, db: Db, files: FileStore) {
  const service = webMenuService(files);
  const repo: ResourceRepo<z.infer<typeof webMenuSchema>, z.output<typeof webMenuInputSchema>> = {
    list: (db, s, request) => listMenus(db, files, s, request),
    all: service.all,
    get: service.get,
    create: service.create,
    update: service.update,
    remove: service.remove,
    setStatus: service.setStatus,
    locate: async (db, id) =>
      (await db.select({ merchantAccountId: webMenu.merchantAccountId, merchantBranchId: webMenu.merchantBranchId }).from(webMenu).where(eq(webMenu.id, id)))[0],
  };
  registerResourceRoutes(parent, db, {
    base: WEB_MENU_PATHS.base,
    objectName: OBJECTS.webMenu,
    tag: 'WebMenu',
    record: webMenuSchema,
    input: webMenuInputSchema,
    repo,
    sample: { name: 'Sweep menu' },
  });
  registerImageRoutes<ImageType, z.infer<typeof webMenuSchema>>(parent, db, files, {
    base: WEB_MENU_PATHS.base,
    objectName: OBJECTS.webMenu,
    tag: 'WebMenu',
    types: WEB_MENU_IMAGE_TYPES,
    record: webMenuSchema,
    get: service.get,
    slots: {
      async read(db, s, id, type) {
        const [row] = await db
          .select({ web: webMenu.webFileId, till: webMenu.tillFileId })
          .from(webMenu)
          .where(ownMenu(s, eq(webMenu.id, id)))
          .for('update');
        if (!row) return undefined;
        return type === 'WEB' ? row.web : row.till;
      },
      async write(db, s, id, type, fileId) {
        await db
          .update(webMenu)
          .set(type === 'WEB' ? { webFileId: fileId, updatedDate: new Date() } : { tillFileId: fileId, updatedDate: new Date() })
          .where(ownMenu(s, eq(webMenu.id, id)));
      },
    },
  });

  const app = parent.withTypeProvider<ZodTypeProvider>();
  const B = `/api/${WEB_MENU_PATHS.base}`;
  const guard = (action: string) => async (req: FastifyRequest) => {
    requireMerchant(req, OBJECTS.webMenu, action);
  };
  const own = (req: FastifyRequest) => scopeOf(requireMerchant(req));
  const list = { 200: z.array(webMenuSchema), ...errorResponses };

  app.get(`${B}all/parent`, { onRequest: guard('View'), schema: { tags, response: list } }, async (req) => service.children(db, own(req), -1));
  app.get(`${B}all/hassubmenu`, { onRequest: guard('View'), schema: { tags, response: list } }, async (req) => service.withSubMenus(db, own(req)));
  app.get(`${B}all/menu/sub/:parentId`, { onRequest: guard('View'), schema: { tags, params: z.object({ parentId: parentParam }), response: list } }, async (req) =>
    service.children(db, own(req), req.params.parentId),
  );
  app.put(
    `${B}item/add/:parentId/:productId/:mainGroupId`,
    {
      onRequest: guard('Add'),
      schema: { tags, params: z.object({ parentId: parentParam, productId: idParam, mainGroupId: groupParam }), response: { 200: webMenuSchema, ...errorResponses } },
    },
    async (req) => service.addItem(db, own(req), req.params.parentId, req.params.productId, req.params.mainGroupId),
  );
  app.put(`${B}display`, { onRequest: guard('Add'), schema: { tags, body: webMenuDisplayInputSchema, response: list } }, async (req) =>
    service.display(db, own(req), req.body),
  );
  app.put(`${B}transfer`, { onRequest: guard('Create'), schema: { tags, body: webMenuTransferInputSchema, response: list } }, async (req) =>
    service.transfer(db, own(req), req.body),
  );
}
