import { PATHS } from '@tillpoint/contracts/api-paths';
import type { AppModule } from '../../platform/module';
import { keptStoreOfDomain } from '../../platform/public-store';
import { expireDemoLicences } from './licences.repo';
import { licencesRoutes } from './licences.routes';

export const licencesModule: AppModule = {
  name: 'licences',
  routes: (app, { db }) => licencesRoutes(app, db),
  // A store's page reads the branch's licence flags first (store-data.ts).
  storePagePreloads: ({ db }) => {
    const storeOf = keptStoreOfDomain(db);
    return async (domainName) => {
      const store = await storeOf(domainName);
      return store ? [{ href: `/api/${PATHS.licenceFlags(store.id)}`, as: 'fetch' }] : [];
    };
  },
  keptOnReset: { licence: 'what the branch has paid for' },
  jobs: ({ db }) => [{ name: 'licence-expiry', everyMs: 600_000, run: () => expireDemoLicences(db) }],
};
