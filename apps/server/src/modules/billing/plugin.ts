import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runWhileOpen } from '../../lib/interval-run.ts';
import { createAccountClosure, type AccountClosure } from './account-closure.ts';
import { createPaymentService, type PaymentService } from './payment-service.ts';
import { createLocalProvider } from './providers/local.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createStripeClient, createStripeProvider } from './providers/stripe.ts';
import registerBillingRoutes from './routes.ts';
import { createSubscriptionService, type SubscriptionService } from './subscription-service.ts';
import { createBillingSweep, type BillingSweep } from './sweep.ts';
import { createTrialMarkers } from './trial-markers.ts';
import { createUsageService, type UsageService } from './usage-service.ts';
import registerStripeWebhook from './webhook.ts';

declare module 'fastify' {
  interface FastifyInstance {
    billing: {
      provider: PaymentProvider;
      subscriptions: SubscriptionService;
      payments: PaymentService;
      /** The local provider's renewal sweep (null with Stripe, which renews itself). */
      sweep: BillingSweep | null;
      /** Before an account is deleted: cancel at the provider, delete its customer, keep trial markers. */
      closure: AccountClosure;
    };
    /** Usage metering: the allowance check at ingest, the batch record when analyses are stored. */
    usage: UsageService;
  }
}

/**
 * The billing module. Payments: Stripe when STRIPE_SECRET_KEY is set, otherwise the local test-mode provider; the
 * subscription, payment and usage services; the local provider's billing sweep; the subscription, payment
 * and pricing routes (routes.ts) and Stripe's webhook (webhook.ts).
 */
export default fp(
  function payments(app: FastifyInstance) {
    const local = app.config.stripe ? null : createLocalProvider({ hasher: app.hasher });
    const provider: PaymentProvider =
      local ?? createStripeProvider({ stripe: createStripeClient(app.config.stripe!) });
    const trialMarkers = createTrialMarkers(app.hasher);
    const subscriptions = createSubscriptionService({
      db: app.db,
      users: app.users,
      provider,
      clock: app.clock,
      trialMarkers,
    });
    const closure = createAccountClosure({ users: app.users, provider, trialMarkers, clock: app.clock });
    const payments = createPaymentService({ db: app.db, users: app.users, provider, subscriptions, clock: app.clock });
    const sweep = local
      ? createBillingSweep({
          db: app.db,
          clock: app.clock,
          local,
          log: app.log,
          onSettled: (userId) => void app.users.announce(userId).catch(() => {}),
        })
      : null;

    app.decorate('billing', { provider, subscriptions, payments, sweep, closure });
    app.decorate('usage', createUsageService({ db: app.db }));
    app.log.info({ provider: provider.id }, 'payments ready');

    if (sweep) runWhileOpen(app, sweep, app.config.billingSweepIntervalMs);

    registerBillingRoutes(app);
    registerStripeWebhook(app);
  },
  { name: 'billing', dependencies: ['db', 'users', 'auth'] },
);
