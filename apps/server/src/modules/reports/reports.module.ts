import { saleReport } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { adminSaleReportRoutes } from './admin-sale-report.routes';
import { runEndOfDay } from './end-of-day';
import { saleReportRoutes } from './sale-report.routes';

/**
 * Sale reports (spec 3 §2.1, §4.3, §7.2), the auto end of day (issue 12) and the admin sale report
 * (spec 1). Finalised reports are records of trading, made from transactions: a data reset of the
 * transactions removes them with the orders they were made from.
 */
export const reportsModule: AppModule = {
  name: 'reports',
  routes: (app, { db }) => {
    saleReportRoutes(app, db);
    adminSaleReportRoutes(app, db);
  },
  resetTables: { transactions: [saleReport] },
  // Every minute: a day closes within a minute of its hour; most runs only read that it is closed.
  jobs: ({ db }) => [{ name: 'end-of-day', everyMs: 60_000, run: () => runEndOfDay(db) }],
};
