import { merchantUserTillUser, tillUser } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { adminUserRoutes } from './admin-users.routes';
import { branchDrivers } from '../../platform/branch-drivers';
import { merchantUserRoutes } from './merchant-users.routes';
import { tillUserRoutes } from './till-users.routes';

/** The users area: merchant users and roles, till users, admin users. */
export const usersModule: AppModule = {
  name: 'users',
  routes: (app, { db, publicUrl }) => {
    merchantUserRoutes(app, db, { publicUrl });
    tillUserRoutes(app, db);
    adminUserRoutes(app, db);
  },
  syncGroups: { driver: (tx, scope) => branchDrivers(tx, scope) },
  resetTables: { definitions: [merchantUserTillUser, tillUser] },
  keptOnReset: { merchant_user_branch: 'which users work at the branch' },
};
