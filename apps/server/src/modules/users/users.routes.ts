import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open-db';
import { adminUserRoutes } from './admin-users.routes';
import { merchantUserRoutes } from './merchant-users.routes';
import { tillUserRoutes } from './till-users.routes';

/** The users area: merchant users and roles, till users, admin users. */
export function usersRoutes(app: FastifyInstance, db: Db, opts: { publicUrl?: string }) {
  merchantUserRoutes(app, db, opts);
  tillUserRoutes(app, db);
  adminUserRoutes(app, db);
}
