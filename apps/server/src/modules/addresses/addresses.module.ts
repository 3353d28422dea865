import type { AppModule } from '../../platform/module';
import { gazetteerProvider } from './addresses.repo';
import { addressRoutes } from './addresses.routes';

/** Postcode addresses and delivery distances (spec 3 §7.5), from the built-in gazetteer. */
export const addressesModule: AppModule = {
  name: 'addresses',
  routes: (app, { db }) => addressRoutes(app, db, gazetteerProvider),
};
