import type { AppModule } from '../../platform/module';
import { customersRoutes } from './customers.routes';
import { memberDataRoutes } from './member-data.routes';

/**
 * Member data (spec 3 §7.3, §7.5): the signed-in member's addresses, cards, notes, feedback and
 * orders, and the merchant's read-only view of its customers (spec 2 'Customers'). Member-owned
 * tables are keyed by the member, not a tenant, so a data reset of a branch leaves them alone.
 */
export const memberDataModule: AppModule = {
  name: 'member-data',
  routes: (app, ctx) => {
    memberDataRoutes(app, ctx.db, ctx.registry.forgetSavedCards(ctx));
    customersRoutes(app, ctx.db);
  },
  keptOnReset: {
    member_card: "a member's saved cards belong to the member",
    member_favourite: "a member's favourite stores belong to the member",
    member_feedback: 'complaints and suggestions members sent',
  },
};
