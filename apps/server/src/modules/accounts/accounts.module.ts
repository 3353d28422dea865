import { PATHS } from '@tillpoint/contracts/api-paths';
import type { AppModule } from '../../platform/module';
import { keptStoreOfDomain } from '../../platform/public-store';
import { accountsRoutes } from './accounts.routes';

export const accountsModule: AppModule = {
  name: 'accounts',
  routes: (app, { db }) => accountsRoutes(app, db),
  keptOnReset: { merchant_branch: 'the branch itself' },
  // A store's page first finds its branch by the domain name, then reads its header card (store-data.ts).
  storePagePreloads: ({ db }) => {
    const storeOf = keptStoreOfDomain(db);
    return async (domainName) => {
      const store = await storeOf(domainName);
      if (!store) return [];
      return [PATHS.merchantBranch.byDomainName(domainName), PATHS.merchantBranch.storeInfo(store.id)].map((path) => ({ href: `/api/${path}`, as: 'fetch' }));
    };
  },
};
