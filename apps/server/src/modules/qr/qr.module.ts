import type { AppModule } from '../../platform/module';
import { qrRoutes } from './qr.routes';

export const qrModule: AppModule = { name: 'qr', routes: (app) => qrRoutes(app) };
