import { customerOrder, customerOrderLine, orderEvent } from '../../db/schema';
import type { AppModule } from '../../platform/module';

/** Orders placed from storefront baskets (spec 3 §3 "Order"); they are transactions, so a data reset removes them. */
export const ordersModule: AppModule = {
  name: 'orders',
  resetTables: { transactions: [orderEvent, customerOrderLine, customerOrder] },
};
