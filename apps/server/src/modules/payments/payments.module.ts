import { payment } from '../../db/schema';
import type { AppModule, ModuleContext } from '../../platform/module';
import { PRINT_QUEUE_JOB } from '../../platform/order-printing';
import { refundPayment } from './card-payment.service';
import { forgetSavedCards } from './member-cards.service';
import { recoverPayments } from './payment-recovery';
import { paymentRoutes } from './payments.routes';
import { type PaymentDeps, paymentDeps } from './providers';

const depsOf = (ctx: ModuleContext): PaymentDeps =>
  paymentDeps({ db: ctx.db, publicUrl: ctx.publicUrl, testEnvironment: ctx.config.testEnvironment, ticketsQueued: () => ctx.wakeJob(PRINT_QUEUE_JOB) });

/**
 * Card payments (spec 3 §4.7, §4.8, §7.5; ARCHITECTURE §5): the 3-D Secure notification, the
 * SIMULATOR's pages, and the job that settles payments a crash or a timeout left PENDING.
 * Payments are transactions: a data reset removes them with the baskets.
 */
export const paymentsModule: AppModule = {
  name: 'payments',
  routes: (app, ctx) => paymentRoutes(app, depsOf(ctx)),
  resetTables: { transactions: [payment] },
  jobs: (ctx) => [{ name: 'payment-recovery', everyMs: 30_000, run: () => recoverPayments(depsOf(ctx)) }],
  // The live orders' refund call (PUT storemanagement/order/refund/id/{id}) refunds card payments here.
  cardRefund: (ctx) => (scope, orderId) => refundPayment(depsOf(ctx), scope, orderId),
  // A member who deletes the account: the saved cards' tokens are removed at the providers too.
  forgetSavedCards: (ctx) => (cards) => forgetSavedCards(depsOf(ctx), cards),
};

export { depsOf as paymentDepsOf };
