import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { BARCODE_MESSAGES, generatedBarcodeSchema, isBarcode } from '@tillpoint/contracts/barcode';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { OBJECTS, privilegeKey } from '@tillpoint/contracts/privileges';
import {
  PRODUCT_IMAGE_TYPES,
  type Product,
  type ProductInput,
  hasImageResponseSchema,
  productInputSchema,
  productOptionSchema,
  productSchema,
  productStockSchema,
  webPriceRequestSchema,
  webPriceResponseSchema,
} from '@tillpoint/contracts/product';
import type { Db } from '../../db/open-db';
import { requireMerchant, scopeOf } from '../../platform/auth';
import type { ResourceRepo } from '../../platform/branch-repo';
import { HttpError, forbidden } from '../../platform/errors';
import { type FileStore, loadSharp, sendStoredFile } from '../../platform/files';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { errorResponses, merchantOnly } from '../../platform/route-kit';
import { registerImageRoutes } from '../../platform/record-images';
import { sampleProduct } from './catalogue-samples';
import {
  allProducts,
  autocompleteProducts,
  getProduct,
  listProducts,
  locateProduct,
  menuProducts,
  productByBarcode,
  productImageSlots,
  publicImageFileOf,
} from './products.repo';
import { changeStock, generateBarcode, removeProduct, saveProduct, setProductStatus, webPriceFor } from './products.service';

/** A white square, sent when no product image matches (spec 2 §7: "a white placeholder on failure"). */
let placeholder: Promise<{ content: Buffer; sha256: string }> | undefined;
const whitePlaceholder = () => {
  placeholder ??= loadSharp()
    .then((sharp) => sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer())
    .then((content) => ({ content, sha256: createHash('sha256').update(content).digest('hex') }));
  return placeholder;
};

export function productRoutes(parent: FastifyInstance, db: Db, files: FileStore) {
  const base = PATHS.product.base;
  const B = `/api/${base}`;
  const tags = ['Product'];
  const repo: ResourceRepo<Product, ProductInput> = {
    list: listProducts,
    all: allProducts,
    get: getProduct,
    create: async (db, s, input) => (await saveProduct(db, s, null, input)) as Product,
    update: (db, s, id, input) => saveProduct(db, s, id, input),
    remove: (db, s, id) => removeProduct(db, s, id, files),
    setStatus: setProductStatus,
    locate: locateProduct,
  };
  registerResourceRoutes(parent, db, { base, objectName: OBJECTS.product, tag: 'Product', record: productSchema, input: productInputSchema, repo, sample: sampleProduct });
  registerImageRoutes(parent, db, files, {
    base,
    objectName: OBJECTS.product,
    tag: 'Product',
    types: PRODUCT_IMAGE_TYPES,
    slots: productImageSlots,
    record: productSchema,
    get: getProduct,
  });

  const app = parent.withTypeProvider<ZodTypeProvider>();
  const guard = (action: string) => async (req: FastifyRequest) => {
    requireMerchant(req, OBJECTS.product, action);
  };
  const own = (req: FastifyRequest) => scopeOf(requireMerchant(req));
  const barcodeParams = z.object({ barcode: z.string().refine(isBarcode, { error: BARCODE_MESSAGES.format }) });

  // Pickers (the product group, web menu and mix and match screens): any signed-in merchant user, like the combos.
  app.get(`${B}menu`, { onRequest: merchantOnly, schema: { tags, response: { 200: z.array(productOptionSchema), ...errorResponses } } }, (req) =>
    menuProducts(db, own(req)),
  );
  app.get(
    `${B}name/:text`,
    {
      onRequest: merchantOnly,
      schema: { tags, params: z.object({ text: z.string().trim().min(1, { error: MESSAGES.emptyValues }).max(255) }), response: { 200: z.array(productOptionSchema), ...errorResponses } },
    },
    (req) => autocompleteProducts(db, own(req), req.params.text),
  );
  // Registered before barcode/{barcode}; Fastify prefers the static path anyway.
  app.get(
    `${B}barcode/generate`,
    {
      // Add (new product, bulk create) or Create (editing one) may ask for a new barcode.
      onRequest: async (req) => {
        const p = requireMerchant(req);
        if (!p.privileges.has(privilegeKey(OBJECTS.product, 'Add')) && !p.privileges.has(privilegeKey(OBJECTS.product, 'Create'))) throw forbidden();
      },
      schema: { tags, response: { 200: generatedBarcodeSchema, ...errorResponses } },
    },
    async (req) => ({ barcode: await generateBarcode(db, own(req)) }),
  );
  app.get(`${B}barcode/:barcode`, { onRequest: merchantOnly, schema: { tags, params: barcodeParams, response: { 200: productSchema, ...errorResponses } } }, async (req) => {
    const found = await productByBarcode(db, own(req), req.params.barcode);
    if (!found) throw new HttpError(404, BARCODE_MESSAGES.notFound, 'WARNING');
    return found;
  });
  app.post(
    `${B}calculate/webprice`,
    { onRequest: guard('View'), schema: { tags, body: webPriceRequestSchema, response: { 200: webPriceResponseSchema, ...errorResponses } } },
    (req) => webPriceFor(db, own(req), req.body.price, req.body.departmentId),
  );
  app.put(`${B}stock`, { onRequest: guard('Create'), schema: { tags, body: productStockSchema, response: { 200: productSchema, ...errorResponses } } }, (req) =>
    changeStock(db, own(req), req.body, requireMerchant(req).userId),
  );

  // The spec's data-warehouse calls, public (no token): a product's web image by barcode and name.
  const publicParams = z.object({ barcode: z.string().max(14), name: z.string().max(255) });
  app.get('/api/product/hasImage/barcode/:barcode/name/:name', { schema: { tags, params: publicParams, response: { 200: hasImageResponseSchema } } }, async (req) =>
    isBarcode(req.params.barcode) ? (await publicImageFileOf(db, req.params.barcode, req.params.name)) !== undefined : false,
  );
  app.get('/api/product/image/barcode/:barcode/name/:name', { schema: { tags, params: publicParams } }, async (req, reply) => {
    const hit = isBarcode(req.params.barcode) ? await publicImageFileOf(db, req.params.barcode, req.params.name) : undefined;
    const file = hit ? await files.read(db, hit.merchantAccountId, hit.fileId) : undefined;
    if (file) return sendStoredFile(req, reply, file, { public: true });
    const white = await whitePlaceholder();
    return sendStoredFile(req, reply, { id: 0, fileName: 'placeholder.png', contentType: 'image/png', size: white.content.length, sha256: white.sha256, content: white.content }, { public: true });
  });
}
