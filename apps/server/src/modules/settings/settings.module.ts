import type { AppModule } from '../../platform/module';
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
  keptOnReset: {
    page_settings: 'branding set by the platform administrator',
    branch_settings: 'order, end-of-day and payment settings',
  },
};
