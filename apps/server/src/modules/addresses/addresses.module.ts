import type { AppModule } from '../../platform/module';
import { addressProviderFor } from './address-provider';
import { addressRoutes } from './addresses.routes';
import { gazetteerRoutes } from './gazetteer.routes';

/**
 * Postcode addresses and delivery distances (spec 3 §7.5), from the provider the configuration names,
 * and the built-in gazetteer's CSV import for administrators.
 */
export const addressesModule: AppModule = {
  name: 'addresses',
  routes: (app, { db, config }) => {
    addressRoutes(app, db, addressProviderFor(config));
    gazetteerRoutes(app, db);
  },
};
