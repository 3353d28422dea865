import type { AppModule } from '../../platform/module';
import { creditsRoutes } from './credits.routes';

export const creditsModule: AppModule = {
  name: 'credits',
  routes: (app, { db }) => creditsRoutes(app, db),
  keptOnReset: { credit: 'bought postcode look-up credit' },
};
