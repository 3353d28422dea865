import { addressesModule } from './modules/addresses/addresses.module';
import { marketplaceModule } from './modules/marketplace/marketplace.module';
import { membersModule } from './modules/members/members.module';
import { memberDataModule } from './modules/member-data/member-data.module';
import { authModule } from './modules/auth/auth.module';
import { basketModule } from './modules/basket/basket.module';
import { catalogueModule } from './modules/catalogue/catalogue.module';
import { floorModule } from './modules/floor/floor.module';
import { ordersModule } from './modules/orders/orders.module';
import { paymentsModule } from './modules/payments/payments.module';
import { reportsModule } from './modules/reports/reports.module';
import { printingModule } from './modules/printing/printing.module';
import { mixAndMatchModule } from './modules/mix-and-match/mix-and-match.module';
import { webMenuModule } from './modules/web-menu/web-menu.module';
import { accountsModule } from './modules/accounts/accounts.module';
import { credentialsModule } from './modules/credentials/credentials.module';
import { creditsModule } from './modules/credits/credits.module';
import { dataSyncModule } from './modules/data-sync/data-sync.module';
import { licencesModule } from './modules/licences/licences.module';
import { qrModule } from './modules/qr/qr.module';
import { settingsModule } from './modules/settings/settings.module';
import { systemModule } from './modules/system/system.module';
import { taxModule } from './modules/tax/tax.module';
import { usersModule } from './modules/users/users.module';
import type { AppModule } from './platform/module';

/**
 * Every area of the server. A new area adds its module here and nowhere else: its routes, till-sync
 * groups, reset tables, jobs and tenant-sweep entries come with it (platform/module.ts).
 */
export const APP_MODULES: readonly AppModule[] = [
  systemModule,
  authModule,
  taxModule,
  catalogueModule,
  webMenuModule,
  mixAndMatchModule,
  floorModule,
  settingsModule,
  qrModule,
  accountsModule,
  licencesModule,
  credentialsModule,
  creditsModule,
  usersModule,
  dataSyncModule,
  basketModule,
  ordersModule,
  printingModule,
  paymentsModule,
  reportsModule,
  addressesModule,
  marketplaceModule,
  membersModule,
  memberDataModule,
];
