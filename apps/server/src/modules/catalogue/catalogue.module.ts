import { department, device, product, productClass, productGroup, productGroupProduct, productProductTag, productTag, stockEvent, supplier } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { catalogueRoutes } from './catalogue.routes';
import { departmentRepo } from './departments.repo';
import { productGroupRepo } from './product-groups.repo';
import { allProductTags } from './product-tags.repo';
import { allProducts } from './products.repo';
import { supplierRepo } from './reference.repo';

/**
 * The catalogue area: its routes, the till-sync groups it feeds (spec 1 §3 data groups 1, 2, 3, 7
 * and 9) and the definitions a branch's data reset deletes. Printers have no data group in the
 * spec's numbered list, so tills do not receive them through the sync yet.
 */
export const catalogueModule: AppModule = {
  name: 'catalogue',
  routes: (app, { db, files }) => catalogueRoutes(app, db, files),
  syncGroups: {
    department: (tx, scope) => departmentRepo.all(tx, scope),
    productGroup: (tx, scope) => productGroupRepo.all(tx, scope),
    product: (tx, scope) => allProducts(tx, scope),
    productTag: (tx, scope) => allProductTags(tx, scope),
    supplier: (tx, scope) => supplierRepo.all(tx, scope),
  },
  resetTables: {
    definitions: [productGroupProduct, productProductTag, stockEvent, productGroup, product, productTag, department, supplier, device, productClass],
  },
};
