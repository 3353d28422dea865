import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { countrySchema } from '@tillpoint/contracts/country';
import { deviceInputSchema, deviceSchema } from '@tillpoint/contracts/device';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { productClassInputSchema, productClassSchema } from '@tillpoint/contracts/product-class';
import { productGroupInputSchema, productGroupSchema } from '@tillpoint/contracts/product-group';
import { productTagInputSchema, productTagSchema } from '@tillpoint/contracts/product-tag';
import { supplierInputSchema, supplierSchema } from '@tillpoint/contracts/supplier';
import type { Db } from '../../db/open-db';
import type { FileStore } from '../../platform/files';
import { registerResourceRoutes } from '../../platform/resource-routes';
import { errorResponses, found, idParams, merchantOnly } from '../../platform/route-kit';
import { registerImageRoutes } from '../../platform/record-images';
import { sampleDevice, sampleProductClass, sampleProductGroup, sampleProductTag, sampleSupplier } from './catalogue-samples';
import { departmentRoutes } from './departments.routes';
import { productGroupRepo } from './product-groups.repo';
import { getProductTag, productTagImageSlots, productTagRepo } from './product-tags.repo';
import { productRoutes } from './products.routes';
import { allCountries, deviceRepo, getCountry, productClassRepo, supplierRepo } from './reference.repo';

/** The catalogue area (spec 2): departments, products, groups, tags, suppliers, printers and reference lists. */
export function catalogueRoutes(app: FastifyInstance, db: Db, files: FileStore) {
  departmentRoutes(app, db);
  productRoutes(app, db, files);
  registerResourceRoutes(app, db, {
    base: PATHS.productGroup.base,
    objectName: OBJECTS.productGroup,
    tag: 'ProductGroup',
    record: productGroupSchema,
    input: productGroupInputSchema,
    repo: productGroupRepo,
    sample: sampleProductGroup,
  });
  registerResourceRoutes(app, db, {
    base: PATHS.productTag.base,
    objectName: OBJECTS.productTag,
    tag: 'ProductTag',
    record: productTagSchema,
    input: productTagInputSchema,
    repo: productTagRepo(files),
    sample: sampleProductTag,
  });
  registerImageRoutes(app, db, files, {
    base: PATHS.productTag.base,
    objectName: OBJECTS.productTag,
    tag: 'ProductTag',
    types: ['WEB'],
    slots: productTagImageSlots,
    record: productTagSchema,
    get: getProductTag,
  });
  registerResourceRoutes(app, db, {
    base: PATHS.supplier,
    objectName: OBJECTS.supplier,
    tag: 'Supplier',
    record: supplierSchema,
    input: supplierInputSchema,
    repo: supplierRepo,
    sample: sampleSupplier,
  });
  registerResourceRoutes(app, db, {
    base: PATHS.device,
    objectName: OBJECTS.device,
    tag: 'Device',
    record: deviceSchema,
    input: deviceInputSchema,
    repo: deviceRepo,
    sample: sampleDevice,
  });
  registerResourceRoutes(app, db, {
    base: PATHS.productClass,
    objectName: OBJECTS.productClass,
    tag: 'ProductClass',
    record: productClassSchema,
    input: productClassInputSchema,
    repo: productClassRepo,
    sample: sampleProductClass,
  });

  // Countries are the platform's list: any signed-in merchant user reads them; nobody edits them here.
  const z4 = app.withTypeProvider<ZodTypeProvider>();
  const C = `/api/${PATHS.country}`;
  z4.get(`${C}all`, { onRequest: merchantOnly, schema: { tags: ['Country'], response: { 200: z.array(countrySchema), ...errorResponses } } }, () => allCountries(db));
  z4.get(`${C}:id`, { onRequest: merchantOnly, schema: { tags: ['Country'], params: idParams, response: { 200: countrySchema, ...errorResponses } } }, async (req) =>
    found(await getCountry(db, req.params.id)),
  );
}
