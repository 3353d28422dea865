import { BRANCH_SETTINGS_PATHS } from '@tillpoint/contracts/branch-settings-paths';
import type { AppModule } from '../../platform/module';
import { keptStoreOfDomain } from '../../platform/public-store';
import { branchSettingsRoutes } from './branch-settings.routes';
import { mailSettingsRoutes } from './mail-settings.routes';
import { pageSettingsRoutes } from './page-settings.routes';

/** Branch, page and mail settings (spec 1 §7). */
export const settingsModule: AppModule = {
  name: 'settings',
  routes: (app, { db, config, files }) => {
    pageSettingsRoutes(app, db, files);
    branchSettingsRoutes(app, db, { testEnvironment: config.testEnvironment });
    mailSettingsRoutes(app, db);
  },
  // A store's page reads the branch's member settings first (store-data.ts).
  storePagePreloads: ({ db }) => {
    const storeOf = keptStoreOfDomain(db);
    return async (domainName) => {
      const store = await storeOf(domainName);
      return store ? [{ href: `/api/${BRANCH_SETTINGS_PATHS.member(store.id)}`, as: 'fetch' }] : [];
    };
  },
  keptOnReset: {
    page_settings: 'branding set by the platform administrator',
    branch_settings: 'order, end-of-day and payment settings',
  },
};
