import type { AppModule } from '../../platform/module';
import { systemRoutes } from './system.routes';

export const systemModule: AppModule = {
  name: 'system',
  routes: (app, { db, captcha, captchaRequired, config }) => systemRoutes(app, { db, captcha, captchaRequired, testEnvironment: config.testEnvironment }),
};
