import type { AppModule } from '../../platform/module';
import { dataSyncRoutes } from './data-sync.routes';

export const dataSyncModule: AppModule = {
  name: 'data-sync',
  routes: (app, { db, registry }) => dataSyncRoutes(app, db, registry),
  keptOnReset: { data_sync_request: 'the audit trail of sync requests', data_reset_audit: 'the audit trail of resets' },
};
