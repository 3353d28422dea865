import type { AppModule } from '../../platform/module';
import { expireDemoLicences } from './licences.repo';
import { licencesRoutes } from './licences.routes';

export const licencesModule: AppModule = {
  name: 'licences',
  routes: (app, { db }) => licencesRoutes(app, db),
  keptOnReset: { licence: 'what the branch has paid for' },
  jobs: ({ db }) => [{ name: 'licence-expiry', everyMs: 600_000, run: () => expireDemoLicences(db) }],
};
