import { floorPlan, restTable } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { floorTables } from './floor.repo';
import { floorRoutes } from './floor.routes';

/** Floor plan (spec 2): rest tables, resize, table QR codes; till-sync group 6 and its reset tables. */
export const floorModule: AppModule = {
  name: 'floor',
  routes: (app, { db, publicUrl }) => floorRoutes(app, db, { uiAddress: publicUrl }),
  syncGroups: { floorPlanning: (tx, scope) => floorTables(tx, scope) },
  resetTables: { definitions: [restTable, floorPlan] },
};
