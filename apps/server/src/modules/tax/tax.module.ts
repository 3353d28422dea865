import { tax } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { taxRepo } from './tax.repo';
import { taxRoutes } from './tax.routes';

export const taxModule: AppModule = {
  name: 'tax',
  routes: (app, { db }) => taxRoutes(app, db),
  syncGroups: { tax: (tx, scope) => taxRepo.all(tx, scope) },
  resetTables: { definitions: [tax] },
};
