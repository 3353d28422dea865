import { basket, basketLine } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { gazetteerProvider } from '../addresses/addresses.repo';
import { basketRoutes } from './basket.routes';

/** The storefront basket (spec 3 §7.3); baskets are transactions, so a data reset removes them. */
export const basketModule: AppModule = {
  name: 'basket',
  routes: (app, { db }) => basketRoutes(app, db, gazetteerProvider),
  resetTables: { transactions: [basketLine, basket] },
};
