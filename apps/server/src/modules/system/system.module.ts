import { PATHS } from '@tillpoint/contracts/api-paths';
import type { AppModule } from '../../platform/module';
import { systemRoutes } from './system.routes';

export const systemModule: AppModule = {
  name: 'system',
  routes: (app, { db, captcha, captchaRequired, config }) => systemRoutes(app, { db, captcha, captchaRequired, testEnvironment: config.testEnvironment }),
  // The storefront's shell reads the system parameters (the test banner above the store) as it starts.
  storePagePreloads: () => async () => [{ href: `/api/${PATHS.systemParams}`, as: 'fetch' }],
};
