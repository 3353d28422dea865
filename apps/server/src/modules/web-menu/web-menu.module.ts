import { webMenu, webMenuProductTag } from '../../db/schema';
import { databaseFiles } from '../../platform/files';
import type { AppModule } from '../../platform/module';
import { storePageMenu, webMenuMemberRoutes } from './web-menu-member';
import { webMenuRoutes } from './web-menu.routes';
import { webMenuService } from './web-menu.service';

// The sync runs without the app's context; file metadata always lives in stored_file (platform/files.ts), whatever holds the content.
const syncService = webMenuService(databaseFiles);

/** The web menu (spec 2) and the storefront's menu calls (spec 3 §7.5); till-sync group 4 and its reset tables; the store page's menu preloads. */
export const webMenuModule: AppModule = {
  name: 'web-menu',
  routes: (app, { db, files }) => {
    webMenuRoutes(app, db, files);
    webMenuMemberRoutes(app, db, files);
  },
  storePagePreloads: ({ db, files }) => storePageMenu(db, files),
  syncGroups: { webMenu: (tx, scope) => syncService.all(tx, scope) },
  resetTables: { definitions: [webMenuProductTag, webMenu] },
};
