import { messages } from '@mediadiet/contract/messages';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { badRequest, httpError } from '../../http/errors.ts';
import type { StripeProvider } from './providers/stripe.ts';
import { invoiceSubscriptionId, toProviderSubscription } from './providers/stripe.ts';
import * as repo from './repository.ts';

/** Stripe's default: a signature older than 5 minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * POST /api/payment/webhook (Stripe only; server-internal, not in the contract). The raw body is
 * verified against `Stripe-Signature` (STRIPE_WEBHOOK_SECRET, 300 s tolerance); each event id is
 * processed once (`webhook_events`, recorded in the same transaction as its effect, so a failure lets
 * Stripe's retry run it again). Events are not trusted for state: the subscription is re-fetched from
 * Stripe and its current state applied, so replayed or reordered events converge on the truth.
 */
export default function stripeWebhookRoutes(app: FastifyInstance) {
  const provider = app.billing.provider;
  if (provider.id !== 'stripe') return;
  const { stripe } = provider as StripeProvider;
  const secret = app.config.stripe?.webhookSecret;

  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post('/api/payment/webhook', { config: { operationId: 'paymentWebhook' } }, async (request, reply) => {
      if (!secret) throw httpError(503, 'Webhooks are not configured (STRIPE_WEBHOOK_SECRET)', { expose: true });
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw badRequest(messages.server.webhookSignatureInvalid);
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        throw badRequest(messages.server.webhookSignatureInvalid);
      }

      const subscriptionId = subscriptionOf(event);
      const fresh = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
      const touched = await app.users.transaction(async (tx, notify) => {
        if (!(await repo.recordWebhookEvent(tx, event.id, event.type))) return { duplicate: true };
        if (!fresh) return { duplicate: false };
        const row = await repo.findByProviderId(tx, 'stripe', fresh.id);
        if (!row) return { duplicate: false };
        await app.billing.subscriptions.applyProviderState(tx, row, toProviderSubscription(fresh), app.clock());
        notify(row.userId);
        return { duplicate: false };
      });
      return reply.send({ received: true, duplicate: touched.duplicate });
    });
    done();
  });
}

function subscriptionOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string };
  if (event.type.startsWith('customer.subscription.') && object.object === 'subscription') return object.id ?? null;
  if (event.type.startsWith('invoice.') && object.object === 'invoice') {
    return invoiceSubscriptionId(event.data.object as Stripe.Invoice);
  }
  return null;
}
