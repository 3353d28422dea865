import { branchOrderCounter, customerOrder, customerOrderLine, orderEvent, orderHistory } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { orderDisplayRoutes } from './order-display.routes';
import { ordersRoutes } from './orders.routes';

/**
 * Orders placed from storefront baskets (spec 3 §3 "Order") and their live handling by role (§4.2,
 * §7.1, the event stream) and the public order display (§2.2, §4.10); they are transactions, so a
 * data reset removes them.
 */
export const ordersModule: AppModule = {
  name: 'orders',
  routes: (app, ctx) => {
    ordersRoutes(app, ctx);
    orderDisplayRoutes(app, ctx);
  },
  resetTables: { transactions: [orderHistory, orderEvent, customerOrderLine, customerOrder, branchOrderCounter] },
};
