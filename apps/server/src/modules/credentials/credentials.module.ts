import type { AppModule } from '../../platform/module';
import { credentialsRoutes } from './credentials.routes';

export const credentialsModule: AppModule = {
  name: 'credentials',
  routes: (app, { db, signer, config }) => credentialsRoutes(app, { db, signer }, { loginRateLimit: config.loginRateLimit }),
  keptOnReset: { credential: "the tills' keys", till_connection: 'the record of till connections' },
};
