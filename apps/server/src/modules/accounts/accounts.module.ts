import type { AppModule } from '../../platform/module';
import { accountsRoutes } from './accounts.routes';

export const accountsModule: AppModule = {
  name: 'accounts',
  routes: (app, { db }) => accountsRoutes(app, db),
  keptOnReset: { merchant_branch: 'the branch itself' },
};
