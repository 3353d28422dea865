import { basket, basketLine } from '../../db/schema';
import type { AppModule } from '../../platform/module';
import { addressProviderFor } from '../addresses/address-provider';
import { paymentDepsOf } from '../payments/payments.module';
import { basketRoutes } from './basket.routes';

/** The storefront basket (spec 3 §7.3); baskets are transactions, so a data reset removes them. */
export const basketModule: AppModule = {
  name: 'basket',
  routes: (app, ctx) => basketRoutes(app, ctx.db, addressProviderFor(ctx.config), paymentDepsOf(ctx)),
  resetTables: { transactions: [basketLine, basket] },
};
