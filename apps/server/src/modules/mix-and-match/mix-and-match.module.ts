import { mixAndMatch, mixAndMatchProduct } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { mixAndMatchRepo } from './mix-and-match.repo';
import { mixAndMatchRoutes } from './mix-and-match.routes';

/** Mix and match promotions (spec 2): routes, the till-sync group (data group 5) and reset tables. */
export const mixAndMatchModule: AppModule = {
  name: 'mix-and-match',
  routes: (app, { db }) => mixAndMatchRoutes(app, db),
  syncGroups: { mixAndMatch: (tx, scope) => mixAndMatchRepo.all(tx, scope) },
  resetTables: { definitions: [mixAndMatchProduct, mixAndMatch] },
};
