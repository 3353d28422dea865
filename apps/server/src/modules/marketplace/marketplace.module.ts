import type { AppModule } from '../../platform/module';
import { marketplaceRoutes } from './marketplace.routes';

/** The storefront's marketplace (spec 3 §2.2, §7.5): it owns no tables of its own yet (favourites come with members). */
export const marketplaceModule: AppModule = {
  name: 'marketplace',
  routes: (app, { db, files }) => marketplaceRoutes(app, db, files),
};
