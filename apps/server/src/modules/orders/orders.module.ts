import { customerOrder, customerOrderLine, orderEvent, orderHistory } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { ordersRoutes } from './orders.routes';

/**
 * Orders placed from storefront baskets (spec 3 §3 "Order") and their live handling by role (§4.2,
 * §7.1, the event stream); they are transactions, so a data reset removes them.
 */
export const ordersModule: AppModule = {
  name: 'orders',
  routes: ordersRoutes,
  resetTables: { transactions: [orderHistory, orderEvent, customerOrderLine, customerOrder] },
};
